//! The `#[cube]` kernels, and the host functions that launch them.
//!
//! Every elementwise kernel writes a contiguous output and reads its inputs through
//! their strides ([`strided::offset`]): a broadcast input has stride 0 along the dims
//! it is repeated on, and a transposed one has permuted strides, so neither is copied
//! first.

pub(crate) mod cast;
pub(crate) mod compare;
pub(crate) mod elementwise;
mod gelu;
pub(crate) mod index;
pub(crate) mod layout;
pub(crate) mod mask;
pub(crate) mod matmul;
pub(crate) mod reduce;
pub(crate) mod slice;
mod strided;

use cubecl::prelude::*;

/// Threads per cube for the elementwise kernels.
const CUBE_SIZE: u32 = 256;

/// The cube count and size that give one thread per output element.
pub(crate) fn elementwise_launch(client: &cubecl::client::Client, len: usize) -> (CubeCount, CubeDim) {
    let dim = CubeDim::new_1d(CUBE_SIZE);
    (cubecl::calculate_cube_count_elemwise(client, len, dim), dim)
}
