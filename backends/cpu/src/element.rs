//! What the kernels need from an element type, on top of
//! [`Element`](seam_backend::Element) and what a [`Buffer`] needs of it
//! ([`BufferElement`]).

use crate::buffer::{Buffer, BufferElement};
use crate::shared::Shared;
use crate::storage::Storage;
use seam_backend::Scalar;

/// An element type the CPU backend stores: it knows its [`Storage`] variant, how to
/// convert a [`Scalar`] to itself, how it orders (`false < true`), and how to
/// convert itself to every other element type (`cast`).
pub(crate) trait CpuElement: BufferElement + PartialOrd {
    /// `buf` as the storage variant of this type.
    fn shared_storage(buf: Shared<Buffer<Self>>) -> Storage;
    /// The values of `storage`, if it holds this type.
    fn values(storage: &Storage) -> Option<&[Self]>;
    /// `values` as the storage variant of this type.
    fn into_storage(values: Buffer<Self>) -> Storage {
        Self::shared_storage(Shared::new(values))
    }
    /// `value` converted to this type, as [`Scalar`]'s `to_*` methods convert it
    /// (floats to ints truncate toward zero, as `as` does).
    fn from_scalar(value: Scalar) -> Self;
    /// `value` converted to this type (as every `from_*` below): numbers convert
    /// with `as` (floats to ints truncate toward zero and saturate, `NaN` is 0),
    /// numbers to `bool` are "not zero", `bool` to numbers is 0 or 1.
    fn from_f32(value: f32) -> Self;
    /// `value` converted to this type.
    fn from_f64(value: f64) -> Self;
    /// `value` converted to this type.
    fn from_i32(value: i32) -> Self;
    /// `value` converted to this type.
    fn from_i64(value: i64) -> Self;
    /// `value` converted to this type.
    fn from_bool(value: bool) -> Self;
    /// `self` converted to `U`, by `U`'s `from_*` for this type (one conversion,
    /// never through a wider type, so `i64` to `f32` rounds once).
    fn cast<U: CpuElement>(self) -> U;
}

/// A numeric element: the arithmetic of the elementwise, matmul and reduction
/// kernels.
///
/// For integers `add`, `sub`, `mul`, `neg` and `abs` wrap on overflow, and `div` and
/// `rem` panic on a zero divisor (`MIN / -1` and `MIN % -1` wrap).
pub(crate) trait Numeric: CpuElement {
    /// The additive identity.
    const ZERO: Self;
    /// The multiplicative identity.
    const ONE: Self;
    /// `self + rhs`.
    fn add(self, rhs: Self) -> Self;
    /// `self - rhs`.
    fn sub(self, rhs: Self) -> Self;
    /// `self * rhs`.
    fn mul(self, rhs: Self) -> Self;
    /// `self / rhs`.
    fn div(self, rhs: Self) -> Self;
    /// `self % rhs`, with the sign of `self`.
    fn rem(self, rhs: Self) -> Self;
    /// `-self`.
    fn neg(self) -> Self;
    /// `|self|`.
    fn abs(self) -> Self;
    /// Whether `self` is a float `NaN` (never for an integer).
    #[allow(clippy::eq_op)]
    fn is_nan(self) -> bool {
        self != self
    }
    /// The larger of the two, `NaN` if either is (numpy's `maximum`).
    fn max(self, rhs: Self) -> Self {
        if self > rhs || self.is_nan() { self } else { rhs }
    }
    /// The smaller of the two, `NaN` if either is (numpy's `minimum`).
    fn min(self, rhs: Self) -> Self {
        if self < rhs || self.is_nan() { self } else { rhs }
    }
}

/// A floating-point element: the float-only unary ops and `powf`.
pub(crate) trait Float: Numeric {
    /// `e^self`.
    fn exp(self) -> Self;
    /// The natural logarithm of `self`.
    fn ln(self) -> Self;
    /// `ln(1 + self)`, accurate near 0.
    fn ln_1p(self) -> Self;
    /// The square root of `self`.
    fn sqrt(self) -> Self;
    /// The sine of `self`, in radians.
    fn sin(self) -> Self;
    /// The cosine of `self`, in radians.
    fn cos(self) -> Self;
    /// The hyperbolic tangent of `self`.
    fn tanh(self) -> Self;
    /// The error function of `self`.
    fn erf(self) -> Self;
    /// `1 / self`.
    fn recip(self) -> Self;
    /// The Gaussian error linear unit of each of `values`, in place:
    /// [`seam_backend::gelu`] for `f64`, and for `f32` a branch-free version within
    /// 7 ulp, run 16 or 8 wide ([`crate::wide::gelu_in_place`]).
    fn gelu_in_place(values: &mut [Self]);
    /// `self` raised to the power `rhs`.
    fn powf(self, rhs: Self) -> Self;
    /// What an element of [`exp`](Float::exp) or [`tanh`](Float::tanh) counts toward
    /// the thread threshold: [`VECTORISED`](crate::parallel::VECTORISED) where they
    /// run vectorised, [`TRANSCENDENTAL`](crate::parallel::TRANSCENDENTAL) where they
    /// are calls into libm.
    const EXP_WORK: usize;
}

