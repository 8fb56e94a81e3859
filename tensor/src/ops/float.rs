//! Methods of `Float` tensors only.

use crate::Tensor;
use crate::bridge::BridgeTensor;
use crate::kind::Float;
use seam_backend::{Backend, UnaryOp};
use seam_dispatch::Dispatch;
use seam_macros::outline;

#[outline(
    erased = BridgeTensor,
    erase = into_bridge,
    erase_ref = as_bridge,
    restore = restore,
    D = rank,
)]
impl<const D: usize> Tensor<D, Float> {
    /// `e^x` for each element.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::zeros([2], &Device::default()).exp();
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![1.0, 1.0]);
    /// ```
    pub fn exp(self) -> Self {
        BridgeTensor::from_dispatch(Dispatch::unary(UnaryOp::Exp, self.into_dispatch()))
    }

    /// The natural logarithm of each element (`NaN` below 0, `-inf` at 0).
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::ones([2], &Device::default()).log();
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![0.0, 0.0]);
    /// ```
    pub fn log(self) -> Self {
        BridgeTensor::from_dispatch(Dispatch::unary(UnaryOp::Log, self.into_dispatch()))
    }
}
