//! [`Backend`] over the dispatch enums: every op matches on the variant.

use crate::{DispatchDevice, DispatchTensor};
use seam_backend::{Backend, BinaryOp, DType, Scalar, Shape, TensorData, UnaryOp};

/// The backend that forwards each op to the backend of its tensors.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dispatch;

impl Backend for Dispatch {
    type Tensor = DispatchTensor;
    type Device = DispatchDevice;

    fn name() -> &'static str {
        "dispatch"
    }

    fn device(tensor: &DispatchTensor) -> DispatchDevice {
        device_of!(tensor)
    }

    fn shape(tensor: &DispatchTensor) -> Shape {
        with_tensor!(tensor, |t| B::shape(t))
    }

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

    fn unary(op: UnaryOp, tensor: DispatchTensor) -> DispatchTensor {
        map_tensor!(tensor, |t| B::unary(op, t))
    }

    fn binary(op: BinaryOp, lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        map_pair!(op.name(), lhs, rhs, |a, b| B::binary(op, a, b))
    }

    fn binary_scalar(op: BinaryOp, lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor {
        map_tensor!(lhs, |t| B::binary_scalar(op, t, rhs))
    }

    fn matmul(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        map_pair!("matmul", lhs, rhs, |a, b| B::matmul(a, b))
    }

    fn swap_dims(tensor: DispatchTensor, dim1: usize, dim2: usize) -> DispatchTensor {
        map_tensor!(tensor, |t| B::swap_dims(t, dim1, dim2))
    }

    fn reshape(tensor: DispatchTensor, shape: Shape) -> DispatchTensor {
        map_tensor!(tensor, |t| B::reshape(t, shape))
    }

    fn sum_dim(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        map_tensor!(tensor, |t| B::sum_dim(t, dim))
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
