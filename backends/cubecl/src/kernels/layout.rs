//! Layout: copying a strided (or broadcast) tensor into a contiguous one.

use super::elementwise::{broadcast_arg, out_arg};
use super::{elementwise_launch, strided};
use crate::element::with_elem;
use crate::runtime::CubeRuntime;
use crate::tensor::CubeTensor;
use cubecl::prelude::*;
use seam_backend::Dims;

#[cube(launch)]
fn copy_kernel<E: Numeric>(input: &Tensor<E>, out: &mut Tensor<E>) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    out[ABSOLUTE_POS] = input[strided::offset(input, ABSOLUTE_POS)];
}

/// `tensor` broadcast to `dims` (as [`broadcast_arg`] reads it), copied into a new
/// contiguous tensor.
pub(crate) fn expand<R: CubeRuntime>(tensor: &CubeTensor<R>, dims: Dims) -> CubeTensor<R> {
    let out = tensor.empty_like(dims, tensor.dtype);
    let len = out.num_elements();
    if len == 0 {
        return out;
    }
    let (count, dim) = elementwise_launch(&out.client, len);
    with_elem!(tensor.dtype, E => copy_kernel::launch::<E>(
        &out.client,
        count,
        dim,
        broadcast_arg(tensor, &out.dims),
        out_arg(&out),
    ));
    out
}

/// `tensor` itself if it is contiguous, otherwise a contiguous copy.
pub(crate) fn into_contiguous<R: CubeRuntime>(tensor: CubeTensor<R>) -> CubeTensor<R> {
    if tensor.is_contiguous() {
        return tensor;
    }
    let dims = tensor.dims.clone();
    expand(&tensor, dims)
}
