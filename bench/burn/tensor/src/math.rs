//! Floating-point math on the kinds that have it (burn-tensor's `FloatMath` block of
//! `api/float.rs`): `Float` alone today, dispatched like the numeric ops.

use crate::check;
use crate::kind::FloatMath;
use crate::tensor::{Bridge, Tensor};
use seam_macros::outline;

#[outline]
impl<const D: usize, K: FloatMath> Tensor<D, K> {
    /// Element-wise `e^x`.
    pub fn exp(self) -> Self {
        Bridge::new(K::KIND, K::exp(self.into_tensor()))
    }

    /// Element-wise `ln(1 + x)`.
    pub fn log1p(self) -> Self {
        Bridge::new(K::KIND, K::log1p(self.into_tensor()))
    }

    /// Element-wise natural logarithm.
    pub fn log(self) -> Self {
        Bridge::new(K::KIND, K::log(self.into_tensor()))
    }

    /// Element-wise square root.
    pub fn sqrt(self) -> Self {
        Bridge::new(K::KIND, K::sqrt(self.into_tensor()))
    }

    /// Element-wise cosine.
    pub fn cos(self) -> Self {
        Bridge::new(K::KIND, K::cos(self.into_tensor()))
    }

    /// Element-wise sine.
    pub fn sin(self) -> Self {
        Bridge::new(K::KIND, K::sin(self.into_tensor()))
    }

    /// Element-wise tangent.
    pub fn tan(self) -> Self {
        Bridge::new(K::KIND, K::tan(self.into_tensor()))
    }

    /// Element-wise hyperbolic cosine.
    pub fn cosh(self) -> Self {
        Bridge::new(K::KIND, K::cosh(self.into_tensor()))
    }

    /// Element-wise hyperbolic sine.
    pub fn sinh(self) -> Self {
        Bridge::new(K::KIND, K::sinh(self.into_tensor()))
    }

    /// Element-wise hyperbolic tangent.
    pub fn tanh(self) -> Self {
        Bridge::new(K::KIND, K::tanh(self.into_tensor()))
    }

    /// Element-wise arccosine.
    pub fn acos(self) -> Self {
        Bridge::new(K::KIND, K::acos(self.into_tensor()))
    }

    /// Element-wise inverse hyperbolic cosine.
    pub fn acosh(self) -> Self {
        Bridge::new(K::KIND, K::acosh(self.into_tensor()))
    }

    /// Element-wise arcsine.
    pub fn asin(self) -> Self {
        Bridge::new(K::KIND, K::asin(self.into_tensor()))
    }

    /// Element-wise inverse hyperbolic sine.
    pub fn asinh(self) -> Self {
        Bridge::new(K::KIND, K::asinh(self.into_tensor()))
    }

    /// Element-wise arctangent.
    pub fn atan(self) -> Self {
        Bridge::new(K::KIND, K::atan(self.into_tensor()))
    }

    /// Element-wise inverse hyperbolic tangent.
    pub fn atanh(self) -> Self {
        Bridge::new(K::KIND, K::atanh(self.into_tensor()))
    }

    /// Element-wise `atan2(self, other)`, broadcasting.
    pub fn atan2(self, other: Self) -> Self {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::binary("atan2", &a, &b);
        Bridge::new(K::KIND, K::atan2(a, b))
    }
}
