//! The walk over a body that rewrites it for its helper: `self`, the run-time values
//! (in expressions, and in macro arguments and format strings, which syn does not
//! parse), `Self::name(..)` calls, and each use of a generic parameter reported.

use super::{BodyIssue, Calls, Rewritten, call_ident};
use crate::outline::attr::RuntimeValue;
use crate::outline::generics::Scope;
use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use syn::visit_mut::{self, VisitMut};
use syn::{Expr, Type};

/// Rewrites `block` in place for a method whose name has the span `user`: `self`
/// becomes `__self` where `rename_self` (a free helper), each run-time value of
/// `values` its argument, each `Self::name(..)` of `calls` a call of its function
/// beside the helpers, each `K::f(..)` a call of its bound's dispatch macro.
pub(super) fn rewrite(
    block: &mut syn::Block,
    scope: &Scope,
    values: &[RuntimeValue],
    calls: &Calls,
    user: Span,
    rename_self: bool,
) -> Rewritten {
    let mut rewriter = Rewriter {
        scope,
        values,
        calls,
        user,
        rename_self,
        used: vec![false; values.len()],
        issues: Vec::new(),
        called: Vec::new(),
    };
    rewriter.visit_block_mut(block);
    Rewritten {
        used: rewriter
            .used
            .iter()
            .enumerate()
            .filter_map(|(i, used)| used.then_some(i))
            .collect(),
        issues: rewriter.issues,
        called: rewriter.called,
    }
}

/// The walk's state: what the body may use, and what it found.
pub(super) struct Rewriter<'a> {
    pub(super) scope: &'a Scope,
    pub(super) values: &'a [RuntimeValue],
    calls: &'a Calls,
    pub(super) user: Span,
    /// Whether `self` becomes `__self` (a free helper) or stays (a method helper).
    rename_self: bool,
    pub(super) used: Vec<bool>,
    issues: Vec<BodyIssue>,
    called: Vec<String>,
}

impl Rewriter<'_> {
    /// `Self::f(args)` rewritten as `__seam_call_f(values).call(args)` (see
    /// [`Self::visit_expr_mut`]), or reported when `f` is no method of [`Calls`].
    fn rewrite_self_call(&mut self, expr: &mut Expr) {
        let Expr::Call(call) = expr else {
            unreachable!("called on a `Self::` call")
        };
        let name = Self::self_call(&call.func).expect("the guard found a `Self::` call");
        for arg in call.args.iter_mut() {
            self.visit_expr_mut(arg);
        }
        let Some(indices) = self.calls.get(&name.to_string()) else {
            self.issues.push(BodyIssue::ForeignSelfCall(name));
            return;
        };
        self.called.push(name.to_string());
        // At the user's `f`, which the call's parentheses follow: rustc's fix for a
        // wrong argument count then edits the user's argument list.
        let at = name.span();
        // rustc's message about the arguments points at the method: at `Self`,
        // where a plain `Self::f(..)` call's message points.
        let first = match &*call.func {
            Expr::Path(path) => path.path.segments[0].ident.span(),
            _ => at,
        };
        let values: Vec<Ident> = indices
            .clone()
            .into_iter()
            .map(|index| {
                self.used[index] = true;
                let mut value = self.values[index].ident(self.user);
                value.set_span(value.span().located_at(at));
                value
            })
            .collect();
        let callee = call_ident(&name);
        let receiver: Expr = syn::parse_quote_spanned!(at=> #callee(#(#values),*));
        // The user's parentheses and arguments, as written.
        *expr = Expr::MethodCall(syn::ExprMethodCall {
            attrs: std::mem::take(&mut call.attrs),
            receiver: Box::new(receiver),
            dot_token: syn::Token![.](at),
            method: Ident::new("call", first),
            turbofish: None,
            paren_token: call.paren_token,
            args: std::mem::take(&mut call.args),
        });
    }

    /// `Self::name` (no generic arguments): the method's name.
    fn self_call(func: &Expr) -> Option<Ident> {
        let Expr::Path(path) = func else { return None };
        let segs: Vec<_> = path.path.segments.iter().collect();
        match (path.qself.as_ref(), segs.as_slice()) {
            (None, [ty, name])
                if ty.ident == "Self" && ty.arguments.is_none() && name.arguments.is_none() =>
            {
                Some(name.ident.clone())
            }
            _ => None,
        }
    }

    fn runtime_index(&self, param: &Ident, assoc: Option<&Ident>) -> Option<usize> {
        self.values
            .iter()
            .position(|v| v.param == *param && v.assoc.as_ref() == assoc)
    }

    /// The replacement for a path expression `D` or `K::KIND`, if it is one.
    fn runtime_expr(&mut self, path: &syn::ExprPath) -> Option<Ident> {
        if path.qself.is_some() {
            return None;
        }
        let segs: Vec<_> = path.path.segments.iter().collect();
        if segs.iter().any(|s| !s.arguments.is_none()) {
            return None;
        }
        let index = match segs.as_slice() {
            [one] if self.scope.is_const(&one.ident) => {
                self.runtime_index(&one.ident, None).or_else(|| {
                    self.issues.push(BodyIssue::Undeclared(one.ident.clone()));
                    None
                })?
            }
            [ty, assoc] if self.scope.types.contains(&ty.ident) => {
                self.runtime_index(&ty.ident, Some(&assoc.ident))?
            }
            _ => return None,
        };
        self.used[index] = true;
        // Resolved as the helper's argument is, located at the user's `D`: rustc's
        // messages about the value point at the token the user wrote.
        let mut ident = self.values[index].ident(self.user);
        let at = syn::spanned::Spanned::span(&path.path);
        ident.set_span(ident.span().located_at(at));
        Some(ident)
    }

    fn generic(&mut self, tokens: TokenStream, in_type: bool) {
        self.issues.push(BodyIssue::Generic { tokens, in_type });
    }

    fn check_const_position(&mut self, expr: &Expr) {
        if let Some(tokens) = self.scope.find_in_expr(expr) {
            self.generic(tokens, false);
        }
    }
}

