//! Layout ops: `permute` and `expand` (always views) and `reshape` (a view when
//! contiguous).

use crate::CpuTensor;
use crate::layout::Layout;
use crate::storage::dispatch;
use seam_backend::Shape;

/// `tensor` with its dims reordered by `axes` (dim `i` is the input's `axes[i]`):
/// the same buffer, its dims and strides permuted.
pub(crate) fn permute(mut tensor: CpuTensor, axes: &[usize]) -> CpuTensor {
    let layout = &tensor.layout;
    debug_assert_eq!(
        axes.len(),
        layout.dims.len(),
        "permute: {axes:?} must list every dim once"
    );
    let dims = axes.iter().map(|&a| layout.dims[a]).collect();
    let strides = axes.iter().map(|&a| layout.strides[a]).collect();
    tensor.layout.dims = dims;
    tensor.layout.strides = strides;
    tensor
}

/// `tensor` broadcast to `dims` (same rank; each of the tensor's dims equal or 1):
/// the same buffer, with stride 0 along each dim that grows from 1.
pub(crate) fn expand(mut tensor: CpuTensor, shape: Shape) -> CpuTensor {
    let dims = shape.into_dims();
    let own = &tensor.layout.dims;
    debug_assert!(
        own.len() == dims.len() && own.iter().zip(&dims).all(|(&o, &d)| o == d || o == 1),
        "expand: shape {own:?} does not broadcast to {dims:?} (each dim must be equal or 1)"
    );
    tensor.layout = tensor.layout.broadcast_to(&dims).into_owned();
    tensor
}

/// `tensor` read row-major into `dims`: a view of the same buffer if `tensor` is
/// contiguous, otherwise a contiguous copy.
pub(crate) fn reshape(tensor: CpuTensor, shape: Shape) -> CpuTensor {
    let dims = shape.into_dims();
    let n = tensor.layout.num_elements();
    debug_assert_eq!(
        n,
        seam_backend::count(&dims),
        "reshape: cannot read {n} elements of shape {:?} into shape {dims:?}",
        tensor.layout.dims
    );
    let tensor = contiguous(tensor);
    let offset = tensor.layout.offset;
    CpuTensor {
        storage: tensor.storage,
        layout: Layout::contiguous(dims, offset),
    }
}

/// `tensor` itself if it is contiguous, otherwise a contiguous copy of its view.
pub(crate) fn contiguous(tensor: CpuTensor) -> CpuTensor {
    if tensor.layout.is_contiguous() {
        return tensor;
    }
    let layout = &tensor.layout;
    dispatch!(&tensor.storage; F32 | F64 | I32 | I64 | Bool
        => |buf| CpuTensor::new(crate::loops::gather(buf, layout), layout.dims.clone());
        else unreachable!())
}
