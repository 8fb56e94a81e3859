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
//! # The API at a glance
//!
//! | Family | Methods |
//! |---|---|
//! | creation | `from_data`, `from_floats`, `from_ints`, `from_bools`, `zeros`, `ones`, `full`, `zeros_like`, `ones_like`, `arange`, `arange_step`, `eye`, `random` ([`Distribution`], seeded) |
//! | float functions | `exp`, `log`, `log1p`, `sqrt`, `sin`, `cos`, `tanh`, `erf`, `recip`, `powf`, `powi`, `sigmoid`, `relu`, `gelu` |
//! | arithmetic | `add`, `sub`, `mul`, `div`, `rem`, `neg`, `abs`, `clamp` (and `_scalar` forms, `+ - * / %`), broadcasting by numpy's rules |
//! | comparisons | `equal`, `greater`, `greater_equal`, `lower`, `lower_equal` (and `_scalar`), giving `Tensor<D, Bool>` |
//! | logic, masks | `bool_and`, `bool_or`, `bool_not`, `mask_where`, `mask_fill` |
//! | reductions | `sum`, `mean`, `prod`, `max`, `min` (whole tensor or `_dim`), `argmax`, `argmin`, `var`, `softmax`, `log_softmax`; running along a dim: `cumsum`, `cumprod` |
//! | linear algebra | `matmul`, batched with broadcast batch dims |
//! | shape | `reshape` (with `-1`), `flatten`, `squeeze`, `unsqueeze`, `unsqueeze_dim`, `permute`, `transpose`, `swap_dims`, `expand`, `flip` |
//! | slicing, joining | `slice`, `slice_assign`, `narrow`, `chunk`, `split`, `cat`, `stack`, `repeat` |
//! | indexing | `gather`, `scatter` (adds), `select` |
//! | casts | `float`, `int`, `bool`, `cast` (dtype within a kind), `into_scalar`, `dtype` |
//! | data | `into_data`, `to_data`, `into_data_async`, `to_device`, `Display` (numpy-like), `Debug` |
//! | gradients | `require_grad`, `backward` ([`Gradients`], `grads.get(&w)`), `grad`, `detach`, `is_tracked`, [`no_grad`]; [`optim`]: [`Param`](optim::Param), [`Sgd`](optim::Sgd), [`Adam`](optim::Adam) |
//!
//! Bad input panics with a message that names the op, the shapes or dims and the
//! rule. The checks users may want to recover from have `try_` forms returning
//! [`TensorError`]: `try_from_data`, `try_reshape`, `try_slice`, `try_slice_assign`,
//! `try_cat`, `try_stack`, `try_expand`. A result the memory cannot hold is a
//! panic too, never an abort: it names the public method called (each one is
//! marked while it runs, through `#[outline(enter = seam_backend::enter_op)]`), the
//! buffer and the bytes (`tests/ops/tests/suite/limits.rs`).
//!
//! # Gradients
//!
//! Every op runs through `seam-autodiff`'s `Autodiff` over the dispatch layer. A
//! float tensor marked with `require_grad` is a leaf; an op on a tracked tensor
//! records its backward rule; `loss.backward()` walks the graph back and gives each
//! leaf's gradient, summed over every use and over broadcasts. An op on untracked
//! tensors records nothing and costs one check. The graph lives inside
//! `BridgeTensor`, behind the boundary, so downstream crates compile none of it.
//!
//! Where a function has no derivative, the gradient is defined as follows. `max`,
//! `min`, `max_dim`, `min_dim` and a tensor-tensor `BinaryOp::Max`/`Min` send it to
//! the elements they picked, split evenly between ties. Where the result is `NaN`,
//! the `NaN`s picked it, and tie: the reductions split the gradient evenly between
//! the `NaN`s of the lane (all of it to a lone `NaN`, as PyTorch's `max`, which
//! gives it to the first of several), a `BinaryOp::Max`/`Min` sends it to the `NaN`
//! operand (half each when both are). `relu`, `clamp`, `clamp_min`
//! and `clamp_max` pass it only where the element was strictly inside, none at the
//! bound (as PyTorch's `relu`). Comparisons, `argmax`/`argmin`, casts to `Int` or
//! `Bool`, and creation stop it.
//!
//! ```
//! use seam_tensor::optim::{Param, Sgd};
//! use seam_tensor::{Device, Tensor};
//! let device = Device::default();
//! let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], &device);
//! let y = Tensor::<2>::from_floats([[1.0], [2.0], [3.0]], &device); // y = x [1, 2]
//! let mut w = Param::new(Tensor::<2>::zeros([2, 1], &device));
//! let mut sgd = Sgd::new(0.3);
//! for _ in 0..200 {
//!     let loss = (x.clone().matmul(w.value()) - y.clone()).powi_scalar(2).mean();
//!     let grads = loss.backward();
//!     sgd.update(&mut w, &grads);
//! }
//! let w = w.value().into_data().to_vec::<f32>().unwrap();
//! assert!((w[0] - 1.0).abs() < 1e-4 && (w[1] - 2.0).abs() < 1e-4, "{w:?}");
//! ```
//!
//! # Devices and features
//!
//! The CPU backend (feature `cpu`, on by default) is pure Rust. The CubeCL backend
//! runs on wgpu with WGSL kernels (feature `wgpu`, `Device::wgpu`) or on Vulkan
//! with SPIR-V kernels (feature `vulkan`, `Device::vulkan`); both are off by
//! default, since they add the wgpu stack to the build. [`Tensor::to_device`] moves a
//! tensor between devices; an op on tensors of two devices panics and names both.
//!
//! `Float` tensors are `f32` unless made from `f64` data or cast to it; a device
//! without `f64` (OpenGL, Metal) refuses those with a panic naming both. `Int`
//! tensors take their device's integer dtype ([`Device::int_dtype`]): `i64`, or
//! `i32` on a device without it, so the same code runs on every adapter; reading
//! their data as `i64` works at either (`TensorData::to_vec` widens).
//!
//! # Note for contributors: the boundary
//!
//! `Tensor<D, K>` is generic, so each of its methods is compiled again in every
//! downstream crate that uses it, along with everything the method moves, drops or
//! calls. If those bodies reached `seam-dispatch` directly, every downstream release
//! build would compile the backends' code again. So:
//!
//! - a `Tensor` holds a [`BridgeTensor`], an `#[opaque]`
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
//! # For backend-extension authors: the `extension` feature
//!
//! A crate that adds its own ops (a fused kernel, a backend's special function)
//! enables `seam-tensor/extension`. That makes public what the boundary otherwise
//! keeps inside this crate:
//!
//! - [`BridgeTensor`], with `into_parts` / `as_parts` (its
//!   [`Kind`] and its `DispatchTensor`), `from_dispatch`, `rank`, `kind`, `dtype`;
//! - `Tensor::into_bridge` / `as_bridge`, and `Tensor::from_bridge`, which checks
//!   the rank and kind and returns a `FromBridgeError` on a mismatch;
//! - `Device::as_dispatch` / `Device::from_dispatch`;
//! - the modules `backend` (`seam-backend`) and `dispatch` (`seam-dispatch`).
//!
//! An op is then: `into_bridge`, `into_parts`, the backend's own code on the
//! dispatch tensor, `from_dispatch`, `from_bridge`. Keep the generic part (over `D`)
//! a thin wrapper around a non-generic function, as this crate does, so the
//! extension crate's users do not compile the backend either. `tests/extension` in
//! the repository is a worked example (a fused `x * sigmoid(x)` on the CPU).
//!
//! Without the feature, none of these is reachable from outside the crate.
//!
//! # Adding an op
//!
//! First see whether it is a composition of existing ops (as `softmax`, `cat`,
//! `select` and `repeat` are): then it is only a method. Otherwise:
//!
//! - **An op of an existing family** (an elementwise unary or binary op, a
//!   comparison, a reduction, a scan: the lists `unary_ops!`, `binary_ops!`,
//!   `compare_ops!`, `reduce_ops!`, `scan_ops!` of `seam-backend`'s `ops.rs`) is its
//!   entry there (seam-cubecl's kernel enums follow from it), its arm in each
//!   backend's kernel of the family (seam-cpu's `ops/<family>.rs`, seam-cubecl's
//!   `kernels/<family>.rs`) and in the family's backward rule (seam-autodiff's
//!   `rules.rs`), and its method here with its row in the table above: `cumprod`
//!   took those six files. A float function (a unary op such as `tanh`) also
//!   touches seam-cpu's `element.rs` (its method of the `Float` element trait, for
//!   `f32` and `f64`) and, in seam-cubecl's `kernels/elementwise.rs`, both its
//!   `FloatUnary` arm and its row of the `f64` host table (`f64_on_host`: `f64`
//!   float functions run on the host); its tests are the suite's
//!   `elementwise_float.rs`, `autodiff.rs` and `nan.rs` cases, seam-autodiff's
//!   `tests/gradients.rs` and seam-cubecl's `tests/kernels.rs`.
//! - **A new op** is a `Backend` method (`seam-backend`'s `backend.rs`, with its
//!   preconditions) and its entry of `for_each_tensor_op!` beside it, naming its
//!   family, from which every backend's forwarder, `seam-dispatch`'s and
//!   seam-autodiff's untracked path are generated; its entry point in each
//!   backend's module of the family (seam-cpu's `ops/<family>.rs`, seam-cubecl's
//!   `kernels/<family>.rs`: a function named as the op, taking the trait's
//!   arguments); its tracked form and backward rule, side by side in seam-autodiff's
//!   `rules.rs`; and the method here with its row in the table: `flip` took those
//!   six files. A rule on its input that `check.rs` lacks is one more.
//! - **A new family** is the same, plus a module in each backend (its file and its
//!   `mod` line) and, when its ops are told apart by an enum, the enum's list in
//!   `seam-backend`'s `ops.rs`: `cumsum`, which brought the scan family, took
//!   fourteen files before the forwarders and tracked forms were generated or moved
//!   beside their rules; the same change now takes nine.
//!
//! Write the method in the `ops/` file of its kind bound, with a doc comment and an
//! example. Check its inputs with `check` (a new rule goes there): each check
//! returns a [`TensorError`] naming the op, the shapes and the rule; the method
//! unwraps it with `or_panic()`, and a `try_` form, where users need one, returns
//! it. Test it in `tests/ops/tests/suite` with `#[device_test]` (every device), its
//! gradient in `seam-autodiff`'s `tests/gradients.rs`, and its kernels against the
//! CPU in `seam-cubecl`'s `tests/kernels.rs`.

