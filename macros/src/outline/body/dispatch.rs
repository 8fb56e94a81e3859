//! Closed-kind dispatch: a body's `K::f(..)` (or `<K as Trait>::f(..)`), where the
//! helper has only `K`'s run-time value, becomes a `match` on that value with an arm
//! per type `kinds(..)` lists for the bound's trait.

use super::BodyIssue;
use super::rewriter::Rewriter;
use crate::outline::attr::KindSet;
use proc_macro2::TokenStream;
use syn::Expr;

/// `K::f(..)` or `<K as Trait>::f(..)` in a body: a call of a sealed kind trait's
/// function, dispatched in the helper by `K`'s run-time value.
pub(super) struct KindCall<'a> {
    /// The trait whose function is called.
    trait_: syn::Path,
    /// `f`, with its turbofish if any.
    function: syn::PathSegment,
    /// The types declared for the trait.
    kinds: &'a KindSet,
    /// The index of `K`'s run-time value (`K::KIND`).
    value: usize,
    /// `K::f`, not `<K as Trait>::f`: `f` may be a supertrait's.
    shorthand: bool,
}

impl<'a> Rewriter<'a> {
    /// What `func` is if it is `K::f` or `<K as Trait>::f`, `K` an impl type parameter
    /// with a run-time value declared (`K::KIND`): the dispatch, or why it cannot be.
    pub(super) fn kind_call(&self, func: &Expr) -> Option<Result<KindCall<'a>, BodyIssue>> {
        let Expr::Path(path) = func else { return None };
        let segs: Vec<_> = path.path.segments.iter().collect();
        let (param, named, function) = match (&path.qself, segs.as_slice()) {
            (None, [ty, function]) if ty.arguments.is_none() => (&ty.ident, None, *function),
            (Some(qself), [.., function]) if qself.position + 1 == segs.len() => {
                let syn::Type::Path(ty) = &*qself.ty else {
                    return None;
                };
                let mut named = path.path.clone();
                named.segments.pop();
                named.segments.pop_punct();
                (ty.path.get_ident()?, Some(named), *function)
            }
            _ => return None,
        };
        if self.scope.is_method_type(&param.to_string()) || !self.scope.types.contains(param) {
            return None;
        }
        let value = self
            .values
            .iter()
            .position(|v| v.param == *param && v.assoc.is_some())?;
        let declared = |t: &syn::Path| {
            let name = &t.segments.last()?.ident;
            self.kinds.iter().find(|set| set.name() == name)
        };
        let call = quote::quote!(#func);
        let bounds = || -> Vec<String> {
            self.scope
                .bounds_of(param)
                .iter()
                .map(|b| quote::quote!(#b).to_string().replace(' ', ""))
                .collect()
        };
        let shorthand = named.is_none();
        let found: Vec<(syn::Path, &KindSet)> = match named {
            Some(named) => declared(&named).map(|set| (named, set)).into_iter().collect(),
            None => self
                .scope
                .bounds_of(param)
                .iter()
                .filter_map(|b| declared(b).map(|set| (b.clone(), set)))
                .collect(),
        };
        Some(match found.as_slice() {
            [(trait_, kinds)] => Ok(KindCall {
                trait_: trait_.clone(),
                function: function.clone(),
                kinds,
                value,
                shorthand,
            }),
            [] => Err(BodyIssue::Undispatched {
                call,
                bounds: bounds(),
            }),
            _ => Err(BodyIssue::Ambiguous {
                call,
                bounds: bounds(),
            }),
        })
    }

    /// `match` on the kind's run-time value, one arm per declared kind, each calling
    /// that kind's `f` with `args`.
    pub(super) fn dispatched(
        &mut self,
        call: KindCall<'_>,
        args: &syn::punctuated::Punctuated<Expr, syn::Token![,]>,
    ) -> Expr {
        self.used[call.value] = true;
        let value = &self.values[call.value];
        let ident = value.ident(self.user);
        let ty = value.ty();
        let assoc = value
            .assoc
            .as_ref()
            .expect("a kind's run-time value is an associated const");
        let KindCall {
            trait_,
            function,
            kinds,
            shorthand,
            ..
        } = call;
        let kinds = &kinds.kinds;
        // `K::f` finds `f` in `K`'s bound or its supertraits; for a kind, which is
        // concrete, `<Kind>::f` does so with those traits in scope: every declared
        // kind trait, and whatever the block's module imports.
        let in_scope: Vec<&syn::Path> = self.kinds.iter().map(|set| &set.trait_).collect();
        let arms: Vec<TokenStream> = kinds
            .iter()
            .map(|kind| match shorthand {
                true => quote::quote! {{
                    #(#[allow(unused_imports)] use #in_scope as _;)*
                    <#kind>::#function(#args)
                }},
                false => quote::quote!(<#kind as #trait_>::#function(#args)),
            })
            .collect();
        let message = format!(
            "`{}` was called with a kind outside those declared for `{}` in #[outline(kinds(..))]",
            function.ident,
            quote::quote!(#trait_).to_string().replace(' ', "")
        );
        syn::parse_quote_spanned! {function.ident.span()=> {
            fn __seam_kind_of<__SeamK: #trait_>() -> #ty {
                __SeamK::#assoc
            }
            match #ident {
                #(__seam_kind if __seam_kind == __seam_kind_of::<#kinds>() => #arms,)*
                _ => ::core::unreachable!(#message),
            }
        }}
    }
}
