//! Expansion snapshots: each `tests/expand/<name>.rs` is expanded by the macros it
//! uses and pretty-printed next to it as `<name>.expanded.rs`, so that a reviewer can
//! read what the macros generate and see every change to it in a diff.
//!
//! `SEAM_BLESS=1 cargo test -p seam-macros --lib snapshots` writes the snapshots
//! anew; otherwise a difference fails the test.

use proc_macro2::TokenStream;
use quote::ToTokens;
use std::path::{Path, PathBuf};

/// Expands every attribute macro of this crate found on the file's top-level items.
fn expand_file(source: &str) -> String {
    let file: syn::File = syn::parse_str(source).expect("an expansion input parses as a file");
    let mut out = TokenStream::new();
    for item in file.items {
        match macro_use(&item) {
            Some(used) => out.extend(used.expand()),
            None => item.to_tokens(&mut out),
        }
    }
    let expanded: syn::File = syn::parse2(out).expect("the expansion parses as a file");
    prettyplease::unparse(&expanded)
}

/// One of the crate's macros on an item, as rustc would call it: the macro's name,
/// its arguments, and the item without the attribute. The snapshots and the mutation
/// test (`fuzz.rs`) expand inputs so, without rustc.
#[derive(Clone)]
pub(crate) struct MacroUse {
    pub name: &'static str,
    pub args: TokenStream,
    pub input: TokenStream,
}

impl MacroUse {
    /// What the macro's entry point returns for it.
    pub fn expand(&self) -> TokenStream {
        let (args, input) = (self.args.clone(), self.input.clone());
        match self.name {
            "outline" => crate::outline::expand(args, input),
            "opaque" => crate::opaque::expand(args, input),
            _ => crate::ext_fn::expand(args, input),
        }
    }
}

/// The first of the crate's macros on `item`, if any.
pub(crate) fn macro_use(item: &syn::Item) -> Option<MacroUse> {
    let mut item = item.clone();
    let attrs = match &mut item {
        syn::Item::Impl(i) => &mut i.attrs,
        syn::Item::Struct(i) => &mut i.attrs,
        syn::Item::Enum(i) => &mut i.attrs,
        syn::Item::Fn(i) => &mut i.attrs,
        syn::Item::Const(i) => &mut i.attrs,
        syn::Item::Use(i) => &mut i.attrs,
        syn::Item::Trait(i) => &mut i.attrs,
        syn::Item::Type(i) => &mut i.attrs,
        syn::Item::Static(i) => &mut i.attrs,
        syn::Item::Mod(i) => &mut i.attrs,
        _ => return None,
    };
    let (index, name) = attrs.iter().enumerate().find_map(|(i, a)| {
        ["outline", "opaque", "ext_fn"]
            .into_iter()
            .find(|name| a.path().is_ident(name))
            .map(|name| (i, name))
    })?;
    let attr = attrs.remove(index);
    let args = match &attr.meta {
        syn::Meta::List(list) => list.tokens.clone(),
        _ => TokenStream::new(),
    };
    Some(MacroUse {
        name,
        args,
        input: item.to_token_stream(),
    })
}

fn inputs() -> Vec<PathBuf> {
    // Read at run time (cargo sets it for `cargo test`): a test binary that cargo
    // reuses from a checkout at another path must still read this checkout's files.
    let root = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into());
    let dir = Path::new(&root).join("tests/expand");
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/expand exists")
        .map(|entry| entry.expect("a readable directory entry").path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "rs") && !p.to_string_lossy().ends_with(".expanded.rs")
        })
        .collect();
    inputs.sort();
    inputs
}

#[test]
fn expansions_match_their_snapshots() {
    // Only `SEAM_BLESS=1` rewrites: an empty or `0` value must not bless by accident.
    let bless = std::env::var_os("SEAM_BLESS").is_some_and(|v| v == "1");
    let inputs = inputs();
    assert!(!inputs.is_empty(), "no expansion inputs in tests/expand");
    let mut stale = Vec::new();
    for input in inputs {
        let source = std::fs::read_to_string(&input).expect("a readable input");
        let expanded = expand_file(&source);
        let snapshot = input.with_extension("expanded.rs");
        let current = std::fs::read_to_string(&snapshot).ok();
        if current.as_deref() == Some(expanded.as_str()) {
            continue;
        }
        if bless {
            std::fs::write(&snapshot, &expanded).expect("the snapshot is writable");
        } else {
            stale.push(snapshot.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "expansions differ from their snapshots (rerun with SEAM_BLESS=1 and review the diff): {stale:#?}"
    );
}
