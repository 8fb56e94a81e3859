//! A Seam backend on [CubeCL](https://github.com/tracel-ai/cubecl): `#[cube]` kernels
//! for elementwise ops (broadcast through strides) and layout, and the `cubek` kernel
//! libraries for matmul and reductions.
//!
//! [`CubeBackend<R>`] is generic over a CubeCL runtime `R` ([`CubeRuntime`]): this
//! crate implements it for wgpu compiling to WGSL ([`Wgsl`], feature `wgpu`) and
//! to SPIR-V on Vulkan ([`Spirv`], feature `vulkan`). CubeCL's `cuda`, `hip` and
//! `cpu` runtimes need an LLVM download at build time and are left out.
//!
//! This crate is the heavy type tree that `seam-tensor`'s boundary keeps out of
//! downstream crates: only `seam-dispatch` names it, and only the outlined helpers
//! of `seam-tensor` reach it.
//!
//! # Layout
//!
//! A [`CubeTensor`] is a handle to a device buffer, a shape, strides (in elements)
//! and a dtype. `swap_dims` only permutes the strides; kernels read their inputs
//! through strides, so a transposed or broadcast input is never copied before an
//! elementwise op. Results are contiguous.
//!
//! # Dtypes
//!
//! `f32`, `i32` and `bool` everywhere; `f64` and `i64` where the adapter has them
//! (Mesa's lavapipe on Vulkan does, llvmpipe on OpenGL does not):
//! [`Backend::describe`](seam_backend::Backend::describe) lists them. A `bool` is
//! stored as a `u32` on the device (WGSL has no boolean buffers). An op on a dtype the device lacks panics with a message naming
//! the dtype and the device. The transcendental unary ops and `pow` of `f64`
//! run on the host: the shader languages have no `f64` transcendental functions.
//!
//! `expand` and `permute` are metadata only; `slice` copies (a view would need an
//! element offset that wgpu's aligned buffer bindings cannot carry).

mod backend;
mod element;
mod kernels;
mod runtime;
mod tensor;

pub use backend::CubeBackend;
/// cubecl's names for a wgpu device (which of the machine's adapters, on which
/// graphics API), to build a [`CubeDevice`] other than the default:
/// `CubeDevice::<Wgsl>::new(WgpuDevice::new(WgpuDeviceKind::DiscreteGpu(1)))`.
#[cfg(feature = "wgpu")]
pub use cubecl::wgpu::{WgpuBackend, WgpuDevice, WgpuDeviceKind};
#[cfg(feature = "vulkan")]
pub use runtime::Spirv;
#[cfg(feature = "wgpu")]
pub use runtime::Wgsl;
#[cfg(feature = "wgpu")]
pub use runtime::{Adapter, adapters};
pub use runtime::{CubeDevice, CubeRuntime};
pub use tensor::CubeTensor;