/// The `from_*` conversions of a numeric type: `as` from every number, 0 or 1 from
/// `bool`.
macro_rules! numeric_conversions {
    ($ty:ident) => {
        fn from_f32(value: f32) -> Self {
            value as $ty
        }
        fn from_f64(value: f64) -> Self {
            value as $ty
        }
        fn from_i32(value: i32) -> Self {
            value as $ty
        }
        fn from_i64(value: i64) -> Self {
            value as $ty
        }
        fn from_bool(value: bool) -> Self {
            u8::from(value) as $ty
        }
        fn cast<U: CpuElement>(self) -> U {
            cast_fn!($ty)(self)
        }
    };
}

/// The `from_*` function of `U` that converts from `$ty`.
macro_rules! cast_fn {
    (f32) => {
        U::from_f32
    };
    (f64) => {
        U::from_f64
    };
    (i32) => {
        U::from_i32
    };
    (i64) => {
        U::from_i64
    };
    (bool) => {
        U::from_bool
    };
}

macro_rules! float_element {
    ($($ty:ident => $variant:ident, $erf:path, $exp:path, $tanh:path, $exp_work:path, $gelu:path),*) => {$(
        impl CpuElement for $ty {
            fn shared_storage(buf: Shared<Buffer<Self>>) -> Storage {
                Storage::$variant(buf)
            }
            fn values(storage: &Storage) -> Option<&[Self]> {
                match storage {
                    Storage::$variant(buf) => Some(buf),
                    _ => None,
                }
            }
            fn from_scalar(value: Scalar) -> Self {
                value.to_f64() as $ty
            }
            numeric_conversions!($ty);
        }
        impl Numeric for $ty {
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            fn add(self, rhs: Self) -> Self { self + rhs }
            fn sub(self, rhs: Self) -> Self { self - rhs }
            fn mul(self, rhs: Self) -> Self { self * rhs }
            fn div(self, rhs: Self) -> Self { self / rhs }
            fn rem(self, rhs: Self) -> Self { self % rhs }
            fn neg(self) -> Self { -self }
            fn abs(self) -> Self { $ty::abs(self) }
        }
        impl Float for $ty {
            #[inline]
            fn exp(self) -> Self { $exp(self) }
            fn ln(self) -> Self { $ty::ln(self) }
            fn ln_1p(self) -> Self { $ty::ln_1p(self) }
            fn sqrt(self) -> Self { $ty::sqrt(self) }
            fn sin(self) -> Self { $ty::sin(self) }
            fn cos(self) -> Self { $ty::cos(self) }
            #[inline]
            fn tanh(self) -> Self { $tanh(self) }
            fn erf(self) -> Self { $erf(self) }
            fn recip(self) -> Self { $ty::recip(self) }
            fn gelu_in_place(values: &mut [Self]) { $gelu(values) }
            fn powf(self, rhs: Self) -> Self { $ty::powf(self, rhs) }
            const EXP_WORK: usize = $exp_work;
        }
    )*};
}

macro_rules! int_element {
    ($($ty:ident => $variant:ident),*) => {$(
        impl CpuElement for $ty {
            fn shared_storage(buf: Shared<Buffer<Self>>) -> Storage {
                Storage::$variant(buf)
            }
            fn values(storage: &Storage) -> Option<&[Self]> {
                match storage {
                    Storage::$variant(buf) => Some(buf),
                    _ => None,
                }
            }
            fn from_scalar(value: Scalar) -> Self {
                value.to_i64() as $ty
            }
            numeric_conversions!($ty);
        }
        impl Numeric for $ty {
            const ZERO: Self = 0;
            const ONE: Self = 1;
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
            fn rem(self, rhs: Self) -> Self {
                if rhs == 0 {
                    panic!("division by zero in int rem ({} tensor)", stringify!($ty));
                }
                // `MIN % -1` overflows in Rust's `%`; its wrapped result is 0.
                self.wrapping_rem(rhs)
            }
            fn neg(self) -> Self { self.wrapping_neg() }
            fn abs(self) -> Self { self.wrapping_abs() }
        }
    )*};
}

// `f32`'s `exp` and `tanh` are branch-free, so that the elementwise loops vectorise
// them (`vmath.rs`), and count accordingly toward the thread threshold; `f64` keeps
// the standard library's.
float_element!(
    f32 => F32, libm::erff, crate::vmath::exp_f32, crate::vmath::tanh_f32, crate::parallel::VECTORISED,
        crate::wide::gelu_in_place,
    f64 => F64, libm::erf, f64::exp, f64::tanh, crate::parallel::TRANSCENDENTAL, gelu_f64_in_place
);
int_element!(i32 => I32, i64 => I64);

impl CpuElement for bool {
    fn shared_storage(buf: Shared<Buffer<Self>>) -> Storage {
        Storage::Bool(buf)
    }
    fn values(storage: &Storage) -> Option<&[Self]> {
        match storage {
            Storage::Bool(buf) => Some(buf),
            _ => None,
        }
    }
    fn from_scalar(value: Scalar) -> Self {
        value.to_bool()
    }
    fn from_f32(value: f32) -> Self {
        value != 0.0
    }
    fn from_f64(value: f64) -> Self {
        value != 0.0
    }
    fn from_i32(value: i32) -> Self {
        value != 0
    }
    fn from_i64(value: i64) -> Self {
        value != 0
    }
    fn from_bool(value: bool) -> Self {
        value
    }
    fn cast<U: CpuElement>(self) -> U {
        U::from_bool(self)
    }
}

/// [`seam_backend::gelu`] of each of `values`, in place.
fn gelu_f64_in_place(values: &mut [f64]) {
    for v in values {
        *v = seam_backend::gelu(*v);
    }
}
