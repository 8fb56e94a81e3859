//! The struct under `#[opaque]`, read and checked.

use quote::quote;
use syn::{Attribute, Fields, Ident, Type, Visibility};

/// A struct under `#[opaque]`: `Vis struct Ident(Inner);`.
pub(crate) struct Opaque {
    /// The struct's attributes (docs, lints), kept on the generated struct.
    pub attrs: Vec<Attribute>,
    pub vis: Visibility,
    pub ident: Ident,
    /// The stored type.
    pub inner: Type,
}

impl Opaque {
    /// Reads `item`; every problem is reported, combined.
    pub fn from_item(item: &syn::Item) -> syn::Result<Self> {
        let syn::Item::Struct(s) = item else {
            return Err(syn::Error::new_spanned(
                item,
                "#[opaque] goes on a tuple struct with one field and no generics, \
                 e.g. `pub struct Handle(HeavyType);`",
            ));
        };
        let mut errors = Vec::new();
        for attr in &s.attrs {
            if attr.path().is_ident("derive") {
                errors.push(syn::Error::new_spanned(
                    attr,
                    "a derive on an #[opaque] struct would see the storage, not the value; \
                     ask #[opaque] for the trait instead: `#[opaque(Clone, Debug, ...)]`",
                ));
            } else if attr.path().is_ident("repr") {
                errors.push(syn::Error::new_spanned(
                    attr,
                    "#[opaque] sets the struct's layout itself; use `#[opaque(align = N)]` \
                     or `#[opaque(size = N)]`",
                ));
            }
        }
        if !s.generics.params.is_empty() || s.generics.where_clause.is_some() {
            errors.push(syn::Error::new_spanned(
                &s.generics,
                "#[opaque] cannot take generic parameters: the storage's size must be one \
                 number, known where the struct is declared",
            ));
        }
        let field = match &s.fields {
            Fields::Unnamed(fields) if fields.unnamed.len() == 1 => fields.unnamed.first(),
            _ => None,
        };
        match field {
            None => errors.push(syn::Error::new_spanned(
                &s.fields,
                "#[opaque] goes on a tuple struct with one field, e.g. `pub struct Handle(HeavyType);`",
            )),
            Some(field) => {
                if !matches!(field.vis, Visibility::Inherited) {
                    let vis = &field.vis;
                    errors.push(syn::Error::new_spanned(
                        vis,
                        "the field of an #[opaque] struct is stored out of sight and has no \
                         visibility; remove it (the declaring module reads it with `inner()`)",
                    ));
                }
                if let Some(attr) = field.attrs.first() {
                    errors.push(syn::Error::new_spanned(
                        attr,
                        "the field of an #[opaque] struct takes no attributes",
                    ));
                }
            }
        }
        let mut errors = errors.into_iter();
        if let Some(mut first) = errors.next() {
            errors.for_each(|error| first.combine(error));
            return Err(first);
        }
        let field = field.expect("checked above");
        Ok(Opaque {
            attrs: s.attrs.clone(),
            vis: s.vis.clone(),
            ident: s.ident.clone(),
            inner: field.ty.clone(),
        })
    }

    /// The inner type as written, for the messages of generated assertions (its
    /// braces doubled).
    pub fn inner_str(&self) -> String {
        let inner = &self.inner;
        // It goes into the format strings of the generated assertions: a block in
        // the type (`[u8; { 2 + 2 }]`) must not read as a format argument.
        quote!(#inner).to_string().replace('{', "{{").replace('}', "}}")
    }
}
