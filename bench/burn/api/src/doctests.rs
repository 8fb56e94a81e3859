//! The code blocks in the doc comments of burn-tensor's `src/tensor/api/`, and what
//! rustdoc does with each: run it, only build it, expect a panic, expect a compile
//! error, or leave it alone.

use std::path::Path;

use crate::methods::{self, Kind};
use crate::source;

/// What a code block's fence says to do with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Build and run; it must not panic.
    Run,
    /// Build only (`no_run`).
    Build,
    /// Build and run; it must panic (`should_panic`).
    Panic,
    /// It must not build (`compile_fail`).
    CompileFail,
    /// `ignore`, or not Rust (`text`, `math`): rustdoc neither builds nor runs it.
    Skip,
}

/// One code block of a doc comment.
#[derive(Clone, Debug)]
pub struct Doctest {
    /// A name unique in the list: `base.rs Tensor<D, K: Basic>::zeros #1`.
    pub name: String,
    /// The `Tensor` method whose doc comment holds it; `None` for any other item.
    pub method: Option<String>,
    /// What rustdoc does with it.
    pub mode: Mode,
    /// The code, hidden lines (`# ..`) included as rustdoc compiles them.
    pub code: String,
    /// For a test that must panic: a text its message must contain.
    pub panic_expected: Option<String>,
    /// Why it is left out, when that is known from its source.
    pub left_out: Option<String>,
}

impl Doctest {
    /// A unit that must only build: `code` (a function body), about `subject`.
    pub fn build_only(name: String, subject: String, code: String) -> Doctest {
        Doctest {
            name,
            method: Some(subject),
            mode: Mode::Build,
            code,
            panic_expected: None,
            left_out: None,
        }
    }

    /// Why the harness does not build it, if it does not.
    pub fn exclusion(&self) -> Option<String> {
        if let Some(why) = &self.left_out {
            return Some(why.clone());
        }
        match (self.mode, &self.method) {
            (Mode::Skip, _) => Some("rustdoc does not run it (`ignore`, or not Rust)".into()),
            (Mode::CompileFail, _) => {
                Some("`compile_fail`: it checks a compile error of Burn's, not behaviour".into())
            }
            (_, None) => Some("about an item other than a `Tensor` method".into()),
            _ => None,
        }
    }
}

/// Every code block in the doc comments of burn-tensor's `src/tensor/api/`.
pub fn burn_doctests() -> Vec<Doctest> {
    doctests_in(&source::burn_tensor_root().join("src/tensor/api"))
}

/// Every code block in the doc comments of the files under `dir`.
pub fn doctests_in(dir: &Path) -> Vec<Doctest> {
    let mut found = Vec::new();
    for path in source::rust_files(dir) {
        let file = methods::relative(dir, &path);
        let parsed = source::parse(&path);
        add(&mut found, &file, None, &format!("{file} (module)"), &parsed.attrs);
        methods::walk(&parsed.items, &mut |item| item_docs(&mut found, &file, item));
    }
    found
}

/// The number of fence lines (```` ``` ````) in doc comments under `dir`, read from
/// the raw text: [`doctests_in`] must find half as many blocks.
pub fn fences_in(dir: &Path) -> usize {
    source::rust_files(dir)
        .iter()
        .map(|path| {
            std::fs::read_to_string(path)
                .unwrap_or_default()
                .lines()
                .map(str::trim_start)
                .filter(|l| {
                    (l.starts_with("///") || l.starts_with("//!"))
                        && l[3..].trim_start().starts_with("```")
                })
                .count()
        })
        .sum()
}

fn item_docs(found: &mut Vec<Doctest>, file: &str, item: &syn::Item) {
    use quote::ToTokens;
    let (attrs, what): (&[syn::Attribute], String) = match item {
        syn::Item::Impl(block) => {
            let tensor = methods::tensor_self(block);
            for member in &block.items {
                let (attrs, name) = match member {
                    syn::ImplItem::Fn(f) => (&f.attrs, f.sig.ident.to_string()),
                    syn::ImplItem::Const(c) => (&c.attrs, c.ident.to_string()),
                    syn::ImplItem::Type(t) => (&t.attrs, t.ident.to_string()),
                    _ => continue,
                };
                let public = matches!(member, syn::ImplItem::Fn(f) if matches!(f.vis, syn::Visibility::Public(_)));
                let method = match (&tensor, public) {
                    (Some((rank, kind)), true) => {
                        let kind = match kind {
                            Kind::Generic(k) | Kind::Concrete(k) => k,
                        };
                        Some(format!("Tensor<{rank}, {kind}>::{name}"))
                    }
                    _ => None,
                };
                let what = method.clone().unwrap_or_else(|| {
                    format!("{}::{name}", block.self_ty.to_token_stream())
                });
                add(found, file, method, &what, attrs);
            }
            (&block.attrs, format!("impl {}", block.self_ty.to_token_stream()))
        }
        syn::Item::Fn(f) => (&f.attrs, f.sig.ident.to_string()),
        syn::Item::Struct(s) => (&s.attrs, s.ident.to_string()),
        syn::Item::Enum(e) => (&e.attrs, e.ident.to_string()),
        syn::Item::Trait(t) => {
            for member in &t.items {
                if let syn::TraitItem::Fn(f) = member {
                    add(found, file, None, &format!("{}::{}", t.ident, f.sig.ident), &f.attrs);
                }
            }
            (&t.attrs, t.ident.to_string())
        }
        syn::Item::Const(c) => (&c.attrs, c.ident.to_string()),
        syn::Item::Type(t) => (&t.attrs, t.ident.to_string()),
        syn::Item::Mod(m) => (&m.attrs, m.ident.to_string()),
        syn::Item::Macro(m) => (&m.attrs, "macro".to_string()),
        _ => return,
    };
    add(found, file, None, &what, attrs);
}

