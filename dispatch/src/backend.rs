//! [`Backend`] over the dispatch enums: every op matches on the variant. The tensor
//! ops' forwarders come from `seam_backend::for_each_tensor_op!`'s list.

use crate::{DispatchDevice, DispatchTensor};
use seam_backend::{Backend, DType, DataFuture, DeviceInfo, Scalar, Shape, TensorData};

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

    seam_backend::for_each_tensor_op!(forwarders);

    fn cat(tensors: Vec<DispatchTensor>, dim: usize) -> DispatchTensor {
        map_all!("cat", tensors, |ts| B::cat(ts, dim))
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
