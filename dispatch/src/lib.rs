//! Run-time choice of a backend.
//!
//! [`DispatchTensor`] and [`DispatchDevice`] are enums with one variant per backend,
//! each behind a cargo feature: `cpu` (on by default), `wgpu` and `vulkan` (the
//! CubeCL backend, compiling kernels to WGSL or to SPIR-V). [`Dispatch`] implements
//! [`Backend`](seam_backend::Backend) over them by matching on the variant and calling that backend.
//!
//! This crate is the heavy type tree that `seam-tensor` hides behind its boundary:
//! downstream crates never name these types, so they never compile this code again.
//!
//! # Adding a backend
//!
//! Add a feature and an optional dependency, a variant to both enums, and a line to
//! `for_each_backend!` in `backend_list.rs`. Nothing else changes: every op reaches
//! the new backend through the macros there (the tensor ops' forwarders, in
//! `forwarders.rs`, are generated from `seam-backend`'s op list over that list).

#[macro_use]
mod backend_list;
#[macro_use]
mod forwarders;
mod backend;
mod device;
mod tensor;

pub use backend::Dispatch;
pub use device::DispatchDevice;
pub use tensor::DispatchTensor;

/// The backend behind each variant, re-exported for extension authors.
pub mod backends {
    #[cfg(feature = "cpu")]
    pub use seam_cpu::{Cpu, CpuDevice, CpuTensor};
    #[cfg(feature = "vulkan")]
    pub use seam_cubecl::Spirv;
    #[cfg(feature = "wgpu")]
    pub use seam_cubecl::Wgsl;
    #[cfg(any(feature = "wgpu", feature = "vulkan"))]
    pub use seam_cubecl::{CubeBackend, CubeDevice, CubeTensor};
}

#[cfg(not(any(feature = "cpu", feature = "wgpu", feature = "vulkan")))]
compile_error!("seam-dispatch needs at least one backend feature: `cpu`, `wgpu` or `vulkan`");
