//! Devices (burn-tensor's `device.rs`): which backend runs a tensor, chosen at run time,
//! and that backend's settings, seed, memory and profiling. One `Device` type for every
//! backend: it holds burn-dispatch's `DispatchDevice` in fixed-size slots, so no
//! backend type appears in the code that passes devices around.

use burn_backend::{Backend, DeviceOps};
use burn_dispatch::{Dispatch, DispatchDevice, DispatchDeviceId};
use burn_std::{BoolDType, DType, FloatDType, IntDType, TensorData};
use seam_macros::opaque;

pub use burn_backend::{MemoryPoolUsage, ProfileDuration, ProfileOptions, ProfileTicks, SlicedPoolReport, TimingMethod};
#[cfg(feature = "cubecl")]
pub use burn_backend::cubecl::{
    AdapterLuid, DeviceIdentity, MemoryAccess, PciAddress, PciVendor, PhysicalDevice, ThroughputError, ThroughputKey,
    ThroughputMode, ThroughputValue,
};
#[cfg(feature = "autodiff")]
use burn_dispatch::GradientCheckpointingStrategy;
#[cfg(feature = "capture")]
pub use burn_dispatch::backends::capture::{CaptureError, CaptureScope, CapturedGraph, CompletedCaptureScope, TensorId};
pub use burn_std::{DeviceError, DeviceSettings, ExecutionError, backtrace::BackTrace, device::DeviceId};

// ---- BEGIN BOUNDARY ----
/// The device a tensor lives on: a backend (flex, CUDA, wgpu, ...), with or without
/// autodiff. Its constructors exist with their backend's feature; `Device::default()`
/// is the first backend enabled, as burn-dispatch orders them.
#[derive(Clone)]
pub struct Device(Stored);

/// The dispatch device in fixed-size slots (a type of its own: `#[opaque]`'s accessors
/// would clash with Burn's `Device::inner`).
#[opaque(Send, Sync, off_if(feature = "boundary-off"))]
#[derive(Clone)]
struct Stored(DispatchDevice);
// ---- END BOUNDARY ----

impl Default for Device {
    fn default() -> Self {
        Self::new(DispatchDevice::default())
    }
}

impl core::fmt::Debug for Device {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Device<{:?}>", self.as_dispatch())
    }
}

/// Two devices are equal when they are the same hardware: autodiff and checkpointing
/// are not compared.
impl PartialEq for Device {
    fn eq(&self, other: &Self) -> bool {
        self.as_dispatch() == other.as_dispatch()
    }
}

impl Eq for Device {}

impl<D: Into<DispatchDevice>> From<D> for Device {
    fn from(device: D) -> Self {
        Self::new(device)
    }
}

/// Which of a backend's numbered devices: a number, or the backend's own choice (0).
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, Default)]
pub enum DeviceIndex {
    /// The device of this number.
    Specified(usize),
    /// The backend's choice.
    #[default]
    Default,
}

impl DeviceIndex {
    /// The device of number `index`.
    pub fn new(index: impl Into<usize>) -> Self {
        Self::Specified(index.into())
    }

    /// The number, the backend's choice being 0.
    #[allow(dead_code)] // read only by the constructors of numbered backends
    fn number(self) -> usize {
        match self {
            Self::Specified(i) => i,
            Self::Default => 0,
        }
    }
}

macro_rules! device_index_from {
    ($($unsigned:ty),* ; $($signed:ty),*) => {
        $(impl From<$unsigned> for DeviceIndex {
            fn from(i: $unsigned) -> Self {
                Self::Specified(i as usize)
            }
        })*
        $(impl From<$signed> for DeviceIndex {
            /// Panics on a negative number.
            fn from(i: $signed) -> Self {
                Self::Specified(usize::try_from(i).expect("a device index is not negative"))
            }
        })*
    };
}
device_index_from!(usize, u32, u64; i32, i64);

