//! Layout ops: `swap_dims` (always a view) and `reshape` (a view when contiguous).

use crate::CpuTensor;
use crate::layout::Layout;
use crate::storage::dispatch;

/// `tensor` with dims `dim1` and `dim2` exchanged: the same buffer, two strides swapped.
pub(crate) fn swap_dims(mut tensor: CpuTensor, dim1: usize, dim2: usize) -> CpuTensor {
    let rank = tensor.layout.dims.len();
    assert!(
        dim1 < rank && dim2 < rank,
        "swap_dims: dims {dim1} and {dim2} must both be < rank {rank}"
    );
    tensor.layout.dims.swap(dim1, dim2);
    tensor.layout.strides.swap(dim1, dim2);
    tensor
}

/// `tensor` read row-major into `dims`: a view of the same buffer if `tensor` is
/// contiguous, otherwise a contiguous copy.
pub(crate) fn reshape(tensor: CpuTensor, dims: Vec<usize>) -> CpuTensor {
    let n = tensor.layout.num_elements();
    assert_eq!(
        n,
        dims.iter().product::<usize>(),
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
        => |buf| CpuTensor::new(layout.gather(buf), layout.dims.clone());
        else unreachable!())
}
