//! The attribute's words, defined once: `attr.rs` reads them, `protocol.rs` finds
//! them in raw tokens and writes the two markers, `valid.rs` suggests the nearest of
//! [`PROTOCOL`] for a misspelling.

/// The erased type.
pub(crate) const ERASED: &str = "erased";
/// Own type by value to erased.
pub(crate) const ERASE: &str = "erase";
/// Own type by reference to erased by reference.
pub(crate) const ERASE_REF: &str = "erase_ref";
/// Own type by mutable reference to erased by mutable reference.
pub(crate) const ERASE_MUT: &str = "erase_mut";
/// Erased to own type.
pub(crate) const RESTORE: &str = "restore";
/// The guard each helper holds while its body runs.
pub(crate) const ENTER: &str = "enter";
/// The `cfg` predicate under which the boundary is off.
pub(crate) const OFF_IF: &str = "off_if";
/// The closed sets of kind types.
pub(crate) const KINDS: &str = "kinds";
/// The library's argument conversions.
pub(crate) const VIA: &str = "via";
/// A method kept generic.
pub(crate) const SKIP: &str = "skip";
/// Added by a type's protocol macro: the arguments come from the type.
pub(crate) const DECLARED_ON_TYPE: &str = "__seam_declared_on_type";
/// Added by a type's protocol macro for a free function: the type's name follows.
pub(crate) const FN_OF: &str = "__seam_fn_of";

/// The keys of the protocol a misspelled argument is matched against.
pub(crate) const PROTOCOL: [&str; 6] = [ERASED, ERASE, ERASE_REF, ERASE_MUT, RESTORE, ENTER];
