//! Layout: the metadata ops `reshape` (a copy first when not contiguous), `permute`
//! and `expand`, `flip` (a copy), and copying a strided (or broadcast) tensor into a
//! contiguous one.

use super::args::{broadcast_arg, out_arg};
use super::{elementwise_launch, strided};
use crate::element::with_elem;
use crate::runtime::CubeRuntime;
use crate::tensor::CubeTensor;
use cubecl::prelude::*;
use seam_backend::{Dims, Shape};

#[cube(launch)]
fn copy_kernel<E: Numeric>(input: &Tensor<E>, out: &mut Tensor<E>) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    out[ABSOLUTE_POS] = input[strided::offset(input, ABSOLUTE_POS)];
}

/// Element `pos` of the contiguous `out` is the element of `input` (of `out`'s shape,
/// with its own strides) at the same position, but counted from the end along each
/// dim whose bit is set in `reversed`.
#[cube(launch)]
fn flip_kernel<E: Numeric>(input: &Tensor<E>, out: &mut Tensor<E>, reversed: u32) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    let rank = input.rank();
    let mut rest = ABSOLUTE_POS;
    let mut offset = 0usize;
    for i in 0..rank {
        let dim = rank - 1 - i;
        let size = input.shape(dim);
        let mut at = rest % size;
        if (reversed >> dim as u32) & 1u32 == 1u32 {
            at = size - 1 - at;
        }
        offset += at * input.stride(dim);
        rest /= size;
    }
    out[ABSOLUTE_POS] = input[offset];
}

/// `tensor` with its elements in reverse order along each dim of `axes` (a dim
/// listed twice is reversed once), copied into a new contiguous tensor.
pub(crate) fn flip<R: CubeRuntime>(tensor: CubeTensor<R>, axes: &[usize]) -> CubeTensor<R> {
    let rank = tensor.dims.len();
    assert!(
        rank <= 32,
        "flip: a rank of {rank} is above the 32 dims the kernel can reverse"
    );
    let reversed = axes.iter().fold(0u32, |bits, &a| bits | (1 << a));
    let out = tensor.empty_like(tensor.dims.clone(), tensor.dtype);
    let len = out.num_elements();
    if len == 0 {
        return out;
    }
    let (count, dim) = elementwise_launch(&out.client, len);
    with_elem!(tensor.dtype, E => flip_kernel::launch::<E>(
        &out.client,
        count,
        dim,
        broadcast_arg(&tensor, &out.dims),
        out_arg(&out),
        reversed,
    ));
    out
}

/// `tensor` read row-major into `shape`: its contiguous form with new metadata.
pub(crate) fn reshape<R: CubeRuntime>(tensor: CubeTensor<R>, shape: Shape) -> CubeTensor<R> {
    let mut tensor = into_contiguous(tensor);
    tensor.dims = shape.into_dims();
    tensor.strides = seam_backend::strides::contiguous(&tensor.dims);
    tensor
}

/// `tensor` with its dims reordered by `axes`: metadata only.
pub(crate) fn permute<R: CubeRuntime>(mut tensor: CubeTensor<R>, axes: &[usize]) -> CubeTensor<R> {
    tensor.dims = axes.iter().map(|&a| tensor.dims[a]).collect();
    tensor.strides = axes.iter().map(|&a| tensor.strides[a]).collect();
    tensor
}

/// `tensor` broadcast to `shape`: metadata only, since every kernel reads its inputs
/// through their strides and a broadcast dim has stride 0.
pub(crate) fn expand<R: CubeRuntime>(mut tensor: CubeTensor<R>, shape: Shape) -> CubeTensor<R> {
    let dims = shape.into_dims();
    tensor.strides = seam_backend::strides::broadcast(&tensor.dims, &tensor.strides, &dims);
    tensor.dims = dims;
    tensor
}

/// `tensor` broadcast to `dims` (as [`broadcast_arg`] reads it), copied into a new
/// contiguous tensor.
pub(crate) fn copy_broadcast<R: CubeRuntime>(tensor: &CubeTensor<R>, dims: Dims) -> CubeTensor<R> {
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
    copy_broadcast(&tensor, dims)
}
