//! Reading the struct under `#[opaque]`, its `#[derive(..)]` apart. Its rules (one
//! unnamed field, no generics, only the derives it forwards) are `valid.rs`'s.

use quote::quote;
use syn::punctuated::Punctuated;
use syn::{Attribute, Fields, Ident, Token, Type, Visibility};

/// A struct under `#[opaque]`: `Vis struct Ident(Inner);`.
pub(crate) struct Opaque<'a> {
    /// The struct as written.
    pub item: &'a syn::ItemStruct,
    /// The struct's attributes but its derives (docs, lints), kept on the generated
    /// struct.
    pub attrs: Vec<Attribute>,
    /// The traits of its `#[derive(..)]`s, as written: forwarded to the value.
    pub derives: Vec<syn::Path>,
    pub vis: Visibility,
    pub ident: Ident,
    /// The single unnamed field; `None` for any other fields.
    pub field: Option<&'a syn::Field>,
}

impl<'a> Opaque<'a> {
    /// Reads `item`, which must be a struct.
    pub fn read(item: &'a syn::Item) -> syn::Result<Self> {
        let syn::Item::Struct(s) = item else {
            return Err(syn::Error::new_spanned(
                item,
                "#[opaque] goes on a tuple struct with one field and no generics, \
                 e.g. `pub struct Handle(HeavyType);`",
            ));
        };
        let field = match &s.fields {
            Fields::Unnamed(fields) if fields.unnamed.len() == 1 => fields.unnamed.first(),
            _ => None,
        };
        let (derive_attrs, attrs): (Vec<&Attribute>, Vec<&Attribute>) =
            s.attrs.iter().partition(|attr| attr.path().is_ident("derive"));
        let mut derives = Vec::new();
        for attr in derive_attrs {
            let paths = attr.parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated)?;
            derives.extend(paths);
        }
        Ok(Opaque {
            item: s,
            attrs: attrs.into_iter().cloned().collect(),
            derives,
            vis: s.vis.clone(),
            ident: s.ident.clone(),
            field,
        })
    }

    /// Reads `names` (derived traits written as `#[opaque(..)]` arguments, the
    /// deprecated spelling) as derives of the struct, but those it derives already.
    pub fn derive_also(&mut self, names: &[syn::Ident]) {
        for name in names {
            if !self
                .derives
                .iter()
                .any(|path| crate::syntax::last_ident(path) == name)
            {
                self.derives.push(syn::Path::from(name.clone()));
            }
        }
    }

    /// The stored type (validated: the struct has one unnamed field).
    pub fn inner(&self) -> &Type {
        &self.field.expect("validated: one unnamed field").ty
    }

    /// The inner type as written, for the messages of generated assertions (its
    /// braces doubled).
    pub fn inner_str(&self) -> String {
        let inner = self.inner();
        // It goes into the format strings of the generated assertions: a block in
        // the type (`[u8; { 2 + 2 }]`) must not read as a format argument.
        quote!(#inner).to_string().replace('{', "{{").replace('}', "}}")
    }
}
