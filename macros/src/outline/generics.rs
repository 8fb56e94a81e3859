//! The generic parameters in scope where a signature or a body is read: the impl's,
//! plus a method's own. Reading a type or a body asks this scope which names are
//! generic; what it finds is a rule for `valid.rs` to report.

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::visit_mut::{self, VisitMut};
use syn::{Ident, Token, Type, TypeParamBound};

/// Generic parameters in scope: the impl's, plus a method's own when reading a method.
#[derive(Default, Clone)]
pub(crate) struct Scope {
    /// Type parameters, e.g. `K` (and a method's `S`).
    pub types: Vec<Ident>,
    /// Const parameters and their types, e.g. `D: usize` (and a method's `D2: usize`).
    pub consts: Vec<(Ident, Type)>,
    /// The method's type parameters, with their bounds (inline and from `where`).
    pub method_types: Vec<(Ident, Punctuated<TypeParamBound, Token![+]>)>,
    /// The method's const parameters: run-time values the wrapper passes as they are.
    pub method_consts: Vec<(Ident, Type)>,
    /// `for<'a>` on a `where` bound of a method's type parameter, which the wrapper
    /// cannot convert by (a rule of `valid.rs`).
    pub higher_ranked: Vec<syn::BoundLifetimes>,
    /// The trait bounds of the impl's type parameters (inline and from `where`):
    /// `K: Numeric` says which kinds a body's `K::f(..)` is dispatched over.
    pub bounds: Vec<(Ident, Vec<syn::Path>)>,
    /// The conversions declared with `via(..)`, by which arguments bounded by a
    /// library's own trait reach the helper.
    pub vias: Vec<super::via::Via>,
}

impl Scope {
    /// The generic parameters of an impl block, and the conversions its protocol
    /// declares.
    pub fn of_impl(imp: &syn::ItemImpl, vias: &[super::via::Via]) -> Scope {
        let mut scope = Scope {
            vias: vias.to_vec(),
            ..Scope::default()
        };
        for param in &imp.generics.params {
            match param {
                syn::GenericParam::Type(t) => {
                    scope.types.push(t.ident.clone());
                    scope.bounds.push((t.ident.clone(), trait_paths(&t.bounds)));
                }
                syn::GenericParam::Const(c) => scope.consts.push((c.ident.clone(), c.ty.clone())),
                syn::GenericParam::Lifetime(_) => {}
            }
        }
        scope.add_where_bounds(&imp.generics);
        scope
    }

    /// The bounds `generics`' `where` clause puts on the type parameters in scope.
    fn add_where_bounds(&mut self, generics: &syn::Generics) {
        for predicate in generics.where_clause.iter().flat_map(|w| &w.predicates) {
            if let syn::WherePredicate::Type(pt) = predicate
                && let Type::Path(p) = &pt.bounded_ty
                && let Some(ident) = p.path.get_ident()
                && let Some((_, bounds)) = self.bounds.iter_mut().find(|(t, _)| t == ident)
            {
                bounds.extend(trait_paths(&pt.bounds));
            }
        }
    }

    /// A free function's scope before its own parameters: the type parameters of
    /// `generics` among `kinds` (those the protocol declares an associated value of:
    /// `K` of `K::KIND`), read as an impl's (dispatched on, their values passed by the
    /// wrapper), and the conversions of the protocol.
    pub fn of_kinds(generics: &syn::Generics, kinds: &[&Ident], vias: &[super::via::Via]) -> Scope {
        let mut scope = Scope {
            vias: vias.to_vec(),
            ..Scope::default()
        };
        for param in &generics.params {
            if let syn::GenericParam::Type(t) = param
                && kinds.contains(&&t.ident)
            {
                scope.types.push(t.ident.clone());
                scope.bounds.push((t.ident.clone(), trait_paths(&t.bounds)));
            }
        }
        scope.add_where_bounds(generics);
        scope
    }

