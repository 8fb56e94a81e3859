//! burn-tensor's public names, read from its source: every item a user can name by a
//! path from the crate root (`burn_tensor::Tolerance`, `burn_tensor::module::conv2d`),
//! through its `pub mod`s, its `pub` items and its `pub use`s. A glob of one of its
//! own modules is followed; a glob of another crate's module (`burn_std::shape::*`)
//! is kept as the glob, whose names only that crate knows. `cfg` features the harness
//! graph lacks (`wgpu`, `remote`, ..) are left out.
//!
//! Each name becomes a unit that imports it (`use burn_tensor::module::conv2d;`),
//! built by the doctest harness against both crates, as the signature units are.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use quote::ToTokens;

use crate::doctests::Doctest;
use crate::source;

/// The features burn-tensor is built with here: `cfg(feature = ..)` on others is off.
const FEATURES: &[&str] = &["std", "flex", "autodiff", "extension"];

/// Every public path of burn-tensor, sorted, with the globs of other crates as
/// `burn_tensor::*` paths ending in `*`.
pub fn burn_public_paths() -> BTreeSet<String> {
    let root = source::burn_tensor_root().join("src");
    let mut found = BTreeSet::new();
    let file = source::parse(&root.join("lib.rs"));
    module(&root, &root.join("lib.rs"), &file.items, "burn_tensor", &mut found, 0);
    found
}

/// One unit per public path (globs aside): `use <path>;` must resolve.
pub fn burn_surface_units() -> Vec<Doctest> {
    burn_public_paths()
        .into_iter()
        .filter(|p| !p.ends_with('*'))
        .map(|path| {
            Doctest::build_only(
                format!("surface {path}"),
                format!("name {path}"),
                format!("#[allow(unused_imports)]\nuse {path};"),
            )
        })
        .collect()
}

/// Adds the public paths of the module whose items are `items` (in `file`, under
/// `dir` for its submodules' files) at `prefix`.
fn module(dir: &Path, file: &Path, items: &[syn::Item], prefix: &str, found: &mut BTreeSet<String>, depth: usize) {
    assert!(depth < 12, "modules nest too deep at {prefix}");
    for item in items {
        if !enabled(attrs_of(item)) {
            continue;
        }
        match item {
            syn::Item::Mod(m) => {
                let public = is_pub(&m.vis);
                let path = format!("{prefix}::{}", m.ident);
                if public {
                    found.insert(path.clone());
                }
                // A private module's items are reached only through `pub use`.
                let (sub_dir, sub_file, sub_items) = match &m.content {
                    Some((_, items)) => (dir.join(m.ident.to_string()), file.to_path_buf(), items.clone()),
                    None => {
                        let (sub_file, sub_dir) = module_file(dir, file, &m.ident.to_string());
                        (sub_dir, sub_file.clone(), source::parse(&sub_file).items)
                    }
                };
                if public {
                    module(&sub_dir, &sub_file, &sub_items, &path, found, depth + 1);
                }
                // Globs of this module re-exported by its parent are followed below.
                let globbed = items.iter().any(|i| is_glob_of(i, &m.ident.to_string()));
                if globbed {
                    module(&sub_dir, &sub_file, &sub_items, prefix, found, depth + 1);
                }
            }
            syn::Item::Use(u) if is_pub(&u.vis) => use_tree(&u.tree, prefix, "", found),
            syn::Item::Macro(m) if m.mac.path.is_ident("macro_rules") => {
                let exported = m.attrs.iter().any(|a| a.path().is_ident("macro_export"));
                if let (true, Some(ident)) = (exported, &m.ident) {
                    found.insert(format!("burn_tensor::{ident}"));
                }
            }
            other => {
                if let Some(name) = public_name(other) {
                    found.insert(format!("{prefix}::{name}"));
                }
            }
        }
    }
}

/// The file of module `name` declared in `file` (in `dir`): `name.rs` or
/// `name/mod.rs`, and the folder its own submodules are in.
fn module_file(dir: &Path, file: &Path, name: &str) -> (PathBuf, PathBuf) {
    let is_mod_file = file.file_name().is_some_and(|f| f == "mod.rs" || f == "lib.rs");
    let base = if is_mod_file {
        dir.to_path_buf()
    } else {
        dir.join(file.file_stem().expect("a file name"))
    };
    let flat = base.join(format!("{name}.rs"));
    if flat.is_file() {
        (flat, base.join(name))
    } else {
        (base.join(name).join("mod.rs"), base.join(name))
    }
}

