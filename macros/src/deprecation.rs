//! Deprecation warnings from a macro, on stable Rust: a form the macros accepted
//! before and now spell otherwise keeps compiling, and rustc's `deprecated` lint says
//! so at the user's own tokens, with the replacement.
//!
//! A proc macro cannot emit a warning itself. The expansion instead declares a
//! `#[deprecated]` constant named after the token and uses it at once; the use
//! carries the token's span, so the warning points where the old form is written and
//! the user's `#[allow(deprecated)]` (on the item, whose lint levels the constant
//! takes, or on the crate) or `#![deny(deprecated)]` applies to it as to any use of
//! a deprecated item.

use proc_macro2::{Ident, TokenStream};
use quote::quote_spanned;

/// A `deprecated` warning at `at`, with `note` (what to write instead), under the
/// lint levels of `item` (the annotated item's `#[allow(deprecated)]` silences it,
/// as it would a use written in the item).
pub(crate) fn warning(at: &Ident, note: &str, item: &[syn::Attribute]) -> TokenStream {
    let levels = item.iter().filter(|attr| {
        ["allow", "warn", "deny", "forbid"]
            .iter()
            .any(|l| attr.path().is_ident(l))
    });
    quote_spanned! {at.span()=>
        #(#levels)*
        const _: () = {
            #[deprecated(note = #note)]
            #[allow(non_upper_case_globals)]
            const #at: () = ();
            #at
        };
    }
}
