//! What the kernels need from an element type, on top of [`Element`].

use crate::storage::Storage;
use seam_backend::{Element, Scalar};
use std::sync::Arc;

/// An element type the CPU backend stores: it knows its [`Storage`] variant and how
/// to convert a [`Scalar`] to itself.
pub(crate) trait CpuElement: Element {
    /// `values` as the storage variant of this type.
    fn into_storage(values: Vec<Self>) -> Storage;
    /// `value` converted to this type, as [`Scalar`]'s `to_*` methods convert it
    /// (floats to ints truncate toward zero, as `as` does).
    fn from_scalar(value: Scalar) -> Self;
}

/// A numeric element: the arithmetic of the elementwise, matmul and sum kernels.
///
/// For integers `add`, `sub`, `mul` and `neg` wrap on overflow and `div` panics on
/// division by zero.
pub(crate) trait Numeric: CpuElement {
    /// The additive identity.
    const ZERO: Self;
    /// `self + rhs`.
    fn add(self, rhs: Self) -> Self;
    /// `self - rhs`.
    fn sub(self, rhs: Self) -> Self;
    /// `self * rhs`.
    fn mul(self, rhs: Self) -> Self;
    /// `self / rhs`.
    fn div(self, rhs: Self) -> Self;
    /// `-self`.
    fn neg(self) -> Self;
}

/// A floating-point element: the float-only unary ops.
pub(crate) trait Float: Numeric {
    /// `e^self`.
    fn exp(self) -> Self;
    /// The natural logarithm of `self`.
    fn ln(self) -> Self;
}

macro_rules! float_element {
    ($($ty:ident => $variant:ident),*) => {$(
        impl CpuElement for $ty {
            fn into_storage(values: Vec<Self>) -> Storage {
                Storage::$variant(Arc::new(values))
            }
            fn from_scalar(value: Scalar) -> Self {
                value.to_f64() as $ty
            }
        }
        impl Numeric for $ty {
            const ZERO: Self = 0.0;
            fn add(self, rhs: Self) -> Self { self + rhs }
            fn sub(self, rhs: Self) -> Self { self - rhs }
            fn mul(self, rhs: Self) -> Self { self * rhs }
            fn div(self, rhs: Self) -> Self { self / rhs }
            fn neg(self) -> Self { -self }
        }
        impl Float for $ty {
            fn exp(self) -> Self { $ty::exp(self) }
            fn ln(self) -> Self { $ty::ln(self) }
        }
    )*};
}

macro_rules! int_element {
    ($($ty:ident => $variant:ident),*) => {$(
        impl CpuElement for $ty {
            fn into_storage(values: Vec<Self>) -> Storage {
                Storage::$variant(Arc::new(values))
            }
            fn from_scalar(value: Scalar) -> Self {
                value.to_i64() as $ty
            }
        }
        impl Numeric for $ty {
            const ZERO: Self = 0;
            fn add(self, rhs: Self) -> Self { self.wrapping_add(rhs) }
            fn sub(self, rhs: Self) -> Self { self.wrapping_sub(rhs) }
            fn mul(self, rhs: Self) -> Self { self.wrapping_mul(rhs) }
            fn div(self, rhs: Self) -> Self {
                if rhs == 0 {
                    panic!("division by zero in int div ({} tensor)", stringify!($ty));
                }
                // `MIN / -1` overflows; wrap like the other int ops instead of panicking.
                self.wrapping_div(rhs)
            }
            fn neg(self) -> Self { self.wrapping_neg() }
        }
    )*};
}

float_element!(f32 => F32, f64 => F64);
int_element!(i32 => I32, i64 => I64);

impl CpuElement for bool {
    fn into_storage(values: Vec<Self>) -> Storage {
        Storage::Bool(Arc::new(values))
    }
    fn from_scalar(value: Scalar) -> Self {
        value.to_bool()
    }
}
