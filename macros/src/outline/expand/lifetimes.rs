//! The lifetimes the wrapper, the helper and the forwarding method must agree on: the
//! helper's `__self` lifetime, and the one lifetime an `async` method's boxed future
//! lives for.

use crate::outline::ast::{Method, Receiver};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::visit_mut::{self, VisitMut};

/// The lifetime a helper gives its `__self` reference: the receiver's own (declared
/// by the method), or `'__seam_self` (declared by the helper, the flag) when the
/// result borrows from the receiver through elided lifetimes, which a free function's
/// elision rules would not tie to `__self` as a method's do.
pub(super) fn receiver_lifetime(method: &Method) -> Option<(syn::Lifetime, bool)> {
    let Some(Receiver::Ref | Receiver::Mut) = method.receiver else {
        return None;
    };
    if let Some(syn::ReceiverKind::Reference(_, Some(lifetime), _)) =
        method.func.sig.receiver().map(|r| &r.kind)
    {
        return Some((lifetime.clone(), false));
    }
    let syn::ReturnType::Type(_, ty) = &method.func.sig.output else {
        return None;
    };
    has_elided(ty).then(|| (syn::Lifetime::new("'__seam_self", Span::call_site()), true))
}

/// Whether a method's receiver or an argument borrows through an elided lifetime.
pub(super) fn borrows_anonymously(method: &Method) -> bool {
    elided_inputs(method) > 0
}

/// Whether a method's inputs borrow through more than one lifetime, one of them
/// elided: its boxed future, which has one lifetime bound, needs a name for the
/// shortest (a future borrowing through one elided lifetime is bounded by it as
/// written).
pub(super) fn borrows_several(method: &Method, impl_generics: &syn::Generics) -> bool {
    let elided = elided_inputs(method);
    let declared = impl_generics.lifetimes().count() + method.func.sig.generics.lifetimes().count();
    elided > 0 && elided + declared > 1
}

/// How many elided lifetimes a method's receiver and arguments borrow through.
fn elided_inputs(method: &Method) -> usize {
    method
        .func
        .sig
        .inputs
        .iter()
        .map(|input| match input {
            syn::FnArg::Receiver(r) => {
                usize::from(matches!(r.kind, syn::ReceiverKind::Reference(_, None, _)))
            }
            syn::FnArg::Typed(pt) => elided(&pt.ty),
        })
        .sum()
}

/// A method's `generics` with `lifetime` declared first, and outlived by each lifetime
/// the method or the impl declares.
pub(super) fn with_future_lifetime(
    generics: &syn::Generics,
    impl_generics: &syn::Generics,
    lifetime: &syn::Lifetime,
) -> syn::Generics {
    let mut generics = generics.clone();
    let declared: Vec<syn::Lifetime> = impl_generics
        .lifetimes()
        .chain(generics.lifetimes())
        .map(|l| l.lifetime.clone())
        .collect();
    generics.params.insert(
        0,
        syn::GenericParam::Lifetime(syn::LifetimeParam::new(lifetime.clone())),
    );
    let where_clause = generics.make_where_clause();
    for declared in declared {
        where_clause
            .predicates
            .push(syn::parse_quote!(#declared: #lifetime));
    }
    generics
}

fn has_elided(ty: &syn::Type) -> bool {
    elided(ty) > 0
}

/// How many elided lifetimes `ty` has.
fn elided(ty: &syn::Type) -> usize {
    let mut found = ElidedLifetimes { name: None, found: 0 };
    found.visit_type_mut(&mut ty.clone());
    found.found
}

/// `ty` with each elided lifetime named `lifetime`.
pub(super) fn name_elided(ty: TokenStream, lifetime: &syn::Lifetime) -> TokenStream {
    let Ok(mut ty) = syn::parse2::<syn::Type>(ty.clone()) else {
        return ty;
    };
    ElidedLifetimes {
        name: Some(lifetime.clone()),
        found: 0,
    }
    .visit_type_mut(&mut ty);
    quote!(#ty)
}

/// Finds, or names, the elided lifetimes of a type: `&T` and `'_`. Closure and
/// function-pointer types have elision of their own and are left alone.
struct ElidedLifetimes {
    name: Option<syn::Lifetime>,
    found: usize,
}

impl VisitMut for ElidedLifetimes {
    fn visit_type_reference_mut(&mut self, r: &mut syn::TypeReference) {
        if r.lifetime.is_none() {
            self.found += 1;
            r.lifetime.clone_from(&self.name);
        }
        visit_mut::visit_type_reference_mut(self, r);
    }

    fn visit_lifetime_mut(&mut self, lifetime: &mut syn::Lifetime) {
        if lifetime.ident == "_" {
            self.found += 1;
            if let Some(name) = &self.name {
                *lifetime = name.clone();
            }
        }
    }

    fn visit_type_fn_ptr_mut(&mut self, _: &mut syn::TypeFnPtr) {}

    fn visit_parenthesized_generic_arguments_mut(&mut self, _: &mut syn::ParenthesizedGenericArguments) {}
}
