//! Methods of `Bool` tensors only: creation from booleans and logic.

use crate::bridge::BridgeTensor;
use crate::bridge::Engine;
use crate::check;
use crate::error::OrPanic;
use crate::kind::Bool;
use crate::{Device, Tensor};
use seam_backend::{Backend, CompareOp, DType, Scalar, Shape, TensorData};
use seam_macros::outline;

#[outline]
impl<const D: usize> Tensor<D, Bool> {
    /// A tensor holding `data` (nested arrays, a `Vec` or [`TensorData`] of any
    /// dtype), converted to `bool` (numbers are "not zero").
    ///
    /// # Panics
    ///
    /// If the data's rank is not `D`.
    ///
    /// ```
    /// use seam_tensor::{Bool, Device, Tensor};
    /// let t = Tensor::<1, Bool>::from_bools([true, false], &Device::default());
    /// assert_eq!(t.into_data().to_vec::<bool>().unwrap(), vec![true, false]);
    /// ```
    #[track_caller]
    pub fn from_bools(data: impl Into<TensorData>, device: &Device) -> Self {
        check::rank("from_bools", data.shape(), D).or_panic();
        let data = data.convert(DType::Bool);
        BridgeTensor::from_engine(Engine::from_data(data, device.as_dispatch()))
    }

    /// `self && rhs` for each element, broadcasting dims of size 1.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast.
    ///
    /// ```
    /// use seam_tensor::{Bool, Device, Tensor};
    /// let d = Device::default();
    /// let a = Tensor::<1, Bool>::from_bools([true, true, false], &d);
    /// let b = Tensor::<1, Bool>::from_bools([true, false, false], &d);
    /// assert_eq!(a.bool_and(b).into_data().to_vec::<bool>().unwrap(), vec![true, false, false]);
    /// ```
    #[track_caller]
    pub fn bool_and(self, rhs: Self) -> Self {
        // `rhs` where `self` holds, `false` elsewhere.
        check::broadcasts("bool_and", self.shape().dims(), rhs.shape().dims()).or_panic();
        let no = Engine::full(
            Shape::new(vec![1; D]),
            Scalar::Bool(false),
            DType::Bool,
            &Engine::device(self.as_engine()),
        );
        BridgeTensor::from_engine(Engine::mask_where(self.into_engine(), rhs.into_engine(), no))
    }

    /// `self || rhs` for each element, broadcasting dims of size 1.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast.
    ///
    /// ```
    /// use seam_tensor::{Bool, Device, Tensor};
    /// let d = Device::default();
    /// let a = Tensor::<1, Bool>::from_bools([true, false, false], &d);
    /// let b = Tensor::<1, Bool>::from_bools([false, true, false], &d);
    /// assert_eq!(a.bool_or(b).into_data().to_vec::<bool>().unwrap(), vec![true, true, false]);
    /// ```
    #[track_caller]
    pub fn bool_or(self, rhs: Self) -> Self {
        // `true` where `self` holds, `rhs` elsewhere.
        check::broadcasts("bool_or", self.shape().dims(), rhs.shape().dims()).or_panic();
        let yes = Engine::full(
            Shape::new(vec![1; D]),
            Scalar::Bool(true),
            DType::Bool,
            &Engine::device(self.as_engine()),
        );
        BridgeTensor::from_engine(Engine::mask_where(self.into_engine(), yes, rhs.into_engine()))
    }

    /// `!self` for each element.
    ///
    /// ```
    /// use seam_tensor::{Bool, Device, Tensor};
    /// let t = Tensor::<1, Bool>::from_bools([true, false], &Device::default()).bool_not();
    /// assert_eq!(t.into_data().to_vec::<bool>().unwrap(), vec![false, true]);
    /// ```
    pub fn bool_not(self) -> Self {
        BridgeTensor::from_engine(Engine::compare_scalar(
            CompareOp::Equal,
            self.into_engine(),
            Scalar::Bool(false),
        ))
    }
}
