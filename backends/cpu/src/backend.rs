//! The [`Backend`] implementation: [`Cpu`] and its device, forwarding to the kernels
//! (`ops`).

use crate::{CpuTensor, ops};
use seam_backend::{Backend, DType, DataFuture, DeviceInfo, Scalar, Shape, TensorData};

/// The ops of `seam_backend::for_each_tensor_op!`, for `impl Backend for Cpu`: each
/// calls its entry point, the function named as the op in its family's module of
/// [`ops`].
macro_rules! kernel_entries {
    ($(fn $name:ident($($arg:ident: $ty:ty),*) [$($t:ident),+] ($op:expr) in $family:ident;)*) => {$(
        fn $name($($arg: $ty),*) -> CpuTensor {
            ops::$family::$name($($arg),*)
        }
    )*};
}

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

    seam_backend::for_each_tensor_op!(kernel_entries);

    fn cat(tensors: Vec<CpuTensor>, dim: usize) -> CpuTensor {
        ops::cat::cat(&tensors, dim)
    }
}
