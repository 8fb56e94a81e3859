//! Checks and rewrites a method body for its new home in a non-generic helper.
//!
//! Inside the helper, `self` is renamed `__self` (an erased value), each compile-time
//! value the attribute declares (`D`, `K::KIND`) becomes a run-time argument, and any
//! other use of a generic parameter (or `Self`) is an error that points at it: in a
//! non-generic function it has no meaning.

use super::ast::Params;
use super::attr::{Args, Errors, Runtime};
use proc_macro2::{Ident, TokenStream, TokenTree};
use quote::format_ident;
use syn::visit_mut::{self, VisitMut};
use syn::{Expr, Type};

/// The name `self` takes inside a helper.
pub(crate) fn self_ident() -> Ident {
    format_ident!("__self")
}

/// The name of the run-time argument that carries `runtime` into a helper.
pub(crate) fn runtime_ident(runtime: &Runtime) -> Ident {
    match &runtime.assoc {
        Some(assoc) => format_ident!(
            "__seam_{}_{}",
            runtime.param.to_string().to_lowercase(),
            assoc.to_string().to_lowercase()
        ),
        None => format_ident!("__seam_{}", runtime.param.to_string().to_lowercase()),
    }
}

/// Rewrites `block` in place; returns the indices (into `args.runtime`) of the
/// compile-time values it uses, in declaration order.
pub(crate) fn rewrite(block: &mut syn::Block, params: &Params, args: &Args) -> syn::Result<Vec<usize>> {
    let mut rewriter = Rewriter {
        params,
        args,
        used: vec![false; args.runtime.len()],
        errors: Errors::default(),
    };
    rewriter.visit_block_mut(block);
    rewriter.errors.finish()?;
    Ok(rewriter
        .used
        .iter()
        .enumerate()
        .filter_map(|(i, used)| used.then_some(i))
        .collect())
}

struct Rewriter<'a> {
    params: &'a Params,
    args: &'a Args,
    used: Vec<bool>,
    errors: Errors,
}

impl Rewriter<'_> {
    fn runtime_index(&self, param: &Ident, assoc: Option<&Ident>) -> Option<usize> {
        let found = match assoc {
            Some(assoc) => self.args.runtime_assoc(param, assoc),
            None => self.args.runtime_const(param),
        }?;
        self.args.runtime.iter().position(|r| std::ptr::eq(r, found))
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
            [one] if self.params.consts.iter().any(|(c, _)| *c == one.ident) => {
                self.runtime_index(&one.ident, None).or_else(|| {
                    self.errors.push(syn::Error::new_spanned(
                        &one.ident,
                        format!(
                            "`{0}` is used as a value here; declare how an erased value reads it \
                             back with `{0} = accessor` in #[outline(..)]",
                            one.ident
                        ),
                    ));
                    None
                })?
            }
            [ty, assoc] if self.params.types.contains(&ty.ident) => {
                self.runtime_index(&ty.ident, Some(&assoc.ident))?
            }
            _ => return None,
        };
        self.used[index] = true;
        Some(runtime_ident(&self.args.runtime[index]))
    }

    fn generic_error(&mut self, tokens: TokenStream, position: &str) {
        let name = tokens.to_string();
        let hint = if name == "Self" {
            "name the erased type instead of `Self`".to_string()
        } else {
            format!(
                "move this into a method that stays generic (`#[outline(skip)]`), or use a run-time \
                 value declared in #[outline(..)]{}",
                if self.params.types.iter().any(|t| *t == name) {
                    format!(" such as `{name}::KIND: Type = accessor`")
                } else {
                    String::new()
                }
            )
        };
        let what = if name == "Self" {
            "`Self`".to_string()
        } else {
            format!("generic parameter `{name}`")
        };
        self.errors.push(syn::Error::new_spanned(
            tokens,
            format!(
                "{what} used in a {position} inside an outlined body, which is compiled once for \
                 all values of the impl's generic parameters; {hint}"
            ),
        ));
    }

    fn check_const_position(&mut self, expr: &Expr) {
        if let Some(tokens) = self.params.find_in_expr(expr) {
            self.generic_error(tokens, "const position");
        }
    }
}

impl VisitMut for Rewriter<'_> {
    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        match expr {
            Expr::Path(path) => {
                if path.qself.is_none() && path.path.is_ident("self") {
                    let span = path.path.segments[0].ident.span();
                    path.path.segments[0].ident = Ident::new("__self", span);
                    return;
                }
                if let Some(ident) = self.runtime_expr(path) {
                    *expr = syn::parse_quote_spanned!(ident.span() => #ident);
                    return;
                }
                if let Some(first) = path.path.segments.first()
                    && (first.ident == "Self" || self.params.types.contains(&first.ident))
                {
                    let ident = first.ident.clone();
                    self.generic_error(quote::quote!(#ident), "type position");
                    return;
                }
                visit_mut::visit_expr_mut(self, expr);
            }
            Expr::Repeat(repeat) => {
                self.visit_expr_mut(&mut repeat.expr);
                self.check_const_position(&repeat.len);
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
        if let Some(tokens) = self.params.find_in_type(ty) {
            self.generic_error(tokens, "type position");
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
        // Struct literals and patterns (`Self { .. }`, `K::Variant`) name types too.
        if let Some(first) = path.segments.first()
            && (first.ident == "Self" || self.params.types.contains(&first.ident))
        {
            let ident = first.ident.clone();
            self.generic_error(quote::quote!(#ident), "type position");
            return;
        }
        visit_mut::visit_path_mut(self, path);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        mac.tokens = self.rewrite_tokens(std::mem::take(&mut mac.tokens));
    }

    // Nested items are their own scope: outer generics and `self` are not visible there.
    fn visit_item_mut(&mut self, _item: &mut syn::Item) {}
}

impl Rewriter<'_> {
    /// Rewrites `self`, `D` and `K::KIND` inside macro arguments, which syn does not
    /// parse; anything else generic there is left for rustc to report.
    fn rewrite_tokens(&mut self, tokens: TokenStream) -> TokenStream {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out = Vec::with_capacity(trees.len());
        let mut i = 0;
        while i < trees.len() {
            match &trees[i] {
                TokenTree::Group(g) => {
                    let mut group = proc_macro2::Group::new(g.delimiter(), self.rewrite_tokens(g.stream()));
                    group.set_span(g.span());
                    out.push(TokenTree::Group(group));
                }
                TokenTree::Ident(ident) if ident == "self" => {
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
                        out.push(TokenTree::Ident(runtime_ident(&self.args.runtime[index])));
                        i += 4;
                        continue;
                    }
                    if let Some(index) = self.runtime_index(ident, None)
                        && !matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == ':')
                    {
                        self.used[index] = true;
                        let mut replaced = runtime_ident(&self.args.runtime[index]);
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

/// Whether the last token is a `.`, so that the next ident is a field or method name.
fn follows_dot(out: &[TokenTree]) -> bool {
    matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == '.')
}
