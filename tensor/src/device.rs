//! [`Device`]: where a tensor lives.

use core::fmt;
use seam_backend::{Backend, DType, DeviceInfo};
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
    /// come up on OpenGL, which has no `f64` and no `i64` (its `Int` tensors are `i32`,
    /// [`Device::int_dtype`]); check here before relying on them.
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

    /// The dtype new `Int` tensors get on this device: the one set with
    /// [`Device::set_int_dtype`], or `i64` where the device holds it and `i32` where
    /// it does not (an OpenGL adapter, WebGPU). `Int` tensors are made at it
    /// (`zeros`, `from_data`, `from_ints`, `arange`, `int()`, the indices `argmax`
    /// gives), so the same code runs on every device; data of another integer dtype
    /// is converted, an `i64` past `i32`'s range wrapping as Rust's `as` does.
    ///
    /// ```
    /// use seam_tensor::{DType, Device, Int, Tensor};
    /// let cpu = Device::cpu();
    /// assert_eq!(cpu.int_dtype(), DType::I64);
    /// assert_eq!(Tensor::<1, Int>::from_ints([1, 2], &cpu).dtype(), DType::I64);
    /// ```
    ///
    /// # Panics
    ///
    /// For a GPU device, if its adapter cannot be started; if the device has no
    /// integer dtype at all.
    pub fn int_dtype(&self) -> DType {
        int_dtype(self.inner())
    }

    /// Sets the dtype new `Int` tensors get on this device ([`Device::int_dtype`]),
    /// for every value naming the device, in the whole process (as Burn's device
    /// settings are): `i32` halves the memory of indices and labels, and is what a
    /// device without `i64` has. Tensors made before keep theirs; an op between `Int`
    /// tensors of two dtypes is refused, naming both.
    ///
    /// # Errors
    ///
    /// If `dtype` is not an integer dtype, or the device cannot hold it.
    ///
    /// ```standalone_crate
    /// // Its own process: the setting is process-wide.
    /// use seam_tensor::{DType, Device, Int, Tensor};
    /// let cpu = Device::cpu();
    /// cpu.set_int_dtype(DType::I32).unwrap();
    /// assert_eq!(Tensor::<1, Int>::arange(0..3, &cpu).dtype(), DType::I32);
    /// assert!(cpu.set_int_dtype(DType::F32).is_err());
    /// cpu.set_int_dtype(DType::I64).unwrap();
    /// ```
    pub fn set_int_dtype(&self, dtype: DType) -> Result<(), DeviceError> {
        let info = self.describe();
        if !dtype.is_int() || !info.supports(dtype) {
            return Err(DeviceError(format!(
                "set_int_dtype: {dtype} is not an integer dtype of this device ({info})"
            )));
        }
        let mut chosen = INT_DTYPES
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        chosen.retain(|(device, _)| device != self.inner());
        chosen.push((self.inner().clone(), dtype));
        Ok(())
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

/// The `Int` dtype of each device that has one, chosen with [`Device::set_int_dtype`]
/// or found the first time it was asked for.
static INT_DTYPES: std::sync::RwLock<Vec<(DispatchDevice, DType)>> = std::sync::RwLock::new(Vec::new());

/// The dtype new `Int` tensors get on `device` (see [`Device::int_dtype`]).
pub(crate) fn int_dtype(device: &DispatchDevice) -> DType {
    let known = INT_DTYPES
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, dtype)) = known.iter().find(|(d, _)| d == device) {
        return *dtype;
    }
    drop(known);
    let info = Dispatch::describe(device);
    let dtype = info
        .int_dtype()
        .unwrap_or_else(|| panic!("the device has no integer dtype for Int tensors ({info})"));
    let mut known = INT_DTYPES
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !known.iter().any(|(d, _)| d == device) {
        known.push((device.clone(), dtype));
    }
    dtype
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
