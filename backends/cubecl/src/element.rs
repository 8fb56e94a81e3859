//! How each dtype is stored on the device, and the conversions of host bytes.

use cubecl::ir::{ElemType, FloatKind, IntKind, UIntKind};
use seam_backend::{DType, Scalar};

/// The element type a dtype is stored as on the device: itself, except `bool`,
/// which is a `u32` (0 or 1).
pub(crate) fn storage(dtype: DType) -> ElemType {
    match dtype {
        DType::F32 => ElemType::Float(FloatKind::F32),
        DType::F64 => ElemType::Float(FloatKind::F64),
        DType::I32 => ElemType::Int(IntKind::I32),
        DType::I64 => ElemType::Int(IntKind::I64),
        DType::Bool => ElemType::UInt(UIntKind::U32),
    }
}

/// The size in bytes of one element on the device.
pub(crate) fn storage_size(dtype: DType) -> usize {
    match dtype {
        DType::Bool => 4,
        other => other.size(),
    }
}

/// Host bytes of `dtype` (little-endian, as `TensorData` keeps them) as device bytes.
pub(crate) fn to_device_bytes(dtype: DType, bytes: Vec<u8>) -> Vec<u8> {
    match dtype {
        DType::Bool => bytes.iter().flat_map(|&b| u32::from(b).to_le_bytes()).collect(),
        _ => bytes,
    }
}

/// Device bytes of `dtype` as host bytes.
pub(crate) fn from_device_bytes(dtype: DType, bytes: &[u8]) -> Vec<u8> {
    match dtype {
        DType::Bool => bytes
            .chunks_exact(4)
            .map(|w| u8::from(u32::from_le_bytes([w[0], w[1], w[2], w[3]]) != 0))
            .collect(),
        _ => bytes.to_vec(),
    }
}

/// A device element type made from a [`Scalar`], converted as `as` does (a `bool`
/// element is the `u32` 0 or 1).
pub(crate) trait FromScalar {
    /// `value` as this element type.
    fn from_scalar(value: Scalar) -> Self;
}

impl FromScalar for f32 {
    fn from_scalar(value: Scalar) -> Self {
        value.to_f64() as f32
    }
}

impl FromScalar for f64 {
    fn from_scalar(value: Scalar) -> Self {
        value.to_f64()
    }
}

impl FromScalar for i32 {
    fn from_scalar(value: Scalar) -> Self {
        value.to_i64() as i32
    }
}

impl FromScalar for i64 {
    fn from_scalar(value: Scalar) -> Self {
        value.to_i64()
    }
}

impl FromScalar for u32 {
    fn from_scalar(value: Scalar) -> Self {
        u32::from(value.to_bool())
    }
}

/// Runs `$body` with `$E` bound to the device element type of `$dtype`.
macro_rules! with_elem {
    ($dtype:expr, $E:ident => $body:expr) => {
        match $dtype {
            seam_backend::DType::F32 => {
                type $E = f32;
                $body
            }
            seam_backend::DType::F64 => {
                type $E = f64;
                $body
            }
            seam_backend::DType::I32 => {
                type $E = i32;
                $body
            }
            seam_backend::DType::I64 => {
                type $E = i64;
                $body
            }
            seam_backend::DType::Bool => {
                type $E = u32;
                $body
            }
        }
    };
}

/// Like [`with_elem`], for the float dtypes only; any other is a bug of the caller
/// (the tensor layer checks kinds before calling a backend).
macro_rules! with_float {
    ($dtype:expr, $op:expr, $F:ident => $body:expr) => {
        match $dtype {
            seam_backend::DType::F32 => {
                type $F = f32;
                $body
            }
            seam_backend::DType::F64 => {
                type $F = f64;
                $body
            }
            other => panic!("{}: needs a float tensor, not {}", $op, other),
        }
    };
}

/// Like [`with_elem`], for the numeric dtypes only.
macro_rules! with_numeric {
    ($dtype:expr, $op:expr, $E:ident => $body:expr) => {
        match $dtype {
            seam_backend::DType::Bool => panic!("{}: needs a numeric tensor, not bool", $op),
            other => $crate::element::with_elem!(other, $E => $body),
        }
    };
}

/// Runs `$body` with `$I` the Rust type of an index tensor's dtype (`i32` or `i64`:
/// the indices of `gather` and `scatter_add`, checked to be one of them first).
macro_rules! with_index {
    ($dtype:expr, $I:ident => $body:expr) => {
        match $dtype {
            seam_backend::DType::I32 => {
                type $I = i32;
                $body
            }
            seam_backend::DType::I64 => {
                type $I = i64;
                $body
            }
            other => unreachable!("indices of dtype {other} were checked"),
        }
    };
}

pub(crate) use {with_elem, with_float, with_index, with_numeric};
