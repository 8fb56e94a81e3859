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
    // In source order: the arguments' errors, then the struct's (its derives too).
    let args = attr::Args::parse(args).map_err(|e| errors.push(e)).ok();
    // Warned about and given whether or not the other arguments pass.
    let (warnings, deprecated) = match &args {
        Some(args) => {
            let attrs = match &item {
                syn::Item::Struct(s) => &s.attrs[..],
                _ => &[],
            };
            (args.deprecation_warnings(attrs), args.deprecated_derives.clone())
        }
        None => (TokenStream::new(), Vec::new()),
    };
    let args = args.filter(|args| valid::args(args, &mut errors));
    let opaque = errors.check(ast::Opaque::read(&item)).map(|mut opaque| {
        opaque.derive_also(&deprecated);
        opaque
    });
    let opaque = opaque.filter(|opaque| valid::opaque(opaque, &mut errors));
    // What the struct derives is given as the arguments' traits are.
    let args = args.map(|mut args| {
        if let Some(opaque) = &opaque {
            args.take_derives(&opaque.derives);
        }
        args
    });
    match (args, opaque) {
        (Some(args), Some(opaque)) => {
            let expanded = expand::expand(&args, &opaque);
            quote!(#warnings #expanded)
        }
        // The struct is fine: emit it with its accessors and the derives it forwards,
        // so that the code using them does not cascade into more errors.
        (None, Some(opaque)) => {
            let errors = errors.finish(()).expect_err("the arguments failed");
            let errors = errors.into_compile_error();
            let storage = expand::transparent(&opaque);
            let derives = forwarded(&opaque.derives);
            quote!(#errors #warnings #derives #storage)
        }
        // The struct as written, without its derives: their errors would repeat what
        // was reported.
        (_, None) => {
            let errors = errors.finish(()).expect_err("the struct failed");
            let errors = errors.into_compile_error();
            let mut item = item;
            if let syn::Item::Struct(s) = &mut item {
                s.attrs.retain(|attr| !attr.path().is_ident("derive"));
            }
            quote!(#errors #warnings #item)
        }
    }
}

/// `#[derive(..)]` of those of `derives` that `#[opaque]` forwards (none: nothing).
fn forwarded(derives: &[syn::Path]) -> Option<syn::Attribute> {
    let kept: Vec<&syn::Path> = derives
        .iter()
        .filter(|path| attr::DERIVED.contains(&crate::syntax::last_ident(path).to_string().as_str()))
        .collect();
    (!kept.is_empty()).then(|| syn::parse_quote!(#[derive(#(#kept),*)]))
}
