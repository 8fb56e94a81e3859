//! `Tensor<const D: usize, K = Float>`: a tensor library whose generic API is
//! outlined in front of its backends.
//!
//! ```
//! use seam_tensor::{Device, Tensor, TensorData};
//! let device = Device::default(); // the CPU
//! let x = Tensor::<2>::from_data(TensorData::new(vec![1.0f32, 2.0, 3.0, 4.0], [2, 2]), &device);
//! let y = x.clone().matmul(x.transpose()).sum_dim(1);
//! assert_eq!(y.into_data().to_vec::<f32>().unwrap(), vec![16.0, 36.0]);
//! ```
//!
//! # Note for contributors: the boundary
//!
//! `Tensor<D, K>` is generic, so each of its methods is compiled again in every
//! downstream crate that uses it, along with everything the method moves, drops or
//! calls. If those bodies reached `seam-dispatch` directly, every downstream release
//! build would compile the backends' code again. So:
//!
//! - a `Tensor` holds a [`BridgeTensor`](bridge::BridgeTensor), an `#[opaque]`
//!   handle whose `Clone` and `Drop` are compiled here, once;
//! - every public method sits in an `#[outline]` impl block (`ops/`). The macro moves
//!   its body into a non-generic `<method>_impl` function compiled here, and leaves a
//!   thin generic wrapper that only erases the arguments, calls it, and restores the
//!   result. Inside a body, tensors are `BridgeTensor`s, `D` is a `usize` and
//!   `K::KIND` a [`Kind`]; a body calls another op as `self.swap_dims(..)`.
//!
//! The test `tests/boundary` builds a downstream crate and checks its LLVM IR: it
//! must define no function of `seam-dispatch` or any backend.
//!
//! # Adding an op
//!
//! Add it to the `Backend` trait (`seam-backend`) and to every backend, forward it
//! in `seam-dispatch`, then write one public method in the `ops/` file of its kind
//! bound, with a doc comment and an example. Check its inputs with `check`, whose
//! panics name the op, the shapes and the rule.

mod bridge;
mod check;
mod device;
mod kind;
mod ops;
mod tensor;

pub use device::Device;
pub use kind::{Bool, Float, Int, Kind, Numeric, TensorKind};
pub use ops::OperatorScalar;
pub use seam_backend::{BinaryOp, DType, Scalar, Shape, TensorData};
pub use tensor::Tensor;
