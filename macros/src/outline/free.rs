//! `#[outline]` on a free function (momo's form): the wrapper converts the arguments
//! (`impl AsRef<Path>`, `impl Into<String>`, ...) and calls one non-generic helper.
//! There is no erased type: the attribute takes no arguments but `?Send` on an
//! `async fn` and the boundary's switch, `off_if(predicate)`.

use super::ast::Method;
use super::attr::{Args, Errors};
use super::expand::outline_method;
use crate::parse_off_if;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::parse::Parser;

/// The wrapper in the function's place, and its helper in a hidden module.
pub(crate) fn expand(args: TokenStream, func: &syn::ItemFn) -> syn::Result<TokenStream> {
    let mut errors = Errors::default();
    let (not_send, off_if) = errors.check(options(args)).unwrap_or_default();
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
        &Args::free(off_if),
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

/// The arguments on a free function: `?Send` and `off_if(predicate)`, each at most
/// once, in any order.
fn options(args: TokenStream) -> syn::Result<(Option<Span>, Option<TokenStream>)> {
    let parser = |input: syn::parse::ParseStream| {
        let (mut not_send, mut off_if) = (None, None);
        while !input.is_empty() {
            if input.peek(syn::Token![?]) && not_send.is_none() {
                let question: syn::Token![?] = input.parse()?;
                let send: syn::Ident = input.parse()?;
                if send != "Send" {
                    return Err(syn::Error::new(send.span(), "expected `?Send`"));
                }
                not_send = Some(question.span);
            } else {
                let at = input.span();
                let name = input
                    .parse::<syn::Ident>()
                    .ok()
                    .filter(|name| name == "off_if" && off_if.is_none());
                if name.is_none() {
                    return Err(syn::Error::new(
                        at,
                        "#[outline] on a free function takes no protocol (it has no erased type): only \
                         `?Send` on an `async fn` whose future is not `Send`, and `off_if(cfg predicate)`",
                    ));
                }
                off_if = Some(parse_off_if(input)?);
            }
            if !input.is_empty() {
                input.parse::<syn::Token![,]>()?;
            }
        }
        Ok((not_send, off_if))
    };
    parser.parse2(args)
}
