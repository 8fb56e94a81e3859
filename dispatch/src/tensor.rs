//! A tensor of any enabled backend.

use seam_backend::Backend;

/// A tensor of one of the enabled backends.
#[derive(Clone, Debug)]
pub enum DispatchTensor {
    /// A tensor of the pure-Rust CPU backend.
    #[cfg(feature = "cpu")]
    Cpu(<seam_cpu::Cpu as Backend>::Tensor),
    /// A tensor of the CubeCL backend on wgpu, with WGSL kernels.
    #[cfg(feature = "wgpu")]
    Wgpu(seam_cubecl::CubeTensor<seam_cubecl::Wgsl>),
    /// A tensor of the CubeCL backend on Vulkan, with SPIR-V kernels.
    #[cfg(feature = "vulkan")]
    Vulkan(seam_cubecl::CubeTensor<seam_cubecl::Spirv>),
}

impl DispatchTensor {
    /// The name of the backend this tensor belongs to.
    pub fn backend_name(&self) -> &'static str {
        with_tensor!(self, |_t| B::name())
    }
}
