//! Outlined code reads like plain code: the mistakes of `tests/plain/cases.rs`
//! compiled twice, as methods of a plain generic `Vector<N>` (`plain/base_plain.rs`)
//! and of an outlined one (`plain/base_outlined.rs`, the `outline-only` lines kept),
//! and rustc's diagnostics compared case by case: level, code, message, primary line
//! and column within the case, and each suggested fix (its text and place). Also
//! counted: messages that show a generated name (`__self`, `__seam`, the erased
//! `DynVector`) in what rustc prints, and spans in an `#[outline]` attribute. The cases that still read otherwise are listed in
//! `STILL_DIFFERENT`, each with why; the test fails when one changes either way.
//!
//! The same for Clippy at pedantic and nursery levels on the methods of
//! `tests/plain/lints.rs` (`LINTS_STILL_DIFFERENT`); without Clippy installed that
//! test says so and passes (under `CI` it fails). And rustdoc: the methods of
//! `tests/plain/docs.rs` (and the base's) render with the same signatures and docs,
//! and no generated name shows on any page.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The cases whose outlined diagnostics differ from the plain ones, and why.
const STILL_DIFFERENT: &[(&str, &str)] = &[
    (
        "arity",
        "E0061 at the same token with the same fix, but \"this method takes 0 arguments\" where \
         plain code says \"this function\": `Self::f(..)` becomes a method call, \
         `__seam_call_f(values).call(..)`, so that the run-time values travel in the receiver \
         and rustc counts only the user's arguments",
    ),
    (
        "private method from a body",
        "a generic method of another block cannot run in a non-generic helper, and this \
         block's `#[outline]` cannot see that block to say so: E0599 on the erased type",
    ),
    (
        "private method of the same block",
        "the call is refused at the method's name, saying it gets no forwarding method (plain \
         code compiles)",
    ),
    (
        "receiver-less method of another block",
        "`Self::f()` reaches only the receiver-less methods of its own block: refused at `f`, \
         saying so (plain code compiles)",
    ),
    (
        "self used after a move",
        "E0382 at the same token with the same notes and fix, but the body's `self` is the \
         erased value: \"`self` has type `DynVector`\", \"`DynVector::scaled` takes \
         ownership\" where plain code names `Vector<N>`",
    ),
    (
        "unknown method",
        "E0599 at the same token, naming the erased type `DynVector` (the body's `self`)",
    ),
];

/// Where the diagnostics at an `#[outline]` attribute before the cases are kept (there
/// should be none).
const AT_AN_ATTRIBUTE: &str = "(at an attribute of the base)";

/// One diagnostic, as the comparison sees it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Seen {
    level: String,
    code: String,
    /// The primary span's line, from the case's `// case:` line, and column.
    at: (usize, usize),
    /// What it says.
    message: String,
    /// The fixes it suggests: where (as `at`; `None` outside the case) and the text.
    fixes: Vec<(Option<(usize, usize)>, String)>,
}

/// What one build said about one case.
#[derive(Default, Debug)]
struct Case {
    seen: Vec<Seen>,
    /// Messages naming something the user did not write.
    generated_names: usize,
    /// Spans (any, suggestions included) on an `#[outline]` attribute's lines.
    in_attribute: usize,
}

#[test]
fn mistakes_in_outlined_bodies_read_as_in_plain_code() {
    assert_eq!(
        differing("cases"),
        names(STILL_DIFFERENT),
        "the cases that read otherwise than plain code"
    );
}

/// The cases of `suite` whose outlined build says otherwise than the plain one (its
/// table printed); fails on anything said at the base's protocol attribute.
fn differing(suite: &str) -> Vec<String> {
    let plain = diagnostics("plain", suite);
    let mut outlined = diagnostics("outlined", suite);
    let at_attribute = outlined.remove(AT_AN_ATTRIBUTE).map(|c| c.seen);
    assert_eq!(
        at_attribute, None,
        "{suite}: diagnostics at the base's protocol attribute"
    );
    let mut differ = Vec::new();
    eprintln!(
        "{:<45} {:>6} {:>9} {:>6} {:>9}",
        "case", "plain", "outlined", "names", "attribute"
    );
    for (name, p) in plain {
        let o = outlined.get(&name).expect("every case in both builds");
        let same = p.seen == o.seen && o.generated_names == 0 && o.in_attribute == 0;
        eprintln!(
            "{name:<45} {:>6} {:>9} {:>6} {:>10}{}",
            p.seen.len(),
            o.seen.len(),
            o.generated_names,
            o.in_attribute,
            if same { "" } else { "  differs" }
        );
        if !same {
            eprintln!("    plain:    {:?}\n    outlined: {:?}", p.seen, o.seen);
            differ.push(name);
        }
    }
    differ
}

/// The names of a `STILL_DIFFERENT` list.
fn names(list: &[(&str, &str)]) -> Vec<String> {
    list.iter().map(|(name, _)| name.to_string()).collect()
}

