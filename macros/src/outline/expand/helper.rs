//! The helper: the method's body in a non-generic function of the block's hidden
//! module, taking the erased receiver, the run-time values and the converted
//! arguments. It is generic over lifetimes only, which are not monomorphized. For a
//! method with a receiver of an inherent block it is a method of the erased type
//! taking `self` as the method does, so that the body's `self` is still `self`: the
//! block's expansion puts those in one `impl` of the erased type.

use super::{Boundary, Plan, lifetimes};
use crate::outline::ast::Receiver;
use crate::outline::body;
use crate::outline::form::{ArgForm, Conversion};
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

/// The helper, for the hidden module (a method helper for its `impl` of the erased type).
pub(super) fn helper(plan: &Plan) -> TokenStream {
    let sig = &plan.method.func.sig;
    let name = plan.name();
    let helper_name = &plan.helper_name;
    let inputs = inputs(plan);
    let output = output(plan);
    let (generics, where_clause, bounds) = generics(plan);
    let kept = &plan.kept;
    let into = into_allowance(plan);
    let block = entered(plan, &plan.block);
    // At the method's name, so that a collision between two helpers is reported there;
    // seen from the impl's module, where the glob re-exports it.
    let fn_token = quote_spanned!(name.span()=> fn);
    let vis = quote_spanned!(name.span()=> pub(super));
    let allowed = allowances(plan);
    // Out of line while the boundary is on, whatever rustc's cross-crate inlining
    // flags say (`-Zhint-mostly-unused` makes every function without the attribute
    // inlinable in other crates): a copy of the helper downstream would compile its
    // body, and what it names, there again.
    let inline = match plan.boundary {
        Boundary::On => quote!(#[inline(never)]),
        Boundary::Off => quote!(#[inline]),
        Boundary::InlineIf(predicate) => {
            quote!(#[cfg_attr(#predicate, inline)] #[cfg_attr(not(#predicate), inline(never))])
        }
    };
    if plan.boxed {
        // At `async` (or the `impl Future`): a body whose future is not `Send` is
        // reported at the method.
        let span = match (sig.asyncness, plan.method.future) {
            (Some(a), _) => a.span,
            (None, Some((_, at))) => at,
            (None, None) => Span::call_site(),
        };
        let body = &plan.block;
        // The body's value is bound at the result's type, written where the user wrote
        // the method's result: a body of the wrong type is E0308 at its expression, as
        // in an `async fn`, not a mismatch of the boxed future's `Output`.
        let result = result_ty(plan).unwrap_or_else(|| quote!(()));
        let at = match &sig.output {
            syn::ReturnType::Type(_, ty) => syn::spanned::Spanned::span(&**ty),
            syn::ReturnType::Default => name.span(),
        };
        let result = crate::syntax::located_at(result, at);
        let boxed_block = match sig.asyncness {
            Some(_) => quote_spanned!(span=> ::std::boxed::Box::pin(async move {
                let __seam_output: #result = #body;
                __seam_output
            })),
            // A plain `fn`'s body runs now and gives the future to box.
            None => quote_spanned!(span=> ::std::boxed::Box::pin(#body)),
        };
        return quote! {
            #[doc(hidden)]
            #allowed
            #into
            #inline
            #(#kept)*
            #vis #fn_token #helper_name #generics (#(#inputs),*) #output #bounds {
                #boxed_block
            }
        };
    }
    let asyncness = &sig.asyncness;
    quote! {
        #[doc(hidden)]
        #allowed
        #into
        #inline
        #(#kept)*
        #vis #asyncness #fn_token #helper_name #generics (#(#inputs),*) #output #where_clause #block
    }
}

/// The lints the helper does not answer to: `fill_` -> `fill__impl`; the run-time
/// values add arguments the user did not write (Clippy's `too_many_arguments` is for
/// the wrapper, which has the user's signature); a method helper's name ends in
/// `_impl` whatever its receiver (`into_x_impl(&self)`), and its receiver is the
/// erased type, not the user's (the wrapper answers for the user's; Clippy spares
/// its unused `self` as it spares an exported method's, which the helper is not).
fn allowances(plan: &Plan) -> TokenStream {
    let receiver = plan.on_erased.then(|| {
        quote!(
            clippy::wrong_self_convention,
            clippy::trivially_copy_pass_by_ref,
            clippy::unused_self,
        )
    });
    quote! {
        #[allow(
            non_snake_case,
            clippy::too_many_arguments,
            clippy::redundant_pub_crate,
            #receiver
        )]
    }
}

/// For a helper taking an `impl Into<T>` argument as the `T` the wrapper converted it
/// to: Clippy's `useless_conversion` off, which the body's own `x.into()` (needed in
/// the method as written) would otherwise trip in the helper alone.
fn into_allowance(plan: &Plan) -> Option<TokenStream> {
    let into = plan
        .method
        .args
        .iter()
        .any(|arg| matches!(arg.form, ArgForm::Convert(Conversion::Into(_))));
    into.then(|| quote!(#[allow(clippy::useless_conversion)]))
}

/// `block` after the call of `enter = path` with the method's name, whose result is
/// held until `block` is done. Not for an `async fn`: its body runs where and when
/// its future is polled, so nothing held around it would describe that.
fn entered(plan: &Plan, block: &syn::Block) -> TokenStream {
    let (Some(enter), false) = (&plan.args.enter, plan.is_async()) else {
        return quote!(#block);
    };
    let name = plan.name().to_string();
    quote!({
        let __seam_entered = #enter(#name);
        #block
    })
}

/// The erased receiver (`self` for a method helper, first; `__self` after the values
/// for a free one), the run-time values, then the arguments in their helper types.
fn inputs(plan: &Plan) -> Vec<TokenStream> {
    let span = plan.name().span();
    let values = plan.used.iter().map(|v| {
        let (ident, ty) = (v.ident(span), v.ty());
        quote!(#ident: #ty)
    });
    let erased = plan.protocol.erased;
    let lifetime = plan
        .receiver_lifetime
        .as_ref()
        .map(|(lifetime, _)| lifetime.clone())
        .or_else(|| plan.boxed.then(|| plan.future_lifetime.clone()));
    let sig_receiver = plan.method.func.sig.receiver();
    let mutability = sig_receiver.and_then(|r| r.mutability);
    // At the receiver the user wrote: rustc's notes about it (a move of `self`) and the
    // fixes it derives from its type (`&mut` for a mutation through `&self`) point there.
    let receiver = match (plan.on_erased, sig_receiver) {
        // The user's own tokens (`&`, `mut`, `self`, which the body's `self` resolves
        // to), with the helper's lifetime where it needs one: rustc's fixes replace
        // the receiver as written (`&self` by `&mut self`).
        (true, Some(r)) => Some(match &r.kind {
            syn::ReceiverKind::Reference(and, _, mutability) => {
                let self_token = r.self_token;
                quote!(#and #lifetime #mutability #self_token)
            }
            _ => quote!(#r),
        }),
        _ => {
            let self_ident = body::self_ident(span);
            match plan.method.receiver {
                Some(Receiver::Value) => Some(quote!(#mutability #self_ident: #erased)),
                Some(Receiver::Ref) => Some(quote!(#self_ident: &#lifetime #erased)),
                Some(Receiver::Mut) => Some(quote!(#self_ident: &#lifetime mut #erased)),
                Some(Receiver::Typed) | None => None,
            }
            .map(|tokens| at_receiver(plan, tokens))
        }
    };
    let args = plan.method.args.iter().zip(&plan.codes).map(|(arg, code)| {
        let ty = &code.helper_ty;
        let pat = match (&arg.form, &arg.pat) {
            // `mut f: impl FnMut(..)` arrives as `&mut dyn FnMut(..)`, which the body
            // calls without the binding being `mut` (rustc would call it unused).
            (ArgForm::Convert(Conversion::FnMut(_) | Conversion::AsMut(_)), syn::Pat::Ident(ident))
                if ident.mutability.is_some() =>
            {
                let mut ident = ident.clone();
                ident.mutability = None;
                quote!(#ident)
            }
            (_, pat) => quote!(#pat),
        };
        quote!(#pat: #ty)
    });
    match plan.on_erased {
        true => receiver.into_iter().chain(values).chain(args).collect(),
        false => values.chain(receiver).chain(args).collect(),
    }
}

/// The result in its erased form (borrowing from the erased receiver where the
/// method's result borrows from `self`); for an async method with a boxed future, that future.
fn output(plan: &Plan) -> TokenStream {
    match (result_ty(plan), plan.boxed) {
        (Some(ty), false) => quote!(-> #ty),
        (None, false) => quote!(),
        (ty, true) => {
            let ty = ty.unwrap_or_else(|| quote!(()));
            let send = plan.method.send().then(|| quote!(+ ::core::marker::Send));
            let future_lifetime = &plan.future_lifetime;
            quote! {
                -> ::core::pin::Pin<::std::boxed::Box<
                    dyn ::core::future::Future<Output = #ty> #send + #future_lifetime
                >>
            }
        }
    }
}

/// `tokens` located at the method's receiver as the user wrote it.
fn at_receiver(plan: &Plan, tokens: TokenStream) -> TokenStream {
    match plan.method.func.sig.receiver() {
        Some(r) => crate::syntax::located_at(tokens, syn::spanned::Spanned::span(r)),
        None => tokens,
    }
}

/// The helper's result type (its future's output for an async method), if not `()`.
fn result_ty(plan: &Plan) -> Option<TokenStream> {
    plan.method.ret.as_ref().map(|form| {
        let ty = plan.protocol.helper_ty(form);
        match &plan.receiver_lifetime {
            Some((lifetime, _)) => lifetimes::name_elided(ty, lifetime),
            None => ty,
        }
    })
}

/// The helper's generics (the impl's lifetimes, the method's, the receiver's when the
/// helper names it, and the future's), its `where` clause of lifetime bounds, and
/// those bounds plus "every lifetime outlives the future's" for a boxed future.
fn generics(plan: &Plan) -> (Option<TokenStream>, Option<TokenStream>, Option<TokenStream>) {
    let sig = &plan.method.func.sig;
    let declared_receiver = plan
        .receiver_lifetime
        .as_ref()
        .filter(|(_, declare)| *declare)
        .map(|(lifetime, _)| lifetime);
    let names: Vec<&syn::Lifetime> = plan
        .impl_generics
        .lifetimes()
        .chain(sig.generics.lifetimes())
        .map(|l| &l.lifetime)
        .chain(declared_receiver)
        .collect();
    // A method helper's impl declares the block's lifetimes.
    let impl_lifetimes = plan.impl_generics.lifetimes().filter(|_| !plan.on_erased);
    let params: Vec<TokenStream> = impl_lifetimes
        .chain(sig.generics.lifetimes())
        .map(|l| quote!(#l))
        .chain(declared_receiver.map(|l| quote!(#l)))
        .collect();
    let lifetime_bounds: Vec<&syn::WherePredicate> = plan
        .impl_generics
        .where_clause
        .iter()
        .chain(&sig.generics.where_clause)
        .flat_map(|w| &w.predicates)
        .filter(|p| matches!(p, syn::WherePredicate::Lifetime(_)))
        .collect();
    let future_lifetime = plan.boxed.then_some(&plan.future_lifetime);
    let generics = (!params.is_empty() || plan.boxed).then(|| quote!(<#(#params,)* #future_lifetime>));
    let where_clause = (!lifetime_bounds.is_empty()).then(|| quote!(where #(#lifetime_bounds),*));
    let bounds: Vec<TokenStream> = lifetime_bounds
        .iter()
        .map(|b| quote!(#b))
        .chain(
            names
                .iter()
                .filter(|_| plan.boxed)
                .map(|l| quote!(#l: #future_lifetime)),
        )
        .collect();
    let bounds = (!bounds.is_empty()).then(|| quote!(where #(#bounds),*));
    (generics, where_clause, bounds)
}