// docs.rs marks what `extension` opens (`#[ext_fn]` emits `doc(cfg(..))` there).
#![cfg_attr(docsrs, feature(doc_cfg))]

use seam_macros::ext_fn;

mod bridge;
mod check;
mod device;
mod error;
mod grad;
mod kind;
mod ops;
pub mod optim;
mod random;
mod tensor;

pub use device::{Device, DeviceError};
pub use error::{TensorError, TensorErrorKind};
pub use grad::{Gradients, NoGradGuard, is_recording, no_grad};
pub use kind::{Bool, Float, Int, Kind, Numeric, TensorKind};
pub use ops::OperatorScalar;
pub use random::Distribution;
pub use seam_backend::{BinaryOp, DType, DataError, DeviceInfo, Scalar, Shape, TensorData};
pub use tensor::Tensor;

// ---------------------------------------------------------------------------------
// What the `extension` feature opens (each item is `pub(crate)` without it).
// ---------------------------------------------------------------------------------

/// The erased form of every `Tensor` (feature `extension`).
#[ext_fn]
pub use bridge::BridgeTensor;

/// Why `Tensor::from_bridge` refused an erased tensor (feature `extension`).
#[ext_fn]
pub use tensor::FromBridgeError;

/// The backend op trait and its types, as `seam-tensor` uses them (feature
/// `extension`): `Backend`, `UnaryOp`, ...
#[ext_fn]
pub use seam_backend as backend;

/// The dispatch layer (feature `extension`): `DispatchTensor`, `DispatchDevice`,
/// `Dispatch`, and each backend under `dispatch::backends`.
#[ext_fn]
pub use seam_dispatch as dispatch;
