//! The contract between Seam's tensor layer and its backends.
//!
//! Everything here is plain data or a trait: [`Shape`], [`DType`], [`Scalar`],
//! [`TensorData`] and the [`Backend`] op trait. No type in this crate knows about
//! ranks or kinds as types; `seam-tensor` adds those on top.
//!
//! Backends (`seam-cpu`, later `seam-cubecl`) implement [`Backend`]; `seam-dispatch`
//! picks one at run time. The tensor layer validates every input (shapes, dims,
//! dtypes, devices) before it reaches a backend, so backend methods may assume valid
//! input and document their preconditions instead of returning errors.

mod alloc;
mod backend;
pub mod composed;
mod convert;
mod data;
mod device_info;
mod dims;
mod dtype;
mod element;
mod error;
mod math;
mod op;
mod ops;
mod scalar;
mod shape;
pub mod strides;

pub use alloc::{filled_vec, vec_with_capacity};
pub use backend::{Backend, DataFuture};
pub use data::{DISPLAY_EDGE, TensorData, elided};
pub use device_info::DeviceInfo;
pub use dims::{Dims, INLINE_RANK, InlineVec, same_items};
pub use dtype::DType;
pub use element::Element;
pub use error::DataError;
pub use math::gelu;
pub use op::{OpScope, current_op, enter_op, in_op};
pub use ops::*;
pub use scalar::Scalar;
pub use shape::{Shape, checked_count, count};
