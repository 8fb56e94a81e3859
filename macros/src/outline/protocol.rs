//! The erasure protocol declared once per type: `#[outline(erased = .., erase = ..,
//! ..)]` on the struct (or enum) emits a `macro_rules!` holding those arguments,
//! imported under the type's own name in the macro namespace. `#[outline]` on an impl
//! block of that type (with no arguments, or only those that differ) expands to a
//! call of that macro, which puts the whole attribute back on the block, by the path
//! the type's `crate = path` gives (`::seam_macros` without it). The attribute's `#`
//! travels through the call, so the second expansion of `#[outline]` has the impl's
//! own hygiene. Every name still comes from the user's
//! items: the macros keep no state between invocations.

use super::attr::Args;
use super::infer;
use super::keys;
use super::valid;
use crate::errors::Errors;
use crate::syntax;
use proc_macro2::{TokenStream, TokenTree};
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

/// Whether an impl's arguments are a whole protocol (they name the erased type).
pub(crate) fn is_full(args: &TokenStream) -> bool {
    args.clone()
        .into_iter()
        .any(|t| matches!(t, TokenTree::Ident(i) if i == keys::ERASED))
}

/// The type as written, plus its protocol macro and the import naming that macro
/// after the type.
pub(crate) fn declare(args: TokenStream, item: &syn::Item) -> syn::Result<TokenStream> {
    // Checked here, so that a mistake is reported at the type's attribute.
    let mut errors = Errors::default();
    let (ident, generics) = match item {
        syn::Item::Struct(s) => (&s.ident, &s.generics),
        syn::Item::Enum(e) => (&e.ident, &e.generics),
        _ => unreachable!("only structs and enums declare a protocol"),
    };
    let read = Args::parse(args.clone(), &mut errors);
    let read = errors.check(read);
    // The conversions a struct implies, for the keys the attribute leaves out.
    let mut inferred = (TokenStream::new(), TokenStream::new());
    if let Some(read) = &read {
        valid::erased_type(read, &mut errors);
        let suggested = valid::misspelled_keys(read, &mut errors);
        match item {
            syn::Item::Struct(s) if read.erased.is_none() => match infer::Field::of(s) {
                Ok(field) => inferred = (field.keys(read), field.conversions(s, read)),
                Err(e) => errors.push(e),
            },
            syn::Item::Enum(e) if read.erased.is_none() => errors.at(
                &e.ident,
                format!(
                    "#[outline] reads a protocol only from a struct; for the enum `{}`, name the \
                     conversions: `erased = Type, erase = method, erase_ref = method, restore = function`",
                    e.ident
                ),
            ),
            _ => {
                valid::missing_keys(read, &suggested, &mut errors);
            }
        }
        // A block may fix a const generic (`impl Tensor<1, Int>`): its `D = accessor`
        // is then unused there, so each is checked against the type's parameters here.
        valid::type_values(read, generics, &mut errors);
    }
    let read = errors.finish(read)?;
    let mut args: Vec<TokenTree> = args.into_iter().collect();
    if matches!(args.last(), Some(TokenTree::Punct(p)) if p.as_char() == ',') {
        args.pop();
    }
    let (inferred_keys, conversions) = inferred;
    if !args.is_empty() {
        args.push(TokenTree::Punct(proc_macro2::Punct::new(
            ',',
            proc_macro2::Spacing::Alone,
        )));
    }
    let macro_name = format_ident!("__seam_outline_protocol_{}", ident);
    let on_type = format_ident!("{}", keys::DECLARED_ON_TYPE);
    let krate = read
        .and_then(|read| read.krate)
        .unwrap_or_else(|| syn::parse_quote!(::seam_macros));
    Ok(quote! {
        #item
        #conversions

        #[doc(hidden)]
        macro_rules! #macro_name {
            ([$pound:tt] {$($extra:tt)*} $($item:tt)*) => {
                $pound [#krate::outline (#inferred_keys #(#args)* #on_type, $($extra)*)]
                $($item)*
            };
        }
        #[doc(hidden)]
        #[allow(unused_imports)]
        pub(crate) use #macro_name as #ident;
    })
}

