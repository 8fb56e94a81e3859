//! The public methods of [`Tensor`](crate::Tensor), one file per kind bound: `base`
//! for every kind, `numeric` for `Float` and `Int`, `float`, `int` and `bool` for one
//! kind each; `support` holds the non-generic pieces several bodies share.
//! `operators` maps `+ - * / %` and unary `-` onto them; `autodiff` marks tensors
//! for gradients and walks the graph back.
//!
//! Every method is written in plain style under `#[outline]`: inside a body,
//! tensors are [`BridgeTensor`](crate::bridge::BridgeTensor)s, `D` is a run-time
//! `usize` and `K::KIND` a run-time [`Kind`](crate::Kind).

mod autodiff;
mod base;
mod bool;
mod float;
mod int;
mod numeric;
mod operators;
mod support;

pub use operators::OperatorScalar;
