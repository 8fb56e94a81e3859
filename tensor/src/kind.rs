//! Tensor kinds: what a tensor's elements are, as a type (`Float`, `Int`, `Bool`)
//! and at run time ([`Kind`]).

use core::fmt;
use seam_backend::DType;

/// The kind of a tensor at run time: what [`TensorKind::KIND`] is for its type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// Floating-point elements.
    Float,
    /// Integer elements.
    Int,
    /// Boolean elements.
    Bool,
}

impl Kind {
    /// The kind that holds `dtype`.
    pub const fn of(dtype: DType) -> Kind {
        match dtype {
            DType::F32 | DType::F64 => Kind::Float,
            DType::I32 | DType::I64 => Kind::Int,
            DType::Bool => Kind::Bool,
        }
    }

    /// The dtype new tensors of this kind get on `device`: `f32`, the device's
    /// integer dtype ([`Device::int_dtype`](crate::Device::int_dtype)), or `bool`.
    pub(crate) fn dtype_on(self, device: &seam_dispatch::DispatchDevice) -> DType {
        match self {
            Kind::Float => DType::F32,
            Kind::Int => crate::device::int_dtype(device),
            Kind::Bool => DType::Bool,
        }
    }

    /// The dtype a message names for this kind: `f32`, `i64` or `bool` (an `Int`
    /// tensor's is its device's, `i64` or `i32`).
    pub(crate) const fn usual_dtype(self) -> DType {
        match self {
            Kind::Float => DType::F32,
            Kind::Int => DType::I64,
            Kind::Bool => DType::Bool,
        }
    }

    /// The kind's name, as its type is spelled.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Float => "Float",
            Kind::Int => "Int",
            Kind::Bool => "Bool",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kind of tensor with floating-point elements (`f32` by default).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Float;

/// The kind of tensor with integer elements (its device's integer dtype: `i64`, or
/// `i32` on a device without it; [`Device::int_dtype`](crate::Device::int_dtype)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Int;

/// The kind of tensor with boolean elements.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Bool;

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Float {}
    impl Sealed for super::Int {}
    impl Sealed for super::Bool {}
}

/// A tensor kind: [`Float`], [`Int`] or [`Bool`]. Sealed.
pub trait TensorKind: sealed::Sealed + Clone + Copy + Send + Sync + fmt::Debug + 'static {
    /// The kind at run time.
    const KIND: Kind;
}

/// A kind with arithmetic: [`Float`] and [`Int`].
pub trait Numeric: TensorKind {}

impl TensorKind for Float {
    const KIND: Kind = Kind::Float;
}
impl TensorKind for Int {
    const KIND: Kind = Kind::Int;
}
impl TensorKind for Bool {
    const KIND: Kind = Kind::Bool;
}
impl Numeric for Float {}
impl Numeric for Int {}