impl VisitMut for Rewriter<'_> {
    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        match expr {
            Expr::Path(path) => {
                if path.qself.is_none() && path.path.is_ident("self") {
                    if !self.rename_self {
                        return;
                    }
                    let span = path.path.segments[0].ident.span();
                    path.path.segments[0].ident = Ident::new("__self", span);
                    return;
                }
                if let Some(ident) = self.runtime_expr(path) {
                    *expr = syn::parse_quote_spanned!(ident.span() => #ident);
                    return;
                }
                // Any other `Self::..` or `T::..` is reported by `visit_path_mut`.
                visit_mut::visit_expr_mut(self, expr);
            }
            Expr::Repeat(repeat) => {
                self.visit_expr_mut(&mut repeat.expr);
                self.check_const_position(&repeat.len);
            }
            // `Self::f(args)`, `f` a receiver-less method of this block (in [`Calls`]):
            // the same method at the same parameters, so it is called with this body's
            // own run-time values, as `__seam_call_f(values).call(args)`. The values
            // travel in the caller's receiver, so that rustc counts and checks the
            // arguments the user wrote. Any other `Self::f(..)` is reported.
            Expr::Call(call) if Self::self_call(&call.func).is_some() => self.rewrite_self_call(expr),
            Expr::Call(call) if self.kind_call(&call.func).is_some() => {
                match self.kind_call(&call.func).expect("the guard found a kind call") {
                    Ok(dispatch) => {
                        for arg in call.args.iter_mut() {
                            self.visit_expr_mut(arg);
                        }
                        *expr = self.dispatched(dispatch, &call.args);
                    }
                    Err(issue) => self.issues.push(issue),
                }
            }
            _ => visit_mut::visit_expr_mut(self, expr),
        }
    }

    fn visit_type_mut(&mut self, ty: &mut Type) {
        if let Type::Array(array) = ty {
            self.visit_type_mut(&mut array.elem);
            self.check_const_position(&array.len);
            return;
        }
        if let Some(tokens) = self.scope.find_in_type(ty) {
            self.generic(tokens, true);
            return;
        }
        visit_mut::visit_type_mut(self, ty);
    }

    fn visit_generic_argument_mut(&mut self, arg: &mut syn::GenericArgument) {
        match arg {
            syn::GenericArgument::Const(expr) => self.check_const_position(expr),
            _ => visit_mut::visit_generic_argument_mut(self, arg),
        }
    }

    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        // Paths in expressions (`Self::new`), struct literals and patterns
        // (`Self { .. }`, `K::Variant`) name types.
        if let Some(first) = path.segments.first()
            && (first.ident == "Self" || self.scope.types.contains(&first.ident))
        {
            let ident = first.ident.clone();
            self.generic(quote::quote!(#ident), true);
            return;
        }
        visit_mut::visit_path_mut(self, path);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        let formats = mac
            .path
            .segments
            .last()
            .is_some_and(|s| FORMAT_MACROS.contains(&s.ident.to_string().as_str()));
        let tokens = std::mem::take(&mut mac.tokens);
        mac.tokens = match self.rewrite_exprs(&tokens, formats) {
            Some(rewritten) => rewritten,
            None => self.rewrite_tokens(tokens, formats),
        };
    }

    // Nested items are their own scope: outer generics and `self` are not visible there.
    fn visit_item_mut(&mut self, _item: &mut syn::Item) {}
}

