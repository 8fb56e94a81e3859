//! What only integer tensors do (burn-tensor's `api/int.rs`).

use crate::kind::{Int, Kind};
use crate::base::created;
use crate::tensor::{Bridge, Tensor};
use burn_backend::ops::IntTensorOps;
use burn_dispatch::Dispatch;
use burn_tensor::{Device, TensorCreationOptions, TensorData};
use core::ops::Range;
use seam_macros::outline;

#[outline]
impl Tensor<1, Int> {
    /// `range.start, range.start + 1, .., range.end - 1`.
    pub fn arange(range: Range<i64>, options: impl Into<TensorCreationOptions>) -> Self {
        Self::arange_step(range, 1, options)
    }

    /// `range.start, range.start + step, ..` below `range.end`.
    pub fn arange_step(range: Range<i64>, step: usize, options: impl Into<TensorCreationOptions>) -> Self {
        assert!(step > 0, "arange_step: a step of 0 never reaches the end of {range:?}; pass a step of 1 or more");
        let device = options.device.as_dispatch();
        let dtype = options
            .dtype
            .map(Into::into)
            .unwrap_or_else(|| burn_backend::get_or_init_device_settings::<Dispatch>(device).int_dtype);
        Bridge::new(Kind::Int, Dispatch::int_arange_step(range, step, device, dtype))
    }
}

#[outline]
impl<const D: usize> Tensor<D, Int> {
    /// A tensor of `ints`, read as `i64`.
    pub fn from_ints<A: Into<TensorData>>(ints: A, device: &Device) -> Self {
        created(Kind::Int, ints.convert::<i64>(), device)
    }
}
