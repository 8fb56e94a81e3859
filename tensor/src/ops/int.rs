//! Methods of `Int` tensors only: creation from integers and ranges.

use crate::bridge::BridgeTensor;
use crate::bridge::Engine;
use crate::check;
use crate::error::OrPanic;
use crate::kind::Int;
use crate::{Device, Tensor};
use core::ops::Range;
use seam_backend::{Backend, TensorData};
use seam_macros::outline;

#[outline]
impl<const D: usize> Tensor<D, Int> {
    /// A tensor holding `data` (nested arrays, a `Vec` or [`TensorData`] of any
    /// dtype), converted to the device's integer dtype ([`Device::int_dtype`]; floats
    /// truncate toward zero, an `i64` past `i32`'s range wraps).
    ///
    /// # Panics
    ///
    /// If the data's rank is not `D`.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<2, Int>::from_ints([[1, 2], [3, 4]], &Device::default());
    /// assert_eq!(t.into_data().to_vec::<i64>().unwrap(), vec![1, 2, 3, 4]);
    /// ```
    #[track_caller]
    pub fn from_ints(data: impl Into<TensorData>, device: &Device) -> Self {
        check::rank("from_ints", data.shape(), D).or_panic();
        let data = data.convert(device.int_dtype());
        BridgeTensor::from_engine(Engine::from_data(data, device.as_dispatch()))
    }

    /// The integers of `range`, in order, as a rank-1 tensor.
    ///
    /// # Panics
    ///
    /// If the integers cannot be allocated (a panic, never an abort).
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<1, Int>::arange(-1..3, &Device::default());
    /// assert_eq!(t.into_data().to_vec::<i64>().unwrap(), vec![-1, 0, 1, 2]);
    /// ```
    #[track_caller]
    pub fn arange(range: Range<i64>, device: &Device) -> Tensor<1, Int> {
        let data = integers(range, 1).convert(device.int_dtype());
        BridgeTensor::from_engine(Engine::from_data(data, device.as_dispatch()))
    }

    /// The integers of `range` taken every `step`, as a rank-1 tensor.
    ///
    /// # Panics
    ///
    /// If `step` is 0, or the integers cannot be allocated (a panic, never an
    /// abort).
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<1, Int>::arange_step(0..7, 3, &Device::default());
    /// assert_eq!(t.into_data().to_vec::<i64>().unwrap(), vec![0, 3, 6]);
    /// ```
    #[track_caller]
    pub fn arange_step(range: Range<i64>, step: usize, device: &Device) -> Tensor<1, Int> {
        check::at_least_one("arange_step", step, || {
            format!("a step of 0 never leaves {range:?}; give a step of 1 or more")
        })
        .or_panic();
        let data = integers(range, step).convert(device.int_dtype());
        BridgeTensor::from_engine(Engine::from_data(data, device.as_dispatch()))
    }
}

/// The integers of `range` taken every `step` (at least 1), as rank-1 data. The
/// count comes first, in `i128` (`end - start` may not fit an `i64`), so that the
/// values are one allocation, which fails with a panic, not an abort.
#[track_caller]
fn integers(range: Range<i64>, step: usize) -> TensorData {
    let n = check::arange_count(&range, step).or_panic();
    let mut values = seam_backend::filled_vec(n, 0i64, &format_args!("the range {range:?}"));
    for (value, i) in values.iter_mut().zip(range.step_by(step)) {
        *value = i;
    }
    TensorData::new(values, [n])
}
