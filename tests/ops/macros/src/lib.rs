//! `#[device_test]`: the tensor suite's test attribute. A test body written once
//! runs as one `#[test]` per device of the build:
//!
//! ```text
//! #[device_test]
//! fn add_broadcasts() { .. }
//! ```
//!
//! becomes the function as written and a module of the same name (modules and
//! functions do not share a namespace) holding `cpu`, and under `seam-ops`'s features
//! `wgpu` and `vulkan` also `wgpu` and `vulkan`, each running the body on its device
//! through `seam_ops::on_device`. So `cargo test -p seam-ops` lists
//! `add_broadcasts::cpu`, and a build with the GPU features lists every device side
//! by side; `-- ::wgpu` runs one device. Attributes before the function
//! (`should_panic`, `ignore`, docs) go on each test; `cfg` and lint attributes also on
//! the function. It takes the function a `#[test]` would: no arguments, no result,
//! no generics. `proptest!` blocks use it in place of `#[test]` too.

use proc_macro::{Delimiter, Span, TokenStream, TokenTree};

/// The devices a test runs on, each with the `seam-ops` feature that builds it
/// (`None`: always).
const DEVICES: &[(&str, Option<&str>)] = &[("cpu", None), ("wgpu", Some("wgpu")), ("vulkan", Some("vulkan"))];

/// One `#[test]` per device of the build for the function it marks (see the crate
/// docs).
#[proc_macro_attribute]
pub fn device_test(attr: TokenStream, item: TokenStream) -> TokenStream {
    if let Some(first) = attr.into_iter().next() {
        return error(first.span(), "#[device_test] takes no arguments");
    }
    let tokens: Vec<TokenTree> = item.into_iter().collect();
    let mut at = 0;
    let mut attributes = Vec::new();
    while let [TokenTree::Punct(hash), TokenTree::Group(group), ..] = &tokens[at..] {
        if hash.as_char() != '#' || group.delimiter() != Delimiter::Bracket {
            break;
        }
        attributes.push((hash.clone(), group.clone()));
        at += 2;
    }
    let name = match &tokens[at..] {
        [
            TokenTree::Ident(fn_),
            TokenTree::Ident(name),
            TokenTree::Group(args),
            TokenTree::Group(body),
        ] if fn_.to_string() == "fn"
            && args.delimiter() == Delimiter::Parenthesis
            && args.stream().is_empty()
            && body.delimiter() == Delimiter::Brace =>
        {
            name.clone()
        }
        [first, ..] => {
            return error(
                first.span(),
                "#[device_test] marks a test function: `fn name() { .. }`, with no arguments, result or generics",
            );
        }
        [] => return error(Span::call_site(), "#[device_test] marks a test function"),
    };
    let mut function = TokenStream::new();
    let mut on_tests = String::new();
    for (hash, group) in &attributes {
        let text = group.stream().to_string();
        let path = text.split(['(', ' ', '=']).next().unwrap_or_default();
        if matches!(path, "cfg" | "allow" | "expect" | "warn" | "deny" | "doc") {
            function.extend([TokenTree::Punct(hash.clone()), TokenTree::Group(group.clone())]);
        }
        if path != "test" {
            on_tests.push_str(&format!("#[{text}] "));
        }
    }
    function.extend(tokens[at..].iter().cloned());
    let mut tests = String::new();
    for (device, feature) in DEVICES {
        if let Some(feature) = feature {
            tests.push_str(&format!("#[cfg(feature = {feature:?})] "));
        }
        tests.push_str(&format!(
            "#[test] {on_tests} fn {device}() {{ ::seam_ops::on_device({device:?}, super::{name}) }}\n"
        ));
    }
    let module: TokenStream = format!("mod {name} {{ {tests} }}")
        .parse()
        .expect("the generated tests parse");
    function.extend(module);
    function
}

/// `compile_error!(message)` at `span`.
fn error(span: Span, message: &str) -> TokenStream {
    let tokens: TokenStream = format!("::core::compile_error!({message:?});")
        .parse()
        .expect("compile_error parses");
    tokens
        .into_iter()
        .map(|mut token| {
            token.set_span(span);
            token
        })
        .collect()
}
