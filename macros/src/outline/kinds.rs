//! Kinds declared with their trait: `#[outline(kinds(Float, Int))]` on
//! `pub trait Numeric: Basic` lists the types that implement it, next to their impls;
//! the supertraits are the trait's own, as rustc reads them. The trait is emitted as
//! written, with a hidden `macro_rules!` imported under the trait's name in the macro
//! namespace (`pub(crate)`, so it travels with every `use` of the trait inside the
//! crate). An outlined body's `K::f(..)`, `K: Numeric`, becomes a call of that macro
//! by the bound's path (`body/dispatch.rs`), and the macro writes the `match` on `K`'s
//! run-time value, an arm per listed type. The types are written by paths that
//! resolve in every block's module (`crate::Float`), as the arms are there.

use super::keys;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::parse::{ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::{Token, Type};

/// The trait as written, plus its dispatch macro and the import naming that macro
/// after the trait.
pub(crate) fn declare(args: TokenStream, item: &syn::ItemTrait) -> syn::Result<TokenStream> {
    let kinds = kinds.parse2(args)?;
    let ident = &item.ident;
    let macro_name = format_ident!("__seam_outline_kinds_{}", ident);
    // Each arm in a block of its own: the shorthand has the bound's trait in scope
    // (the call may name a supertrait's function; the supertraits are whatever the
    // block's module imports), the qualified form names the trait.
    let shorthand = kinds.iter().map(|kind| {
        quote! {
            __seam_kind if __seam_kind == __seam_kind_of::<#kind>() => {
                #[allow(unused_imports)]
                use $($bound)* as _;
                <#kind>::$($function)*($($args)*)
            }
        }
    });
    let qualified = kinds.iter().map(|kind| {
        quote! {
            __seam_kind if __seam_kind == __seam_kind_of::<#kind>() => <#kind as $($bound)*>::$($function)*($($args)*)
        }
    });
    let rule = |mode: &str, arms: TokenStream| {
        let mode = format_ident!("{}", mode);
        quote! {
            (#mode $value:ident [$($ty:tt)*] $assoc:ident [$($bound:tt)*] [$($function:tt)*] $message:literal ($($args:tt)*)) => {{
                fn __seam_kind_of<__SeamK: $($bound)*>() -> $($ty)* {
                    <__SeamK>::$assoc
                }
                match $value {
                    #arms
                    _ => ::core::unreachable!($message),
                }
            }};
        }
    };
    let shorthand = rule("shorthand", quote!(#(#shorthand)*));
    let qualified = rule("qualified", quote!(#(#qualified,)*));
    Ok(quote! {
        #item

        #[doc(hidden)]
        macro_rules! #macro_name {
            #shorthand
            #qualified
        }
        #[doc(hidden)]
        #[allow(unused_imports)]
        pub(crate) use #macro_name as #ident;
    })
}

/// `kinds(A, B)`, the attribute's only argument on a trait.
fn kinds(input: ParseStream) -> syn::Result<Vec<Type>> {
    let usage = "on a trait, #[outline] takes `kinds(A, B)`: the types that implement it";
    let key: syn::Ident = input.parse().map_err(|e| syn::Error::new(e.span(), usage))?;
    if key != keys::KINDS || !input.peek(syn::token::Paren) {
        return Err(syn::Error::new(key.span(), usage));
    }
    let content;
    let paren = syn::parenthesized!(content in input);
    let kinds = Punctuated::<Type, Token![,]>::parse_terminated(&content)?;
    input.parse::<Option<Token![,]>>()?;
    if !input.is_empty() {
        return Err(syn::Error::new(input.span(), usage));
    }
    if kinds.is_empty() {
        return Err(syn::Error::new(
            paren.span.join(),
            "list the types that implement this trait: `kinds(A, B)`",
        ));
    }
    Ok(kinds.into_iter().collect())
}
