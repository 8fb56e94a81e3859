//! The [`Backend`] implementation: [`Cpu`] and its device, forwarding to the kernels.

use crate::{CpuTensor, ops};
use seam_backend::{Backend, BinaryOp, DType, Scalar, Shape, TensorData, UnaryOp};

/// The pure-Rust CPU backend.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct Cpu;

/// The one device of the CPU backend: main memory.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct CpuDevice;

impl Backend for Cpu {
    type Tensor = CpuTensor;
    type Device = CpuDevice;

    fn name() -> &'static str {
        "cpu"
    }

    fn device(_tensor: &CpuTensor) -> CpuDevice {
        CpuDevice
    }

    fn shape(tensor: &CpuTensor) -> Shape {
        Shape::from(tensor.dims())
    }

    fn dtype(tensor: &CpuTensor) -> DType {
        tensor.dtype()
    }

    fn from_data(data: TensorData, _device: &CpuDevice) -> CpuTensor {
        ops::creation::from_data(&data)
    }

    fn into_data(tensor: CpuTensor) -> TensorData {
        ops::creation::into_data(tensor)
    }

    fn full(shape: Shape, value: Scalar, dtype: DType, _device: &CpuDevice) -> CpuTensor {
        ops::creation::full(shape.into_dims(), value, dtype)
    }

    fn unary(op: UnaryOp, tensor: CpuTensor) -> CpuTensor {
        ops::elementwise::unary(op, &tensor)
    }

    fn binary(op: BinaryOp, lhs: CpuTensor, rhs: CpuTensor) -> CpuTensor {
        ops::elementwise::binary(op, &lhs, &rhs)
    }

    fn binary_scalar(op: BinaryOp, lhs: CpuTensor, rhs: Scalar) -> CpuTensor {
        ops::elementwise::binary_scalar(op, &lhs, rhs)
    }

    fn matmul(lhs: CpuTensor, rhs: CpuTensor) -> CpuTensor {
        ops::matmul::matmul(&lhs, &rhs)
    }

    fn swap_dims(tensor: CpuTensor, dim1: usize, dim2: usize) -> CpuTensor {
        ops::layout::swap_dims(tensor, dim1, dim2)
    }

    fn reshape(tensor: CpuTensor, shape: Shape) -> CpuTensor {
        ops::layout::reshape(tensor, shape.into_dims())
    }

    fn sum_dim(tensor: CpuTensor, dim: usize) -> CpuTensor {
        ops::reduce::sum_dim(&tensor, dim)
    }
}
