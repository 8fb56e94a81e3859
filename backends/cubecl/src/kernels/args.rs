//! Tensors as kernel arguments: the metadata every kernel family passes, an input
//! broadcast to an output's shape or a contiguous output. Each family takes these
//! from here, so no kernel module depends on another for them.

use crate::runtime::CubeRuntime;
use crate::tensor::CubeTensor;
use cubecl::prelude::*;
use seam_backend::Dims;

/// `tensor` as a kernel argument with the shape `dims` (which it broadcasts to) and
/// its own strides, 0 along the dims where it has size 1 and `dims` more.
pub(crate) fn broadcast_arg<R: CubeRuntime>(tensor: &CubeTensor<R>, dims: &[usize]) -> TensorArg {
    let strides = seam_backend::strides::broadcast(&tensor.dims, &tensor.strides, dims);
    let (strides, dims) = at_least_rank_1(strides, dims.into());
    // SAFETY: the shape and strides address only elements inside the handle: along
    // each dim the index stays below the tensor's own size, or the stride is 0.
    unsafe { TensorArg::from_raw_parts(tensor.handle.clone(), strides.into(), dims.into()) }
}

/// Kernels see a rank-0 tensor (one element) as a rank-1 tensor of size 1: their
/// metadata has room for at least one dim.
pub(crate) fn at_least_rank_1(strides: Dims, dims: Dims) -> (Dims, Dims) {
    if dims.is_empty() {
        (Dims::from([1]), Dims::from([1]))
    } else {
        (strides, dims)
    }
}

/// A contiguous output as a kernel argument.
pub(crate) fn out_arg<R: CubeRuntime>(out: &CubeTensor<R>) -> TensorArg {
    let (strides, dims) = at_least_rank_1(out.strides.clone(), out.dims.clone());
    // SAFETY: `out` was allocated contiguous for its shape.
    unsafe { TensorArg::from_raw_parts(out.handle.clone(), strides.into(), dims.into()) }
}
