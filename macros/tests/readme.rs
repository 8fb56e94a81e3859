//! The README's first example is `examples/first.rs`, verbatim, and it runs; the
//! README (what crates.io shows) has no link that resolves only in the repository.
//! Its other examples run as doctests (`ReadmeDoctests` in `src/lib.rs`).

#[path = "../examples/first.rs"]
mod first;

#[test]
fn the_first_example_runs() {
    first::main();
}

#[test]
fn the_readme_shows_the_first_example_verbatim() {
    let readme = include_str!("../README.md");
    let example = include_str!("../examples/first.rs");
    assert!(
        readme.contains(example),
        "README.md must show examples/first.rs verbatim in its first example"
    );
}

/// The targets of the Markdown links and HTML `href`s in `text`.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for (i, _) in text.match_indices("](") {
        let rest = &text[i + 2..];
        if let Some(end) = rest.find(')') {
            targets.push(rest[..end].to_string());
        }
    }
    for (i, _) in text.match_indices("href=\"") {
        let rest = &text[i + 6..];
        if let Some(end) = rest.find('"') {
            targets.push(rest[..end].to_string());
        }
    }
    // Reference-style definitions: `[name]: target`.
    for line in text.lines() {
        let line = line.trim_start();
        if line.starts_with('[')
            && let Some(at) = line.find("]: ")
        {
            targets.push(line[at + 3..].trim().to_string());
        }
    }
    targets
}

#[test]
fn the_readme_links_only_to_the_web() {
    let readme = include_str!("../README.md");
    let targets = link_targets(readme);
    assert!(!targets.is_empty(), "the README links to docs.rs");
    let relative: Vec<&String> = targets
        .iter()
        .filter(|t| !(t.starts_with("https://") || t.starts_with("http://")))
        .collect();
    assert!(
        relative.is_empty(),
        "links that do not resolve on crates.io: {relative:?}"
    );
}

#[test]
fn a_relative_link_is_found() {
    let targets = link_targets("see [the tests](tests/ui) and <a href=\"../x\">x</a>\n[r]: docs/a.md\n");
    assert_eq!(targets, ["tests/ui", "../x", "docs/a.md"]);
}
