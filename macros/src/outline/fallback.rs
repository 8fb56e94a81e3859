//! What `#[outline]` emits after an error: the errors, and the item unchanged
//! (without `#[outline(..)]` attributes on its methods), so that the methods still
//! exist and rust-analyzer keeps completing them instead of cascading errors.

use proc_macro2::TokenStream;
use quote::quote;

pub(crate) fn expand(item: &syn::Item, err: syn::Error) -> TokenStream {
    let mut item = item.clone();
    if let syn::Item::Impl(imp) = &mut item {
        for impl_item in &mut imp.items {
            if let syn::ImplItem::Fn(func) = impl_item {
                func.attrs.retain(|a| !a.path().is_ident("outline"));
            }
        }
    }
    let errors = err.into_compile_error();
    quote! {
        #errors
        #item
    }
}
