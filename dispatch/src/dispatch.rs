//! [`Backend`] over the dispatch enums: every op matches on the variant.

use crate::{DispatchDevice, DispatchTensor};
use core::ops::Range;
use seam_backend::{
    Backend, BinaryOp, CompareOp, DType, DataFuture, DeviceInfo, ReduceOp, Scalar, Shape, TensorData, UnaryOp,
};

/// The backend that forwards each op to the backend of its tensors.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dispatch;

impl Backend for Dispatch {
    type Tensor = DispatchTensor;
    type Device = DispatchDevice;

    fn name() -> &'static str {
        "dispatch"
    }

    fn describe(device: &DispatchDevice) -> DeviceInfo {
        with_device!(device, |d| B::describe(d))
    }

    fn device(tensor: &DispatchTensor) -> DispatchDevice {
        device_of!(tensor)
    }

    #[inline]
    fn dims(tensor: &DispatchTensor) -> &[usize] {
        with_tensor!(tensor, |t| B::dims(t))
    }

    #[inline]
    fn dtype(tensor: &DispatchTensor) -> DType {
        with_tensor!(tensor, |t| B::dtype(t))
    }

    fn from_data(data: TensorData, device: &DispatchDevice) -> DispatchTensor {
        on_device!(device, |d| B::from_data(data, d))
    }

    fn into_data(tensor: DispatchTensor) -> TensorData {
        with_tensor!(tensor, |t| B::into_data(t))
    }

    fn full(shape: Shape, value: Scalar, dtype: DType, device: &DispatchDevice) -> DispatchTensor {
        on_device!(device, |d| B::full(shape, value, dtype, d))
    }

    fn into_data_async(tensor: DispatchTensor) -> DataFuture {
        with_tensor!(tensor, |t| B::into_data_async(t))
    }

    fn cast(tensor: DispatchTensor, dtype: DType) -> DispatchTensor {
        map_tensor!(tensor, |t| B::cast(t, dtype))
    }

    fn unary(op: UnaryOp, tensor: DispatchTensor) -> DispatchTensor {
        map_tensor!(tensor, |t| B::unary(op, t))
    }

    fn binary(op: BinaryOp, lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        map_pair!(op.name(), lhs, rhs, |a, b| B::binary(op, a, b))
    }

    fn binary_scalar(op: BinaryOp, lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor {
        map_tensor!(lhs, |t| B::binary_scalar(op, t, rhs))
    }

    fn compare(op: CompareOp, lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        map_pair!(op.name(), lhs, rhs, |a, b| B::compare(op, a, b))
    }

    fn compare_scalar(op: CompareOp, lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor {
        map_tensor!(lhs, |t| B::compare_scalar(op, t, rhs))
    }

    fn mask_where(mask: DispatchTensor, on_true: DispatchTensor, on_false: DispatchTensor) -> DispatchTensor {
        map_triple!("mask_where", mask, on_true, on_false, |m, a, b| B::mask_where(
            m, a, b
        ))
    }

    fn matmul(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        map_pair!("matmul", lhs, rhs, |a, b| B::matmul(a, b))
    }

    fn reduce_dim(op: ReduceOp, tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        map_tensor!(tensor, |t| B::reduce_dim(op, t, dim))
    }

    fn softmax(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        map_tensor!(tensor, |t| B::softmax(t, dim))
    }

    fn log_softmax(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        map_tensor!(tensor, |t| B::log_softmax(t, dim))
    }

    fn reshape(tensor: DispatchTensor, shape: Shape) -> DispatchTensor {
        map_tensor!(tensor, |t| B::reshape(t, shape))
    }

    fn permute(tensor: DispatchTensor, axes: &[usize]) -> DispatchTensor {
        map_tensor!(tensor, |t| B::permute(t, axes))
    }

    fn expand(tensor: DispatchTensor, shape: Shape) -> DispatchTensor {
        map_tensor!(tensor, |t| B::expand(t, shape))
    }

    fn slice(tensor: DispatchTensor, ranges: &[Range<usize>]) -> DispatchTensor {
        map_tensor!(tensor, |t| B::slice(t, ranges))
    }

    fn slice_assign(
        tensor: DispatchTensor,
        ranges: &[Range<usize>],
        value: DispatchTensor,
    ) -> DispatchTensor {
        map_pair!("slice_assign", tensor, value, |t, v| B::slice_assign(
            t, ranges, v
        ))
    }

    fn cat(tensors: Vec<DispatchTensor>, dim: usize) -> DispatchTensor {
        map_all!("cat", tensors, |ts| B::cat(ts, dim))
    }

    fn gather(dim: usize, tensor: DispatchTensor, indices: DispatchTensor) -> DispatchTensor {
        map_pair!("gather", tensor, indices, |t, i| B::gather(dim, t, i))
    }

    fn scatter_add(
        dim: usize,
        tensor: DispatchTensor,
        indices: DispatchTensor,
        values: DispatchTensor,
    ) -> DispatchTensor {
        map_triple!("scatter", tensor, indices, values, |t, i, v| B::scatter_add(
            dim, t, i, v
        ))
    }
}

/// Panics, naming `op`, unless all `tensors` are on one device of one backend.
pub(crate) fn same_device(op: &str, tensors: &[&DispatchTensor]) {
    let first = tensors[0];
    for other in &tensors[1..] {
        if first.backend_name() != other.backend_name() {
            panic!(
                "{op}: the tensors are on different backends ({} and {}); move one with `to_device` first",
                first.backend_name(),
                other.backend_name()
            );
        }
        let (a, b) = (Dispatch::device(first), Dispatch::device(other));
        if a != b {
            panic!(
                "{op}: the tensors are on different devices ({a} and {b}); move one with `to_device` first"
            );
        }
    }
}

impl Dispatch {
    /// `tensor` on `device`: itself if it is there already, otherwise its data copied
    /// there (through host memory).
    pub fn to_device(tensor: DispatchTensor, device: &DispatchDevice) -> DispatchTensor {
        if Self::device(&tensor) == *device {
            return tensor;
        }
        Self::from_data(Self::into_data(tensor), device)
    }
}
