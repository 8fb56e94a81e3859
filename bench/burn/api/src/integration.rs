//! burn-tensor's integration tests (`tests/*.rs` of the source Cargo downloaded), as
//! units the doctest harness builds and runs: one per `#[test]` function, its file's
//! items and a call of the function in one body.

use crate::doctests::{Doctest, Mode};
use crate::source;
use quote::ToTokens;

/// Every `#[test]` function of burn-tensor's `tests/`, in file order.
pub fn burn_integration_tests() -> Vec<Doctest> {
    let dir = source::burn_tensor_root().join("tests");
    let mut found = Vec::new();
    for path in source::rust_files(&dir) {
        let file = format!("tests/{}", path.file_name().expect("a file name").to_string_lossy());
        let mut parsed = source::parse(&path);
        let einsum = EinsumAtRuntime::rewrite(&mut parsed);
        strip_graph_features(&mut parsed);
        let tests: Vec<&syn::ItemFn> = parsed
            .items
            .iter()
            .filter_map(|item| match item {
                syn::Item::Fn(f) if has(&f.attrs, "test") => Some(f),
                _ => None,
            })
            .collect();
        let items = plain_items(&parsed);
        for test in tests {
            let name = test.sig.ident.to_string();
            let cfgs: Vec<String> = test
                .attrs
                .iter()
                .filter(|a| a.path().is_ident("cfg"))
                .map(|a| a.to_token_stream().to_string())
                .collect();
            let how = if einsum { ", `einsum!` run as `Tensor::einsum`" } else { "" };
            found.push(Doctest {
                name: format!("{file} {name}"),
                method: Some(format!("integration test in {file}{how}")),
                mode: if has(&test.attrs, "should_panic") { Mode::Panic } else { Mode::Run },
                code: format!("{items}\n{} {name}();", cfgs.join(" ")),
                panic_expected: expected_panic(&test.attrs),
                left_out: left_out(&cfgs),
            });
        }
    }
    found
}

/// The features of burn-tensor that the harness's graph has on (`autodiff`): a
/// `#[cfg(feature = "..")]` on one of them holds there, so it is taken off (the
/// units are compiled in a crate without burn-tensor's features).
const GRAPH_FEATURES: &[&str] = &["std", "autodiff"];

fn strip_graph_features(file: &mut syn::File) {
    let on = |a: &syn::Attribute| {
        a.path().is_ident("cfg")
            && GRAPH_FEATURES
                .iter()
                .any(|f| a.to_token_stream().to_string() == format!("# [cfg (feature = \"{f}\")]"))
    };
    for item in &mut file.items {
        if let syn::Item::Fn(f) = item {
            f.attrs.retain(|a| !on(a));
        }
    }
}

/// Why a test is left out: `cargo test` does not compile it in a debug build, or
/// it needs a feature the harness's graph lacks.
fn left_out(cfgs: &[String]) -> Option<String> {
    cfgs.iter()
        .find(|c| c.contains("not (debug_assertions)") || c.contains("feature"))
        .map(|c| format!("`{c}`: not compiled in the debug build with the features (std, flex, autodiff) the harness builds burn-tensor with"))
}