/// Which wgpu adapter (`Device::wgpu` and the graphics APIs'): the n-th of a type, the
/// CPU, the default, or one an application created.
#[derive(Clone, Debug, Hash, PartialEq, Eq, Default)]
pub enum DeviceKind {
    /// The n-th discrete GPU.
    DiscreteGpu(usize),
    /// The n-th integrated GPU.
    IntegratedGpu(usize),
    /// The n-th virtual GPU.
    VirtualGpu(usize),
    /// The CPU adapter.
    Cpu,
    /// The adapter wgpu picks.
    #[default]
    DefaultDevice,
    /// An adapter registered by the application, by id.
    Existing(u32),
}

/// The constructors, one per backend feature.
impl Device {
    /// A device wrapping burn-dispatch's device (or anything that converts into one).
    pub fn new(device: impl Into<DispatchDevice>) -> Self {
        Self(Stored::from_inner(device.into()))
    }

    /// burn-dispatch's device, borrowed: for backend-extension authors.
    pub fn as_dispatch(&self) -> &DispatchDevice {
        self.0.inner()
    }

    /// burn-dispatch's device.
    pub(crate) fn into_dispatch(self) -> DispatchDevice {
        self.0.into_inner()
    }

    /// The pure-Rust CPU backend.
    pub fn flex() -> Self {
        Self::new(burn_dispatch::devices::FlexDevice)
    }

    /// CubeCL's CPU runtime.
    #[cfg(feature = "cpu")]
    pub fn cpu() -> Self {
        Self::new(burn_dispatch::devices::CpuDevice::default())
    }

    /// A CUDA device.
    #[cfg(feature = "cuda")]
    pub fn cuda(index: impl Into<DeviceIndex>) -> Self {
        Self::new(burn_dispatch::devices::CudaDevice::new(index.into().number()))
    }

    /// A ROCm (HIP) device.
    #[cfg(feature = "rocm")]
    pub fn rocm(index: impl Into<DeviceIndex>) -> Self {
        Self::new(burn_dispatch::devices::RocmDevice::new(index.into().number()))
    }

    /// A wgpu adapter on the graphics API wgpu chooses.
    #[cfg(feature = "wgpu")]
    pub fn wgpu(kind: DeviceKind) -> Self {
        Self::new(wgpu_device(kind, burn_dispatch::devices::WgpuBackend::Auto))
    }

    /// A wgpu adapter on Vulkan.
    #[cfg(feature = "vulkan")]
    pub fn vulkan(kind: DeviceKind) -> Self {
        Self::new(wgpu_device(kind, burn_dispatch::devices::WgpuBackend::Vulkan))
    }

    /// A wgpu adapter on Metal.
    #[cfg(feature = "metal")]
    pub fn metal(kind: DeviceKind) -> Self {
        Self::new(wgpu_device(kind, burn_dispatch::devices::WgpuBackend::Metal))
    }

    /// A wgpu adapter on WebGPU.
    #[cfg(feature = "webgpu")]
    pub fn webgpu(kind: DeviceKind) -> Self {
        Self::new(wgpu_device(kind, burn_dispatch::devices::WgpuBackend::WebGpu))
    }

    /// The ndarray backend (deprecated in Burn 0.22 for flex).
    #[cfg(feature = "ndarray")]
    #[deprecated(since = "0.22.0", note = "burn-ndarray is deprecated: use `Device::flex()`")]
    #[allow(deprecated)]
    pub fn ndarray() -> Self {
        Self::new(burn_dispatch::devices::NdArrayDevice::default())
    }

    /// LibTorch on the CPU (deprecated in Burn 0.22).
    #[cfg(feature = "tch")]
    #[deprecated(since = "0.22.0", note = "burn-tch is deprecated: use a CubeCL backend or `Device::flex()`")]
    #[allow(deprecated)]
    pub fn libtorch() -> Self {
        Self::new(burn_dispatch::devices::LibTorchDevice::Cpu)
    }

