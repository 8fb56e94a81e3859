//! Indexed reads and writes along a dim: `gather` and `scatter_add` (torch's).
//!
//! `scatter_add` runs one thread per output element, which adds every value whose
//! index hits it: no float atomics (wgpu has none portably), and a deterministic sum.
//! A kernel cannot panic, so the indices are read back and checked on the host first.

use super::args::{broadcast_arg, out_arg};
use super::{elementwise_launch, strided};
use crate::element::{with_elem, with_index, with_numeric};
use crate::runtime::CubeRuntime;
use crate::tensor::CubeTensor;
use cubecl::prelude::*;
use seam_backend::{Backend, DType};

/// `out[.., i, ..] = input[.., indices[.., i, ..], ..]` (`i` along `dim`); `input`
/// has its own shape and strides, `indices` the output's shape.
#[cube(launch)]
fn gather_kernel<E: Numeric, I: Int>(
    input: &Tensor<E>,
    indices: &Tensor<I>,
    out: &mut Tensor<E>,
    dim: usize,
) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    let rank = out.rank();
    let mut rest = ABSOLUTE_POS;
    let mut at = 0usize;
    for i in 0..rank {
        let d = rank - 1 - i;
        let size = out.shape(d);
        if d != dim {
            at += (rest % size) * input.stride(d);
        }
        rest /= size;
    }
    let index = indices[strided::offset(indices, ABSOLUTE_POS)];
    out[ABSOLUTE_POS] = input[at + usize::cast_from(index) * input.stride(dim)];
}

/// `out` is `input` (read at the output's shape) plus, at each position, every
/// element of `values` along `dim` whose index in `indices` (same shape as `values`,
/// at most the output's along the other dims) is the position's along `dim`.
#[cube(launch)]
fn scatter_add_kernel<E: Numeric, I: Int>(
    input: &Tensor<E>,
    indices: &Tensor<I>,
    values: &Tensor<E>,
    out: &mut Tensor<E>,
    dim: usize,
) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    let rank = out.rank();
    let mut rest = ABSOLUTE_POS;
    let mut index_at = 0usize;
    let mut value_at = 0usize;
    let mut target = 0usize;
    let mut inside = true;
    for i in 0..rank {
        let d = rank - 1 - i;
        let size = out.shape(d);
        let coord = rest % size;
        rest /= size;
        if d == dim {
            target = coord;
        } else {
            inside = inside && coord < indices.shape(d);
            index_at += coord * indices.stride(d);
            value_at += coord * values.stride(d);
        }
    }
    let mut acc = input[strided::offset(input, ABSOLUTE_POS)];
    if inside {
        let wanted = I::cast_from(target);
        for j in 0..indices.shape(dim) {
            if indices[index_at + j * indices.stride(dim)] == wanted {
                acc += values[value_at + j * values.stride(dim)];
            }
        }
    }
    out[ABSOLUTE_POS] = acc;
}

/// Panics, naming `op`, unless the indices are integers (`i32` or `i64`) and every
/// one is in `0..size` (the size of `dim`).
fn check_indices<R: CubeRuntime>(op: &str, indices: &CubeTensor<R>, dim: usize, size: usize) {
    assert!(
        matches!(indices.dtype, DType::I32 | DType::I64),
        "{op}: indices need an integer dtype (i32 or i64), got {}",
        indices.dtype
    );
    let data = <crate::CubeBackend<R> as Backend>::into_data(indices.clone());
    let values = data.into_vec::<i64>().expect("integers read as i64");
    if let Some(bad) = values
        .iter()
        .find(|&&i| usize::try_from(i).map_or(true, |i| i >= size))
    {
        panic!("{op}: index {bad} is out of range for dim {dim} of size {size}");
    }
}

/// The elements of `input` along `dim` at `indices`; the result has `indices`' shape.
pub(crate) fn gather<R: CubeRuntime>(
    dim: usize,
    input: CubeTensor<R>,
    indices: CubeTensor<R>,
) -> CubeTensor<R> {
    let (input, indices) = (&input, &indices);
    let out = input.empty_like(indices.dims.clone(), input.dtype);
    let len = out.num_elements();
    if len == 0 {
        return out;
    }
    check_indices("gather", indices, dim, input.dims[dim]);
    let (count, cube_dim) = elementwise_launch(&out.client, len);
    with_index!(indices.dtype, I => with_elem!(input.dtype, E => gather_kernel::launch::<E, I>(
        &out.client,
        count,
        cube_dim,
        broadcast_arg(input, &input.dims),
        broadcast_arg(indices, &out.dims),
        out_arg(&out),
        dim,
    )));
    out
}

/// `input` with each element of `values` added along `dim` at the position
/// `indices` gives.
pub(crate) fn scatter_add<R: CubeRuntime>(
    dim: usize,
    input: CubeTensor<R>,
    indices: CubeTensor<R>,
    values: CubeTensor<R>,
) -> CubeTensor<R> {
    let (input, indices, values) = (&input, &indices, &values);
    let out = input.empty_like(input.dims.clone(), input.dtype);
    let len = out.num_elements();
    if len == 0 {
        return out;
    }
    if indices.num_elements() > 0 {
        check_indices("scatter", indices, dim, input.dims[dim]);
    }
    let (count, cube_dim) = elementwise_launch(&out.client, len);
    with_index!(indices.dtype, I => with_numeric!(input.dtype, "scatter_add", E => scatter_add_kernel::launch::<E, I>(
        &out.client,
        count,
        cube_dim,
        broadcast_arg(input, &out.dims),
        broadcast_arg(indices, &indices.dims),
        broadcast_arg(values, &values.dims),
        out_arg(&out),
        dim,
    )));
    out
}