    /// The traits bounding the impl's type parameter `param`.
    pub fn bounds_of(&self, param: &Ident) -> &[syn::Path] {
        self.bounds
            .iter()
            .find(|(t, _)| t == param)
            .map_or(&[], |(_, bounds)| bounds.as_slice())
    }

    /// This scope plus a method's own parameters. A method's type parameters must
    /// appear in an argument's type as a whole (they are converted in the wrapper);
    /// its const parameters become run-time values; its lifetimes stay on the helper.
    pub fn with_method(&self, generics: &syn::Generics) -> Scope {
        let mut scope = self.clone();
        for param in &generics.params {
            match param {
                // Already in scope: a free function's kind parameter (`of_kinds`).
                syn::GenericParam::Type(t) if scope.types.contains(&t.ident) => {}
                syn::GenericParam::Type(t) => {
                    scope.types.push(t.ident.clone());
                    scope.method_types.push((t.ident.clone(), t.bounds.clone()));
                }
                syn::GenericParam::Const(c) => {
                    scope.consts.push((c.ident.clone(), c.ty.clone()));
                    scope.method_consts.push((c.ident.clone(), c.ty.clone()));
                }
                syn::GenericParam::Lifetime(_) => {}
            }
        }
        for predicate in generics.where_clause.iter().flat_map(|w| &w.predicates) {
            if let syn::WherePredicate::Type(pt) = predicate
                && let Type::Path(p) = &pt.bounded_ty
                && let Some(ident) = p.path.get_ident()
                && let Some((_, bounds)) = scope.method_types.iter_mut().find(|(t, _)| t == ident)
            {
                if let Some(lifetimes) = &pt.lifetimes {
                    scope.higher_ranked.push(lifetimes.clone());
                }
                bounds.extend(pt.bounds.iter().cloned());
            }
        }
        scope
    }

    /// Whether `ident` is a type or const parameter in scope.
    pub fn contains(&self, ident: &Ident) -> bool {
        self.types.contains(ident) || self.is_const(ident)
    }

    /// Whether `ident` is a const parameter in scope.
    pub fn is_const(&self, ident: &Ident) -> bool {
        self.consts.iter().any(|(c, _)| c == ident)
    }

    /// Whether `name` is one of the method's own type parameters.
    pub fn is_method_type(&self, name: &str) -> bool {
        self.method_types.iter().any(|(t, _)| *t == name)
    }

    /// The first tokens of `ty` that name a generic parameter in scope or `Self`.
    pub fn find_in_type(&self, ty: &Type) -> Option<TokenStream> {
        // syn's `visit-mut` is the traversal this workspace already builds (cubecl's
        // macros use it too); visiting a copy avoids pulling in `visit` as well.
        let mut finder = Finder {
            scope: self,
            found: None,
        };
        finder.visit_type_mut(&mut ty.clone());
        finder.found
    }

    /// The first tokens of `expr` that name a generic parameter in scope or `Self`.
    pub fn find_in_expr(&self, expr: &syn::Expr) -> Option<TokenStream> {
        let mut finder = Finder {
            scope: self,
            found: None,
        };
        finder.visit_expr_mut(&mut expr.clone());
        finder.found
    }
}

/// The trait paths among `bounds` (lifetimes and `?Sized` left out).
fn trait_paths(bounds: &Punctuated<TypeParamBound, Token![+]>) -> Vec<syn::Path> {
    bounds
        .iter()
        .filter_map(|b| match b {
            TypeParamBound::Trait(t) if t.maybe.is_none() => Some(t.path.clone()),
            _ => None,
        })
        .collect()
}

struct Finder<'p> {
    scope: &'p Scope,
    found: Option<TokenStream>,
}

impl VisitMut for Finder<'_> {
    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        if self.found.is_some() {
            return;
        }
        if let Some(first) = path.segments.first()
            && (first.ident == "Self" || self.scope.contains(&first.ident))
        {
            self.found = Some(first.ident.to_token_stream());
            return;
        }
        visit_mut::visit_path_mut(self, path);
    }
}
