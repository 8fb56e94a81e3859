//! Reverse-mode automatic differentiation over any [`Backend`](seam_backend::Backend).
//!
//! [`Autodiff<B>`] is itself a backend. Its tensor, [`AutodiffTensor`], is `B`'s
//! tensor plus, when gradients flow through it, a node of the graph: the node's
//! parents (the inputs that are tracked) and the op's backward rule, a closure
//! holding what the rule needs (an input, the output) as `B` tensors. A tensor is
//! tracked when it was marked with [`AutodiffTensor::require_grad`] or computed
//! from a tracked one while recording is on ([`no_grad`] turns it off on the
//! current thread). [`backward`] walks the graph from a tensor back to the marked
//! leaves and gives their gradients ([`Gradients`]).
//!
//! ```
//! use seam_autodiff::{Autodiff, AutodiffTensor, backward};
//! use seam_backend::{Backend, BinaryOp, TensorData, UnaryOp};
//! use seam_cpu::{Cpu, CpuDevice};
//!
//! type B = Autodiff<Cpu>;
//! let x = B::from_data(TensorData::new(vec![1.0f64, 2.0], [2]), &CpuDevice).require_grad();
//! // y = exp(x) * x, dy/dx = exp(x) * (x + 1)
//! let y = B::binary(BinaryOp::Mul, B::unary(UnaryOp::Exp, x.clone()), x.clone());
//! let grads = backward(&y);
//! let dx = Cpu::into_data(grads.get(&x).unwrap().clone()).to_vec::<f64>().unwrap();
//! assert!((dx[0] - 1f64.exp() * 2.0).abs() < 1e-12 && (dx[1] - 2f64.exp() * 3.0).abs() < 1e-12);
//! ```
//!
//! # Rules
//!
//! Each op of `seam_backend::for_each_tensor_op!`'s list runs on `B` alone when none
//! of its tensors is tracked (that path is generated from the list, in `backend.rs`),
//! and otherwise in its tracked form, which records the rule. Every op of the
//! [`Backend`](seam_backend::Backend) trait has its tracked form in `rules.rs`, and
//! every differentiable one its rule beside it, written with `B`'s own ops (so they run on every
//! device), and checked against central finite differences in `f64`
//! (`tests/gradients.rs`). A gradient that reaches an input through broadcasting is summed
//! back to the input's shape. Comparisons, the `Arg` reductions, casts to integers
//! and creation are constants: no gradient flows through them. `Max` and `Min`
//! of two tensors, and along a dim, send the gradient to the elements they picked,
//! split evenly between ties; with a scalar (`relu`, `clamp`) only where the tensor
//! won, none at the boundary (as PyTorch's `relu`).
//!
//! # Memory
//!
//! A node holds its parents and the tensors its rule needs; nothing else holds the
//! node but the tensors computed from it. [`backward`] takes each node's gradient
//! out of its map as soon as the node's rule has used it, so gradients of
//! intermediate results are freed along the way, and once the last tensor of a
//! graph is dropped the whole graph is.

mod backend;
mod backward;
mod graph;
mod rules;
mod tensor;

pub use backend::Autodiff;
pub use backward::{Gradients, backward};
pub use graph::{NoGradGuard, is_recording, no_grad};
pub use tensor::AutodiffTensor;
