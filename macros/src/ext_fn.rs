//! `#[ext_fn]`: `pub` with the using crate's `extension` feature (or the one named by
//! `#[ext_fn(feature = "unstable")]`), `pub(crate)` without it.
//!
//! The item is emitted twice: under `#[cfg(feature = "extension")]` as written (plus
//! `#[cfg_attr(docsrs, doc(cfg(feature = "extension")))]`, so docs.rs marks it), and
//! under `#[cfg(not(feature = "extension"))]` with `pub(crate)`. The `cfg` is read in
//! the crate that uses the macro, which therefore must declare an `extension`
//! feature; a crate that does not gets rustc's `unexpected_cfgs` warning at the
//! attribute, and the item stays `pub(crate)`.
//!
//! Unlike Burn's `ext_fn!` (plain `fn` only), it takes any item with a visibility:
//! `fn` (`async`, `const`, `unsafe`, `extern`), methods and associated consts and
//! types of an inherent impl, structs, enums, unions, consts, statics, type aliases,
//! traits, modules, `use` and `extern crate`. The item must be written `pub`, so
//! that the source says what the extension build gets.

use crate::errors::Errors;
use crate::syntax::{impl_item_head, item_head};
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::{ImplItem, Item, Visibility};

pub(crate) fn expand(args: TokenStream, input: TokenStream) -> TokenStream {
    try_expand(args, input.clone()).unwrap_or_else(|err| {
        // The item as written, so that its uses do not cascade into errors.
        let errors = err.into_compile_error();
        quote!(#errors #input)
    })
}

/// Read, validate, expand.
fn try_expand(args: TokenStream, input: TokenStream) -> syn::Result<TokenStream> {
    let mut errors = Errors::default();
    let feature = errors.check(feature(args));
    let item = errors.check(read(input));
    let name = feature
        .as_ref()
        .map_or_else(|| "extension".to_string(), syn::LitStr::value);
    if let Some(item) = &item {
        validate(item, &name, &mut errors);
    }
    errors.finish(())?;
    Ok(switched(&feature.expect("read"), item.expect("read")))
}

/// The feature that makes items `pub`: `extension`, or the one given as
/// `#[ext_fn(feature = "unstable")]`.
fn feature(args: TokenStream) -> syn::Result<syn::LitStr> {
    if args.is_empty() {
        return Ok(syn::LitStr::new("extension", proc_macro2::Span::call_site()));
    }
    let parser = |input: syn::parse::ParseStream| {
        let key: syn::Ident = input.parse()?;
        if key != "feature" {
            return Err(syn::Error::new(key.span(), "expected `feature`"));
        }
        input.parse::<syn::Token![=]>()?;
        let name: syn::LitStr = input.parse()?;
        if name.value().is_empty() {
            return Err(syn::Error::new(name.span(), "the feature's name is empty"));
        }
        if !input.is_empty() {
            return Err(input.error("expected nothing after the feature's name"));
        }
        Ok(name)
    };
    syn::parse::Parser::parse2(parser, args.clone()).map_err(|e| {
        syn::Error::new(
            e.span(),
            format!(
                "{e}: #[ext_fn] takes no arguments (the switch is the using crate's `extension` \
                 feature) or `feature = \"name\"` for a feature of another name"
            ),
        )
    })
}

/// Reads the item: any item, or an item of an impl block (which does not parse as
/// an `Item`).
fn read(input: TokenStream) -> syn::Result<Visible> {
    match syn::parse2::<Item>(input.clone()) {
        Ok(item) => Ok(Visible::Item(item)),
        Err(item_err) => match syn::parse2::<ImplItem>(input) {
            Ok(item) => Ok(Visible::ImplItem(item)),
            Err(_) => Err(item_err),
        },
    }
}

/// The item has a visibility, and it is `pub`.
fn validate(item: &Visible, feature: &str, errors: &mut Errors) {
    let head = item.head();
    let vis = match item.clone().slot() {
        Ok(vis) => vis.clone(),
        Err(unsupported) => {
            return errors.at(
                head,
                format!("#[ext_fn] does not go on {unsupported}; {ACCEPTED}"),
            );
        }
    };
    if !matches!(vis, Visibility::Public(_)) {
        let message = format!(
            "#[ext_fn] makes a `pub` item `pub(crate)` when the `{feature}` feature is off; write the item as `pub`"
        );
        match vis {
            Visibility::Inherited => errors.at(head, message),
            _ => errors.at(&vis, message),
        }
    }
}

/// The item twice: as written under the feature, `pub(crate)` without it.
fn switched(feature: &syn::LitStr, mut restricted: Visible) -> TokenStream {
    let public = restricted.to_token_stream();
    *restricted.vis_mut() = syn::parse_quote!(pub(crate));
    quote! {
        #[cfg(feature = #feature)]
        #[cfg_attr(docsrs, doc(cfg(feature = #feature)))]
        #public

        #[cfg(not(feature = #feature))]
        #[allow(dead_code, unused_imports)]
        #restricted
    }
}

/// What `#[ext_fn]` goes on, for the error of an item without a visibility.
const ACCEPTED: &str = "it goes on an item with a visibility: a fn, a method, a struct, enum, union, const, \
     static, type alias, trait, module, `use` or `extern crate`";

/// An item that `#[ext_fn]` may go on.
#[derive(Clone)]
enum Visible {
    Item(Item),
    ImplItem(ImplItem),
}

impl ToTokens for Visible {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        match self {
            Visible::Item(item) => item.to_tokens(tokens),
            Visible::ImplItem(item) => item.to_tokens(tokens),
        }
    }
}

