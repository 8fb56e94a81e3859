//! A single value of any dtype family, for scalar ops and fills.

use core::fmt;

/// One number or boolean, passed to scalar ops (`add_scalar`, `full`, ...).
///
/// The backend converts it to the tensor's dtype: a float scalar applied to an int
/// tensor is truncated toward zero, as `as` does.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Scalar {
    /// A float value.
    Float(f64),
    /// An integer value.
    Int(i64),
    /// A boolean value.
    Bool(bool),
}

impl Scalar {
    /// The value as `f64` (`true` is 1).
    pub fn to_f64(self) -> f64 {
        match self {
            Scalar::Float(v) => v,
            Scalar::Int(v) => v as f64,
            Scalar::Bool(v) => f64::from(u8::from(v)),
        }
    }

    /// The value as `i64`, truncating floats toward zero (`true` is 1).
    pub fn to_i64(self) -> i64 {
        match self {
            Scalar::Float(v) => v as i64,
            Scalar::Int(v) => v,
            Scalar::Bool(v) => i64::from(v),
        }
    }

    /// The value as `bool`: non-zero is `true`.
    pub fn to_bool(self) -> bool {
        match self {
            Scalar::Float(v) => v != 0.0,
            Scalar::Int(v) => v != 0,
            Scalar::Bool(v) => v,
        }
    }
}

impl From<f32> for Scalar {
    fn from(v: f32) -> Self {
        Scalar::Float(f64::from(v))
    }
}
impl From<f64> for Scalar {
    fn from(v: f64) -> Self {
        Scalar::Float(v)
    }
}
impl From<i32> for Scalar {
    fn from(v: i32) -> Self {
        Scalar::Int(i64::from(v))
    }
}
impl From<i64> for Scalar {
    fn from(v: i64) -> Self {
        Scalar::Int(v)
    }
}
impl From<bool> for Scalar {
    fn from(v: bool) -> Self {
        Scalar::Bool(v)
    }
}

impl fmt::Display for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scalar::Float(v) => write!(f, "{v}"),
            Scalar::Int(v) => write!(f, "{v}"),
            Scalar::Bool(v) => write!(f, "{v}"),
        }
    }
}
