//! The conversions a struct implies. A struct whose one field that is not a
//! `PhantomData` holds the erased value needs no conversion keys: `erased` is that
//! field's type, `erase`, `erase_ref` and `erase_mut` take the field by value, `&`
//! and `&mut`, and `restore` is the struct literal (the `PhantomData`s filled in),
//! which first checks in debug builds that each declared accessor reads back its
//! parameter. They are generated next to the struct as hidden `pub(crate)` methods,
//! and the protocol names them, so every block calls them as it calls written ones.

use super::attr::{Args, RuntimeValue};
use super::keys;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::{Member, Type};

/// The field that holds the erased value.
pub(crate) struct Field {
    member: Member,
    ty: Type,
}

impl Field {
    /// The one field of `item` that is not a `PhantomData`, or the error that says
    /// why the conversions must be written out.
    pub fn of(item: &syn::ItemStruct) -> syn::Result<Self> {
        let erased: Vec<(Member, &Type)> = item
            .fields
            .iter()
            .enumerate()
            .filter(|(_, f)| !is_phantom(&f.ty))
            .map(|(i, f)| (member_of(i, f), &f.ty))
            .collect();
        if let [(_, ty)] = &erased[..]
            && let Some(what) = crate::syntax::unsized_or_unnamed(ty)
        {
            return Err(syn::Error::new_spanned(
                ty,
                format!(
                    "the erased value is held by value, so its field is of a sized, named type, not {what}"
                ),
            ));
        }
        match &erased[..] {
            [(member, ty)] => Ok(Field {
                member: member.clone(),
                ty: (*ty).clone(),
            }),
            _ => {
                let names: Vec<String> = erased.iter().map(|(m, _)| quote!(#m).to_string()).collect();
                let found = match &names[..] {
                    [] => "none".to_string(),
                    names => format!("{} (`{}`)", names.len(), names.join("`, `")),
                };
                Err(syn::Error::new(
                    item.ident.span(),
                    format!(
                        "#[outline] reads the protocol from a struct with exactly one field that is not a \
                         `PhantomData` (the erased value); `{}` has {found}: hold the erased value in one \
                         field, or name the conversions: `erased = Type, erase = method, erase_ref = method, \
                         restore = function`",
                        item.ident
                    ),
                ))
            }
        }
    }

    /// The keys `args` leaves out, naming the generated conversions, to be added to
    /// the protocol's arguments (`erased = Bridge, erase = __seam_erase, ..`).
    pub fn keys(&self, args: &Args) -> TokenStream {
        let ty = &self.ty;
        let mut keys = TokenStream::new();
        if args.erased.is_none() {
            let key = format_ident!("{}", keys::ERASED);
            keys.extend(quote!(#key = #ty,));
        }
        for (key, given) in [
            (keys::ERASE, args.erase.is_some()),
            (keys::ERASE_REF, args.erase_ref.is_some()),
            (keys::ERASE_MUT, args.erase_mut.is_some()),
            (keys::RESTORE, args.restore.is_some()),
        ] {
            if !given {
                let (key, function) = (format_ident!("{}", key), generated(key));
                keys.extend(quote!(#key = #function,));
            }
        }
        keys
    }

    /// The generated conversions of `item`, for the keys `args` leaves out.
    pub fn conversions(&self, item: &syn::ItemStruct, args: &Args) -> TokenStream {
        let Field { member, ty } = self;
        let name = &item.ident;
        let (impl_generics, ty_generics, where_clause) = item.generics.split_for_impl();
        let [erase, erase_ref, erase_mut, restore] =
            [keys::ERASE, keys::ERASE_REF, keys::ERASE_MUT, keys::RESTORE].map(generated);
        let mut methods = Vec::new();
        if args.erase.is_none() {
            methods.push(quote!(pub(crate) fn #erase(self) -> #ty { self.#member }));
        }
        if args.erase_ref.is_none() {
            methods.push(quote!(pub(crate) fn #erase_ref(&self) -> &#ty { &self.#member }));
        }
        if args.erase_mut.is_none() {
            methods.push(quote!(pub(crate) fn #erase_mut(&mut self) -> &mut #ty { &mut self.#member }));
        }
        if args.restore.is_none() {
            let checks = args.values.iter().map(|value| check(name, value));
            let fields = item.fields.iter().enumerate().map(|(i, f)| {
                let at = member_of(i, f);
                let value = if at == *member {
                    quote!(__seam_erased)
                } else {
                    quote!(::core::marker::PhantomData)
                };
                quote!(#at: #value)
            });
            methods.push(quote! {
                #[track_caller]
                pub(crate) fn #restore(__seam_erased: #ty) -> Self {
                    #(#checks)*
                    Self { #(#fields),* }
                }
            });
        }
        quote! {
            impl #impl_generics #name #ty_generics #where_clause {
                #(
                    #[doc(hidden)]
                    #[inline]
                    #[allow(dead_code)]
                    #methods
                )*
            }
        }
    }
}

/// How the `i`th field, `f`, is named: `bridge`, or `0` in a tuple struct.
fn member_of(i: usize, f: &syn::Field) -> Member {
    f.ident.clone().map_or_else(|| Member::from(i), Member::Named)
}

/// The name of a generated conversion: `__seam_erase` for `erase`.
fn generated(key: &str) -> syn::Ident {
    format_ident!("__seam_{}", key)
}

/// Whether a field's type is a `PhantomData` (by its last segment, as written).
fn is_phantom(ty: &Type) -> bool {
    matches!(ty, Type::Path(p) if p.qself.is_none()
        && p.path.segments.last().is_some_and(|s| s.ident == "PhantomData"))
}

/// The debug-build check that an erased value's accessor reads back the parameter
/// it was declared for, at the accessor's tokens.
fn check(name: &syn::Ident, value: &RuntimeValue) -> TokenStream {
    let accessor = value.accessor.as_ref().expect("a declared value has an accessor");
    let param = &value.param;
    let expected = match &value.assoc {
        Some(assoc) => quote!(#param::#assoc),
        None => quote!(#param),
    };
    let message = format!(
        "`{name}` restored from an erased value whose `{accessor}()` is {{:?}}, not `{}` = {{:?}}: \
         an outlined body returned a value of another type than its signature says",
        value.describe()
    );
    quote_spanned! {accessor.span()=>
        ::core::debug_assert!(
            __seam_erased.#accessor() == #expected,
            #message,
            __seam_erased.#accessor(),
            #expected,
        );
    }
}
