//! The forwarding method: a method of the erased type, under the method's own name,
//! that calls the helper, so that outlined bodies call each other as ordinary
//! methods. And the `Self::` caller: what a body's `Self::name(..)` of a
//! receiver-less method becomes.

use super::Plan;
use crate::outline::ast::Receiver;
use crate::outline::body::{self, Calls};
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

/// The forwarding method on the erased type, for a method with a receiver (the
/// receiver is what tells its run-time values).
pub(super) fn forwarding(plan: &Plan) -> Option<TokenStream> {
    let receiver = plan.method.receiver?;
    let name = plan.name();
    // At the user's `self`: rustc's notes about the receiver (a move by this method)
    // point at the method's own receiver, not at the attribute.
    let mut self_kw = plan.self_kw.clone();
    if let Some(r) = plan.method.func.sig.receiver() {
        self_kw.set_span(self_kw.span().located_at(r.self_token.span));
    }
    let self_kw = &self_kw;
    let erased = plan.protocol.erased;
    // Each run-time value read back from the receiver by its accessor (at the
    // accessor's name in the attribute: a wrong signature is reported there), or, for
    // the method's own const parameters, taken as the forwarding method's own.
    let values = plan.used.iter().map(|v| {
        let param = &v.param;
        match (&v.accessor, receiver) {
            (None, _) => quote!(#param),
            (Some(accessor), Receiver::Ref | Receiver::Mut) => {
                quote_spanned!(accessor.span()=> <#erased>::#accessor(#self_kw))
            }
            (Some(accessor), _) => quote_spanned!(accessor.span()=> <#erased>::#accessor(&#self_kw)),
        }
    });
    // Read before the call, whose first argument may move the receiver.
    let span = name.span();
    let idents: Vec<_> = plan.used.iter().map(|v| v.ident(span)).collect();
    // Typed: an accessor of the wrong type is reported at its name in the attribute.
    let types = plan.used.iter().map(|v| v.ty());
    let passes = plan.codes.iter().map(|code| code.forwarding_pass.clone());
    let call = plan.call_helper(idents.iter().map(|i| quote!(#i)), Some(quote!(#self_kw)), passes);
    let call = plan.owning_call(call);
    let body = quote!(#(let #idents: #types = #values;)* #call);
    let receiver = match receiver {
        Receiver::Ref | Receiver::Mut => plan.receiver(),
        Receiver::Value | Receiver::Typed => Some(quote!(#self_kw)),
    };
    let inputs = receiver.into_iter().chain(inputs(plan));
    let (generics, where_clause) = generics_of(plan);
    // Spanned at the method's name from its first token to its result type, so that a
    // clash with a method of the erased type (rustc's E0592) is reported at the method.
    let output = crate::syntax::respan(plan.erased_output(), name.span());
    let fn_token = quote_spanned!(name.span()=> fn);
    let vis = quote_spanned!(name.span()=> pub(crate));
    let kept = &plan.kept;
    Some(quote_spanned! {name.span()=>
        #[doc(hidden)]
        // The method's own signature, for the erased type: lints about the
        // signature belong to the method. An async method's returns the future
        // of a block, which Clippy would ask to write as the `async fn` it forwards to.
        // Its method const generics become arguments the user did not write.
        // Its name is the method's, whose own lint reports a non-snake-case one.
        #[allow(
            dead_code,
            non_snake_case,
            clippy::wrong_self_convention,
            clippy::manual_async_fn,
            clippy::too_many_arguments,
            clippy::redundant_pub_crate
        )]
        #(#kept)*
        #vis #fn_token #name #generics (#(#inputs),*) #output #where_clause {
            #body
        }
    })
}

/// The forwarding method's generics, in the method's order, so that a body calls it as
/// plain code calls the method (`self.m::<2, _>(..)`, or inferred): the lifetimes; the
/// const parameters that a call names or infers as it does the method's (used by the
/// body, sizing an array of plain values, or in no argument; one that only sizes a
/// converted argument, which the forwarding method takes as a `Vec`, could not be
/// inferred); and each type parameter that is an argument's whole type (`x: T`),
/// bounded by what the forwarding method takes (`T: Into<f64>`). Other type
/// parameters are gone (the arguments that held them are `impl Trait` ones), and so
/// are their bounds: only lifetime bounds remain.
fn generics_of(plan: &Plan) -> (Option<TokenStream>, Option<TokenStream>) {
    let typed = typed_params(plan);
    let method = plan.method;
    let named_or_inferred = |c: &syn::Ident| {
        plan.used.iter().any(|v| v.accessor.is_none() && v.param == *c)
            || method
                .args
                .iter()
                .any(|a| super::sized_by_method_const(method, a) == Some(c))
            || !method.args.iter().any(|a| crate::syntax::mentions(&a.ty, c))
    };
    let params: Vec<TokenStream> = plan
        .generics
        .params
        .iter()
        .filter_map(|p| match p {
            syn::GenericParam::Type(t) => {
                let (_, bound) = typed.iter().find(|(name, _)| *name == t.ident)?;
                let name = &t.ident;
                Some(quote!(#name: #bound))
            }
            syn::GenericParam::Const(c) if !named_or_inferred(&c.ident) => None,
            other => Some(quote!(#other)),
        })
        .collect();
    let generics = (!params.is_empty()).then(|| quote!(<#(#params),*>));
    let bounds: Vec<_> = plan
        .generics
        .where_clause
        .iter()
        .flat_map(|w| &w.predicates)
        .filter(|p| matches!(p, syn::WherePredicate::Lifetime(_)))
        .collect();
    let where_clause = (!bounds.is_empty()).then(|| quote!(where #(#bounds),*));
    (generics, where_clause)
}

/// A receiver-less method that bodies may call as `Self::name(..)`: a tuple of the
/// run-time values beside the helper, whose `call` takes the arguments as the method
/// does, converted as the forwarding methods convert them.
pub(super) fn caller(plan: &Plan, calls: &Calls) -> Option<TokenStream> {
    let name = plan.name();
    if plan.method.receiver.is_some() || !calls.contains_key(&name.to_string()) {
        return None;
    }
    let caller = body::call_ident(name);
    let span = name.span();
    let values: Vec<_> = plan.used.iter().map(|v| v.ident(span)).collect();
    let types = plan.used.iter().map(|v| v.ty());
    // The impl's lifetimes (`DynView<'a>`) and the method's, then the method's type
    // parameters that its arguments are taken by (see [`typed_params`]).
    let lifetimes = plan.impl_generics.lifetimes().chain(plan.generics.lifetimes());
    let typed = typed_params(plan)
        .into_iter()
        .map(|(name, bound)| quote!(#name: #bound));
    let lifetimes = lifetimes.map(|l| quote!(#l)).chain(typed);
    let helper_name = &plan.helper_name;
    let passes = plan.codes.iter().map(|code| &code.forwarding_pass);
    let body = plan.owning_call(quote!(#helper_name(#(#values,)* #(#passes),*)));
    let inputs = inputs(plan);
    let output = plan.erased_output();
    // A tuple of the values, whose `call` takes the method's arguments: a body's
    // `Self::f(args)` is `caller(values).call(args)`, its arity the user's.
    let call = syn::Ident::new("call", span);
    Some(quote! {
        #[doc(hidden)]
        #[allow(dead_code, non_camel_case_types, clippy::redundant_pub_crate)]
        pub(super) struct #caller(#(pub(super) #types),*);

        impl #caller {
            #[doc(hidden)]
            #[allow(dead_code, non_snake_case, clippy::too_many_arguments, clippy::redundant_pub_crate)]
            pub(super) fn #call<#(#lifetimes),*>(self, #(#inputs),*) #output {
                let #caller(#(#values),*) = self;
                #body
            }
        }
    })
}

/// The method's type parameters that are an argument's whole type (`x: T`, `T` taken
/// by a conversion), each with the bound the forwarding method takes it by: what its
/// `impl Bound` would be.
fn typed_params(plan: &Plan) -> Vec<(syn::Ident, TokenStream)> {
    plan.method
        .args
        .iter()
        .zip(&plan.codes)
        .filter_map(|(arg, code)| {
            let syn::Type::Path(ty) = &arg.ty else { return None };
            let param = ty.path.get_ident()?;
            if ty.qself.is_some() || !plan.method.scope.is_method_type(&param.to_string()) {
                return None;
            }
            let mut tokens = code.forwarding_ty.clone().into_iter();
            match tokens.next() {
                Some(proc_macro2::TokenTree::Ident(i)) if i == "impl" => {
                    Some((param.clone(), tokens.collect()))
                }
                _ => None,
            }
        })
        .collect()
}

/// The arguments after the receiver, as the forwarding method (and a caller) takes
/// them: an argument of a type parameter by that parameter (see [`typed_params`]).
fn inputs<'a>(plan: &'a Plan) -> impl Iterator<Item = TokenStream> + 'a {
    let typed = typed_params(plan);
    plan.method.args.iter().zip(&plan.codes).map(move |(arg, code)| {
        let name = &arg.name;
        let ty = match &arg.ty {
            syn::Type::Path(p)
                if p.path
                    .get_ident()
                    .is_some_and(|i| typed.iter().any(|(t, _)| t == i)) =>
            {
                quote!(#p)
            }
            _ => code.forwarding_ty.clone(),
        };
        let mutability = code.forwarding_mut.then(|| quote!(mut));
        quote!(#mutability #name: #ty)
    })
}
