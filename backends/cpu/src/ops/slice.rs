//! Slicing: a rectangular part of a tensor (`slice`, a view) and a tensor with one
//! part replaced (`slice_assign`).

use crate::CpuTensor;
use crate::buffer::Buffer;
use crate::element::CpuElement;
use crate::layout::{Layout, Runs};
use crate::ops::same_dtype;
use crate::shared::Shared;
use crate::storage::dispatch;
use core::ops::Range;

/// The part of `tensor` at `ranges`, one per dim: the same buffer, the offset moved
/// to the part's first element and the dims shrunk.
pub(crate) fn slice(mut tensor: CpuTensor, ranges: &[Range<usize>]) -> CpuTensor {
    let part = tensor.layout().slice("slice", ranges);
    tensor.set_layout(part);
    tensor
}

/// `tensor` with its part at `ranges` replaced by `value` (of the part's shape and
/// the tensor's dtype), contiguous.
///
/// Writes into `tensor`'s own buffer when the tensor is the whole of it, row-major,
/// and holds the only reference to it; otherwise into a contiguous copy first, so
/// every other view of the old buffer is left unchanged.
pub(crate) fn slice_assign(mut tensor: CpuTensor, ranges: &[Range<usize>], value: CpuTensor) -> CpuTensor {
    let value = &value;
    let part = tensor.layout().slice("slice_assign", ranges);
    debug_assert_eq!(
        part.dims,
        value.layout().dims,
        "slice_assign: the value's shape {:?} is not the shape {:?} of the part at {ranges:?}",
        value.layout().dims,
        part.dims
    );
    let layout = tensor.layout().clone();
    dispatch!((&mut tensor.storage, &value.storage); F32 | F64 | I32 | I64 | Bool
    => |buf, v| assign(buf, &layout, ranges, v, value.layout());
    else {
        same_dtype("slice_assign", &tensor, value);
        unreachable!("every dtype is assignable")
    });
    // `assign` gave the buffer the layout of `dims`.
    CpuTensor::with_layout(tensor.storage, Layout::contiguous(layout.dims, 0))
}

/// Makes `buf` a uniquely owned row-major buffer of exactly `layout`'s view (in
/// place if it already is one), then writes the view `value`/`value_layout` into
/// its part at `ranges`.
fn assign<T: CpuElement>(
    buf: &mut Shared<Buffer<T>>,
    layout: &Layout,
    ranges: &[Range<usize>],
    value: &[T],
    value_layout: &Layout,
) {
    if !layout.is_whole(buf.len()) {
        *buf = Shared::new(crate::loops::gather(buf, layout));
    }
    // Copies the buffer (into a pooled one, if there is one) only if another tensor
    // shares it.
    let out = Shared::make_mut(buf);
    out.reshape(layout.dims.clone());
    let target = Layout::contiguous(layout.dims.clone(), 0).slice("slice_assign", ranges);
    // Run by run of the innermost dims both step through as one: a slice copy where
    // both runs are contiguous (a `cat` of contiguous tensors), else per element.
    let runs = Runs::new(&target.dims, [&target, value_layout]);
    let [st, sv] = runs.inner_strides();
    runs.for_each(0, runs.len(), |_, [it, iv], len| match (st, sv) {
        (1, 1) => out[it..it + len].copy_from_slice(&value[iv..iv + len]),
        _ => {
            for k in 0..len {
                out[it + k * st] = value[iv + k * sv];
            }
        }
    });
}

#[cfg(test)]
// `&[a..b]` is one range for a rank-1 tensor, not a list of numbers.
#[allow(clippy::single_range_in_vec_init)]
mod tests {
    use super::*;
    use crate::storage::Storage;

    /// The address of an `i32` tensor's buffer.
    fn buffer(tensor: &CpuTensor) -> *const Buffer<i32> {
        match &tensor.storage {
            Storage::I32(buf) => Shared::as_ptr(buf),
            _ => unreachable!(),
        }
    }

    #[test]
    fn writes_in_place_when_unshared() {
        let t = CpuTensor::new(vec![0i32, 1, 2, 3, 4, 5], vec![2, 3]);
        let before = buffer(&t);
        let out = slice_assign(t, &[1..2, 0..2], CpuTensor::new(vec![7i32, 8], vec![1, 2]));
        assert_eq!(buffer(&out), before);
        assert_eq!(*out.layout(), Layout::contiguous(vec![2, 3], 0));
    }

    #[test]
    fn copies_when_shared_or_not_the_whole_buffer() {
        let t = CpuTensor::new(vec![0i32, 1, 2, 3], vec![4]);
        let kept = t.clone();
        let out = slice_assign(t, &[0..1], CpuTensor::new(vec![9i32], vec![1]));
        assert_ne!(buffer(&out), buffer(&kept));
        // A view of part of a buffer gets a buffer of its own, even if unshared.
        let mut part = CpuTensor::new(vec![0i32, 1, 2, 3], vec![4]);
        let sliced = part.layout().slice("test", &[1..3]);
        part.set_layout(sliced);
        let out = slice_assign(part, &[0..1], CpuTensor::new(vec![9i32], vec![1]));
        match &out.storage {
            Storage::I32(buf) => assert_eq!(buf[..], [9, 2]),
            _ => unreachable!(),
        }
    }
}