    /// LibTorch on a CUDA device (deprecated in Burn 0.22).
    #[cfg(feature = "tch")]
    #[deprecated(since = "0.22.0", note = "burn-tch is deprecated: use `Device::cuda`")]
    #[allow(deprecated)]
    pub fn libtorch_cuda(index: impl Into<DeviceIndex>) -> Self {
        Self::new(burn_dispatch::devices::LibTorchDevice::Cuda(index.into().number()))
    }

    /// LibTorch on Apple's MPS (deprecated in Burn 0.22).
    #[cfg(feature = "tch")]
    #[deprecated(since = "0.22.0", note = "burn-tch is deprecated: use `Device::metal`")]
    #[allow(deprecated)]
    pub fn libtorch_mps() -> Self {
        Self::new(burn_dispatch::devices::LibTorchDevice::Mps)
    }

    /// LibTorch on Vulkan (deprecated in Burn 0.22).
    #[cfg(feature = "tch")]
    #[deprecated(since = "0.22.0", note = "burn-tch is deprecated: use `Device::vulkan`")]
    #[allow(deprecated)]
    pub fn libtorch_vulkan() -> Self {
        Self::new(burn_dispatch::devices::LibTorchDevice::Vulkan)
    }

    /// A device that records the ops run on it as a graph instead of running them.
    #[cfg(feature = "capture")]
    pub fn capture() -> Self {
        Self::new(DispatchDevice::capture())
    }

    /// Runs `capture` on this capture device and returns the graph it recorded;
    /// `CaptureError::InvalidDevice` on any other device.
    #[cfg(feature = "capture")]
    pub fn capture_scope(
        &self,
        capture: impl FnOnce(CaptureScope) -> CompletedCaptureScope,
    ) -> Result<CapturedGraph, CaptureError> {
        match self.as_dispatch() {
            DispatchDevice::Capture(device) => device.capture_scope(capture),
            #[allow(unreachable_patterns)] // capture may be the one backend enabled
            _ => Err(CaptureError::InvalidDevice),
        }
    }
}

/// Autodiff: whether tensors created on the device record their gradients.
impl Device {
    /// The same device, recording gradients (a device already recording them is kept,
    /// with its checkpointing).
    #[cfg(feature = "autodiff")]
    #[must_use]
    pub fn autodiff(self) -> Self {
        match self.into_dispatch() {
            device @ DispatchDevice::Autodiff(_) => Self::new(device),
            other => Self::new(DispatchDevice::autodiff(other)),
        }
    }

    /// The checkpointing strategy of an autodiff device; `None` without autodiff.
    #[cfg(feature = "autodiff")]
    pub fn gradient_checkpointing_strategy(&self) -> Option<GradientCheckpointingStrategy> {
        match self.as_dispatch() {
            DispatchDevice::Autodiff(device) => Some(device.gradient_checkpointing_strategy()),
            _ => None,
        }
    }

    /// The same autodiff device, recomputing cheap ops in the backward pass instead of
    /// keeping their outputs. Panics on a device without autodiff.
    #[cfg(feature = "autodiff")]
    #[must_use]
    pub fn gradient_checkpointing(self) -> Self {
        self.checkpointed(GradientCheckpointingStrategy::Balanced)
    }

    #[cfg(feature = "autodiff")]
    fn checkpointed(self, strategy: GradientCheckpointingStrategy) -> Self {
        match self.into_dispatch() {
            DispatchDevice::Autodiff(device) => {
                Self::new(DispatchDevice::autodiff_with_gradient_checkpointing(device.inner(), strategy))
            }
            _ => crate::check::checkpointing_device("gradient_checkpointing"),
        }
    }

    /// The same device, recording no gradients.
    #[must_use]
    pub fn without_autodiff(self) -> Self {
        if self.is_autodiff() { Self::new(self.into_dispatch().inner()) } else { self }
    }

