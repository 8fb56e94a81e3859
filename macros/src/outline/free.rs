//! `#[outline]` on a free function (momo's form): the wrapper converts the arguments
//! (`impl AsRef<Path>`, `impl Into<String>`, ...) and calls one non-generic helper.
//! There is no erased type: the attribute takes no arguments, or `?Send` on an
//! `async fn`.

use super::ast::Method;
use super::attr::{Args, Errors};
use super::expand::outline_method;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::parse::Parser;

/// The wrapper in the function's place, and its helper in a hidden module.
pub(crate) fn expand(args: TokenStream, func: &syn::ItemFn) -> syn::Result<TokenStream> {
    let mut errors = Errors::default();
    let not_send = errors.check(not_send(args)).flatten();
    let method = syn::ImplItemFn {
        attrs: func.attrs.clone(),
        vis: func.vis.clone(),
        modifiers: func.modifiers.clone(),
        sig: func.sig.clone(),
        block: (*func.block).clone(),
    };
    // `Self` cannot appear in a free function's signature: no type is erased.
    let own = syn::Ident::new("Self", Span::call_site());
    let method = errors.check(Method::read(method, &Default::default(), &own, false, not_send));
    errors.finish()?;
    let method = method.expect("read without errors");
    let name = &func.sig.ident;
    let module = format_ident!("__seam_outline_fn_{}", name);
    let parts = outline_method(
        &Args::free(),
        &syn::Generics::default(),
        &module,
        &Default::default(),
        &method,
    )?;
    let (wrapper, helper) = (parts.wrapper, parts.helper);
    Ok(quote! {
        #wrapper

        #[doc(hidden)]
        mod #module {
            #[allow(unused_imports)]
            use super::*;
            #helper
        }
        #[doc(hidden)]
        #[allow(unused_imports)]
        use #module::*;
    })
}

/// The arguments on a free function: none, or `?Send`.
fn not_send(args: TokenStream) -> syn::Result<Option<Span>> {
    if args.is_empty() {
        return Ok(None);
    }
    let parser = |input: syn::parse::ParseStream| {
        let question: syn::Token![?] = input.parse()?;
        let send: syn::Ident = input.parse()?;
        if send != "Send" || !input.is_empty() {
            return Err(input.error("expected `?Send`"));
        }
        Ok(question.span)
    };
    parser.parse2(args.clone()).map(Some).map_err(|_| {
        syn::Error::new_spanned(
            args,
            "#[outline] on a free function takes no arguments (it has no erased type), \
             or `?Send` on an `async fn` whose future is not `Send`",
        )
    })
}