/// The lint cases whose outlined lints differ from the plain ones, and why.
const LINTS_STILL_DIFFERENT: &[(&str, &str)] = &[
    (
        "missing_const_for_fn",
        "the wrapper calls the helper, which is not `const`: Clippy sees nothing to make `const`",
    ),
    (
        "unused_async",
        "the wrapper awaits the helper's box: Clippy sees an `.await`",
    ),
];

#[test]
fn lints_on_outlined_methods_fire_as_on_plain_ones() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let clippy = Command::new(&cargo).args(["clippy", "--version"]).output();
    if !clippy.is_ok_and(|o| o.status.success()) {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI has Clippy: `cargo clippy` did not run"
        );
        eprintln!("lints: not run, `cargo clippy` is not installed (rustup component add clippy)");
        return;
    }
    assert_eq!(
        differing("lints"),
        names(LINTS_STILL_DIFFERENT),
        "the lint cases that fire otherwise than on plain code"
    );
}

#[test]
fn outlined_methods_render_in_rustdoc_as_plain_ones() {
    let plain = rendered_methods("plain");
    let outlined = rendered_methods("outlined");
    assert!(plain.len() >= 14, "the docs page's methods: {plain:?}");
    for (name, page) in &plain {
        eprintln!("{name}: {}", page.lines().next().unwrap_or(""));
    }
    assert_eq!(outlined, plain, "the methods of `Vector` as rustdoc renders them");
}

