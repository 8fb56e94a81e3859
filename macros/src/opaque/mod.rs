//! `#[opaque]`: a value of a heavy type stored as fixed-size, type-erased slots.
//!
//! Read (`attr.rs` the arguments, `ast.rs` the struct), validate (`valid.rs`), expand
//! (`expand.rs`, which generates the storage and carries the safety argument).

mod ast;
mod attr;
mod expand;
mod valid;

use crate::errors::Errors;
use proc_macro2::TokenStream;
use quote::quote;

pub(crate) fn expand(args: TokenStream, input: TokenStream) -> TokenStream {
    let item = match syn::parse2::<syn::Item>(input.clone()) {
        Ok(item) => item,
        Err(err) => {
            let errors = err.into_compile_error();
            return quote!(#errors #input);
        }
    };
    let mut errors = Errors::default();
    // In source order: the arguments' errors, then the struct's.
    let args = attr::Args::parse(args).map_err(|e| errors.push(e)).ok();
    let args = args.filter(|args| valid::args(args, &mut errors));
    let opaque = errors.check(ast::Opaque::read(&item));
    let opaque = opaque.filter(|opaque| valid::opaque(opaque, &mut errors));
    match (args, opaque) {
        (Some(args), Some(opaque)) => expand::expand(&args, &opaque),
        // The struct is fine: emit it with its accessors, so that the code using
        // them does not cascade into more errors.
        (None, Some(opaque)) => {
            let errors = errors.finish(()).expect_err("the arguments failed");
            let errors = errors.into_compile_error();
            let storage = expand::transparent(&opaque);
            quote!(#errors #storage)
        }
        (_, None) => {
            let errors = errors.finish(()).expect_err("the struct failed");
            let errors = errors.into_compile_error();
            quote!(#errors #item)
        }
    }
}
