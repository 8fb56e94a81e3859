//! What burn-tensor 0.22.1's `Tensor` API is, read from the source Cargo downloaded
//! for this workspace, and how much of it `seam-burn-tensor` has.
//!
//! - [`methods`]: every public inherent method of `Tensor` in `src/tensor/api/`
//!   (281), and the same list read from `seam-burn-tensor`'s source;
//! - [`doctests`]: every code block in the doc comments of `src/tensor/api/`, with
//!   what rustdoc would do with it;
//! - [`integration`]: burn-tensor's integration tests (`tests/`), one unit per test;
//! - [`source`]: where Cargo put burn-tensor's source;
//! - [`signatures`]: a unit per method and kind, argument trait and free function,
//!   naming it at Burn's signature;
//! - [`surface`]: every public path of burn-tensor, a unit importing each.
//!
//! The binary (`cargo run -p seam-burn-api -- doctests`) compiles the doctests
//! against both crates through `seam-burn-doctests` and writes `api.json`.

pub mod doctests;
pub mod integration;
pub mod methods;
pub mod signatures;
pub mod source;
pub mod surface;
