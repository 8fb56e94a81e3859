//! `+ - * /` and unary `-` on tensors, with a tensor or a scalar on the right. Each
//! forwards to the named method, so the operators add no code of their own.

use crate::Tensor;
use crate::kind::Numeric;
use core::ops::{Add, Div, Mul, Neg, Sub};

macro_rules! tensor_operator {
    ($($trait:ident $method:ident $scalar_method:ident;)*) => {$(
        impl<const D: usize, K: Numeric> $trait for Tensor<D, K> {
            type Output = Self;
            #[track_caller]
            fn $method(self, rhs: Self) -> Self {
                Tensor::$method(self, rhs)
            }
        }
        tensor_operator!(@scalar $trait $method $scalar_method f32 f64 i32 i64);
    )*};
    (@scalar $trait:ident $method:ident $scalar_method:ident $($scalar:ty)*) => {$(
        impl<const D: usize, K: Numeric> $trait<$scalar> for Tensor<D, K> {
            type Output = Self;
            #[track_caller]
            fn $method(self, rhs: $scalar) -> Self {
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
}

impl<const D: usize, K: Numeric> Neg for Tensor<D, K> {
    type Output = Self;
    fn neg(self) -> Self {
        Tensor::neg(self)
    }
}
