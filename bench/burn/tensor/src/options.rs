//! What a tensor is created with (burn-tensor's `api/options.rs`): a device, and a dtype
//! or the device's default for the kind.

use crate::device::Device;
use burn_std::DType;

/// The device a new tensor goes to and, optionally, its dtype. A `&Device` or a
/// `(&Device, DType)` converts into one.
#[derive(Debug, Clone, Default)]
pub struct TensorCreationOptions {
    /// Where the tensor is created.
    pub device: Device,
    /// Its dtype; `None` is the device's default for the tensor's kind.
    pub dtype: Option<DType>,
}

impl TensorCreationOptions {
    /// Options for `device`, at its default dtypes.
    pub fn new(device: Device) -> Self {
        Self { device, dtype: None }
    }

    /// The options with `dtype`.
    pub fn with_dtype(mut self, dtype: DType) -> Self {
        self.dtype = Some(dtype);
        self
    }

    /// The options with `device`.
    pub fn with_device(mut self, device: Device) -> Self {
        self.device = device;
        self
    }

    /// The dtype asked for, else `dtype`.
    pub fn dtype_or(&self, dtype: DType) -> DType {
        self.dtype.unwrap_or(dtype)
    }
}

impl From<&Device> for TensorCreationOptions {
    fn from(device: &Device) -> Self {
        Self::new(device.clone())
    }
}

impl From<(&Device, DType)> for TensorCreationOptions {
    fn from((device, dtype): (&Device, DType)) -> Self {
        Self::new(device.clone()).with_dtype(dtype)
    }
}