impl Visible {
    /// The item's visibility, or what the item is when it has none.
    fn slot(&mut self) -> Result<&mut Visibility, &'static str> {
        let unsupported = |what| what;
        Ok(match self {
            Visible::Item(item) => match item {
                Item::Const(i) => &mut i.vis,
                Item::Enum(i) => &mut i.vis,
                Item::ExternCrate(i) => &mut i.vis,
                Item::Fn(i) => &mut i.vis,
                Item::Mod(i) => &mut i.vis,
                Item::Static(i) => &mut i.vis,
                Item::Struct(i) => &mut i.vis,
                Item::Trait(i) => &mut i.vis,
                Item::TraitAlias(i) => &mut i.vis,
                Item::Type(i) => &mut i.vis,
                Item::Union(i) => &mut i.vis,
                Item::Use(i) => &mut i.vis,
                Item::Impl(_) => {
                    return Err(unsupported(
                        "an impl block (put it on each `pub` item inside the block)",
                    ));
                }
                Item::Macro(_) => return Err(unsupported("a macro")),
                Item::ForeignMod(_) => {
                    return Err(unsupported(
                        "an `extern` block (put it on each `pub` item inside the block)",
                    ));
                }
                _ => return Err(unsupported("this item")),
            },
            Visible::ImplItem(item) => match item {
                ImplItem::Const(i) => &mut i.vis,
                ImplItem::Fn(i) => &mut i.vis,
                ImplItem::Type(i) => &mut i.vis,
                ImplItem::Macro(_) => return Err(unsupported("a macro")),
                _ => return Err(unsupported("this item")),
            },
        })
    }

    /// The item's visibility (validated: it has one).
    fn vis_mut(&mut self) -> &mut Visibility {
        self.slot().expect("validated: the item has a visibility")
    }

    /// Where errors about the item as a whole point.
    fn head(&self) -> TokenStream {
        match self {
            Visible::Item(item) => item_head(item),
            Visible::ImplItem(item) => impl_item_head(item),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The two items `#[ext_fn]` emits for `input`, as `(attrs, vis)` strings.
    fn expand_items(input: TokenStream) -> Vec<(String, String)> {
        let output = try_expand(TokenStream::new(), input).expect("expands");
        let items: Vec<(Vec<syn::Attribute>, Visibility)> = match syn::parse2::<syn::File>(output.clone()) {
            Ok(file) => file
                .items
                .into_iter()
                .map(|mut item| {
                    let vis = Visible::Item(item.clone()).vis_mut().clone();
                    let attrs = match &mut item {
                        Item::Fn(i) => i.attrs.clone(),
                        Item::Struct(i) => i.attrs.clone(),
                        Item::Enum(i) => i.attrs.clone(),
                        Item::Const(i) => i.attrs.clone(),
                        Item::Static(i) => i.attrs.clone(),
                        Item::Type(i) => i.attrs.clone(),
                        Item::Trait(i) => i.attrs.clone(),
                        Item::Use(i) => i.attrs.clone(),
                        Item::Mod(i) => i.attrs.clone(),
                        Item::Union(i) => i.attrs.clone(),
                        other => panic!("unexpected item {}", other.to_token_stream()),
                    };
                    (attrs, vis)
                })
                .collect(),
            // Associated items do not parse as a file.
            Err(_) => {
                let imp: syn::ItemImpl = syn::parse2(quote!(impl S { #output })).expect("impl items");
                imp.items
                    .into_iter()
                    .map(|item| match item {
                        ImplItem::Fn(i) => (i.attrs, i.vis),
                        ImplItem::Const(i) => (i.attrs, i.vis),
                        ImplItem::Type(i) => (i.attrs, i.vis),
                        other => panic!("unexpected impl item {}", other.to_token_stream()),
                    })
                    .collect()
            }
        };
        items
            .into_iter()
            .map(|(attrs, vis)| {
                let attrs: Vec<String> = attrs.iter().map(|a| a.to_token_stream().to_string()).collect();
                (attrs.join(" "), vis.to_token_stream().to_string())
            })
            .collect()
    }

    fn assert_switched(input: TokenStream) {
        let items = expand_items(input.clone());
        assert_eq!(items.len(), 2, "two copies of {input}");
        let (on_attrs, on_vis) = &items[0];
        let (off_attrs, off_vis) = &items[1];
        assert!(
            on_attrs.starts_with(
                "# [cfg (feature = \"extension\")] # [cfg_attr (docsrs , doc (cfg (feature = \"extension\")))]"
            ),
            "{on_attrs}"
        );
        assert_eq!(on_vis, "pub");
        assert!(
            off_attrs.starts_with("# [cfg (not (feature = \"extension\"))]"),
            "{off_attrs}"
        );
        assert_eq!(off_vis, "pub (crate)");
        // The item's own attributes (docs) are kept on both copies.
        if input.to_string().contains("doc") {
            assert!(on_attrs.contains("Docs."), "{on_attrs}");
            assert!(off_attrs.contains("Docs."), "{off_attrs}");
        }
    }

    #[test]
    fn every_item_kind_is_switched() {
        assert_switched(quote!(
            /// Docs.
            pub fn f() {}
        ));
        assert_switched(quote!(
            pub async fn f() {}
        ));
        assert_switched(quote!(
            pub const fn f() -> u8 {
                1
            }
        ));
        assert_switched(quote!(
            pub unsafe fn f() {}
        ));
        assert_switched(quote!(
            pub const unsafe extern "C" fn f() {}
        ));
        assert_switched(quote!(
            pub struct S(u8);
        ));
        assert_switched(quote!(
            pub enum E {
                A,
            }
        ));
        assert_switched(quote!(
            pub union U {
                a: u8,
            }
        ));
        assert_switched(quote!(
            pub const C: u8 = 1;
        ));
        assert_switched(quote!(
            pub static S: u8 = 1;
        ));
        assert_switched(quote!(
            pub type T = u8;
        ));
        assert_switched(quote!(
            pub trait T {}
        ));
        assert_switched(quote!(
            pub mod m {}
        ));
        assert_switched(quote!(
            pub use a::{b, c as d};
        ));
        // Associated items of an inherent impl.
        assert_switched(quote!(
            /// Docs.
            pub fn method(&self) -> u8 {
                1
            }
        ));
        assert_switched(quote!(
            pub async fn method(self) {}
        ));
        assert_switched(quote!(
            pub const C: u8 = 1;
        ));
    }

    #[test]
    fn the_public_copy_is_the_item_as_written() {
        let input = quote!(
            pub unsafe fn f(x: *const u8) -> u8 {
                unsafe { *x }
            }
        );
        let output = try_expand(TokenStream::new(), input.clone()).unwrap().to_string();
        assert!(output.contains(&input.to_string()), "{output}");
        assert!(output.contains("pub (crate) unsafe fn f"), "{output}");
    }

    #[test]
    fn errors_point_at_the_offending_tokens() {
        let error = |input: TokenStream| try_expand(TokenStream::new(), input).unwrap_err().to_string();
        assert!(
            error(quote!(
                fn f() {}
            ))
            .contains("write the item as `pub`")
        );
        assert!(
            error(quote!(
                pub(crate) struct S;
            ))
            .contains("write the item as `pub`")
        );
        assert!(error(quote!(impl S {})).contains("does not go on an impl block"));
        assert!(error(quote!(m! {})).contains("does not go on a macro"));
        let args = try_expand(
            quote!(features = "x"),
            quote!(
                pub fn f() {}
            ),
        )
        .unwrap_err();
        assert!(args.to_string().contains("`feature = \"name\"`"));
    }

    #[test]
    fn another_feature_name_is_the_switch() {
        let out = try_expand(
            quote!(feature = "unstable"),
            quote!(
                pub fn f() {}
            ),
        )
        .expect("a feature name is accepted")
        .to_string();
        assert!(out.contains("cfg (feature = \"unstable\")"), "{out}");
        assert!(out.contains("cfg (not (feature = \"unstable\"))"), "{out}");
        assert!(!out.contains("extension"), "{out}");
    }
}
