//! What `#[outline]` emits after an error: the errors, and the impl block (or free
//! function) with every signature unchanged but each outlined body replaced by
//! `unreachable!()`.
//! The methods still exist, so rust-analyzer keeps completing them and callers get
//! no cascade of "no method named .." errors; and bodies written for the erased
//! world are not type-checked as generic code, which would only add noise.

use proc_macro2::TokenStream;
use quote::quote;

pub(crate) fn expand(item: &syn::Item, err: syn::Error) -> TokenStream {
    let mut item = item.clone();
    if let syn::Item::Impl(imp) = &mut item {
        let is_trait = imp.trait_.is_some();
        imp.attrs
            .push(syn::parse_quote!(#[allow(unused_variables, unreachable_code, dead_code)]));
        // A body of `unreachable!()` cannot stand for an `impl Trait` result (rustc
        // would report that `!` does not implement the trait): such methods are left
        // out instead.
        imp.items.retain(|item| {
            !matches!(item, syn::ImplItem::Fn(func)
                if matches!(&func.sig.output, syn::ReturnType::Type(_, ty) if matches!(**ty, syn::Type::ImplTrait(_))))
        });
        for impl_item in &mut imp.items {
            if let syn::ImplItem::Fn(func) = impl_item {
                let skip = func.attrs.iter().any(|a| a.path().is_ident("outline"));
                func.attrs.retain(|a| !a.path().is_ident("outline"));
                if !skip && (is_trait || matches!(func.vis, syn::Visibility::Public(_))) {
                    func.block = syn::parse_quote!({ ::core::unreachable!() });
                }
            }
        }
    }
    // A free function keeps its signature, its body written for the helper left out.
    if let syn::Item::Fn(func) = &mut item {
        func.attrs
            .push(syn::parse_quote!(#[allow(unused_variables, unreachable_code)]));
        if !matches!(&func.sig.output, syn::ReturnType::Type(_, ty) if matches!(**ty, syn::Type::ImplTrait(_)))
        {
            *func.block = syn::parse_quote!({ ::core::unreachable!() });
        }
    }
    let errors = err.into_compile_error();
    quote! {
        #errors
        #item
    }
}