    /// This device with `source`'s autodiff and checkpointing (what moving a tensor to
    /// a device keeps).
    #[doc(hidden)]
    #[must_use]
    pub fn with_autodiff_context_from(self, source: &Self) -> Self {
        #[cfg(feature = "autodiff")]
        match source.gradient_checkpointing_strategy() {
            Some(strategy) => self.autodiff().checkpointed(strategy),
            None => self.without_autodiff(),
        }
        #[cfg(not(feature = "autodiff"))]
        {
            let _ = source;
            self
        }
    }

    /// The device without autodiff (as [`Device::without_autodiff`]).
    #[must_use]
    pub fn inner(self) -> Self {
        self.without_autodiff()
    }

    /// Whether tensors created on the device record gradients.
    pub fn is_autodiff(&self) -> bool {
        Dispatch::ad_enabled(self.as_dispatch())
    }
}

/// Running, memory and settings.
impl Device {
    /// Waits for the work queued on the device to finish.
    pub fn sync(&self) -> Result<(), ExecutionError> {
        Dispatch::sync(self.as_dispatch())
    }

    /// Submits the work queued on the device, without waiting for it.
    pub fn flush(&self) -> Result<(), ExecutionError> {
        Dispatch::flush(self.as_dispatch())
    }

    /// Runs `func` and measures the device's time for it.
    pub fn profile<O: Send + 'static>(
        &self,
        func: impl FnOnce() -> O + Send,
    ) -> Result<(O, ProfileDuration), ExecutionError> {
        self.profile_with(ProfileOptions::default(), func)
    }

    /// [`Device::profile`] with options.
    pub fn profile_with<O: Send + 'static>(
        &self,
        options: ProfileOptions,
        func: impl FnOnce() -> O + Send,
    ) -> Result<(O, ProfileDuration), ExecutionError> {
        Dispatch::profile(self.as_dispatch(), options, func)
    }

    /// Seeds the device's random number generator.
    pub fn seed(&self, seed: u64) {
        Dispatch::seed(self.as_dispatch(), seed)
    }

    /// Whether the device holds tensors of `dtype`.
    pub fn supports_dtype(&self, dtype: impl Into<DType>) -> bool {
        Dispatch::supports_dtype(self.as_dispatch(), dtype.into())
    }

    /// Runs `func` on `input` with the memory it allocates kept for the device's life.
    pub fn memory_persistent_allocations<Output: Send, Input: Send, Func: Fn(Input) -> Output + Send>(
        &self,
        input: Input,
        func: Func,
    ) -> Output {
        Dispatch::memory_persistent_allocations(self.as_dispatch(), input, func)
    }

    /// Frees the memory the device holds and no tensor uses.
    pub fn memory_cleanup(&self) {
        Dispatch::memory_cleanup(self.as_dispatch());
    }

    /// The device's memory pools, where the backend reports them.
    pub fn memory_pool_report(&self) -> Option<Vec<SlicedPoolReport>> {
        Dispatch::memory_pool_report(self.as_dispatch())
    }

    /// The device's memory use, where the backend reports it.
    pub fn memory_pool_usage(&self) -> Option<MemoryPoolUsage> {
        Dispatch::memory_pool_usage(self.as_dispatch())
    }

    /// Moves `data` to memory the device reads fast from, where it has such memory.
    pub fn staging<'a, Iter>(&self, data: Iter)
    where
        Iter: Iterator<Item = &'a mut TensorData>,
    {
        Dispatch::staging(data, self.as_dispatch());
    }

    /// The device's dtypes now (the backend's defaults until configured).
    pub fn settings(&self) -> DeviceSettings {
        burn_backend::get_device_settings::<Dispatch>(self.as_dispatch())
    }

    /// The dtypes of tensors created on the device without one, fixed on first use.
    pub(crate) fn settings_in_use(&self) -> DeviceSettings {
        burn_backend::get_or_init_device_settings::<Dispatch>(self.as_dispatch())
    }

    /// Sets the dtypes new tensors get on this device (those `config` leaves unset are
    /// the backend's defaults). An error once the device's settings are in use.
    pub fn configure(&mut self, config: impl Into<DeviceConfig>) -> Result<(), DeviceError> {
        let config = config.into();
        let defaults = self.as_dispatch().defaults();
        burn_backend::set_default_dtypes::<Dispatch>(
            self.as_dispatch(),
            config.float_dtype.unwrap_or(defaults.float_dtype),
            config.int_dtype.unwrap_or(defaults.int_dtype),
            config.bool_dtype.unwrap_or(defaults.bool_dtype),
        )
    }
}