/// `Vector`'s methods on its rustdoc page for `variant` of the `docs` suite: each
/// method's name, and its signature and docs as text. Fails if a page of the crate
/// names a generated item.
fn rendered_methods(variant: &str) -> BTreeMap<String, String> {
    let dir = write_crate(variant, "docs");
    let target = dir.join("../target");
    let output = cargo_in(&dir, "doc")
        .arg("--no-deps")
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo doc ({variant}): {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let docs = target.join(format!("doc/seam_plain_docs_{variant}"));
    for page in std::fs::read_dir(&docs).expect("the crate's docs") {
        let page = page.expect("a page").path();
        if page.extension().is_some_and(|e| e == "html") {
            let html = std::fs::read_to_string(&page).expect("a page");
            for generated in ["__seam", "__self", "_impl"] {
                assert!(
                    !html.contains(generated),
                    "{} shows `{generated}`",
                    page.display()
                );
            }
        }
    }
    let html = std::fs::read_to_string(docs.join("struct.Vector.html")).expect("Vector's page");
    let mut methods = BTreeMap::new();
    let mut rest = html.as_str();
    while let Some(at) = rest.find("<section id=\"method.") {
        rest = &rest[at + "<section id=\"method.".len()..];
        let name = rest[..rest.find('"').expect("an id")].to_string();
        // The method's signature, then its docs, up to the next method's.
        let end = ["<section id=\"method.", "<h2"]
            .iter()
            .filter_map(|next| rest.find(next))
            .min()
            .unwrap_or(rest.len());
        let header = rest.find("<h4").map_or("", |h| &rest[h..end]);
        methods.insert(name, text_of(header));
    }
    methods
}

/// The text of an HTML fragment: tags dropped, entities decoded, spaces collapsed.
fn text_of(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    let text = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Each case's diagnostics in one build: of `tests/plain/{suite}.rs` with `cargo
/// check`, or with `cargo clippy` at pedantic and nursery levels for `lints`.
fn diagnostics(variant: &str, suite: &str) -> BTreeMap<String, Case> {
    let dir = write_crate(variant, suite);
    let lib = std::fs::read_to_string(dir.join("src/lib.rs")).expect("the generated lib.rs");
    let cases = case_lines(&lib);
    let attributes = attribute_lines(&lib);
    let command = if suite == "lints" { "clippy" } else { "check" };
    let mut cmd = cargo_in(&dir, command);
    cmd.arg("--message-format=json");
    if suite == "lints" {
        cmd.args(["--", "-W", "clippy::pedantic", "-W", "clippy::nursery"]);
    }
    let output = cmd.output().expect("cargo runs");
    let mut found: BTreeMap<String, Case> = cases
        .iter()
        .map(|(name, _)| (name.clone(), Case::default()))
        .collect();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let diagnostic = &message["message"];
        if message["reason"] != "compiler-message" || diagnostic["level"] == "failure-note" {
            continue;
        }
        let spans = all_spans(diagnostic);
        let Some(primary) = spans.iter().find(|s| s["is_primary"] == true) else {
            continue;
        };
        let line = primary["line_start"].as_u64().unwrap_or(0) as usize;
        // The case the primary span is in (the last `// case:` line at or before it).
        let Some((name, start)) = cases.iter().rev().find(|(_, start)| *start <= line) else {
            // Before the cases: the base. Its own code may be linted, an attribute not.
            if attributes.contains(&line) {
                let text = diagnostic["message"].as_str().unwrap_or("").to_string();
                found.entry(AT_AN_ATTRIBUTE.into()).or_default().seen.push(Seen {
                    level: text,
                    code: diagnostic["code"]["code"].as_str().unwrap_or("").to_string(),
                    at: (line, 0),
                    message: String::new(),
                    fixes: Vec::new(),
                });
            }
            continue;
        };
        let (start, end) = (*start, next_case(&cases, *start, lib.lines().count()));
        let within = |span: &serde_json::Value| {
            let line = span["line_start"].as_u64().unwrap_or(0) as usize;
            (start..end)
                .contains(&line)
                .then(|| (line - start, span["column_start"].as_u64().unwrap_or(0) as usize))
        };
        let fixes = spans
            .iter()
            .filter_map(|span| {
                let text = span["suggested_replacement"].as_str()?;
                Some((within(span), text.to_string()))
            })
            .collect();
        let case = found.get_mut(name).expect("a case");
        case.seen.push(Seen {
            level: diagnostic["level"].as_str().unwrap_or("").to_string(),
            code: diagnostic["code"]["code"].as_str().unwrap_or("").to_string(),
            at: (
                line - start,
                primary["column_start"].as_u64().unwrap_or(0) as usize,
            ),
            message: diagnostic["message"].as_str().unwrap_or("").to_string(),
            fixes,
        });
        // What the user reads (not the macro backtrace, which rustc shows only when
        // asked).
        let text = diagnostic["rendered"].as_str().unwrap_or("");
        if ["__self", "__seam", "DynVector"]
            .iter()
            .any(|name| text.contains(name))
        {
            case.generated_names += 1;
        }
        case.in_attribute += spans
            .iter()
            .filter(|s| attributes.contains(&(s["line_start"].as_u64().unwrap_or(0) as usize)))
            .count();
    }
    for case in found.values_mut() {
        case.seen.sort();
    }
    assert!(
        !found.values().all(|c| c.seen.is_empty()),
        "the {variant} build said nothing: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    found
}

/// `cargo <subcommand> --quiet` on the generated crate in `dir`, in the target dir all
/// the generated crates share.
fn cargo_in(dir: &Path, subcommand: &str) -> Command {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.args([subcommand, "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", dir.join("../target"));
    cmd
}

/// A diagnostic's spans and those of its children (notes, helps, suggestions).
fn all_spans(diagnostic: &serde_json::Value) -> Vec<&serde_json::Value> {
    let own = diagnostic["spans"].as_array().into_iter().flatten();
    let children = diagnostic["children"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|c| c["spans"].as_array().into_iter().flatten());
    own.chain(children).collect()
}

/// The `// case:` lines of `lib`: each case's name and first line (1-based).
fn case_lines(lib: &str) -> Vec<(String, usize)> {
    lib.lines()
        .enumerate()
        .filter_map(|(i, l)| {
            l.trim()
                .strip_prefix("// case: ")
                .map(|name| (name.to_string(), i + 1))
        })
        .collect()
}

/// The line after the case that starts at `start` (the next case's first, or past the
/// last line).
fn next_case(cases: &[(String, usize)], start: usize, lines: usize) -> usize {
    cases
        .iter()
        .map(|(_, line)| *line)
        .find(|line| *line > start)
        .unwrap_or(lines + 1)
}

/// The lines (1-based) of every `#[outline..]` attribute in `lib`.
fn attribute_lines(lib: &str) -> Vec<usize> {
    let mut lines = Vec::new();
    let mut open = false;
    for (i, line) in lib.lines().enumerate() {
        open |= line.trim_start().starts_with("#[outline");
        if open {
            lines.push(i + 1);
            open = !line.contains(")]") && !line.trim_end().ends_with(']') && !line.contains("] //");
        }
    }
    lines
}

/// A crate of its own for `variant` (`plain` or `outlined`) of `suite` in the test's
/// temp dir.
fn write_crate(variant: &str, suite: &str) -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("plain")
        .join(format!("{suite}-{variant}"));
    std::fs::create_dir_all(dir.join("src")).expect("a temp dir");
    let base =
        std::fs::read_to_string(here.join(format!("tests/plain/base_{variant}.rs"))).expect("the base");
    let cases = std::fs::read_to_string(here.join(format!("tests/plain/{suite}.rs"))).expect("the cases");
    // Without the attribute, its line is left blank: the cases keep their lines.
    let cases: String = cases
        .lines()
        .map(|l| match variant == "plain" && l.ends_with("// outline-only") {
            true => "\n".to_string(),
            false => format!("{l}\n"),
        })
        .collect();
    let manifest = format!(
        "[package]\nname = \"seam-plain-{suite}-{variant}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\nseam-macros = {{ path = {:?} }}\n\n[workspace]\n",
        here.display().to_string()
    );
    write_if_changed(&dir.join("Cargo.toml"), &manifest);
    // The workspace's lock file: the same versions of syn and friends, no resolving.
    let lock = std::fs::read_to_string(here.join("../Cargo.lock")).expect("the workspace's Cargo.lock");
    write_if_changed(&dir.join("Cargo.lock"), &lock);
    write_if_changed(
        &dir.join("src/lib.rs"),
        &format!("#![allow(dead_code)]\n{base}\n{cases}"),
    );
    dir
}

fn write_if_changed(path: &Path, text: &str) {
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).expect("a writable temp dir");
    }
}
