//! [`DeviceInfo`]: what a device is and which dtypes it can hold.

use crate::DType;
use core::fmt;

/// What a backend found behind one of its devices: the graphics API and adapter it
/// runs on, and the dtypes its tensors can have there. A GPU adapter may lack `f64`
/// or `i64` (OpenGL has neither: its integers are `i32`, [`DeviceInfo::int_dtype`]);
/// an op on a dtype the device lacks panics, naming both.
///
/// ```
/// use seam_backend::{DType, DeviceInfo};
/// let info = DeviceInfo::new("wgpu", "Gl", "llvmpipe", [DType::F32, DType::I32, DType::Bool]);
/// assert!(info.supports(DType::F32));
/// assert_eq!(info.missing(), [DType::F64, DType::I64]);
/// assert_eq!(info.to_string(), "wgpu on Gl, adapter llvmpipe: f32, i32, bool (no f64, i64)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceInfo {
    /// The backend's name (`"cpu"`, `"wgpu"`, `"vulkan"`).
    pub backend: &'static str,
    /// The graphics API the device runs on (`"Vulkan"`, `"Gl"`, `"Metal"`, ...), or
    /// `"host"` for the CPU backend.
    pub api: String,
    /// The adapter as it names itself (`"llvmpipe (LLVM 15.0.6, 256 bits)"` for Mesa's
    /// software rasterizers), or the CPU backend's own description.
    pub adapter: String,
    /// The dtypes the device can hold, in [`DType::ALL`]'s order.
    pub dtypes: Vec<DType>,
}

impl DeviceInfo {
    /// A description of a device of `backend` on `api` and `adapter` holding `dtypes`
    /// (put in [`DType::ALL`]'s order).
    pub fn new(
        backend: &'static str,
        api: impl Into<String>,
        adapter: impl Into<String>,
        dtypes: impl IntoIterator<Item = DType>,
    ) -> Self {
        let dtypes: Vec<DType> = dtypes.into_iter().collect();
        DeviceInfo {
            backend,
            api: api.into(),
            adapter: adapter.into(),
            dtypes: DType::ALL.into_iter().filter(|d| dtypes.contains(d)).collect(),
        }
    }

    /// Whether the device can hold tensors of `dtype`.
    pub fn supports(&self, dtype: DType) -> bool {
        self.dtypes.contains(&dtype)
    }

    /// The integer dtype the device's integer results get where no other is asked
    /// for (the indices of `argmax`): `i64` where it holds `i64`, else `i32`; `None`
    /// on a device with neither.
    ///
    /// ```
    /// use seam_backend::{DType, DeviceInfo};
    /// let gl = DeviceInfo::new("wgpu", "Gl", "llvmpipe", [DType::F32, DType::I32, DType::Bool]);
    /// assert_eq!(gl.int_dtype(), Some(DType::I32));
    /// let cpu = DeviceInfo::new("cpu", "host", "x86_64", DType::ALL);
    /// assert_eq!(cpu.int_dtype(), Some(DType::I64));
    /// ```
    pub fn int_dtype(&self) -> Option<DType> {
        [DType::I64, DType::I32].into_iter().find(|&d| self.supports(d))
    }

    /// The dtypes the device cannot hold, in [`DType::ALL`]'s order.
    pub fn missing(&self) -> Vec<DType> {
        DType::ALL.into_iter().filter(|&d| !self.supports(d)).collect()
    }
}

impl fmt::Display for DeviceInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |dtypes: &[DType]| dtypes.iter().map(|d| d.name()).collect::<Vec<_>>().join(", ");
        write!(
            f,
            "{} on {}, adapter {}: {}",
            self.backend,
            self.api,
            self.adapter,
            list(&self.dtypes)
        )?;
        let missing = self.missing();
        if !missing.is_empty() {
            write!(f, " (no {})", list(&missing))?;
        }
        Ok(())
    }
}