/// Finding devices.
impl Device {
    /// The devices of the backends `filter` names, as the backends list them.
    pub fn enumerate(filter: impl Into<DeviceFilter>) -> Devices {
        let mut devices = Vec::new();
        for device_type in filter.into() {
            let id = match device_type {
                // The cubecl runtimes are one dispatch backend: list the runtime asked for.
                #[cfg(feature = "cpu")]
                DeviceType::Cpu => {
                    push_cube(&mut devices, burn_dispatch::devices::RuntimeId::Cpu);
                    continue;
                }
                #[cfg(feature = "cuda")]
                DeviceType::Cuda => {
                    push_cube(&mut devices, burn_dispatch::devices::RuntimeId::Cuda);
                    continue;
                }
                #[cfg(feature = "rocm")]
                DeviceType::Rocm => {
                    push_cube(&mut devices, burn_dispatch::devices::RuntimeId::Hip);
                    continue;
                }
                #[cfg(feature = "wgpu")]
                DeviceType::Wgpu => {
                    push_cube(&mut devices, burn_dispatch::devices::RuntimeId::Wgpu);
                    continue;
                }
                #[cfg(feature = "metal")]
                DeviceType::Metal => {
                    push_wgpu(&mut devices, burn_dispatch::devices::WgpuBackend::Metal);
                    continue;
                }
                #[cfg(feature = "vulkan")]
                DeviceType::Vulkan => {
                    push_wgpu(&mut devices, burn_dispatch::devices::WgpuBackend::Vulkan);
                    continue;
                }
                #[cfg(feature = "webgpu")]
                DeviceType::WebGpu => {
                    push_wgpu(&mut devices, burn_dispatch::devices::WgpuBackend::WebGpu);
                    continue;
                }
                DeviceType::Flex => DispatchDeviceId::Flex,
                #[cfg(feature = "ndarray")]
                DeviceType::NdArray => DispatchDeviceId::NdArray,
                #[cfg(feature = "tch")]
                DeviceType::LibTorch => DispatchDeviceId::LibTorch,
            };
            devices.extend(Dispatch::enumerate(id).into_iter().map(Device::new));
        }
        Devices(devices)
    }

    /// The device's hardware identity (name, PCI address, ...), where the runtime
    /// reports one.
    #[cfg(feature = "cubecl")]
    pub fn identity(&self) -> Option<DeviceIdentity> {
        self.as_dispatch().identity()
    }

    /// The measured throughputs of `keys` on the device.
    #[cfg(feature = "cubecl")]
    pub fn performance_stats(&self, keys: &[ThroughputKey]) -> Vec<ThroughputStat> {
        let values = self.as_dispatch().performance_stats(keys);
        values.into_iter().zip(keys.iter().copied()).map(|(value, key)| ThroughputStat { key, value }).collect()
    }
}

/// One measured throughput of [`Device::performance_stats`].
#[cfg(feature = "cubecl")]
#[derive(Debug, Clone)]
pub struct ThroughputStat {
    /// What was measured.
    pub key: ThroughputKey,
    /// The measure, or why there is none.
    pub value: Result<ThroughputValue, ThroughputError>,
}

