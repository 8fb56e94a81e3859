//! Rust types that can be the elements of a tensor.

use crate::DType;

mod sealed {
    pub trait Sealed {}
}

/// A Rust type that stores one element of some [`DType`]: `f32`, `f64`, `i32`,
/// `i64` or `bool`. Sealed: the set of dtypes is closed.
pub trait Element: sealed::Sealed + Copy + PartialEq + core::fmt::Debug + Send + Sync + 'static {
    /// The dtype this type stores.
    const DTYPE: DType;

    /// Appends the little-endian bytes of `self` to `out`.
    fn write_le(self, out: &mut Vec<u8>);

    /// Reads one element from exactly `DTYPE.size()` little-endian bytes.
    fn read_le(bytes: &[u8]) -> Self;
}

macro_rules! numeric_element {
    ($($ty:ty => $dtype:ident),* $(,)?) => {$(
        impl sealed::Sealed for $ty {}
        impl Element for $ty {
            const DTYPE: DType = DType::$dtype;
            fn write_le(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn read_le(bytes: &[u8]) -> Self {
                let mut buf = [0u8; size_of::<$ty>()];
                buf.copy_from_slice(bytes);
                <$ty>::from_le_bytes(buf)
            }
        }
    )*};
}

numeric_element!(f32 => F32, f64 => F64, i32 => I32, i64 => I64);

impl sealed::Sealed for bool {}
impl Element for bool {
    const DTYPE: DType = DType::Bool;
    fn write_le(self, out: &mut Vec<u8>) {
        out.push(u8::from(self));
    }
    fn read_le(bytes: &[u8]) -> Self {
        bytes[0] != 0
    }
}
