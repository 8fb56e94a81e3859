//! The [`Backend`] implementation: [`Cpu`] and its device, forwarding to the kernels.

use crate::{CpuTensor, ops};
use core::ops::Range;
use seam_backend::{
    Backend, BinaryOp, CompareOp, DType, DataFuture, DeviceInfo, ReduceOp, Scalar, ScanOp, Shape, TensorData,
    UnaryOp,
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

    /// The host, holding every dtype; the adapter names the threads the kernels use.
    fn describe(_device: &CpuDevice) -> DeviceInfo {
        let threads = crate::parallel::threads();
        let adapter = format!(
            "pure-Rust kernels on {threads} thread{}",
            if threads == 1 { "" } else { "s" }
        );
        DeviceInfo::new("cpu", "host", adapter, DType::ALL)
    }

    fn device(_tensor: &CpuTensor) -> CpuDevice {
        CpuDevice
    }

    #[inline]
    fn dims(tensor: &CpuTensor) -> &[usize] {
        tensor.dims()
    }

    #[inline]
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

    fn cast(tensor: CpuTensor, dtype: DType) -> CpuTensor {
        ops::cast::cast(tensor, dtype)
    }

    fn unary(op: UnaryOp, tensor: CpuTensor) -> CpuTensor {
        ops::elementwise::unary(op, tensor)
    }

    fn binary(op: BinaryOp, lhs: CpuTensor, rhs: CpuTensor) -> CpuTensor {
        ops::elementwise::binary(op, lhs, rhs)
    }

    fn binary_scalar(op: BinaryOp, lhs: CpuTensor, rhs: Scalar) -> CpuTensor {
        ops::elementwise::binary_scalar(op, lhs, rhs)
    }

    fn compare(op: CompareOp, lhs: CpuTensor, rhs: CpuTensor) -> CpuTensor {
        ops::compare::compare(op, &lhs, &rhs)
    }

    fn compare_scalar(op: CompareOp, lhs: CpuTensor, rhs: Scalar) -> CpuTensor {
        ops::compare::compare_scalar(op, &lhs, rhs)
    }

    fn mask_where(mask: CpuTensor, on_true: CpuTensor, on_false: CpuTensor) -> CpuTensor {
        ops::mask::mask_where(&mask, &on_true, &on_false)
    }

    fn matmul(lhs: CpuTensor, rhs: CpuTensor) -> CpuTensor {
        ops::matmul::matmul(&lhs, &rhs)
    }

    fn reduce_dim(op: ReduceOp, tensor: CpuTensor, dim: usize) -> CpuTensor {
        ops::reduce::reduce_dim(op, &tensor, dim)
    }

    fn scan_dim(op: ScanOp, tensor: CpuTensor, dim: usize, reverse: bool) -> CpuTensor {
        ops::scan::scan_dim(op, &tensor, dim, reverse)
    }

    fn softmax(tensor: CpuTensor, dim: usize) -> CpuTensor {
        ops::softmax::softmax(ops::softmax::Kind::Softmax, &tensor, dim)
    }

    fn log_softmax(tensor: CpuTensor, dim: usize) -> CpuTensor {
        ops::softmax::softmax(ops::softmax::Kind::LogSoftmax, &tensor, dim)
    }

    fn reshape(tensor: CpuTensor, shape: Shape) -> CpuTensor {
        ops::layout::reshape(tensor, shape.into_dims())
    }

    fn permute(tensor: CpuTensor, axes: &[usize]) -> CpuTensor {
        ops::layout::permute(tensor, axes)
    }

    fn expand(tensor: CpuTensor, shape: Shape) -> CpuTensor {
        ops::layout::expand(tensor, shape.into_dims())
    }

    fn slice(tensor: CpuTensor, ranges: &[Range<usize>]) -> CpuTensor {
        ops::layout::slice(tensor, ranges)
    }

    fn slice_assign(tensor: CpuTensor, ranges: &[Range<usize>], value: CpuTensor) -> CpuTensor {
        ops::slice_assign::slice_assign(tensor, ranges, &value)
    }

    fn cat(tensors: Vec<CpuTensor>, dim: usize) -> CpuTensor {
        ops::cat::cat(&tensors, dim)
    }

    fn gather(dim: usize, tensor: CpuTensor, indices: CpuTensor) -> CpuTensor {
        ops::gather::gather(dim, &tensor, &indices)
    }

    fn scatter_add(dim: usize, tensor: CpuTensor, indices: CpuTensor, values: CpuTensor) -> CpuTensor {
        ops::gather::scatter_add(dim, &tensor, &indices, &values)
    }
}
