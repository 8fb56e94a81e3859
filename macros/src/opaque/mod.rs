//! `#[opaque]`: a value of a heavy type stored as fixed-size, type-erased slots.
//!
//! `attr` reads the arguments, `ast` the struct, `expand` generates the storage (and
//! carries the safety argument).

mod ast;
mod attr;
mod expand;

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
    let args = attr::Args::parse(args);
    let opaque = ast::Opaque::from_item(&item);
    match (args, opaque) {
        (Ok(args), Ok(opaque)) => expand::expand(&args, &opaque),
        (Err(error), Ok(opaque)) => {
            // The struct is fine: emit it with its accessors, so that the code using
            // them does not cascade into more errors.
            let errors = error.into_compile_error();
            let storage = expand::transparent(&opaque);
            quote!(#errors #storage)
        }
        (args, Err(item_error)) => {
            // In source order: the arguments' errors, then the struct's.
            let error = match args {
                Err(mut error) => {
                    error.combine(item_error);
                    error
                }
                Ok(_) => item_error,
            };
            let errors = error.into_compile_error();
            quote!(#errors #item)
        }
    }
}
