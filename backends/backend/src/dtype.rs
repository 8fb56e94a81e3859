//! The run-time element type of a tensor.

use core::fmt;

/// The element type of a tensor's data, known at run time.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DType {
    /// 32-bit float (the default float dtype).
    F32,
    /// 64-bit float.
    F64,
    /// 32-bit signed integer (the integer dtype of a device without `i64`).
    I32,
    /// 64-bit signed integer (the integer dtype of a device that holds it).
    I64,
    /// Boolean, stored as one byte (0 or 1).
    Bool,
}

impl DType {
    /// Every dtype, floats first.
    pub const ALL: [DType; 5] = [DType::F32, DType::F64, DType::I32, DType::I64, DType::Bool];

    /// The size of one element, in bytes.
    pub const fn size(self) -> usize {
        match self {
            DType::F32 | DType::I32 => 4,
            DType::F64 | DType::I64 => 8,
            DType::Bool => 1,
        }
    }

    /// Whether this is a floating-point dtype.
    pub const fn is_float(self) -> bool {
        matches!(self, DType::F32 | DType::F64)
    }

    /// Whether this is an integer dtype.
    pub const fn is_int(self) -> bool {
        matches!(self, DType::I32 | DType::I64)
    }

    /// The lowercase name, as in `f32`.
    pub const fn name(self) -> &'static str {
        match self {
            DType::F32 => "f32",
            DType::F64 => "f64",
            DType::I32 => "i32",
            DType::I64 => "i64",
            DType::Bool => "bool",
        }
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
