//! Closed-kind dispatch: a body's `K::f(..)` (or `<K as Trait>::f(..)`), where the
//! helper has only `K`'s run-time value, becomes a call of the macro the trait's
//! `#[outline(kinds(..))]` declares (`kinds.rs`), by the path of `K`'s bound as the
//! block writes it; that macro writes the `match` on the value, an arm per type the
//! trait lists.

use super::BodyIssue;
use super::rewriter::Rewriter;
use syn::Expr;

/// `K::f(..)` or `<K as Trait>::f(..)` in a body: a call of a sealed kind trait's
/// function, dispatched in the helper by `K`'s run-time value.
pub(super) struct KindCall {
    /// The trait whose kinds the call is dispatched over, as the block names it.
    trait_: syn::Path,
    /// `f`, with its turbofish if any.
    function: syn::PathSegment,
    /// The index of `K`'s run-time value (`K::KIND`).
    value: usize,
    /// `K::f`, not `<K as Trait>::f`: `f` may be a supertrait's.
    shorthand: bool,
}

impl Rewriter<'_> {
    /// What `func` is if it is `K::f` or `<K as Trait>::f`, `K` an impl type parameter
    /// with a run-time value declared (`K::KIND`): the dispatch, or why it cannot be.
    pub(super) fn kind_call(&self, func: &Expr) -> Option<Result<KindCall, BodyIssue>> {
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
        let call = quote::quote!(#func);
        let bounds = self.scope.bounds_of(param);
        let shorthand = named.is_none();
        let trait_ = match (named, bounds) {
            (Some(named), _) => named,
            (None, [bound]) => bound.clone(),
            (None, _) => {
                let bounds = bounds
                    .iter()
                    .map(|b| quote::quote!(#b).to_string().replace(' ', ""))
                    .collect();
                return Some(Err(match bounds {
                    ref none if Vec::is_empty(none) => BodyIssue::Undispatched { call },
                    bounds => BodyIssue::Ambiguous { call, bounds },
                }));
            }
        };
        Some(Ok(KindCall {
            trait_,
            function: function.clone(),
            value,
            shorthand,
        }))
    }

    /// The trait's dispatch macro called with `K`'s run-time value, its type and name,
    /// the trait, the function and `args`.
    pub(super) fn dispatched(
        &mut self,
        call: KindCall,
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
            mut trait_,
            function,
            shorthand,
            ..
        } = call;
        if let Some(last) = trait_.segments.last_mut() {
            last.arguments = syn::PathArguments::None;
        }
        let message = format!(
            "`{}` was called with a kind outside those declared for `{}` in #[outline(kinds(..))]",
            function.ident,
            quote::quote!(#trait_).to_string().replace(' ', "")
        );
        // At the trait's name: where it declares no kinds, rustc's "cannot find macro
        // `Numeric`" points at the bound the call is dispatched by.
        let at = crate::syntax::last_ident(&trait_).span();
        let bang = quote::quote_spanned!(at=> !);
        let mode = if shorthand {
            quote::quote!(shorthand)
        } else {
            quote::quote!(qualified)
        };
        syn::parse_quote_spanned! {function.ident.span()=>
            #trait_ #bang (#mode #ident [#ty] #assoc [#trait_] [#function] #message (#args))
        }
    }
}
