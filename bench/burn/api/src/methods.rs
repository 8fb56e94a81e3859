//! The public inherent methods of burn-tensor's `Tensor` (from `src/tensor/api/`),
//! read with `syn`. Which of them seam-burn-tensor has is decided by compiling
//! (`signatures`), not by name.

use quote::ToTokens;
use std::path::Path;

use crate::source;

/// The kind argument of the `Tensor<D, K>` an impl block is for.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// A type parameter of the block, with its bounds as written (`K: Numeric`).
    Generic(String),
    /// A concrete kind: `Float` (also when the argument is left out), `Int`, `Bool`.
    Concrete(String),
}

/// One public method of an inherent `impl .. Tensor<..>` block.
#[derive(Clone, Debug)]
pub struct Method {
    /// The file, relative to the folder it was read from (`base.rs`).
    pub file: String,
    /// The rank argument as written: `D`, or a literal such as `1`.
    pub rank: String,
    /// The kind argument.
    pub kind: Kind,
    /// The method's name.
    pub name: String,
    /// The `cfg` of the block or the method, if any.
    pub cfg: Option<String>,
    /// The doc comment, one string.
    pub docs: String,
}

impl Method {
    /// `Tensor<D, K: Numeric>::sum`: the key the lists and reports use.
    pub fn key(&self) -> String {
        key(&self.rank, &self.kind, &self.name)
    }
}

/// `Tensor<D, K: Numeric>::sum`: a method's key, from its block's rank and kind.
pub fn key(rank: &str, kind: &Kind, name: &str) -> String {
    let kind = match kind {
        Kind::Generic(bound) | Kind::Concrete(bound) => bound,
    };
    format!("Tensor<{rank}, {kind}>::{name}")
}

/// Burn's list: the public inherent `Tensor` methods of burn-tensor's
/// `src/tensor/api/`, in file order.
pub fn burn_methods() -> Vec<Method> {
    inherent_methods(&source::burn_tensor_root().join("src/tensor/api"))
}

/// The public methods of every inherent `impl .. Tensor<..>` block under `dir`.
pub fn inherent_methods(dir: &Path) -> Vec<Method> {
    let mut methods = Vec::new();
    for path in source::rust_files(dir) {
        let file = relative(dir, &path);
        walk(&source::parse(&path).items, &mut |item| {
            if let syn::Item::Impl(block) = item {
                methods.extend(block_methods(&file, block));
            }
        });
    }
    methods
}

/// `path` relative to `dir`, with `/` separators.
pub(crate) fn relative(dir: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(dir).unwrap_or(path);
    rel.to_string_lossy().replace('\\', "/")
}

/// Calls `f` on every item, inline modules' items included.
pub(crate) fn walk<'a>(items: &'a [syn::Item], f: &mut dyn FnMut(&'a syn::Item)) {
    for item in items {
        f(item);
        if let syn::Item::Mod(module) = item
            && let Some((_, inner)) = &module.content
        {
            walk(inner, f);
        }
    }
}

/// The `Tensor<rank, kind>` an inherent impl block is for, if it is one.
pub(crate) fn tensor_self(block: &syn::ItemImpl) -> Option<(String, Kind)> {
    if block.trait_.is_some() {
        return None;
    }
    let syn::Type::Path(path) = &*block.self_ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    if last.ident != "Tensor" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    let args: Vec<String> = args
        .args
        .iter()
        .map(|a| a.to_token_stream().to_string())
        .collect();
    let rank = args.first()?.clone();
    let kind = match args.get(1) {
        None => Kind::Concrete("Float".into()),
        Some(kind) => match generic_bounds(block, kind) {
            Some(bounds) => Kind::Generic(bounds),
            None => Kind::Concrete(kind.clone()),
        },
    };
    Some((rank, kind))
}

/// `K: Numeric` when `name` is a type parameter of the block (bounds from the
/// parameter list and the `where` clause), `None` when it is a concrete type.
fn generic_bounds(block: &syn::ItemImpl, name: &str) -> Option<String> {
    let param = block.generics.type_params().find(|p| p.ident == name)?;
    let mut bounds: Vec<String> = param
        .bounds
        .iter()
        .map(|b| b.to_token_stream().to_string())
        .collect();
    if let Some(clause) = &block.generics.where_clause {
        for predicate in &clause.predicates {
            if let syn::WherePredicate::Type(p) = predicate
                && p.bounded_ty.to_token_stream().to_string() == name
            {
                bounds.extend(p.bounds.iter().map(|b| b.to_token_stream().to_string()));
            }
        }
    }
    Some(format!("{name}: {}", bounds.join(" + ")))
}

fn block_methods(file: &str, block: &syn::ItemImpl) -> Vec<Method> {
    let Some((rank, kind)) = tensor_self(block) else {
        return Vec::new();
    };
    let block_cfg = cfg_of(&block.attrs);
    block
        .items
        .iter()
        .filter_map(|item| match item {
            syn::ImplItem::Fn(f) if matches!(f.vis, syn::Visibility::Public(_)) => Some(Method {
                file: file.to_string(),
                rank: rank.clone(),
                kind: kind.clone(),
                name: f.sig.ident.to_string(),
                cfg: cfg_of(&f.attrs).or_else(|| block_cfg.clone()),
                docs: docs_of(&f.attrs),
            }),
            _ => None,
        })
        .collect()
}

/// The `cfg(..)` among `attrs`, as written.
fn cfg_of(attrs: &[syn::Attribute]) -> Option<String> {
    attrs
        .iter()
        .find(|a| a.path().is_ident("cfg"))
        .map(|a| a.meta.to_token_stream().to_string())
}

/// The doc comment made of `attrs`' `#[doc = ".."]`, a line each, as rustdoc reads it.
pub(crate) fn docs_of(attrs: &[syn::Attribute]) -> String {
    let lines: Vec<String> = attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        })
        .flat_map(|s| s.lines().map(str::to_string).collect::<Vec<_>>())
        .collect();
    unindent(&lines)
}

/// The lines with their common leading whitespace removed (rustdoc's unindent).
fn unindent(lines: &[String]) -> String {
    let indent = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .map(|l| l.get(indent..).unwrap_or("").trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}
