//! The [`Backend`] implementation: [`Cpu`] and its device, forwarding to the kernels.

use crate::{CpuTensor, ops};
use core::ops::Range;
use seam_backend::{
    Backend, BinaryOp, CompareOp, DType, DataFuture, ReduceOp, Scalar, Shape, TensorData, UnaryOp,
};

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

    fn into_data_async(tensor: CpuTensor) -> DataFuture {
        Box::pin(core::future::ready(Self::into_data(tensor)))
    }

    fn cast(_tensor: CpuTensor, _dtype: DType) -> CpuTensor {
        todo!("cpu cast")
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

    fn compare(_op: CompareOp, _lhs: CpuTensor, _rhs: CpuTensor) -> CpuTensor {
        todo!("cpu compare")
    }

    fn compare_scalar(_op: CompareOp, _lhs: CpuTensor, _rhs: Scalar) -> CpuTensor {
        todo!("cpu compare_scalar")
    }

    fn mask_where(_mask: CpuTensor, _on_true: CpuTensor, _on_false: CpuTensor) -> CpuTensor {
        todo!("cpu mask_where")
    }

    fn matmul(lhs: CpuTensor, rhs: CpuTensor) -> CpuTensor {
        ops::matmul::matmul(&lhs, &rhs)
    }

    fn reduce_dim(op: ReduceOp, tensor: CpuTensor, dim: usize) -> CpuTensor {
        match op {
            ReduceOp::Sum => ops::reduce::sum_dim(&tensor, dim),
            _ => todo!("cpu reduce_dim {op:?}"),
        }
    }

    fn reshape(tensor: CpuTensor, shape: Shape) -> CpuTensor {
        ops::layout::reshape(tensor, shape.into_dims())
    }

    fn permute(tensor: CpuTensor, axes: &[usize]) -> CpuTensor {
        ops::layout::permute(tensor, axes)
    }

    fn expand(_tensor: CpuTensor, _shape: Shape) -> CpuTensor {
        todo!("cpu expand")
    }

    fn slice(_tensor: CpuTensor, _ranges: &[Range<usize>]) -> CpuTensor {
        todo!("cpu slice")
    }

    fn slice_assign(_tensor: CpuTensor, _ranges: &[Range<usize>], _value: CpuTensor) -> CpuTensor {
        todo!("cpu slice_assign")
    }

    fn gather(_dim: usize, _tensor: CpuTensor, _indices: CpuTensor) -> CpuTensor {
        todo!("cpu gather")
    }

    fn scatter_add(_dim: usize, _tensor: CpuTensor, _indices: CpuTensor, _values: CpuTensor) -> CpuTensor {
        todo!("cpu scatter_add")
    }
}
