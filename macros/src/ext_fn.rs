//! `#[ext_fn]`: `pub` with the using crate's `extension` feature, `pub(crate)`
//! without it.
//!
//! The item is emitted twice, under `#[cfg(feature = "extension")]` as written and
//! under `#[cfg(not(feature = "extension"))]` with `pub(crate)`. The `cfg` is read in
//! the crate that uses the macro, which therefore must declare an `extension`
//! feature.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{ImplItem, Item, Visibility};

pub(crate) fn expand(args: TokenStream, input: TokenStream) -> TokenStream {
    match try_expand(args, input.clone()) {
        Ok(tokens) => tokens,
        Err(err) => {
            let errors = err.into_compile_error();
            quote!(#errors #input)
        }
    }
}

fn try_expand(args: TokenStream, input: TokenStream) -> syn::Result<TokenStream> {
    if !args.is_empty() {
        return Err(syn::Error::new_spanned(args, "#[ext_fn] takes no arguments"));
    }
    // An associated item in an impl block does not parse as an `Item`.
    let (public, mut restricted) = match syn::parse2::<Item>(input.clone()) {
        Ok(item) => (quote!(#item), Visible::Item(item)),
        Err(_) => {
            let item: ImplItem = syn::parse2(input)?;
            (quote!(#item), Visible::ImplItem(item))
        }
    };
    let vis = restricted.vis_mut().ok_or_else(|| {
        syn::Error::new_spanned(
            &public,
            "#[ext_fn] goes on an item with a visibility: a fn, struct, enum, const, static, \
             type alias, `use`, or a method",
        )
    })?;
    if !matches!(vis, Visibility::Public(_)) {
        let message = "#[ext_fn] switches a `pub` item to `pub(crate)` when `extension` is off; \
                       write the item as `pub`";
        return Err(match vis {
            Visibility::Inherited => syn::Error::new_spanned(&public, message),
            _ => syn::Error::new_spanned(&*vis, message),
        });
    }
    *vis = syn::parse_quote!(pub(crate));
    let restricted = restricted.tokens();
    Ok(quote! {
        #[cfg(feature = "extension")]
        #[cfg_attr(docsrs, doc(cfg(feature = "extension")))]
        #public

        #[cfg(not(feature = "extension"))]
        #[allow(dead_code, unreachable_pub)]
        #restricted
    })
}

enum Visible {
    Item(Item),
    ImplItem(ImplItem),
}

impl Visible {
    fn vis_mut(&mut self) -> Option<&mut Visibility> {
        match self {
            Visible::Item(item) => match item {
                Item::Const(i) => Some(&mut i.vis),
                Item::Enum(i) => Some(&mut i.vis),
                Item::Fn(i) => Some(&mut i.vis),
                Item::Mod(i) => Some(&mut i.vis),
                Item::Static(i) => Some(&mut i.vis),
                Item::Struct(i) => Some(&mut i.vis),
                Item::Trait(i) => Some(&mut i.vis),
                Item::Type(i) => Some(&mut i.vis),
                Item::Union(i) => Some(&mut i.vis),
                Item::Use(i) => Some(&mut i.vis),
                _ => None,
            },
            Visible::ImplItem(item) => match item {
                ImplItem::Const(i) => Some(&mut i.vis),
                ImplItem::Fn(i) => Some(&mut i.vis),
                ImplItem::Type(i) => Some(&mut i.vis),
                _ => None,
            },
        }
    }

    fn tokens(&self) -> TokenStream {
        match self {
            Visible::Item(item) => quote!(#item),
            Visible::ImplItem(item) => quote!(#item),
        }
    }
}
