//! `#[opaque]`: a value of a heavy type stored as fixed-size, type-erased slots.

mod attr;
mod expand;

use proc_macro2::TokenStream;
use quote::quote;

pub(crate) fn expand(args: TokenStream, input: TokenStream) -> TokenStream {
    let item = match syn::parse2::<syn::Item>(input.clone()) {
        Ok(item) => item,
        Err(_) => return input,
    };
    let parsed = attr::Args::parse(args).and_then(|args| Ok((args, expand::Opaque::from_item(&item)?)));
    match parsed {
        Ok((args, opaque)) => expand::expand(&args, &opaque),
        Err(err) => {
            // Emit the struct unchanged so that uses of it do not cascade into errors.
            let errors = err.into_compile_error();
            quote!(#errors #item)
        }
    }
}