#[cfg(any(feature = "cpu", feature = "cuda", feature = "rocm", feature = "wgpu"))]
fn push_cube(devices: &mut Vec<Device>, runtime: burn_dispatch::devices::RuntimeId) {
    for device in Dispatch::enumerate_cube(runtime).into_iter().map(Device::new) {
        if !devices.contains(&device) {
            devices.push(device);
        }
    }
}

/// The adapters of each kind on one graphics API.
#[cfg(any(feature = "metal", feature = "vulkan", feature = "webgpu"))]
fn push_wgpu(devices: &mut Vec<Device>, backend: burn_dispatch::devices::WgpuBackend) {
    use burn_dispatch::devices::{CubeDevice, WgpuDevice, WgpuDeviceKind};
    let kinds = [
        WgpuDeviceKind::DiscreteGpu(0),
        WgpuDeviceKind::IntegratedGpu(0),
        WgpuDeviceKind::VirtualGpu(0),
        WgpuDeviceKind::Cpu,
        WgpuDeviceKind::Other(0),
    ];
    for kind in kinds {
        let first = CubeDevice::Wgpu(WgpuDevice::new(kind).on(backend));
        for id in CubeDevice::enumerate(first.to_id()) {
            let device = Device::new(CubeDevice::from_id(id));
            if !devices.contains(&device) {
                devices.push(device);
            }
        }
    }
}

#[cfg(feature = "wgpu")]
fn wgpu_device(kind: DeviceKind, backend: burn_dispatch::devices::WgpuBackend) -> burn_dispatch::devices::WgpuDevice {
    use burn_dispatch::devices::{WgpuDevice, WgpuDeviceKind};
    let kind = match kind {
        DeviceKind::DiscreteGpu(i) => WgpuDeviceKind::DiscreteGpu(i),
        DeviceKind::IntegratedGpu(i) => WgpuDeviceKind::IntegratedGpu(i),
        DeviceKind::VirtualGpu(i) => WgpuDeviceKind::VirtualGpu(i),
        DeviceKind::Cpu => WgpuDeviceKind::Cpu,
        DeviceKind::DefaultDevice => WgpuDeviceKind::DefaultDevice,
        DeviceKind::Existing(id) => WgpuDeviceKind::Existing(id),
    };
    WgpuDevice::new(kind).on(backend)
}

/// A backend to list the devices of ([`Device::enumerate`]).
#[allow(missing_docs)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeviceType {
    #[cfg(feature = "cpu")]
    Cpu,
    #[cfg(feature = "cuda")]
    Cuda,
    #[cfg(feature = "rocm")]
    Rocm,
    #[cfg(feature = "wgpu")]
    Wgpu,
    #[cfg(feature = "metal")]
    Metal,
    #[cfg(feature = "vulkan")]
    Vulkan,
    #[cfg(feature = "webgpu")]
    WebGpu,
    Flex,
    #[cfg(feature = "ndarray")]
    NdArray,
    #[cfg(feature = "tch")]
    LibTorch,
}

/// The backends to list the devices of: `DeviceType::Flex | DeviceType::Cuda`.
#[derive(Debug, Clone, Default)]
pub struct DeviceFilter(Vec<DeviceType>);

impl DeviceFilter {
    /// No backend.
    pub fn new() -> Self {
        Self::default()
    }

    /// The filter and `device_type`.
    pub fn with(mut self, device_type: DeviceType) -> Self {
        self.0.push(device_type);
        self
    }
}

impl From<DeviceType> for DeviceFilter {
    fn from(device_type: DeviceType) -> Self {
        Self(vec![device_type])
    }
}

impl From<Vec<DeviceType>> for DeviceFilter {
    fn from(types: Vec<DeviceType>) -> Self {
        Self(types)
    }
}

