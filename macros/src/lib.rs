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
//! from the annotated item or the attribute's arguments, and they keep no state
//! between invocations. The rules are in this crate's README.
//!
//! Layout: each macro has a module; `outline` is split like dtolnay's macro crates
//! into `attr` (the attribute's arguments), `ast` (reading the impl), `body`
//! (checking and rewriting a moved body), `expand` (generating code) and
//! `fallback` (what is emitted after an error, so IDEs keep working).

// syn's trees differ widely in size; boxing them would only add noise to code that
// runs once per macro call.
#![allow(clippy::large_enum_variant)]

mod ext_fn;
mod opaque;
mod outline;
#[cfg(test)]
mod snapshots;
mod timing;

use proc_macro::TokenStream;

/// Whether `#[outline]` emits its helpers `#[inline]` (the `outline-off` feature),
/// so that every caller compiles their bodies again, as without the macro.
fn outline_off() -> bool {
    cfg!(feature = "outline-off")
}

/// Whether `#[opaque]` stores its value as a plain field (the `opaque-off` feature),
/// so that moving and dropping it names the inner type, as without the macro.
///
/// Cargo unifies features, so both switches apply to every crate of the build that
/// uses these macros; they exist to measure the boundary, building the same source
/// each way (`boundary-off` turns both off).
fn opaque_off() -> bool {
    cfg!(feature = "opaque-off")
}

/// Outlines every public method of an inherent `impl` block of a generic type, every
/// method of a trait impl for it, or a free function (`#[outline]` with no arguments:
/// its conversions only, momo's form).
///
/// ```ignore
/// #[outline(erased = BridgeTensor, erase = into_bridge, erase_ref = as_bridge,
///           restore = from_bridge, D = rank, K::KIND: Kind = kind)]
/// impl<const D: usize, K: TensorKind> Tensor<D, K> {
///     /// Adds two tensors.
///     pub fn add(self, rhs: Self) -> Self {
///         // `self` and `rhs` are `BridgeTensor`s here; `D` is a run-time `usize`.
///         BridgeTensor::binary(BinaryOp::Add, self, rhs)
///     }
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
///   `fn(Erased) -> Self`, at any value of its generic parameters; it should check, in
///   debug builds at least, that the erased value fits them;
/// - `D = name` for each const generic `D`: the method of the erased type that reads
///   `D` back at run time (`fn(&self) -> usize`);
/// - `K::NAME: Type = name` for an associated const of a type parameter that bodies
///   use as a run-time value: its type, and the method of the erased type that reads
///   it back.
///
/// Arguments and results cross as their forms: the impl's type at any parameters
/// (erased, restored), `Vec`/`Option`/`Result`/tuples of it, arrays sized by a const
/// generic (a `Vec` in the helper), `impl Into<T>`/`AsRef`/`AsMut`/`Fn`/`FnMut`/
/// `IntoIterator` (converted in the wrapper, also as bounded method type
/// parameters), method const generics (run-time values), lifetimes of the method and
/// of the impl, and `async fn` (the helper boxes its state machine, compiled once; add
/// `#[outline(?Send)]` to a method whose future is not `Send`). Helpers live in a
/// hidden module per impl block or function. Anything else generic is a compile error
/// at its tokens. Put `#[outline(skip)]` on a method to keep it generic. The crate's
/// README has the table of forms and every error.
#[proc_macro_attribute]
pub fn outline(args: TokenStream, input: TokenStream) -> TokenStream {
    timing::timed("outline", || outline::expand(args.into(), input.into())).into()
}

/// Stores the single field of a tuple struct as fixed-size, type-erased slots.
///
/// ```ignore
/// #[opaque(Clone, Debug, Send, Sync)]
/// pub struct BridgeTensor(DispatchTensor);
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
/// against the inner type, with an error at the number.
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
/// ```ignore
/// #[ext_fn]
/// pub fn as_dispatch(&self) -> &DispatchDevice { self.inner() }
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
