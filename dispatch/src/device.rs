//! A device of any enabled backend.

use core::fmt;

/// A device of one of the enabled backends.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum DispatchDevice {
    /// The CPU, through the pure-Rust backend.
    #[cfg(feature = "cpu")]
    Cpu(seam_cpu::CpuDevice),
}

impl Default for DispatchDevice {
    /// The embedded default: the CPU.
    fn default() -> Self {
        #[cfg(feature = "cpu")]
        DispatchDevice::Cpu(seam_cpu::CpuDevice)
    }
}

impl fmt::Display for DispatchDevice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            #[cfg(feature = "cpu")]
            DispatchDevice::Cpu(_) => f.write_str("cpu"),
        }
    }
}
