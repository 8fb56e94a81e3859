//! The typed buffers behind CPU tensors, and the macro that dispatches on them.

use crate::buffer::Buffer;
use crate::layout::Layout;
use crate::shared::Shared;
use seam_backend::DType;

/// The elements of a tensor: one typed buffer, shared (via [`Shared`]) by every view of it
/// and given to the [pool](crate::pool) when the last view is dropped.
///
/// A buffer is written after it is built only by an op that owns the one tensor
/// viewing it (`Shared::get_mut` succeeds), so no other view ever sees it change.
#[derive(Clone)]
pub(crate) enum Storage {
    /// `f32` elements.
    F32(Shared<Buffer<f32>>),
    /// `f64` elements.
    F64(Shared<Buffer<f64>>),
    /// `i32` elements.
    I32(Shared<Buffer<i32>>),
    /// `i64` elements.
    I64(Shared<Buffer<i64>>),
    /// `bool` elements.
    Bool(Shared<Buffer<bool>>),
}

impl Storage {
    /// The dtype of the elements.
    pub(crate) fn dtype(&self) -> DType {
        match self {
            Storage::F32(_) => DType::F32,
            Storage::F64(_) => DType::F64,
            Storage::I32(_) => DType::I32,
            Storage::I64(_) => DType::I64,
            Storage::Bool(_) => DType::Bool,
        }
    }

    /// The buffer's own layout: row-major over all of it, from index 0.
    #[inline]
    pub(crate) fn layout(&self) -> &Layout {
        // The same field at the same place in each arm (`Buffer` is `repr(C)`).
        dispatch!(self; F32 | F64 | I32 | I64 | Bool => |buf| buf.layout(); else unreachable!())
    }

    /// The number of elements in the buffer (not in any one view of it).
    pub(crate) fn len(&self) -> usize {
        dispatch!(self; F32 | F64 | I32 | I64 | Bool => |buf| buf.len(); else unreachable!())
    }

    /// Whether both are the same buffer (not merely equal contents).
    pub(crate) fn ptr_eq(&self, other: &Storage) -> bool {
        dispatch!((self, other); F32 | F64 | I32 | I64 | Bool => |a, b| Shared::ptr_eq(a, b); else false)
    }
}

/// Matches storage on the listed variants and evaluates `$body` once per variant with
/// the typed buffer (`&Shared<Buffer<T>>`, a slice through `Deref`) bound, so a generic kernel is written once and
/// instantiated for each dtype. Any other variant (or, for a pair, two different
/// variants) evaluates the `else` expression.
///
/// ```text
/// dispatch!(&t.storage; F32 | F64 => |buf| kernel(buf); else panic!("needs a float"))
/// dispatch!((&a.storage, &b.storage); F32 | I64 => |x, y| kernel2(x, y); else panic!(".."))
/// ```
macro_rules! dispatch {
    (($lhs:expr, $rhs:expr); $($variant:ident)|+ => |$a:ident, $b:ident| $body:expr; else $other:expr) => {
        match ($lhs, $rhs) {
            $(($crate::storage::Storage::$variant($a), $crate::storage::Storage::$variant($b)) => $body,)+
            #[allow(unreachable_patterns)]
            _ => $other,
        }
    };
    ($storage:expr; $($variant:ident)|+ => |$buf:ident| $body:expr; else $other:expr) => {
        match $storage {
            $($crate::storage::Storage::$variant($buf) => $body,)+
            #[allow(unreachable_patterns)]
            _ => $other,
        }
    };
}

pub(crate) use dispatch;
