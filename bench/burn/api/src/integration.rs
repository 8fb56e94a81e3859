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
        let parsed = source::parse(&path);
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
            found.push(Doctest {
                name: format!("{file} {name}"),
                method: Some(format!("integration test in {file}")),
                mode: if has(&test.attrs, "should_panic") { Mode::Panic } else { Mode::Run },
                code: format!("{items}\n{} {name}();", cfgs.join(" ")),
                panic_expected: expected_panic(&test.attrs),
                left_out: left_out(&items, &cfgs),
            });
        }
    }
    found
}

/// Why a test is left out: it uses a macro whose expansion calls burn-tensor's
/// internals rather than `Tensor`'s API, or `cargo test` does not compile it in a
/// debug build.
fn left_out(items: &str, cfgs: &[String]) -> Option<String> {
    if items.contains("einsum !") {
        return Some(
            "its file uses `einsum!`, whose expansion calls burn-tensor's internal `__einsum` lowering, an item outside `Tensor`"
                .into(),
        );
    }
    cfgs.iter()
        .find(|c| c.contains("not (debug_assertions)") || c.contains("feature"))
        .map(|c| format!("`{c}`: not compiled in the debug build `cargo test` makes of burn-tensor's default features"))
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
