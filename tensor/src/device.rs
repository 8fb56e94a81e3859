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
#[opaque(Clone, Debug, Send, Sync)]
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

    /// Wraps a dispatch device.
    pub(crate) fn from_dispatch(device: DispatchDevice) -> Self {
        Self::from_inner(device)
    }
}

impl Default for Device {
    fn default() -> Self {
        Self::from_inner(DispatchDevice::default())
    }
}

impl PartialEq for Device {
    fn eq(&self, other: &Self) -> bool {
        self.inner() == other.inner()
    }
}

impl Eq for Device {}

impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.inner(), f)
    }
}
