//! The operators: each calls the method of the same name (outlined), so these
//! generic impls are one call each.

use crate::kind::{Basic, Bool, Float, Numeric};
use crate::tensor::Tensor;
use burn_std::ElementConversion;
use crate::device::Device;
use burn_std::TensorData;
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

impl<const D: usize, K: Numeric> ops::Rem for Tensor<D, K> {
    type Output = Self;
    fn rem(self, rhs: Self) -> Self {
        Tensor::remainder(self, rhs)
    }
}

impl<E: ElementConversion, const D: usize, K: Numeric> ops::Rem<E> for Tensor<D, K> {
    type Output = Self;
    fn rem(self, rhs: E) -> Self {
        Tensor::remainder_scalar(self, rhs)
    }
}

/// `scalar + tensor`, `scalar - tensor` and `scalar * tensor` for the primitive
/// scalars (a blanket impl over `ElementConversion` on the left is not allowed).
macro_rules! scalar_on_the_left {
    ($($scalar:ty),*) => {$(
        impl<const D: usize, K: Numeric> ops::Add<Tensor<D, K>> for $scalar {
            type Output = Tensor<D, K>;
            fn add(self, tensor: Tensor<D, K>) -> Tensor<D, K> {
                tensor.add_scalar(self)
            }
        }

        impl<const D: usize, K: Numeric> ops::Sub<Tensor<D, K>> for $scalar {
            type Output = Tensor<D, K>;
            fn sub(self, tensor: Tensor<D, K>) -> Tensor<D, K> {
                tensor.neg().add_scalar(self)
            }
        }

        impl<const D: usize, K: Numeric> ops::Mul<Tensor<D, K>> for $scalar {
            type Output = Tensor<D, K>;
            fn mul(self, tensor: Tensor<D, K>) -> Tensor<D, K> {
                tensor.mul_scalar(self)
            }
        }
    )*};
}

scalar_on_the_left!(f32, f64, i32, i64, u32, u64);

/// `scalar / tensor` for float scalars and tensors.
macro_rules! scalar_divided {
    ($($scalar:ty),*) => {$(
        impl<const D: usize> ops::Div<Tensor<D, Float>> for $scalar {
            type Output = Tensor<D, Float>;
            fn div(self, tensor: Tensor<D, Float>) -> Tensor<D, Float> {
                tensor.recip().mul_scalar(self)
            }
        }
    )*};
}

scalar_divided!(f32, f64);

/// A tensor holding `value`'s data, on the default device.
impl<const D: usize, K: Basic, T: Into<TensorData>> From<T> for Tensor<D, K> {
    fn from(value: T) -> Self {
        Tensor::from_data(value.into(), &Device::default())
    }
}

/// Serialised as its `TensorData`.
impl<const D: usize, K: Basic> serde::Serialize for Tensor<D, K> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_data().serialize(serializer)
    }
}

/// Read back from its `TensorData`, onto the default device.
impl<'de, const D: usize, K: Basic> serde::Deserialize<'de> for Tensor<D, K> {
    fn deserialize<De: serde::Deserializer<'de>>(deserializer: De) -> Result<Self, De::Error> {
        Ok(Tensor::from_data(TensorData::deserialize(deserializer)?, &Device::default()))
    }
}
