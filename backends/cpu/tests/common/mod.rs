//! Helpers shared by the op test files: building tensors, reading them back, and
//! the strided views the tests feed to every op.

#![allow(dead_code)]

use seam_backend::{Backend, DType, Element, Shape, TensorData};
use seam_cpu::{Cpu, CpuDevice, CpuTensor};

/// A contiguous tensor of `dims` holding row-major `values`.
pub fn tensor<T: Element>(values: Vec<T>, dims: &[usize]) -> CpuTensor {
    Cpu::from_data(TensorData::new(values, dims.to_vec()), &CpuDevice)
}

/// `0, 1, 2, ..` row-major in `dims`, as `dtype`.
pub fn arange(dims: &[usize], dtype: DType) -> CpuTensor {
    let n = dims.iter().product::<usize>() as i64;
    Cpu::cast(tensor((0..n).collect(), dims), dtype)
}

/// The elements of `tensor`, row-major.
pub fn values<T: Element>(tensor: CpuTensor) -> Vec<T> {
    Cpu::into_data(tensor).to_vec().unwrap()
}

/// The elements of a float tensor (`f32` or `f64`), row-major, as `f64`.
pub fn floats(tensor: CpuTensor) -> Vec<f64> {
    values(Cpu::cast(tensor, DType::F64))
}

/// The dims of `tensor`.
pub fn dims(tensor: &CpuTensor) -> Vec<usize> {
    Cpu::shape(tensor).into_dims().into_vec()
}

/// `tensor` with dims `a` and `b` exchanged, through `permute` (a view).
pub fn swap_dims(tensor: CpuTensor, a: usize, b: usize) -> CpuTensor {
    let mut axes: Vec<usize> = (0..Cpu::shape(&tensor).rank()).collect();
    axes.swap(a, b);
    Cpu::permute(tensor, &axes)
}

/// `tensor` broadcast to `dims`, through `expand` (a view).
pub fn expand(tensor: CpuTensor, dims: &[usize]) -> CpuTensor {
    Cpu::expand(tensor, Shape::from(dims.to_vec()))
}

/// `values` as `[2, 3]`, viewed as its `[3, 2]` transpose: `[[v0, v3], [v1, v4], [v2, v5]]`.
pub fn transposed<T: Element>(values: Vec<T>) -> CpuTensor {
    swap_dims(tensor(values, &[2, 3]), 0, 1)
}

/// Asserts that the two have equal lengths and elements within `1e-6`.
pub fn assert_close(actual: &[f64], expected: &[f64]) {
    assert_eq!(actual.len(), expected.len(), "{actual:?} vs {expected:?}");
    for (a, e) in actual.iter().zip(expected) {
        assert!((a - e).abs() < 1e-6, "{actual:?} vs {expected:?}");
    }
}
