//! The wrapper: the method as its callers see it, generic as written, that converts
//! the arguments, calls the helper and restores the result.

use super::{Plan, lifetimes};
use crate::outline::ast::Receiver;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};

/// The wrapper, in the method's place.
pub(super) fn wrapper(plan: &Plan) -> TokenStream {
    let func = &plan.method.func;
    let sig = &func.sig;
    let name = plan.name();
    // An `async fn` stays one, as written: its own future only awaits the helper's box.
    // So does a method whose future borrows through one lifetime at most; a future
    // borrowing through several (`&self` and `&str`) names the shortest, which the
    // helper's box lives for.
    let asyncness = &sig.asyncness;
    let as_written = asyncness.is_some() || !plan.future_named();
    let (receiver, generics): (Option<TokenStream>, &syn::Generics) = match as_written {
        true => (as_written_receiver(plan), &sig.generics),
        false => (plan.receiver(), &plan.generics),
    };
    let inputs = receiver.into_iter().chain(inputs(plan));
    let output = &sig.output;
    let body = body(plan);
    // Docs and every other attribute stay on the wrapper.
    let (attrs, vis) = (&func.attrs, &func.vis);
    // Spanned at the method's name, so that a collision between two wrappers is
    // reported there.
    let fn_token = quote_spanned!(name.span()=> fn);
    let (generics, _, where_clause) = generics.split_for_impl();
    // In the braces of the user's body: the wrapper spans the method as written, so
    // that lints about the method as a whole (Clippy's `must_use_candidate`) see it.
    let mut block = proc_macro2::Group::new(proc_macro2::Delimiter::Brace, body);
    block.set_span(func.block.brace_token.span.join());
    quote! {
        #(#attrs)*
        #vis #asyncness #fn_token #name #generics (#(#inputs),*) #output #where_clause #block
    }
}

/// The receiver of an `async fn`'s wrapper: as written, less a `mut` only the body used.
fn as_written_receiver(plan: &Plan) -> Option<TokenStream> {
    let r = plan.method.func.sig.receiver()?;
    let self_token = r.self_token;
    Some(match plan.method.receiver {
        Some(Receiver::Ref | Receiver::Mut) => quote!(#r),
        _ => quote!(#self_token),
    })
}

/// The arguments after the receiver, as written (their elided lifetimes named for a
/// boxed future returned as `impl Future` that borrows through several).
fn inputs<'a>(plan: &'a Plan) -> impl Iterator<Item = TokenStream> + 'a {
    plan.method.args.iter().zip(&plan.codes).map(|(arg, code)| {
        let (name, ty) = (&arg.name, &arg.ty);
        let mutability = code.wrapper_mut.then(|| quote!(mut));
        let ty = match plan.future_named() {
            true => lifetimes::name_elided(quote!(#ty), &plan.future_lifetime),
            false => quote!(#ty),
        };
        quote!(#mutability #name: #ty)
    })
}

/// The call of the helper, with the result restored. The wrapper of an `async fn` is
/// a plain function returning the helper's future (mapped by an `async` block only
/// when the result needs restoring): the state machine stays in the helper.
fn body(plan: &Plan) -> TokenStream {
    let (protocol, name) = (&plan.protocol, plan.name());
    let values = plan.used.iter().map(|v| {
        let param = &v.param;
        match &v.assoc {
            Some(assoc) => quote!(<#param>::#assoc),
            None => quote!(#param),
        }
    });
    let self_kw = &plan.self_kw;
    let erase = match plan.method.receiver {
        Some(Receiver::Value) => Some(protocol.erase),
        Some(Receiver::Ref) => Some(protocol.erase_ref),
        Some(Receiver::Mut) => plan.args.erase_mut.as_ref(),
        Some(Receiver::Typed) | None => None,
    };
    let receiver = erase.map(|erase| quote_spanned!(erase.span()=> <Self>::#erase(#self_kw)));
    let passes = plan.codes.iter().map(|code| code.wrapper_pass.clone());
    let call = plan.call_helper(values, receiver, passes);
    if plan.method.func.sig.asyncness.is_some() {
        let awaited = quote!(#call.await);
        return match &plan.method.ret {
            Some(form) if !form.is_plain() => protocol.restore(form, awaited, name),
            _ => awaited,
        };
    }
    match (&plan.method.ret, plan.is_async()) {
        (Some(form), false) => protocol.restore(form, call, name),
        (ret, true) if plan.borrows_args => {
            let awaited = quote!(#call.await);
            let output = match ret {
                Some(form) if !form.is_plain() => protocol.restore(form, awaited, name),
                _ => awaited,
            };
            quote!(async move { #output })
        }
        (Some(form), true) if !form.is_plain() => {
            let future = format_ident!("__seam_future");
            let restored = protocol.restore(form, quote!(#future.await), name);
            quote! {
                let #future = #call;
                async move { #restored }
            }
        }
        _ => call,
    }
}
