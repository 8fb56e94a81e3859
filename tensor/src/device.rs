//! [`Device`]: where a tensor lives.

use core::fmt;
use seam_dispatch::DispatchDevice;
use seam_macros::{ext_fn, opaque};

/// Where a tensor's data lives. [`Device::default()`] is the CPU.
///
/// ```
/// use seam_tensor::Device;
/// assert_eq!(Device::default(), Device::cpu());
/// assert_eq!(Device::cpu().to_string(), "cpu");
/// ```
#[opaque(Clone, Debug, Default, PartialEq, Eq, Send, Sync, RefUnwindSafe)]
pub struct Device(DispatchDevice);

impl Device {
    /// The CPU, through Seam's embedded pure-Rust backend.
    #[cfg(feature = "cpu")]
    pub fn cpu() -> Self {
        Self::from_inner(DispatchDevice::Cpu(Default::default()))
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

impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.inner(), f)
    }
}
