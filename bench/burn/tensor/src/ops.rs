//! The operators: each calls the method of the same name (outlined), so these
//! generic impls are one call each.

use crate::kind::{Bool, Numeric};
use crate::tensor::Tensor;
use burn_std::ElementConversion;
use core::ops;

impl<const D: usize, K: Numeric> ops::Add for Tensor<D, K> {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        Tensor::add(self, rhs)
    }
}

impl<const D: usize, K: Numeric> ops::Sub for Tensor<D, K> {
    type Output = Self;
    fn sub(self, rhs: Self) -> Self {
        Tensor::sub(self, rhs)
    }
}

impl<const D: usize, K: Numeric> ops::Mul for Tensor<D, K> {
    type Output = Self;
    fn mul(self, rhs: Self) -> Self {
        Tensor::mul(self, rhs)
    }
}

impl<const D: usize, K: Numeric> ops::Div for Tensor<D, K> {
    type Output = Self;
    fn div(self, rhs: Self) -> Self {
        Tensor::div(self, rhs)
    }
}

impl<const D: usize, K: Numeric> ops::Neg for Tensor<D, K> {
    type Output = Self;
    fn neg(self) -> Self {
        Tensor::neg(self)
    }
}

impl<E: ElementConversion, const D: usize, K: Numeric> ops::Add<E> for Tensor<D, K> {
    type Output = Self;
    fn add(self, rhs: E) -> Self {
        Tensor::add_scalar(self, rhs)
    }
}

impl<E: ElementConversion, const D: usize, K: Numeric> ops::Sub<E> for Tensor<D, K> {
    type Output = Self;
    fn sub(self, rhs: E) -> Self {
        Tensor::sub_scalar(self, rhs)
    }
}

impl<E: ElementConversion, const D: usize, K: Numeric> ops::Mul<E> for Tensor<D, K> {
    type Output = Self;
    fn mul(self, rhs: E) -> Self {
        Tensor::mul_scalar(self, rhs)
    }
}

impl<E: ElementConversion, const D: usize, K: Numeric> ops::Div<E> for Tensor<D, K> {
    type Output = Self;
    fn div(self, rhs: E) -> Self {
        Tensor::div_scalar(self, rhs)
    }
}

impl<const D: usize> ops::Not for Tensor<D, Bool> {
    type Output = Self;
    fn not(self) -> Self {
        self.bool_not()
    }
}

impl<const D: usize> ops::BitAnd for Tensor<D, Bool> {
    type Output = Self;
    fn bitand(self, rhs: Self) -> Self {
        self.bool_and(rhs)
    }
}

impl<const D: usize> ops::BitOr for Tensor<D, Bool> {
    type Output = Self;
    fn bitor(self, rhs: Self) -> Self {
        self.bool_or(rhs)
    }
}

impl<const D: usize> ops::BitXor for Tensor<D, Bool> {
    type Output = Self;
    fn bitxor(self, rhs: Self) -> Self {
        self.bool_xor(rhs)
    }
}