impl Rewriter<'_> {
    /// Macro arguments that read as expressions (`assert!(a, "{}", b)`, `vec![x; n]`:
    /// lists of them, separated by `;`) rewritten as the body's own expressions are,
    /// `K::f(..)` dispatched and generic parameters reported; `None` for others.
    fn rewrite_exprs(&mut self, tokens: &TokenStream, formats: bool) -> Option<TokenStream> {
        use syn::parse::Parser;
        type List = syn::punctuated::Punctuated<Expr, syn::Token![,]>;
        let mut segments = vec![Vec::new()];
        let mut separators = Vec::new();
        for tree in tokens.clone() {
            match tree {
                TokenTree::Punct(p) if p.as_char() == ';' => {
                    separators.push(p);
                    segments.push(Vec::new());
                }
                other => segments.last_mut().expect("one segment at least").push(other),
            }
        }
        let mut lists = Vec::new();
        for segment in segments {
            lists.push(
                List::parse_terminated
                    .parse2(segment.into_iter().collect())
                    .ok()?,
            );
        }
        let mut out = TokenStream::new();
        for (i, mut list) in lists.into_iter().enumerate() {
            for expr in list.iter_mut() {
                match expr {
                    Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(lit),
                        ..
                    }) if formats => {
                        let rewritten = self.rewrite_captures(&lit.token());
                        *expr = Expr::Verbatim(rewritten.into());
                    }
                    _ => self.visit_expr_mut(expr),
                }
            }
            out.extend(quote::quote!(#list));
            out.extend(separators.get(i).cloned().map(TokenTree::Punct));
        }
        Some(out)
    }

    /// Rewrites `self`, `D` and `K::KIND` inside macro arguments that are not
    /// expressions (a pattern in `matches!`); anything else generic there is left for
    /// rustc to report.
    fn rewrite_tokens(&mut self, tokens: TokenStream, formats: bool) -> TokenStream {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out = Vec::with_capacity(trees.len());
        let mut i = 0;
        while i < trees.len() {
            match &trees[i] {
                TokenTree::Group(g) => {
                    let mut group =
                        proc_macro2::Group::new(g.delimiter(), self.rewrite_tokens(g.stream(), formats));
                    group.set_span(g.span());
                    out.push(TokenTree::Group(group));
                }
                TokenTree::Literal(lit) if formats => out.push(self.rewrite_captures(lit)),
                TokenTree::Ident(ident) if ident == "self" && self.rename_self => {
                    out.push(TokenTree::Ident(Ident::new("__self", ident.span())));
                }
                TokenTree::Ident(ident) if !follows_dot(&out) => {
                    // `K :: KIND` is four tokens: ident, ':', ':', ident.
                    if let (
                        Some(TokenTree::Punct(c1)),
                        Some(TokenTree::Punct(c2)),
                        Some(TokenTree::Ident(assoc)),
                    ) = (trees.get(i + 1), trees.get(i + 2), trees.get(i + 3))
                        && c1.as_char() == ':'
                        && c2.as_char() == ':'
                        && let Some(index) = self.runtime_index(ident, Some(assoc))
                    {
                        self.used[index] = true;
                        out.push(TokenTree::Ident(self.values[index].ident(self.user)));
                        i += 4;
                        continue;
                    }
                    if let Some(index) = self.runtime_index(ident, None)
                        && !matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == ':')
                    {
                        self.used[index] = true;
                        let mut replaced = self.values[index].ident(self.user);
                        replaced.set_span(ident.span());
                        out.push(TokenTree::Ident(replaced));
                    } else {
                        out.push(trees[i].clone());
                    }
                }
                other => out.push(other.clone()),
            }
            i += 1;
        }
        out.into_iter().collect()
    }
}

impl Rewriter<'_> {
    /// A format string with each inline capture of a run-time value (`{D}`, `{D:?}`)
    /// renamed, since the helper has the value under another name.
    fn rewrite_captures(&mut self, lit: &proc_macro2::Literal) -> TokenTree {
        let Ok(string) = syn::parse2::<syn::LitStr>(TokenTree::Literal(lit.clone()).into()) else {
            return TokenTree::Literal(lit.clone());
        };
        let value = string.value();
        let mut out = String::with_capacity(value.len());
        let mut rest = value.as_str();
        let mut changed = false;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            rest = &rest[open..];
            if rest.starts_with("{{") {
                out.push_str("{{");
                rest = &rest[2..];
                continue;
            }
            let end = rest.find(['}', ':']).unwrap_or(rest.len());
            let name = &rest[1..end];
            let index = self
                .values
                .iter()
                .position(|v| v.assoc.is_none() && v.param == name);
            match index {
                Some(index) => {
                    self.used[index] = true;
                    changed = true;
                    out.push('{');
                    out.push_str(&self.values[index].ident(self.user).to_string());
                }
                None => out.push_str(&rest[..end]),
            }
            rest = &rest[end..];
        }
        out.push_str(rest);
        if !changed {
            return TokenTree::Literal(lit.clone());
        }
        let mut new = proc_macro2::Literal::string(&out);
        new.set_span(lit.span());
        TokenTree::Literal(new)
    }
}

/// Macros whose string literals are format strings, where `{D}` captures `D`.
const FORMAT_MACROS: &[&str] = &[
    "format",
    "format_args",
    "print",
    "println",
    "eprint",
    "eprintln",
    "write",
    "writeln",
    "panic",
    "assert",
    "assert_eq",
    "assert_ne",
    "debug_assert",
    "debug_assert_eq",
    "debug_assert_ne",
    "unreachable",
    "todo",
    "unimplemented",
];

/// Whether the last token is a `.`, so that the next ident is a field or method name.
fn follows_dot(out: &[TokenTree]) -> bool {
    matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == '.')
}
