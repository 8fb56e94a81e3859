//! Macros that build a compile-time boundary in front of a heavy type tree.
//!
//! A generic library type such as `Tensor<const D: usize, K>` is compiled again in
//! every downstream crate that names `Tensor<2>` or `Tensor<3, Int>`: each generic
//! method body, and everything it moves, drops or calls, is instantiated there. When
//! those bodies reach a backend enum full of GPU runtimes, every downstream release
//! build regenerates that backend's code. The macros here cut the chain:
//!
//! - [`macro@outline`] turns each public method of an `impl` block into a thin
//!   generic wrapper plus one non-generic `<method>_impl` helper, compiled once in
//!   the library crate;
//! - [`macro@opaque`] stores a value of a heavy type in fixed-size, type-erased slots,
//!   so moving, cloning and dropping it downstream never names the heavy type;
//! - [`macro@ext_fn`] makes an item `pub` when the using crate's `extension` feature
//!   is on and `pub(crate)` when it is off.
//!
//! The macros know nothing about any particular library: every name they need comes
//! from the annotated item, the attribute's arguments, or the protocol a type declares
//! with `#[outline(..)]` on itself (a hidden `macro_rules!` named after the type), and
//! they keep no state between invocations. Each macro's page holds its reference:
//! every form, every error and how it works.
//!
//! # How the crate is built
//!
//! Each macro reads its input into a model, validates the model, then expands it;
//! the three steps live apart, so a new form goes where its step is:
//!
//! | step | `#[outline]` | `#[opaque]` | `#[ext_fn]` |
//! |---|---|---|---|
//! | read | `outline/attr.rs`, `ast.rs`, `generics.rs`, `form.rs`, `body/`, `infer.rs` | `opaque/attr.rs`, `ast.rs` | `ext_fn.rs` |
//! | validate | `outline/valid.rs` | `opaque/valid.rs` | `ext_fn.rs` |
//! | expand | `outline/expand/` (`wrapper.rs`, `helper.rs`, `forwarding.rs`, `lifetimes.rs`), `convert.rs`, `protocol.rs`, `fallback.rs` | `opaque/expand.rs` | `ext_fn.rs` |
//!
//! Every step reports into one collector (`errors.rs`), so one build shows every
//! mistake; a new error goes into the validate step of its macro, with a case in
//! `tests/ui`. Syntax helpers all three share (spans, `off_if(..)`, an item's head,
//! generated names) are in `syntax.rs`; a form that now has another spelling warns
//! through `deprecation.rs`. Each module's doc says what it holds.
//!
#![doc = include_str!("../doc/tests.md")]
//!
//! # Timing the macros
//!
//! With `SEAM_MACROS_TIMING` set in the compiler's environment
//! (`SEAM_MACROS_TIMING=1 cargo build`), each call of a macro prints one line to stderr,
//! `seam-macros timing: outline 1234 us`: the time it took to parse, check and generate
//! (rustc's own work on the result is not in it). Unset, the macros print nothing. The
//! report (`seam-report`) sums these lines over a build of `seam-tensor`.

// syn's trees differ widely in size; boxing them would only add noise to code that
// runs once per macro call.
#![allow(clippy::large_enum_variant)]

/// The README's examples, run as doctests (what crates.io shows must compile).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
#[allow(dead_code)]
struct ReadmeDoctests;

mod deprecation;
mod errors;
mod ext_fn;
#[cfg(test)]
mod fuzz;
mod opaque;
mod outline;
#[cfg(test)]
mod snapshots;
mod syntax;
mod timing;

use proc_macro::TokenStream;

/// Outlines every public method of an inherent `impl` block of a generic type, every
/// method of a trait impl for it, or a free function: with no arguments its
/// conversions only (momo's form), with a type's name (`#[outline(Tensor)]`) under
/// that type's protocol.
///
/// ```
/// use seam_macros::outline;
///
/// /// The erased form: the length at run time.
/// pub struct DynVector(Vec<f64>);
///
/// impl DynVector {
///     fn len(&self) -> usize {
///         self.0.len()
///     }
/// }
///
/// /// `N` numbers. The protocol, declared once on the type: its one field holds the
/// /// erased form, and `N` is read back by `len`.
/// #[outline(N = len)]
/// pub struct Vector<const N: usize>(DynVector);
///
/// #[outline]
/// impl<const N: usize> Vector<N> {
///     /// `N` copies of `value`: `N` is a run-time `usize` in the body, `value` an `f64`.
///     pub fn filled(value: impl Into<f64>) -> Self {
///         DynVector(vec![value; N])
///     }
///
///     /// The sum: `self` is a `&DynVector` in the body.
///     pub fn sum(&self) -> f64 {
///         self.0.iter().sum()
///     }
/// }
///
/// fn main() {
///     assert_eq!(Vector::<4>::filled(2u8).sum(), 8.0);
/// }
/// ```
///
#[doc = include_str!("../doc/outline.md")]
#[proc_macro_attribute]
pub fn outline(args: TokenStream, input: TokenStream) -> TokenStream {
    timing::timed("outline", || outline::expand(args.into(), input.into())).into()
}

/// Stores the single field of a tuple struct as fixed-size, type-erased slots.
///
/// ```
/// use seam_macros::opaque;
/// use std::collections::BTreeMap;
///
/// /// A heavy value, stored in slots: moving or dropping a `Table` downstream never
/// /// names the map's type.
/// #[opaque(Send, Sync)]
/// #[derive(Clone, Debug)]
/// pub struct Table(BTreeMap<String, Vec<f32>>);
///
/// impl Table {
///     pub fn new() -> Self {
///         Table::from_inner(BTreeMap::new())
///     }
///     pub fn insert(&mut self, key: &str, row: Vec<f32>) {
///         self.inner_mut().insert(key.to_owned(), row);
///     }
///     pub fn len(&self) -> usize {
///         self.inner().len()
///     }
/// }
///
/// fn main() {
///     let mut t = Table::new();
///     t.insert("a", vec![1.0]);
///     let copy = t.clone();
///     assert_eq!((t.len(), copy.len()), (1, 1));
/// }
/// ```
///
#[doc = include_str!("../doc/opaque.md")]
#[proc_macro_attribute]
pub fn opaque(args: TokenStream, input: TokenStream) -> TokenStream {
    timing::timed("opaque", || opaque::expand(args.into(), input.into())).into()
}

/// Makes a `pub` item `pub` with the using crate's `extension` feature, and
/// `pub(crate)` without it.
///
/// ```
/// use seam_macros::ext_fn;
///
/// pub struct Device {
///     id: u32,
/// }
///
/// impl Device {
///     /// The raw id: `pub` for extension authors, `pub(crate)` otherwise.
///     #[ext_fn(feature = "internals")]
///     pub fn raw_id(&self) -> u32 {
///         self.id
///     }
/// }
/// fn main() {
///     assert_eq!(Device { id: 7 }.raw_id(), 7);
/// }
/// ```
///
#[doc = include_str!("../doc/ext_fn.md")]
#[proc_macro_attribute]
pub fn ext_fn(args: TokenStream, input: TokenStream) -> TokenStream {
    timing::timed("ext_fn", || ext_fn::expand(args.into(), input.into())).into()
}