/// Whether `item` is `pub use name::*` (or `pub use self::name::*`).
fn is_glob_of(item: &syn::Item, name: &str) -> bool {
    let syn::Item::Use(u) = item else { return false };
    if !is_pub(&u.vis) {
        return false;
    }
    let mut tree = &u.tree;
    loop {
        match tree {
            syn::UseTree::Path(p) if p.ident == "self" => tree = &p.tree,
            syn::UseTree::Path(p) if p.ident == name => return matches!(&*p.tree, syn::UseTree::Glob(_)),
            _ => return false,
        }
    }
}

/// The names a `pub use` exports at `prefix`: the last segment of each path (or its
/// rename); a glob of another crate's module as that module's path and `*`. A glob of
/// one of this crate's own modules is followed by [`module`].
fn use_tree(tree: &syn::UseTree, prefix: &str, path: &str, found: &mut BTreeSet<String>) {
    match tree {
        syn::UseTree::Path(p) => {
            let next = if path.is_empty() { p.ident.to_string() } else { format!("{path}::{}", p.ident) };
            use_tree(&p.tree, prefix, &next, found);
        }
        syn::UseTree::Name(n) if n.ident != "self" => {
            found.insert(format!("{prefix}::{}", n.ident));
        }
        syn::UseTree::Name(_) => {
            if let Some(last) = path.rsplit("::").next() {
                found.insert(format!("{prefix}::{last}"));
            }
        }
        syn::UseTree::Rename(r) => {
            found.insert(format!("{prefix}::{}", r.rename));
        }
        syn::UseTree::Glob(_) => {
            let own = path.starts_with("crate") || path.starts_with("self") || !path.contains("::") && !path.starts_with("burn");
            if !own {
                found.insert(format!("{prefix}::{{{path}}}::*"));
            }
        }
        syn::UseTree::Group(g) => {
            for t in &g.items {
                use_tree(t, prefix, path, found);
            }
        }
    }
}

/// The name of a `pub` item other than a module, a `use` or a macro.
fn public_name(item: &syn::Item) -> Option<String> {
    let (vis, ident) = match item {
        syn::Item::Fn(f) => (&f.vis, &f.sig.ident),
        syn::Item::Struct(s) => (&s.vis, &s.ident),
        syn::Item::Enum(e) => (&e.vis, &e.ident),
        syn::Item::Trait(t) => (&t.vis, &t.ident),
        syn::Item::Type(t) => (&t.vis, &t.ident),
        syn::Item::Const(c) => (&c.vis, &c.ident),
        syn::Item::Static(s) => (&s.vis, &s.ident),
        syn::Item::Union(u) => (&u.vis, &u.ident),
        _ => return None,
    };
    is_pub(vis).then(|| ident.to_string())
}

fn is_pub(vis: &syn::Visibility) -> bool {
    matches!(vis, syn::Visibility::Public(_))
}

fn attrs_of(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Mod(i) => &i.attrs,
        syn::Item::Use(i) => &i.attrs,
        syn::Item::Fn(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Enum(i) => &i.attrs,
        syn::Item::Trait(i) => &i.attrs,
        syn::Item::Type(i) => &i.attrs,
        syn::Item::Const(i) => &i.attrs,
        syn::Item::Static(i) => &i.attrs,
        syn::Item::Macro(i) => &i.attrs,
        _ => &[],
    }
}

/// Whether the item's `cfg`s hold in the harness's build: each `feature = ".."`
/// named must be one of [`FEATURES`]; `test` and `not(..)` forms are read plainly.
fn enabled(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().filter(|a| a.path().is_ident("cfg")).all(|a| {
        let text = a.meta.to_token_stream().to_string();
        if text.contains("test") {
            return false;
        }
        if text.contains("not (") {
            return !FEATURES.iter().any(|f| text.contains(&format!("\"{f}\"")));
        }
        let named: Vec<&str> = text.split('"').skip(1).step_by(2).collect();
        named.iter().all(|f| FEATURES.contains(f))
    })
}
