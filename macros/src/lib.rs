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
//! they keep no state between invocations. The rules are in this crate's README.
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
//! generated names) are in `syntax.rs`. Each module's doc says what it holds.

// syn's trees differ widely in size; boxing them would only add noise to code that
// runs once per macro call.
#![allow(clippy::large_enum_variant)]

mod errors;
mod ext_fn;
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
/// /// `N` numbers. The protocol, declared once on the type: the erased type, the three
/// /// conversions, and how `N` is read back.
/// #[outline(erased = DynVector, erase = erase, erase_ref = erase_ref, restore = restore, N = len)]
/// pub struct Vector<const N: usize>(DynVector);
///
/// impl<const N: usize> Vector<N> {
///     fn erase(self) -> DynVector {
///         self.0
///     }
///     fn erase_ref(&self) -> &DynVector {
///         &self.0
///     }
///     fn restore(erased: DynVector) -> Self {
///         assert_eq!(erased.0.len(), N, "restored at the wrong length");
///         Vector(erased)
///     }
/// }
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
/// Arguments:
/// - `erased = Type`: the erased form of the impl's type (a concrete type of the same
///   crate, which receives one forwarding method per outlined method, so bodies can
///   call each other as ordinary methods);
/// - `erase = name`, `erase_ref = name`: methods of the impl's type that give its
///   erased form by value (`fn(self) -> Erased`) and by reference
///   (`fn(&self) -> &Erased`);
/// - `restore = name`: an associated function of the impl's type,
///   `fn(Erased) -> Self` (not a `Result`), at any value of its generic parameters;
///   it should check that the erased value fits them;
/// - `D = name` for each const generic `D`: the method of the erased type that reads
///   `D` back at run time (`fn(&self) -> usize`);
/// - `K::NAME: Type = name` for an associated const of a type parameter that bodies
///   use as a run-time value: its type, and the method of the erased type that reads
///   it back;
/// - on a sealed trait bounding a type parameter `K` (`K: Numeric`), its own
///   `#[outline(kinds(A, B))]` lists the types that implement it: a body's `K::f(..)`
///   (or `<K as Trait>::f(..)`) becomes a `match` on `K`'s declared run-time value
///   (`K::KIND`, of a `PartialEq` type) calling `<A>::f(..)` for the kind at hand;
/// - `via(Trait: Type = function, ..)`, optional: an argument bounded by a trait of
///   the library's own (`impl Trait`, `T: Trait`) is converted in the wrapper with
///   `function(arg)` and reaches the helper as `Type`;
/// - `enter = path`, optional: a function `fn(&'static str) -> Guard` that the
///   helper of each synchronous method calls with the method's name before its body,
///   holding the guard until the body is done;
/// - `off_if(predicate)`, optional: a `cfg` predicate of the using crate (its own
///   feature, `off_if(feature = "boundary-off")`) under which the boundary is off,
///   for measuring it: helpers `#[inline]`, async helpers unboxed. It is the using
///   crate's switch alone: this crate has no features.
/// - `crate = path`, optional, on a type declaring its protocol: the path the using
///   crate names this crate by, when its manifest renames the dependency
///   (`seam = { package = "seam-macros" }` and `crate = ::seam`); the type's protocol
///   macro calls `#[outline]` back through it (`::seam_macros` without it). On a
///   block with the whole protocol it is an error: nothing calls back there.
///
/// Arguments and results cross as their forms: the impl's type at any parameters
/// (erased, restored), `Vec`/`Option`/`Result`/tuples of it, arrays sized by a const
/// generic (a `Vec` in the helper), `impl Into<T>`/`AsRef`/`AsMut`/`Fn`/`FnMut`/
/// `IntoIterator` (converted in the wrapper, also as bounded method type
/// parameters), method const generics (run-time values), lifetimes of the method and
/// of the impl, and `async fn` (the helper boxes its state machine, compiled once; add
/// `#[outline(?Send)]` to a method whose future is not `Send`), and a plain `fn`
/// returning `impl Future` (its body runs at the call; the future it gives is boxed,
/// `Send` when the `impl` says so). Helpers live in a
/// hidden module per impl block or function. Anything else generic is a compile error
/// at its tokens. Put `#[outline(skip)]` on a method to keep it generic. The crate's
/// README has the table of forms and every error.
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
/// The struct becomes `#[repr(C, align(64))]` (or `align = N`) around an
/// `UnsafeCell` of pointer-width `MaybeUninit` slots, enough for the inner type (or
/// `size = N` bytes); the inner type is named only in code compiled in the declaring
/// crate. The declaring module gets private `from_inner`, `inner`, `inner_mut` and
/// `into_inner`. `Drop` runs the inner value's drop exactly once.
///
/// Arguments: `Clone`, `Debug`, `PartialEq`, `Eq`, `Hash`, `Default` are forwarded
/// to the inner value, in non-generic code; `Send`, `Sync` and `RefUnwindSafe` are
/// given only on request, and only if the inner type has them (a compile error
/// otherwise); `align = N` and `size = N` set the layout, checked at compile time
/// against the inner type, with an error at the number; `off_if(predicate)`, a `cfg`
/// predicate of the using crate, makes the storage a plain field where it holds (for
/// measuring the boundary).
///
/// The safety argument (bounds, alignment, provenance, interior mutability, threads,
/// why not `Box<dyn Any>`) is next to the generated code, in `src/opaque/expand.rs`.
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
/// The item is emitted twice: as written under `#[cfg(feature = "extension")]`, with
/// `#[cfg_attr(docsrs, doc(cfg(feature = "extension")))]`, and as `pub(crate)` under
/// `#[cfg(not(feature = "extension"))]`. It goes on any item with a visibility: `fn`
/// (also `async`, `const`, `unsafe`), methods and associated items of an inherent
/// impl, structs, enums, unions, consts, statics, type aliases, traits, modules and
/// `use`. An item not written `pub` is a compile error.
///
/// **The using crate must declare the feature** (`extension = []` in its
/// `[features]`): the `cfg` is evaluated there, not in this crate. Without it, rustc
/// warns `unexpected_cfgs` and the item stays `pub(crate)`. A feature of another
/// name: `#[ext_fn(feature = "unstable")]`.
#[proc_macro_attribute]
pub fn ext_fn(args: TokenStream, input: TokenStream) -> TokenStream {
    timing::timed("ext_fn", || ext_fn::expand(args.into(), input.into())).into()
}