impl IntoIterator for DeviceFilter {
    type Item = DeviceType;
    type IntoIter = std::vec::IntoIter<DeviceType>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl core::ops::BitOr for DeviceType {
    type Output = DeviceFilter;
    fn bitor(self, rhs: Self) -> DeviceFilter {
        DeviceFilter(vec![self, rhs])
    }
}

impl core::ops::BitOr<DeviceType> for DeviceFilter {
    type Output = DeviceFilter;
    fn bitor(self, rhs: DeviceType) -> DeviceFilter {
        self.with(rhs)
    }
}

/// The dtypes [`Device::configure`] sets; `None` keeps the backend's default.
#[derive(Debug, Clone, Default)]
pub struct DeviceConfig {
    /// The dtype of float tensors.
    pub float_dtype: Option<FloatDType>,
    /// The dtype of int tensors.
    pub int_dtype: Option<IntDType>,
    /// The dtype of bool tensors.
    pub bool_dtype: Option<BoolDType>,
}

impl DeviceConfig {
    /// A configuration of the three dtypes.
    pub fn new(float_dtype: Option<FloatDType>, int_dtype: Option<IntDType>, bool_dtype: Option<BoolDType>) -> Self {
        Self { float_dtype, int_dtype, bool_dtype }
    }

    /// The configuration with float tensors at `dtype`.
    pub fn float_dtype(mut self, dtype: impl Into<FloatDType>) -> Self {
        self.float_dtype = Some(dtype.into());
        self
    }

    /// The configuration with int tensors at `dtype`.
    pub fn int_dtype(mut self, dtype: impl Into<IntDType>) -> Self {
        self.int_dtype = Some(dtype.into());
        self
    }

    /// The configuration with bool tensors at `dtype`.
    pub fn bool_dtype(mut self, dtype: impl Into<BoolDType>) -> Self {
        self.bool_dtype = Some(dtype.into());
        self
    }
}

impl From<FloatDType> for DeviceConfig {
    fn from(dtype: FloatDType) -> Self {
        Self::default().float_dtype(dtype)
    }
}

impl From<IntDType> for DeviceConfig {
    fn from(dtype: IntDType) -> Self {
        Self::default().int_dtype(dtype)
    }
}

impl From<BoolDType> for DeviceConfig {
    fn from(dtype: BoolDType) -> Self {
        Self::default().bool_dtype(dtype)
    }
}

impl From<(FloatDType, IntDType)> for DeviceConfig {
    fn from((float, int): (FloatDType, IntDType)) -> Self {
        Self::default().float_dtype(float).int_dtype(int)
    }
}

/// The devices [`Device::enumerate`] found (a slice by `Deref`).
#[derive(Debug, Clone)]
pub struct Devices(Vec<Device>);

impl Devices {
    /// The same devices, recording gradients.
    #[cfg(feature = "autodiff")]
    #[must_use]
    pub fn autodiff(self) -> Self {
        self.into_iter().map(Device::autodiff).collect()
    }

    /// The same devices, recording no gradients.
    #[must_use]
    pub fn without_autodiff(self) -> Self {
        self.into_iter().map(Device::without_autodiff).collect()
    }

    /// Configures every device (see [`Device::configure`]); stops at the first error.
    pub fn configure(&mut self, config: impl Into<DeviceConfig>) -> Result<(), DeviceError> {
        let config = config.into();
        self.0.iter_mut().try_for_each(|device| device.configure(config.clone()))
    }

    /// The devices.
    pub fn into_vec(self) -> Vec<Device> {
        self.0
    }
}

impl FromIterator<Device> for Devices {
    fn from_iter<I: IntoIterator<Item = Device>>(devices: I) -> Self {
        Self(devices.into_iter().collect())
    }
}

impl IntoIterator for Devices {
    type Item = Device;
    type IntoIter = std::vec::IntoIter<Device>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl core::ops::Deref for Devices {
    type Target = [Device];
    fn deref(&self) -> &[Device] {
        &self.0
    }
}