/// The code blocks of the doc comment `attrs`, named after `what`.
fn add(found: &mut Vec<Doctest>, file: &str, method: Option<String>, what: &str, attrs: &[syn::Attribute]) {
    let docs = methods::docs_of(attrs);
    for (i, (info, code)) in blocks(&docs).into_iter().enumerate() {
        found.push(Doctest {
            name: format!("{file} {what} #{}", i + 1),
            method: method.clone(),
            mode: mode(&info),
            code: hidden_lines_shown(&code),
            panic_expected: None,
            left_out: None,
        });
    }
}

/// The fenced blocks of `docs`: each one's info string and text.
fn blocks(docs: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut open: Option<(String, Vec<&str>)> = None;
    for line in docs.lines() {
        let trimmed = line.trim_start();
        match (&mut open, trimmed.strip_prefix("```")) {
            (None, Some(info)) => open = Some((info.trim().to_string(), Vec::new())),
            (Some(_), Some(_)) => {
                let (info, lines) = open.take().expect("an open block");
                out.push((info, lines.join("\n")));
            }
            (Some((_, lines)), None) => lines.push(line),
            (None, None) => {}
        }
    }
    out
}

/// rustdoc's reading of a fence's info string (`rust,no_run`, `ignore`, `text`).
fn mode(info: &str) -> Mode {
    let words: Vec<&str> = info
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    let known = |w: &&str| {
        matches!(
            *w,
            "rust" | "ignore" | "no_run" | "should_panic" | "compile_fail" | "allow_fail"
        ) || w.starts_with("edition")
    };
    if !words.iter().all(known) || words.contains(&"ignore") {
        Mode::Skip
    } else if words.contains(&"compile_fail") {
        Mode::CompileFail
    } else if words.contains(&"should_panic") {
        Mode::Panic
    } else if words.contains(&"no_run") {
        Mode::Build
    } else {
        Mode::Run
    }
}

/// The code as rustdoc compiles it: `# x` lines become `x`, `#` alone an empty line,
/// and `##` a literal `#`.
fn hidden_lines_shown(code: &str) -> String {
    code.lines()
        .map(|line| {
            let trimmed = line.trim_start();
            let indent = &line[..line.len() - trimmed.len()];
            if trimmed == "#" {
                String::new()
            } else if let Some(rest) = trimmed.strip_prefix("##") {
                format!("{indent}#{rest}")
            } else if let Some(rest) = trimmed.strip_prefix("# ") {
                format!("{indent}{rest}")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_are_read_as_rustdoc_reads_them() {
        assert_eq!(mode(""), Mode::Run);
        assert_eq!(mode("rust"), Mode::Run);
        assert_eq!(mode("rust,no_run"), Mode::Build);
        assert_eq!(mode("should_panic"), Mode::Panic);
        assert_eq!(mode("compile_fail"), Mode::CompileFail);
        assert_eq!(mode("rust,ignore"), Mode::Skip);
        assert_eq!(mode("text"), Mode::Skip);
        assert_eq!(mode("math"), Mode::Skip);
    }

    #[test]
    fn hidden_lines_are_compiled() {
        let code = "# use a::b;\n#\nlet x = 1;\n## not hidden\n    # let y = 2;";
        assert_eq!(
            hidden_lines_shown(code),
            "use a::b;\n\nlet x = 1;\n# not hidden\n    let y = 2;"
        );
    }

    #[test]
    fn blocks_split_at_fences() {
        let docs = "text\n```rust\nlet a = 1;\n```\nmore\n```text\nx\n```";
        assert_eq!(
            blocks(docs),
            vec![("rust".into(), "let a = 1;".into()), ("text".into(), "x".into())]
        );
    }
}
