//! `#[outline]`: a thin generic wrapper plus a non-generic helper per method.

mod ast;
mod attr;
mod body;
mod convert;
mod expand;
mod fallback;
mod form;
mod free;
mod protocol;

use proc_macro2::TokenStream;

pub(crate) fn expand(args: TokenStream, input: TokenStream) -> TokenStream {
    let item = match syn::parse2::<syn::Item>(input.clone()) {
        Ok(item) => item,
        // Not an item at all: let rustc report the syntax error on the original tokens.
        Err(_) => return input,
    };
    match try_expand(args, &item) {
        Ok(tokens) => tokens,
        Err(err) => fallback::expand(&item, err),
    }
}

fn try_expand(args: TokenStream, item: &syn::Item) -> syn::Result<TokenStream> {
    match item {
        syn::Item::Fn(func) => return free::expand(args, func),
        syn::Item::Struct(_) | syn::Item::Enum(_) => return protocol::declare(args, item),
        syn::Item::Impl(imp) if !protocol::is_full(&args) => return protocol::apply(args, imp),
        _ => {}
    }
    // Whether `&mut self` receivers can be outlined is known before the arguments
    // are parsed, so that its error comes with the impl's others.
    let erase_mut = args
        .clone()
        .into_iter()
        .any(|t| matches!(t, proc_macro2::TokenTree::Ident(i) if i == "erase_mut"));
    let args = attr::Args::parse(args);
    let imp = ast::Impl::from_item(item, erase_mut);
    let (args, imp) = match (args, imp) {
        (Ok(args), Ok(imp)) => (args, imp),
        (Err(mut a), Err(b)) => {
            a.combine(b);
            return Err(a);
        }
        // Signature errors come with the bodies' errors, so that one build shows all.
        (Ok(args), Err(mut e)) => {
            if let Some(body) = ast::body_errors(item, &args) {
                e.combine(body);
            }
            return Err(e);
        }
        (Err(e), _) => return Err(e),
    };
    expand::impl_block(&args, &imp)
}
