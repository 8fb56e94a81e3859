//! Reductions: `sum_dim`.

use crate::CpuTensor;
use crate::element::Numeric;
use crate::layout::Layout;
use crate::storage::dispatch;

/// The sum of `tensor` along `dim`, which is kept with size 1.
pub(crate) fn sum_dim(tensor: &CpuTensor, dim: usize) -> CpuTensor {
    let layout = &tensor.layout;
    let rank = layout.dims.len();
    assert!(dim < rank, "sum_dim: dim {dim} must be < rank {rank}");
    let mut dims = layout.dims.clone();
    dims[dim] = 1;
    let dtype = tensor.dtype();
    dispatch!(&tensor.storage; F32 | F64 | I32 | I64
        => |buf| CpuTensor::new(sum_along(buf, layout, dim), dims);
        else panic!("sum_dim needs a numeric dtype, got {dtype}"))
}

/// For each position of the other dims (row-major), the sum of the elements along `dim`.
fn sum_along<T: Numeric>(buf: &[T], layout: &Layout, dim: usize) -> Vec<T> {
    let size = layout.dims[dim];
    let stride = layout.strides[dim];
    let mut outer = layout.clone();
    outer.dims[dim] = 1;
    outer
        .indices()
        .map(|start| (0..size).fold(T::ZERO, |acc, j| acc.add(buf[start + j * stride])))
        .collect()
}
