//! `+ - * / %` and unary `-` on tensors, with a tensor or a scalar on the right. Each
//! forwards to the named method, so the operators add no code of their own.

use crate::Tensor;
use crate::kind::Numeric;
use core::ops::{Add, Div, Mul, Neg, Rem, Sub};
use seam_backend::Scalar;

mod sealed {
    pub trait Sealed {}
}

/// A Rust number that can stand on the right of a tensor operator: `f32`, `f64`,
/// `i32`, `i64`. Sealed.
///
/// One generic impl per operator (rather than one per number type) lets a literal
/// such as `t * 0.5` or `t + 1` infer its type.
pub trait OperatorScalar: sealed::Sealed + Into<Scalar> + Copy {}

macro_rules! operator_scalar {
    ($($ty:ty)*) => {$(
        impl sealed::Sealed for $ty {}
        impl OperatorScalar for $ty {}
    )*};
}

operator_scalar!(f32 f64 i32 i64);

macro_rules! tensor_operator {
    ($($trait:ident $method:ident $scalar_method:ident;)*) => {$(
        impl<const D: usize, K: Numeric> $trait for Tensor<D, K> {
            type Output = Self;
            #[track_caller]
            fn $method(self, rhs: Self) -> Self {
                Tensor::$method(self, rhs)
            }
        }
        impl<const D: usize, K: Numeric, S: OperatorScalar> $trait<S> for Tensor<D, K> {
            type Output = Self;
            #[track_caller]
            fn $method(self, rhs: S) -> Self {
                self.$scalar_method(rhs)
            }
        }
    )*};
}

tensor_operator! {
    Add add add_scalar;
    Sub sub sub_scalar;
    Mul mul mul_scalar;
    Div div div_scalar;
    Rem rem rem_scalar;
}

impl<const D: usize, K: Numeric> Neg for Tensor<D, K> {
    type Output = Self;
    fn neg(self) -> Self {
        Tensor::neg(self)
    }
}
