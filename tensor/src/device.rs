//! [`Device`]: where a tensor lives.

use core::fmt;
use seam_backend::{Backend, DeviceInfo};
use seam_dispatch::{Dispatch, DispatchDevice};
use seam_macros::{ext_fn, opaque};

/// Where a tensor's data lives. [`Device::default()`] is the CPU.
///
/// ```
/// use seam_tensor::Device;
/// assert_eq!(Device::default(), Device::cpu());
/// assert_eq!(Device::cpu().to_string(), "cpu");
/// ```
#[opaque(Send, Sync, RefUnwindSafe, off_if(feature = "opaque-off"))]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Device(DispatchDevice);

impl Device {
    /// The CPU, through Seam's embedded pure-Rust backend.
    #[cfg(feature = "cpu")]
    pub fn cpu() -> Self {
        Self::from_inner(DispatchDevice::Cpu(Default::default()))
    }

    /// The default GPU through CubeCL on wgpu, with kernels compiled to WGSL: the best
    /// adapter of the best graphics API the machine has (Vulkan, Metal, DX12, then
    /// OpenGL). Without a GPU, wgpu picks a software rasterizer such as Mesa's
    /// lavapipe. Feature `wgpu`.
    ///
    /// # Errors
    ///
    /// If the machine has no wgpu adapter at all.
    ///
    /// [`Device::describe`] says which API and adapter it got, and which dtypes it holds.
    #[cfg(feature = "wgpu")]
    pub fn wgpu() -> Result<Self, DeviceError> {
        seam_dispatch::backends::CubeDevice::<seam_dispatch::backends::Wgsl>::available()
            .map(|d| Self::from_inner(DispatchDevice::Wgpu(d)))
            .map_err(DeviceError)
    }

    /// The default Vulkan device through CubeCL on wgpu, with kernels compiled to
    /// SPIR-V. Feature `vulkan`.
    ///
    /// # Errors
    ///
    /// If the machine has no Vulkan device.
    #[cfg(feature = "vulkan")]
    pub fn vulkan() -> Result<Self, DeviceError> {
        seam_dispatch::backends::CubeDevice::<seam_dispatch::backends::Spirv>::available()
            .map(|d| Self::from_inner(DispatchDevice::Vulkan(d)))
            .map_err(DeviceError)
    }

    /// The device a command line or an environment variable names: `cpu`, `wgpu` or
    /// `vulkan` (as [`Device::cpu`], `Device::wgpu`, `Device::vulkan`).
    ///
    /// # Errors
    ///
    /// If the name is none of these, names a backend this build lacks (its feature
    /// is off), or names a device the machine does not have.
    ///
    /// ```
    /// use seam_tensor::Device;
    /// assert_eq!(Device::named("cpu").unwrap(), Device::cpu());
    /// let err = Device::named("tpu").unwrap_err();
    /// assert!(err.to_string().contains("not a device of this build"), "{err}");
    /// ```
    pub fn named(name: &str) -> Result<Self, DeviceError> {
        match name {
            #[cfg(feature = "cpu")]
            "cpu" => Ok(Self::cpu()),
            #[cfg(feature = "wgpu")]
            "wgpu" => Self::wgpu(),
            #[cfg(feature = "vulkan")]
            "vulkan" => Self::vulkan(),
            other => Err(DeviceError(format!(
                "{other:?} is not a device of this build (cpu, or wgpu / vulkan with seam-tensor's feature of the same name)"
            ))),
        }
    }

    /// What this device is: its backend, the graphics API and adapter it runs on, and
    /// the dtypes it can hold. A wgpu device on a machine without a Vulkan driver may
    /// come up on OpenGL, which has no `f64` and no `i64` (so no `Int` tensors);
    /// check here before relying on them.
    ///
    /// ```
    /// use seam_tensor::{DType, Device};
    /// let info = Device::cpu().describe();
    /// assert_eq!((info.backend, info.api.as_str()), ("cpu", "host"));
    /// assert!(info.missing().is_empty() && info.supports(DType::I64));
    /// ```
    ///
    /// # Panics
    ///
    /// For a GPU device, if its adapter cannot be started (a device from
    /// `Device::wgpu` or `Device::vulkan` was found on this machine).
    pub fn describe(&self) -> DeviceInfo {
        Dispatch::describe(self.inner())
    }

    /// The dispatch device, for backend-extension authors (feature `extension`).
    ///
    /// Without `extension` it is crate-private:
    #[cfg_attr(not(feature = "extension"), doc = "```compile_fail,E0624")]
    #[cfg_attr(feature = "extension", doc = "```")]
    /// let device = seam_tensor::Device::default();
    /// let _dispatch = device.as_dispatch();
    /// ```
    #[ext_fn]
    pub fn as_dispatch(&self) -> &DispatchDevice {
        self.inner()
    }

    /// Wraps a dispatch device (public with the feature `extension`). Every dispatch
    /// device is a valid `Device`.
    #[cfg_attr(not(feature = "extension"), doc = "```compile_fail,E0433")]
    #[cfg_attr(feature = "extension", doc = "```")]
    /// use seam_tensor::dispatch::DispatchDevice;
    /// let device = seam_tensor::Device::from_dispatch(DispatchDevice::default());
    /// assert_eq!(device, seam_tensor::Device::default());
    /// ```
    #[ext_fn]
    pub fn from_dispatch(device: DispatchDevice) -> Self {
        Self::from_inner(device)
    }
}

/// A device that this machine does not have, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceError(String);

impl fmt::Display for DeviceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DeviceError {}

impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.inner(), f)
    }
}
