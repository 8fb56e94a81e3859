//! A device of any enabled backend.

use core::fmt;

/// A device of one of the enabled backends.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum DispatchDevice {
    /// The CPU, through the pure-Rust backend.
    #[cfg(feature = "cpu")]
    Cpu(seam_cpu::CpuDevice),
    /// A GPU (or a software rasterizer) through CubeCL on wgpu, with WGSL kernels.
    #[cfg(feature = "wgpu")]
    Wgpu(seam_cubecl::CubeDevice<seam_cubecl::Wgsl>),
    /// A Vulkan device through CubeCL on wgpu, with SPIR-V kernels.
    #[cfg(feature = "vulkan")]
    Vulkan(seam_cubecl::CubeDevice<seam_cubecl::Spirv>),
}

impl Default for DispatchDevice {
    /// The embedded default: the CPU (or, in a build without it, the first GPU
    /// backend's default device).
    #[allow(unreachable_code)]
    fn default() -> Self {
        #[cfg(feature = "cpu")]
        return DispatchDevice::Cpu(seam_cpu::CpuDevice);
        #[cfg(feature = "wgpu")]
        return DispatchDevice::Wgpu(Default::default());
        #[cfg(feature = "vulkan")]
        return DispatchDevice::Vulkan(Default::default());
    }
}

impl fmt::Display for DispatchDevice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            #[cfg(feature = "cpu")]
            DispatchDevice::Cpu(_) => f.write_str("cpu"),
            #[cfg(feature = "wgpu")]
            DispatchDevice::Wgpu(d) => write!(f, "wgpu:{:?}", d.inner().kind),
            #[cfg(feature = "vulkan")]
            DispatchDevice::Vulkan(d) => write!(f, "vulkan:{:?}", d.inner().kind),
        }
    }
}
