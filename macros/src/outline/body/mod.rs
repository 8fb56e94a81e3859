//! Checks and rewrites a method body for its new home in a non-generic helper.
//!
//! Inside the helper, `self` is the erased value (the helper is a method of the erased
//! type; in a free helper, of a trait impl's method, `self` is renamed `__self`), each
//! compile-time value the attribute declares (`D`, `K::KIND`) becomes a run-time
//! argument, and any other use of a generic parameter (or `Self`) is an error that
//! points at it: in a non-generic function it has no meaning.
//!
//! This file is the model (what a rewritten body holds, and the order a block's
//! bodies are rewritten in); `rewriter.rs` walks a body, and `dispatch.rs` turns a
//! kind's `K::f(..)` into a call of its trait's dispatch macro.

mod dispatch;
mod rewriter;

use super::ast::{Impl, Method};
use super::attr::{Args, RuntimeValue};
use crate::syntax::user_site;
use proc_macro2::{Ident, Span, TokenStream};
use quote::format_ident;
use rewriter::rewrite;
use syn::Expr;
use syn::visit_mut::{self, VisitMut};

/// The receiver-less outlined methods of a block that its bodies may call as
/// `Self::name(..)`, with the impl-level run-time values (indices into a method's
/// [`RuntimeValue`]s, whose impl-level prefix every method of the block shares) each
/// one's body uses.
pub(crate) type Calls = std::collections::BTreeMap<String, Vec<usize>>;

/// Every method body of a block rewritten, with the receiver-less methods its bodies
/// may call as `Self::name(..)`. Those (of an inherent block, without const generics
/// of their own) are rewritten first, in rounds: one whose body has no issue knowing
/// the callable ones so far is callable too, and its rewriting final (a chain of
/// `Self::` calls takes a round a link; a cycle never becomes callable). The others
/// are then rewritten once, knowing what each callable one uses.
pub(crate) fn bodies(args: &Args, imp: &Impl) -> (Calls, Vec<Body>) {
    let inherent = imp.item.trait_.is_none();
    let methods: Vec<&Method> = imp.methods().collect();
    let mut calls = Calls::new();
    let mut bodies: Vec<Option<Body>> = methods.iter().map(|_| None).collect();
    loop {
        let known = calls.len();
        for (method, body) in methods.iter().zip(&mut bodies) {
            let candidate = inherent && method.self_callable();
            if !candidate || body.is_some() {
                continue;
            }
            let rewritten = Body::of(args, method, &calls, inherent);
            if rewritten.rewritten.issues.is_empty() {
                calls.insert(
                    method.func.sig.ident.to_string(),
                    rewritten.rewritten.used.clone(),
                );
                *body = Some(rewritten);
            }
        }
        if calls.len() == known {
            break;
        }
    }
    let bodies = methods
        .iter()
        .zip(&mut bodies)
        .map(|(method, body)| {
            body.take()
                .unwrap_or_else(|| Body::of(args, method, &calls, inherent))
        })
        .collect();
    (calls, bodies)
}

/// The function, beside the helpers, that a body's `Self::name(..)` becomes: it takes
/// the run-time values, then the method's arguments as the method does.
pub(crate) fn call_ident(name: &Ident) -> Ident {
    format_ident!("__seam_call_{}", name)
}

/// The name `self` takes inside a free helper (of a trait impl's method), resolved
/// where the user's code is (`user`: a span of the method), as the renamed `self`
/// tokens of its body are.
pub(crate) fn self_ident(user: Span) -> Ident {
    Ident::new("__self", user_site(user))
}

/// The method names of `names` that `block` calls on `self` (or `__self`): `self.m(..)`.
pub(crate) fn calls_on_self(block: &syn::Block, names: &[String]) -> Vec<Ident> {
    struct Finder<'a> {
        names: &'a [String],
        found: Vec<Ident>,
    }
    impl VisitMut for Finder<'_> {
        fn visit_expr_method_call_mut(&mut self, call: &mut syn::ExprMethodCall) {
            let on_self = matches!(&*call.receiver, Expr::Path(p) if p.path.is_ident("self") || p.path.is_ident("__self"));
            if on_self && self.names.iter().any(|n| call.method == n) {
                self.found.push(call.method.clone());
            }
            visit_mut::visit_expr_method_call_mut(self, call);
        }
    }
    if names.is_empty() {
        return Vec::new();
    }
    let mut finder = Finder {
        names,
        found: Vec::new(),
    };
    finder.visit_block_mut(&mut block.clone());
    finder.found
}

/// What a body uses that a non-generic helper cannot have: for `valid.rs` to report.
pub(crate) enum BodyIssue {
    /// A const generic used as a value without an accessor declared for it.
    Undeclared(Ident),
    /// A generic parameter or `Self` in a type position (`true`) or a const position.
    Generic { tokens: TokenStream, in_type: bool },
    /// `K::f(..)` where the block bounds `K` by no trait.
    Undispatched { call: TokenStream },
    /// `K::f(..)` where the block bounds `K` by several traits.
    Ambiguous { call: TokenStream, bounds: Vec<String> },
    /// `Self::f(..)` where `f` is no receiver-less method of this block.
    ForeignSelfCall(Ident),
}

/// A body rewritten for its helper.
pub(crate) struct Rewritten {
    /// The indices (into the values) of the run-time values it uses, in order.
    pub used: Vec<usize>,
    /// What it uses that the helper cannot have; empty once validated.
    pub issues: Vec<BodyIssue>,
    /// The receiver-less methods of the block it calls as `Self::name(..)`.
    pub called: Vec<String>,
}

/// A method's body rewritten for its helper, once: what validation reads its issues
/// from and every expansion of the method (with `off_if` on an `async fn`, two)
/// builds from.
pub(crate) struct Body {
    /// The run-time values the body may use.
    pub values: Vec<RuntimeValue>,
    /// The rewritten block.
    pub block: syn::Block,
    /// What the rewriting found.
    pub rewritten: Rewritten,
}

impl Body {
    /// `method`'s body rewritten with the run-time values `args` declares in its
    /// scope (of an inherent block where `inherent`); `self` renamed `__self` where
    /// the helper is a free function.
    pub fn of(args: &Args, method: &Method, calls: &Calls, inherent: bool) -> Body {
        let rename_self = !method.helper_on_erased(inherent);
        let values = args.values_in(&method.scope);
        let mut block = method.func.block.clone();
        let rewritten = rewrite(
            &mut block,
            &method.scope,
            &values,
            calls,
            method.func.sig.ident.span(),
            rename_self,
        );
        Body {
            values,
            block,
            rewritten,
        }
    }
}
