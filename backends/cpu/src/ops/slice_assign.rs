//! `slice_assign`: a tensor with one rectangular part replaced.

use crate::CpuTensor;
use crate::layout::Layout;
use crate::ops::same_dtype;
use crate::storage::dispatch;
use core::ops::Range;
use std::sync::Arc;

/// `tensor` with its part at `ranges` replaced by `value` (of the part's shape and
/// the tensor's dtype), contiguous.
///
/// Writes into `tensor`'s own buffer when the tensor is the whole of it, row-major,
/// and holds the only reference to it; otherwise into a contiguous copy first, so
/// every other view of the old buffer is left unchanged.
pub(crate) fn slice_assign(mut tensor: CpuTensor, ranges: &[Range<usize>], value: &CpuTensor) -> CpuTensor {
    let part = tensor.layout.slice("slice_assign", ranges);
    assert_eq!(
        part.dims, value.layout.dims,
        "slice_assign: the value's shape {:?} is not the shape {:?} of the part at {ranges:?}",
        value.layout.dims, part.dims
    );
    let layout = tensor.layout.clone();
    dispatch!((&mut tensor.storage, &value.storage); F32 | F64 | I32 | I64 | Bool
    => |buf, v| assign(buf, &layout, ranges, v, &value.layout);
    else {
        same_dtype("slice_assign", &tensor, value);
        unreachable!("every dtype is assignable")
    });
    tensor.layout = Layout::contiguous(layout.dims, 0);
    tensor
}

/// Makes `buf` a uniquely owned row-major buffer of exactly `layout`'s view (in
/// place if it already is one), then writes the view `value`/`value_layout` into
/// its part at `ranges`.
fn assign<T: Copy>(
    buf: &mut Arc<Vec<T>>,
    layout: &Layout,
    ranges: &[Range<usize>],
    value: &[T],
    value_layout: &Layout,
) {
    let whole = layout.offset == 0 && layout.is_contiguous() && layout.num_elements() == buf.len();
    if !whole {
        *buf = Arc::new(layout.gather(buf));
    }
    // Clones the buffer only if another tensor shares it.
    let out = Arc::make_mut(buf);
    let target = Layout::contiguous(layout.dims.clone(), 0).slice("slice_assign", ranges);
    for (i, j) in target.indices().zip(value_layout.indices()) {
        out[i] = value[j];
    }
}
