//! What only float tensors do (burn-tensor's `Tensor<D>` blocks of `api/float.rs`).

use crate::check;
use crate::kind::{Basic, Bool, Float, Kind};
use crate::base::created;
use crate::tensor::{Bridge, Tensor, settings};
use burn_backend::ops::{BoolTensorOps, FloatTensorOps};
use burn_backend::TensorMetadata;
use burn_dispatch::Dispatch;
use burn_std::ElementConversion;
use burn_tensor::{Device, TensorData};
use seam_macros::outline;

#[outline]
impl<const D: usize> Tensor<D, Float> {
    /// Element-wise error function.
    pub fn erf(self) -> Self {
        Bridge::new(Kind::Float, Dispatch::float_erf(__self.into_tensor()))
    }

    /// Element-wise `1 / x`.
    pub fn recip(self) -> Self {
        Bridge::new(Kind::Float, Dispatch::float_recip(__self.into_tensor()))
    }

    /// Each element rounded to the nearest integer, halves to even.
    pub fn round(self) -> Self {
        Bridge::new(Kind::Float, Dispatch::float_round(__self.into_tensor()))
    }

    /// Each element rounded down.
    pub fn floor(self) -> Self {
        Bridge::new(Kind::Float, Dispatch::float_floor(__self.into_tensor()))
    }

    /// Each element rounded up.
    pub fn ceil(self) -> Self {
        Bridge::new(Kind::Float, Dispatch::float_ceil(__self.into_tensor()))
    }

    /// A tensor of `floats`, read as `f32`.
    pub fn from_floats<A: Into<TensorData>>(floats: A, device: &Device) -> Self {
        created(Kind::Float, floats.convert::<f32>(), device)
    }

    /// Element-wise `self ^ other`, broadcasting.
    pub fn powf(self, other: Self) -> Self {
        let (a, b) = (__self.into_tensor(), other.into_tensor());
        check::broadcast("powf", &a.shape(), &b.shape());
        Bridge::new(Kind::Float, Dispatch::float_powf(a, b))
    }

    /// Element-wise `self ^ other`, a scalar.
    pub fn powf_scalar<E: ElementConversion>(self, other: E) -> Self {
        let a = __self.into_tensor();
        let other = other.scalar(&a.dtype());
        Bridge::new(Kind::Float, Dispatch::float_powf_scalar(a, other))
    }

    /// Whether each element is NaN.
    pub fn is_nan(self) -> Tensor<D, Bool> {
        let tensor = __self.into_tensor();
        let out = settings(&tensor).bool_dtype;
        Bridge::new(Kind::Bool, Dispatch::float_is_nan(tensor, out))
    }

    /// Whether each element is infinite.
    pub fn is_inf(self) -> Tensor<D, Bool> {
        let tensor = __self.into_tensor();
        let out = settings(&tensor).bool_dtype;
        Bridge::new(Kind::Bool, Dispatch::float_is_inf(tensor, out))
    }

    /// Each element rounded toward zero.
    pub fn trunc(self) -> Self {
        Bridge::new(Kind::Float, Dispatch::float_trunc(__self.into_tensor()))
    }

    /// Whether each element is neither NaN nor infinite.
    pub fn is_finite(self) -> Tensor<D, Bool> {
        let tensor = __self.into_tensor();
        let out = settings(&tensor).bool_dtype;
        let bad = Dispatch::bool_or(
            Dispatch::float_is_nan(tensor.clone(), out),
            Dispatch::float_is_inf(tensor, out),
        );
        Bridge::new(Kind::Bool, Dispatch::bool_not(bad))
    }

    /// Whether any element is NaN, a one-element tensor.
    pub fn contains_nan(self) -> Tensor<1, Bool> {
        let tensor = __self.into_tensor();
        let out = settings(&tensor).bool_dtype;
        Bridge::new(Kind::Bool, Dispatch::bool_any(Dispatch::float_is_nan(tensor, out)))
    }

    /// Element-wise `sqrt(self^2 + other^2)`, broadcasting.
    pub fn hypot(self, other: Self) -> Self {
        let (a, b) = (__self.into_tensor(), other.into_tensor());
        check::broadcast("hypot", &a.shape(), &b.shape());
        let squares = Dispatch::float_add(Dispatch::float_mul(a.clone(), a), Dispatch::float_mul(b.clone(), b));
        Bridge::new(Kind::Float, Dispatch::float_sqrt(squares))
    }

    /// Degrees to radians.
    pub fn deg2rad(self) -> Self {
        let factor = burn_std::Scalar::Float(core::f64::consts::PI / 180.0);
        Bridge::new(Kind::Float, Dispatch::float_mul_scalar(__self.into_tensor(), factor))
    }

    /// Radians to degrees.
    pub fn rad2deg(self) -> Self {
        let factor = burn_std::Scalar::Float(180.0 / core::f64::consts::PI);
        Bridge::new(Kind::Float, Dispatch::float_mul_scalar(__self.into_tensor(), factor))
    }

    /// Whether each element is within `atol + rtol * |other|` of `other`'s (defaults
    /// `DEFAULT_RTOL`, `DEFAULT_ATOL`), or the same infinity.
    pub fn is_close(self, other: Self, rtol: Option<f64>, atol: Option<f64>) -> Tensor<D, Bool> {
        let rtol = rtol.unwrap_or(burn_tensor::DEFAULT_RTOL);
        let atol = atol.unwrap_or(burn_tensor::DEFAULT_ATOL);
        let distance = __self.clone().sub(other.clone()).abs();
        let tolerance = other.clone().abs().mul_scalar(rtol).add_scalar(atol);
        let finite = __self.clone().is_finite().bool_and(other.clone().is_finite());
        let close = distance.lower_equal(tolerance).bool_and(finite.clone());
        close.bool_or(finite.bool_not().bool_and(__self.equal(other)))
    }

    /// Whether every element [`is_close`](Tensor::is_close).
    pub fn all_close(self, other: Self, rtol: Option<f64>, atol: Option<f64>) -> bool {
        let close = __self.is_close(other, rtol, atol).into_tensor();
        let data = <Bool as Basic>::into_data(Dispatch::bool_all(close));
        data.iter::<bool>().next().unwrap_or(true)
    }

    /// The same values, cut from the autodiff graph.
    pub fn detach(self) -> Self {
        Bridge::new(Kind::Float, Dispatch::float_detach(__self.into_tensor()))
    }

    /// The tensor, with its gradient tracked.
    pub fn require_grad(self) -> Self {
        __self.set_require_grad(true)
    }

    /// Whether its gradient is tracked.
    pub fn is_require_grad(&self) -> bool {
        Dispatch::float_is_require_grad(__self.tensor())
    }

    /// The tensor, with its gradient tracked or not.
    pub fn set_require_grad(self, require_grad: bool) -> Self {
        let tensor = __self.into_tensor();
        assert!(
            !require_grad || tensor.autodiff != burn_dispatch::DispatchAutodiffContext::Disabled,
            "set_require_grad: the tensor is not on an autodiff device, so nothing can track its \
             gradient; call `autodiff()` on it (or create it on an autodiff device) first"
        );
        Bridge::new(Kind::Float, Dispatch::float_set_require_grad(tensor, require_grad))
    }
}
