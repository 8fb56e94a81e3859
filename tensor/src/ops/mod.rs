//! The public methods of [`Tensor`](crate::Tensor), one file per kind bound: `base`
//! for every kind, `numeric` for `Float` and `Int`, `float` for `Float` only.
//! `operators` maps `+ - * /` and unary `-` onto them.
//!
//! Every method is written in plain style under `#[outline]`: inside a body,
//! tensors are [`BridgeTensor`](crate::bridge::BridgeTensor)s, `D` is a run-time
//! `usize` and `K::KIND` a run-time [`Kind`](crate::Kind).

mod base;
mod float;
mod numeric;
mod operators;

pub use operators::OperatorScalar;
