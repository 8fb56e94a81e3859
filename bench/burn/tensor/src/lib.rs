//! seam-burn-tensor: burn-tensor 0.22.1's `Tensor<D, K>` API over burn-dispatch's
//! public API, written in plain style, with `seam-macros` making the boundary:
//! `#[opaque]` stores the `DispatchTensor` in fixed-size slots, `#[outline]` moves
//! each method's body into a non-generic `*_impl` helper compiled here, once. It
//! plays the part of Burn's `burn-tensor` for the leaf crates `seam-on` and
//! `seam-off`, which hold only the user code, and is checked against burn-tensor by
//! Burn's own doctests (`seam-burn-api doctests`).
//!
//! Where things are: the tensor type and its boundary in `tensor.rs`; the kinds
//! (`Float`, `Int`, `Bool`) and what each does on burn-dispatch in `kind.rs`; the
//! methods by burn-tensor's blocks: `base.rs` (every kind), `layout.rs` (moving
//! elements), `index.rs` (slices, select, scatter, gather, masks), `data.rs` (reading
//! back), `numeric.rs` (`Float` and `Int`), `orderable.rs`, `math.rs` (float math),
//! `float.rs`, `int.rs`, `bool.rs`, `einsum.rs`; `autodiff.rs` and `extension.rs`
//! (behind burn-tensor's features of those names); the checks each helper makes in
//! `check.rs`; printing in `display.rs`; operators and the other trait impls in
//! `operators.rs`. The methods that stay generic wrappers, and why, are listed in
//! `bench/burn/README.md`.
//!
//! How to add a method: write it in the block of burn-tensor's that has it, with
//! Burn's signature and a body over `self` (there the erased `Bridge`) that calls the
//! kind's op as generic code would, `K::op(..)`; if the kind has no such op yet, add
//! it to the kind trait in `kind.rs` with one burn-dispatch call per kind.
//!
//! With this crate's feature `boundary-off` (named by `off_if` in its attributes;
//! what `seam-off` builds) the storage is a plain field and the helpers are
//! `#[inline]`, so every caller compiles the bodies again, as over `burn-standin`.
//!
//! The lines that exist only for the boundary (the erased type, the conversions, the
//! attributes) sit between `BEGIN BOUNDARY` and `END BOUNDARY` or end with
//! `// boundary`, the kinds and their ops between `BEGIN KINDS` and `END KINDS`;
//! `seam-report --burn` counts both.

pub mod activation;
#[cfg(feature = "autodiff")]
mod autodiff;
mod base;
mod bool;
mod check;
mod data;
mod device;
mod display;
pub mod distributed;
mod einsum;
#[cfg(feature = "extension")]
mod extension;
mod float;
mod index;
mod int;
pub mod grid;
mod graph;
mod bridge;
pub mod kind;
pub mod loss;
pub mod module;
mod layout;
mod math;
mod numeric;
mod operators;
mod options;
mod orderable;
mod pad;
mod report;
pub mod quantization;
mod tensor;
mod transaction;

pub use kind::{Basic, Bool, Float, FloatMath, Int, IntoFloat, IntoInt, Kind, Numeric, Ordered, TensorKind};
#[cfg(feature = "autodiff")]
pub use autodiff::Gradients;
#[cfg(feature = "autodiff")]
pub use burn_dispatch::GradientCheckpointingStrategy;
pub use data::DimIter;
pub use transaction::Transaction;
pub use graph::{Graph, capture};
pub use report::check_closeness;
pub use int::cartesian_grid;
pub use display::{PrintOptions, set_print_options};
pub use einsum::EinsumOperand;
pub use tensor::{BroadcastArgs, Cast, Padding, Deferred, Elem, MovedimArgs, ReshapeArgs, Tensor};

// burn-std's vocabulary, as burn-tensor re-exports it.
pub use burn_std::{
    AllocationProperty, BoolDType, BoolStore, Bytes, DType, DataError, FloatDType, IndexingUpdateOp, IntDType,
    TensorReadError, Tolerance, bf16, distribution::*, element::*, f16, flex32, indexing::*, s, shape::*, slice::*,
    stream::StreamId,
};
pub use burn_std::reader::{read_sync, try_read_sync};
/// Panics unless a tensor's dims match a pattern (burn-tensor's `assert_shape!`: the
/// expansion, made by burn-derive, reads them with `Tensor::dims`).
#[macro_export]
macro_rules! assert_shape {
    ($($pattern:tt)*) => {
        $crate::__assert_shape!($crate, $($pattern)*)
    };
}

/// `assert_shape!` in debug builds only.
#[macro_export]
macro_rules! debug_assert_shape {
    ($($pattern:tt)*) => {
        $crate::__debug_assert_shape!($crate, $($pattern)*)
    };
}

#[doc(hidden)]
pub use burn_derive::{__assert_shape, __debug_assert_shape};


/// The ops' option types (`PadMode`, `GridSampleOptions`, ..), as burn-tensor's `ops`.
pub mod ops {
    pub use burn_std::ops::*;
}

pub use pad::IntoPadding;
#[cfg(feature = "extension")]
pub use burn_dispatch::DispatchTensor;
#[cfg(feature = "extension")]
pub use extension::{BackendPrimitive, PrimitiveConversionError};
pub use burn_std::TensorData;
pub use device::*;
pub use float::{DEFAULT_ATOL, DEFAULT_RTOL};
pub use options::TensorCreationOptions;

/// Containers of tensors by id, as burn-tensor's `container`.
pub mod container {
    pub use burn_std::tensor::container::TensorContainer;
}