/// An impl block of a type that declared its protocol: a call of the type's protocol
/// macro, found by the type's path as the block writes it (`Tensor`, `crate::Tensor`).
pub(crate) fn apply(args: TokenStream, imp: &syn::ItemImpl) -> syn::Result<TokenStream> {
    call(&args, &imp.self_ty, imp.to_token_stream())
}

/// [`apply`] reading only the block's header from `input` and passing its tokens on
/// as they are: the second expansion parses the methods, so the first need not. None
/// where `input` is no impl block of a named type (the caller then reads it whole).
pub(crate) fn apply_to_tokens(args: &TokenStream, input: &TokenStream) -> Option<TokenStream> {
    let self_ty = syn::parse::Parser::parse2(impl_self_type, input.clone()).ok()?;
    call(args, &self_ty, input.clone()).ok()
}

/// The self type of an impl block (`impl<..> Type` or `impl<..> Trait for Type`),
/// the rest of the block skipped.
fn impl_self_type(input: syn::parse::ParseStream) -> syn::Result<syn::Type> {
    input.call(syn::Attribute::parse_outer)?;
    input.parse::<Option<syn::Token![unsafe]>>()?;
    input.parse::<syn::Token![impl]>()?;
    input.parse::<syn::Generics>()?;
    let first: syn::Type = input.parse()?;
    let self_ty = match input.parse::<Option<syn::Token![for]>>()? {
        Some(_) => input.parse()?,
        None => first,
    };
    input.parse::<TokenStream>()?;
    Ok(self_ty)
}

/// The call of the protocol macro of `self_ty` with the block's `tokens`.
fn call(args: &TokenStream, self_ty: &syn::Type, tokens: TokenStream) -> syn::Result<TokenStream> {
    let syn::Type::Path(ty) = self_ty else {
        return Err(super::ast::unnamed_type(self_ty));
    };
    if ty.qself.is_some() || !names_a_macro(&ty.path) {
        return Err(super::ast::unnamed_type(self_ty));
    }
    let mut path = ty.path.clone();
    if let Some(last) = path.segments.last_mut() {
        last.arguments = syn::PathArguments::None;
    }
    // At the type: where the block names a type without a protocol, rustc's "cannot
    // find macro `Tensor`" points there.
    let bang = quote_spanned!(self_ty.span()=> !);
    Ok(quote! {
        #path #bang { [#] {#args} #tokens }
    })
}

/// Whether a free function's arguments are a whole protocol put back by its type's
/// protocol macro (they name the type, `__seam_fn_of = Tensor`).
pub(crate) fn is_fn_of_type(args: &TokenStream) -> bool {
    args.clone()
        .into_iter()
        .any(|t| matches!(t, TokenTree::Ident(i) if i == keys::FN_OF))
}

/// The type a free function's attribute names (`#[outline(Tensor)]`,
/// `#[outline(crate::Tensor)]`): a path alone, not one of the function options.
pub(crate) fn names_type(args: &TokenStream) -> Option<syn::Path> {
    let path: syn::Path = syn::parse2(args.clone()).ok()?;
    let options = [keys::OFF_IF, keys::SKIP];
    (names_a_macro(&path) && !options.iter().any(|o| path.is_ident(o))).then_some(path)
}

/// Whether a type's path can name its protocol macro: `Self` (anywhere in it), and
/// `self`, `super` or `crate` at its end, name none (`impl Self`, `#[outline(Self)]`).
fn names_a_macro(path: &syn::Path) -> bool {
    let keyword_end = ["self", "super", "crate"]
        .iter()
        .any(|k| syntax::last_ident(path) == k);
    !keyword_end && !path.segments.iter().any(|s| s.ident == "Self")
}

/// A free function under the protocol of `ty`: a call of that protocol macro with the
/// function's `tokens`, the type's name passed on for the second expansion.
pub(crate) fn apply_to_fn(ty: &syn::Path, tokens: TokenStream) -> TokenStream {
    let own = &ty.segments.last().expect("a path has a segment").ident;
    let bang = quote_spanned!(ty.span()=> !);
    let fn_of = format_ident!("{}", keys::FN_OF);
    quote! {
        #ty #bang { [#] {#fn_of = #own} #tokens }
    }
}
