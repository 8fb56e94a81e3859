//! What `#[outline]` emits after an error: the errors, and the impl block (or free
//! function) with every signature unchanged but each outlined body replaced by
//! `unreachable!()` (an `async` block of it for an `impl Future`).
//! The methods still exist, so rust-analyzer keeps completing them and callers get
//! no cascade of "no method named .." errors; and bodies written for the erased
//! world are not type-checked as generic code, which would only add noise.

use proc_macro2::TokenStream;
use quote::quote;

pub(crate) fn expand(item: &syn::Item, err: syn::Error) -> TokenStream {
    let errors = err.to_compile_error();
    // `impl Self { .. }` is refused by rustc too, and no code can call its methods:
    // the macro's error alone says it.
    if let syn::Item::Impl(imp) = item
        && matches!(&*imp.self_ty, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("Self"))
    {
        return errors;
    }
    let mut item = item.clone();
    if let syn::Item::Impl(imp) = &mut item {
        let is_trait = imp.trait_.is_some();
        imp.attrs
            .push(syn::parse_quote!(#[allow(unused_variables, unreachable_code, dead_code)]));
        // A method whose result is an `impl Trait` other than a future has no body
        // that could stand for it: it is left out instead.
        imp.items.retain(
            |item| !matches!(item, syn::ImplItem::Fn(func) if unreachable_body(&func.sig.output).is_none()),
        );
        for impl_item in &mut imp.items {
            if let syn::ImplItem::Fn(func) = impl_item {
                let skip = func.attrs.iter().any(|a| a.path().is_ident("outline"));
                func.attrs.retain(|a| !a.path().is_ident("outline"));
                if !skip && (is_trait || matches!(func.vis, syn::Visibility::Public(_))) {
                    func.block = unreachable_body(&func.sig.output).expect("kept: it has one");
                }
            }
        }
    }
    // A free function keeps its signature, its body written for the helper left out.
    if let syn::Item::Fn(func) = &mut item {
        func.attrs
            .push(syn::parse_quote!(#[allow(unused_variables, unreachable_code)]));
        if let Some(block) = unreachable_body(&func.sig.output) {
            *func.block = block;
        }
    }
    quote! {
        #errors
        #item
    }
}

/// A body that type-checks as a function returning `output` and never runs:
/// `unreachable!()`, or for an `impl Future` an `async` block of it (so that callers
/// awaiting the method see no cascade either). `None` for another `impl Trait`,
/// which `!` does not implement.
fn unreachable_body(output: &syn::ReturnType) -> Option<syn::Block> {
    let syn::ReturnType::Type(_, ty) = output else {
        return Some(syn::parse_quote!({ ::core::unreachable!() }));
    };
    let syn::Type::ImplTrait(bounds) = &**ty else {
        return Some(syn::parse_quote!({ ::core::unreachable!() }));
    };
    let future = bounds.bounds.iter().any(|b| {
        matches!(b, syn::TypeParamBound::Trait(t)
            if t.path.segments.last().is_some_and(|s| s.ident == "Future"))
    });
    future.then(|| syn::parse_quote!({ async { ::core::unreachable!() } }))
}
