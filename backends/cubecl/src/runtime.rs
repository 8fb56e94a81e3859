//! The CubeCL runtimes this backend runs on, and their devices.

use core::fmt;
use core::marker::PhantomData;
use cubecl::client::Client;
use cubecl_runtime::runtime::Runtime;

/// A CubeCL runtime that [`crate::CubeBackend`] can run on: its default device and a
/// name for messages.
pub trait CubeRuntime: Runtime<Device: Eq + fmt::Debug + Send + Sync> {
    /// The backend's name, for messages (`"wgpu"`, `"vulkan"`).
    const NAME: &'static str;

    /// The device a tensor goes to when none is named.
    fn default_device() -> Self::Device;

    /// Whether the machine has `device`: `Err` says why not.
    fn find(device: &Self::Device) -> Result<(), String>;

    /// The graphics API `device` runs on (`"Vulkan"`, `"Gl"`, ...), as wgpu names it.
    fn api(device: &Self::Device) -> String;
}

/// cubecl's wgpu runtime compiling kernels to WGSL, on the best graphics API the
/// machine offers (Vulkan, Metal, DX12, then OpenGL).
#[cfg(feature = "wgpu")]
pub type Wgsl = cubecl::wgpu::WgpuRuntime<cubecl::wgpu::WgslCompiler>;

#[cfg(feature = "wgpu")]
impl CubeRuntime for Wgsl {
    const NAME: &'static str = "wgpu";

    fn default_device() -> cubecl::wgpu::WgpuDevice {
        cubecl::wgpu::WgpuDevice::default()
    }

    fn find(device: &cubecl::wgpu::WgpuDevice) -> Result<(), String> {
        find_wgpu(device)
    }

    fn api(device: &cubecl::wgpu::WgpuDevice) -> String {
        wgpu_api(device)
    }
}

/// The graphics API a wgpu `device` runs on: the one it pins, or for an `Auto` device
/// the one cubecl picks (the first of Vulkan, DX12, OpenGL with an adapter, a GPU
/// preferred to a software rasterizer).
#[cfg(feature = "wgpu")]
fn wgpu_api(device: &cubecl::wgpu::WgpuDevice) -> String {
    use cubecl::wgpu::{AutoGraphicsApi, GraphicsApi, WgpuBackend};
    match device.backend {
        WgpuBackend::Auto => format!("{:?}", AutoGraphicsApi::backend()),
        pinned => format!("{pinned:?}"),
    }
}

/// Whether the machine has the wgpu `device`, on its graphics API.
#[cfg(feature = "wgpu")]
fn find_wgpu(device: &cubecl::wgpu::WgpuDevice) -> Result<(), String> {
    let found = match device.backend {
        cubecl::wgpu::WgpuBackend::Auto => cubecl::Device::wgpu(device.kind.clone()),
        backend => cubecl::Device::wgpu(device.kind.clone()).and_then(|d| d.on(backend)),
    };
    found
        .map(|_| ())
        .map_err(|e| format!("no wgpu device {device:?} on this machine: {e}"))
}

/// cubecl's wgpu runtime compiling kernels to SPIR-V, on Vulkan.
#[cfg(feature = "vulkan")]
pub type Spirv = cubecl::wgpu::WgpuRuntime<cubecl::wgpu::vulkan::VkSpirvCompiler>;

#[cfg(feature = "vulkan")]
impl CubeRuntime for Spirv {
    const NAME: &'static str = "vulkan";

    fn default_device() -> cubecl::wgpu::WgpuDevice {
        cubecl::wgpu::WgpuDevice::default().on(cubecl::wgpu::WgpuBackend::Vulkan)
    }

    fn find(device: &cubecl::wgpu::WgpuDevice) -> Result<(), String> {
        find_wgpu(device)
    }

    fn api(device: &cubecl::wgpu::WgpuDevice) -> String {
        wgpu_api(device)
    }
}

/// A device of runtime `R`.
pub struct CubeDevice<R: CubeRuntime> {
    device: R::Device,
    runtime: PhantomData<fn() -> R>,
}

impl<R: CubeRuntime> CubeDevice<R> {
    /// The device `device` of runtime `R`.
    pub fn new(device: R::Device) -> Self {
        CubeDevice {
            device,
            runtime: PhantomData,
        }
    }

    /// The runtime's default device, if the machine has it.
    pub fn available() -> Result<Self, String> {
        let device = R::default_device();
        R::find(&device).map(|()| CubeDevice::new(device))
    }

    /// The runtime's own device.
    pub fn inner(&self) -> &R::Device {
        &self.device
    }

    /// The compute client of the device, created on first use.
    pub fn client(&self) -> Client {
        R::client(&self.device)
    }
}

impl<R: CubeRuntime> Default for CubeDevice<R> {
    fn default() -> Self {
        CubeDevice::new(R::default_device())
    }
}

impl<R: CubeRuntime> Clone for CubeDevice<R> {
    fn clone(&self) -> Self {
        CubeDevice::new(self.device.clone())
    }
}

impl<R: CubeRuntime> PartialEq for CubeDevice<R> {
    fn eq(&self, other: &Self) -> bool {
        self.device == other.device
    }
}

impl<R: CubeRuntime> Eq for CubeDevice<R> {}

impl<R: CubeRuntime> fmt::Debug for CubeDevice<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({:?})", R::NAME, self.device)
    }
}

/// One graphics adapter wgpu finds on this machine.
#[cfg(feature = "wgpu")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adapter {
    /// The graphics API (`Vulkan`, `Gl`, ...).
    pub api: String,
    /// The adapter's name (`llvmpipe (LLVM 15.0.6, 256 bits)` for Mesa's lavapipe).
    pub name: String,
    /// `Cpu` for a software rasterizer, `DiscreteGpu`, `IntegratedGpu`, ...
    pub device_type: String,
}

/// The adapters of each graphics API wgpu finds, in the order cubecl's `Auto`
/// device tries the APIs (Vulkan first): the first adapter listed is the one a
/// default wgpu device runs on.
#[cfg(feature = "wgpu")]
pub fn adapters() -> Vec<Adapter> {
    use cubecl::wgpu::wgpu;
    let mut all = Vec::new();
    for backend in [
        wgpu::Backend::Vulkan,
        wgpu::Backend::Metal,
        wgpu::Backend::Dx12,
        wgpu::Backend::Gl,
    ] {
        let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
            backends: backend.into(),
            ..wgpu::InstanceDescriptor::new_without_display_handle()
        });
        for adapter in cubecl::future::block_on(instance.enumerate_adapters(backend.into())) {
            let info = adapter.get_info();
            all.push(Adapter {
                api: format!("{:?}", info.backend),
                name: info.name,
                device_type: format!("{:?}", info.device_type),
            });
        }
    }
    all
}