/// The file's items as one block of code: inner attributes and doc comments dropped,
/// and `#[test]` / `#[should_panic]` taken off the functions (they run by a call).
fn plain_items(file: &syn::File) -> String {
    let items = file.items.iter().map(|item| match item {
        syn::Item::Fn(f) => {
            let attrs = f
                .attrs
                .iter()
                .filter(|a| !a.path().is_ident("test") && !a.path().is_ident("should_panic"));
            let (vis, sig, block) = (&f.vis, &f.sig, &f.block);
            quote::quote!(#(#attrs)* #vis #sig #block).to_string()
        }
        other => other.to_token_stream().to_string(),
    });
    items.collect::<Vec<_>>().join("\n")
}

fn has(attrs: &[syn::Attribute], name: &str) -> bool {
    attrs.iter().any(|a| a.path().is_ident(name))
}

/// The `expected = ".."` text of a `#[should_panic]`, if it has one.
fn expected_panic(attrs: &[syn::Attribute]) -> Option<String> {
    let attr = attrs.iter().find(|a| a.path().is_ident("should_panic"))?;
    let mut expected = None;
    let _ = attr.parse_nested_meta(|meta| {
        if meta.path.is_ident("expected") {
            let text: syn::LitStr = meta.value()?.parse()?;
            expected = Some(text.value());
        }
        Ok(())
    });
    expected
}

/// Rewrites each `einsum!("eq", a, b)` (or `path::einsum!`) as the runtime
/// `path::Tensor::<R>::einsum("eq", [a.into(), b.into()])` (float, as every use in
/// burn-tensor 0.22.1's tests is), and drops `einsum`
/// from `use` lists. The macro's expansion calls burn-tensor's internal `__einsum`
/// lowering, which seam-burn-tensor does not have; the runtime form is `Tensor`'s
/// API, run on both sides. `R` is the equation's output rank where the equation
/// alone says it, and inferred from the context (as the macro does) otherwise.
struct EinsumAtRuntime {
    found: bool,
}

impl EinsumAtRuntime {
    /// Rewrites `file`; whether it used `einsum!`.
    fn rewrite(file: &mut syn::File) -> bool {
        let mut rewriter = EinsumAtRuntime { found: false };
        syn::visit_mut::VisitMut::visit_file_mut(&mut rewriter, file);
        rewriter.found
    }
}

impl syn::visit_mut::VisitMut for EinsumAtRuntime {
    fn visit_expr_mut(&mut self, expr: &mut syn::Expr) {
        syn::visit_mut::visit_expr_mut(self, expr);
        let syn::Expr::Macro(m) = expr else { return };
        let path = &m.mac.path;
        if path.segments.last().is_none_or(|s| s.ident != "einsum") {
            return;
        }
        let parser = syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated;
        let Ok(args) = m.mac.parse_body_with(parser) else { return };
        let mut args = args.into_iter();
        let Some(syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(equation), .. })) = args.next() else {
            return;
        };
        let mut prefix = path.clone();
        prefix.segments.pop();
        let prefix = if prefix.segments.is_empty() { quote::quote!(burn_tensor::) } else { quote::quote!(#prefix) };
        let rank = match output_rank(&equation.value()) {
            Some(rank) => quote::quote!(#rank),
            None => quote::quote!(_),
        };
        let operands = args.map(|a| quote::quote!((#a).into()));
        *expr = syn::parse_quote!(#prefix Tensor::<#rank>::einsum(#equation, [#(#operands),*]));
        self.found = true;
    }

    fn visit_use_tree_mut(&mut self, tree: &mut syn::UseTree) {
        if let syn::UseTree::Group(group) = tree {
            let items = std::mem::take(&mut group.items);
            group.items = items
                .into_iter()
                .filter(|t| !matches!(t, syn::UseTree::Name(n) if n.ident == "einsum"))
                .collect();
        }
        syn::visit_mut::visit_use_tree_mut(self, tree);
    }
}

/// The rank of an einsum equation's output, where the equation alone gives it: its
/// output labels (after `->`; an ellipsis there stands for none when no input has
/// one), or with no `->` the labels that occur once, and 1 for a scalar (a
/// one-element tensor). `None` where an ellipsis of the inputs reaches the output,
/// whose rank comes from the operands.
fn output_rank(equation: &str) -> Option<usize> {
    let equation: String = equation.chars().filter(|c| !c.is_whitespace()).collect();
    let (inputs, output) = match equation.split_once("->") {
        Some((inputs, output)) => (inputs, Some(output)),
        None => (equation.as_str(), None),
    };
    let labels = |s: &str| s.chars().filter(|c| c.is_alphabetic()).collect::<Vec<_>>();
    let rank = match output {
        Some(output) if !output.contains("...") || !inputs.contains("...") => labels(output).len(),
        Some(_) => return None,
        None if inputs.contains("...") => return None,
        None => {
            let all = labels(inputs);
            all.iter().filter(|c| all.iter().filter(|d| d == c).count() == 1).count()
        }
    };
    Some(rank.max(1))
}
