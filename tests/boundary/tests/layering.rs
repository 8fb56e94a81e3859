//! No module circle in any crate of the repository: among the modules of one parent
//! (the files of a directory), none depends on another that depends back on it. A
//! module depends on another when it, or a module inside it, names the other (or a
//! module inside it) by a `crate::`, `super::` or `self::` path, in a `use` or in code.
//! Sources are read, not built: this is the layering a newcomer reads file by file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

fn repo() -> PathBuf {
    // Read at run time: a reused test binary must read this checkout's files.
    let root = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into());
    Path::new(&root).join("../..")
}

/// Every `.rs` file of the repository that git does not ignore (harnesses copy
/// Burn's crates into ignored folders); outside a git checkout, every one outside
/// build and VCS dirs.
fn repository_files(root: &Path) -> Vec<PathBuf> {
    let listed = std::process::Command::new("git")
        .args([
            "ls-files",
            "--cached",
            "--others",
            "--exclude-standard",
            "--",
            "*.rs",
        ])
        .current_dir(root)
        .output()
        .ok()
        .filter(|out| out.status.success());
    let mut found = Vec::new();
    match listed {
        Some(out) => found.extend(
            String::from_utf8_lossy(&out.stdout)
                .lines()
                .map(|line| root.join(line))
                .filter(|path| path.exists()),
        ),
        None => rust_files(root, &mut found),
    }
    found
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() && name != "target" && !name.starts_with('.') {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The files grouped by the crate source dir (`<crate>/src`) they are under.
fn by_crate(files: Vec<PathBuf>) -> BTreeMap<PathBuf, Vec<PathBuf>> {
    let mut crates: BTreeMap<PathBuf, Vec<PathBuf>> = BTreeMap::new();
    for file in files {
        let src = file.ancestors().find(|a| {
            a.file_name().is_some_and(|n| n == "src")
                && a.parent().is_some_and(|p| p.join("Cargo.toml").exists())
        });
        if let Some(src) = src {
            crates.entry(src.to_path_buf()).or_default().push(file);
        }
    }
    crates
}

/// The module a file is: `src/a/b.rs` and `src/a/b/mod.rs` are `a::b`; whether it is
/// a `mod.rs`-style file (whose `super` is its parent's parent).
fn module_of(src: &Path, file: &Path) -> (Module, bool) {
    let rel = file.strip_prefix(src).expect("under src").with_extension("");
    let mut parts: Module = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.last().cloned().unwrap_or_default();
    let dir_file = matches!(last.as_str(), "mod" | "lib" | "main");
    if dir_file {
        parts.pop();
    }
    (parts, dir_file)
}

/// The source with comments, strings and char literals blanked.
fn code(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && (next == Some('#') || next == Some('"')) && !prev_is_ident(&chars, i) {
            // A raw string: `r"..."`, `r#"..."#`.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            while j < chars.len()
                && !(chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')))
            {
                j += 1;
            }
            i = j + 1 + hashes;
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && (chars.get(i + 2) == Some(&'\'') || next == Some('\\')) {
            // A char literal (a lifetime has no closing quote two chars on).
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn prev_is_ident(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// Identifiers and the punctuation paths are made of; anything else one char.
fn tokens(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
        } else {
            if !c.is_whitespace() {
                out.push(c.to_string());
            }
            i += 1;
        }
    }
    out
}

/// The paths a file names: each leaf of its `use` trees, and each `crate::`,
/// `super::`, `self::` path in its code, as segments.
fn paths(tokens: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i] == "use" {
            i = use_tree(tokens, i + 1, Vec::new(), &mut found);
        } else if matches!(tokens[i].as_str(), "crate" | "super" | "self")
            && tokens.get(i + 1).is_some_and(|t| t == "::")
            && (i == 0 || tokens[i - 1] != "::")
        {
            let mut path = vec![tokens[i].clone()];
            i += 1;
            while tokens.get(i).is_some_and(|t| t == "::")
                && tokens
                    .get(i + 1)
                    .is_some_and(|t| t.chars().all(|c| c.is_alphanumeric() || c == '_'))
            {
                path.push(tokens[i + 1].clone());
                i += 2;
            }
            found.push(path);
        } else {
            i += 1;
        }
    }
    found
}

/// Reads one use tree from `i`, under `prefix`; where it ends.
fn use_tree(tokens: &[String], mut i: usize, mut prefix: Vec<String>, found: &mut Vec<Vec<String>>) -> usize {
    loop {
        match tokens.get(i).map(String::as_str) {
            Some("{") => {
                i += 1;
                loop {
                    i = use_tree(tokens, i, prefix.clone(), found);
                    match tokens.get(i).map(String::as_str) {
                        Some(",") => i += 1,
                        Some("}") => return i + 1,
                        _ => return i,
                    }
                    if tokens.get(i).is_some_and(|t| t == "}") {
                        return i + 1;
                    }
                }
            }
            Some("::") => i += 1,
            Some("*") => {
                found.push(prefix);
                return i + 1;
            }
            Some(t) if t.chars().all(|c| c.is_alphanumeric() || c == '_') && t != "as" => {
                prefix.push(t.to_string());
                i += 1;
            }
            _ => {
                if tokens.get(i).is_some_and(|t| t == "as") {
                    i += 2;
                }
                found.push(prefix);
                return i;
            }
        }
    }
}

/// The module a path names from `module`: the longest known module it starts with.
fn resolve(path: &[String], module: &Module, dir_file: bool, modules: &BTreeSet<Module>) -> Option<Module> {
    let (mut base, mut rest) = match path.first().map(String::as_str) {
        Some("crate") => (Vec::new(), &path[1..]),
        Some("self") => (module.clone(), &path[1..]),
        Some("super") => {
            let mut base = module.clone();
            base.pop();
            // `super` in `a/b.rs` is `a`; in `a/b/mod.rs` too (both are `a::b`).
            let _ = dir_file;
            (base, &path[1..])
        }
        _ => return None,
    };
    while rest.first().is_some_and(|s| s == "super") {
        base.pop();
        rest = &rest[1..];
    }
    base.extend(rest.iter().cloned());
    (1..=base.len())
        .rev()
        .map(|n| base[..n].to_vec())
        .find(|m| modules.contains(m))
}

/// The circles among the children of each parent module of the crate in `src`, of
/// its `files`.
fn circles(src: &Path, files: &[PathBuf]) -> Vec<String> {
    let read: Vec<(Module, bool, String)> = files
        .iter()
        .map(|f| {
            let (module, dir_file) = module_of(src, f);
            (
                module,
                dir_file,
                std::fs::read_to_string(f).expect("a source file"),
            )
        })
        .collect();
    let modules: BTreeSet<Module> = read.iter().map(|(m, ..)| m.clone()).collect();
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, dir_file, text) in &read {
        let named = paths(&tokens(&code(text)));
        let targets = named
            .iter()
            .filter_map(|p| resolve(p, module, *dir_file, &modules));
        edges.entry(module.clone()).or_default().extend(targets);
    }
    let parents: BTreeSet<Module> = modules
        .iter()
        .filter(|m| !m.is_empty())
        .map(|m| m[..m.len() - 1].to_vec())
        .collect();
    let mut found = Vec::new();
    for parent in parents {
        let child = |m: &Module| {
            (m.len() > parent.len() && m[..parent.len()] == parent[..]).then(|| m[parent.len()].clone())
        };
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, targets) in &edges {
            let Some(a) = child(from) else { continue };
            for to in targets {
                if let Some(b) = child(to).filter(|b| *b != a) {
                    graph.entry(a.clone()).or_default().insert(b);
                }
            }
        }
        for (a, outs) in &graph {
            for b in outs {
                if a < b && reaches(&graph, b, a) {
                    let at = if parent.is_empty() {
                        "the crate root".into()
                    } else {
                        parent.join("::")
                    };
                    found.push(format!(
                        "{}: `{a}` and `{b}` (in {at}) depend on each other",
                        src.display()
                    ));
                }
            }
        }
    }
    found
}

/// Whether `to` is reachable from `from`.
fn reaches(graph: &BTreeMap<String, BTreeSet<String>>, from: &str, to: &str) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.to_string()];
    while let Some(node) = stack.pop() {
        if node == to {
            return true;
        }
        if seen.insert(node.clone()) {
            stack.extend(graph.get(&node).into_iter().flatten().cloned());
        }
    }
    false
}

#[test]
fn no_module_depends_on_a_sibling_that_depends_back() {
    let crates = by_crate(repository_files(&repo()));
    assert!(
        crates.len() >= 10,
        "the crates' sources are found: {:?}",
        crates.keys()
    );
    let found: Vec<String> = crates
        .iter()
        .flat_map(|(src, files)| circles(src, files))
        .collect();
    assert!(found.is_empty(), "module circles:\n{}", found.join("\n"));
}

#[test]
fn a_circle_is_found() {
    // Two sibling files naming each other, one through a use group and one in code.
    let dir = std::env::temp_dir().join(format!("seam-layering-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("kernels")).unwrap();
    std::fs::write(dir.join("Cargo.toml"), "").unwrap();
    std::fs::write(src.join("lib.rs"), "mod kernels;\n").unwrap();
    std::fs::write(src.join("kernels/mod.rs"), "mod a;\nmod b;\n").unwrap();
    std::fs::write(
        src.join("kernels/a.rs"),
        "use super::{b::{x, y}};\n// crate::kernels::c\n",
    )
    .unwrap();
    std::fs::write(
        src.join("kernels/b.rs"),
        "fn f() { let s = \"super::a\"; crate::kernels::a::g(); }\n",
    )
    .unwrap();
    std::fs::write(src.join("kernels/c.rs"), "use super::a;\n").unwrap();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let found = circles(&src, &files);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("`a` and `b` (in kernels)"), "{found:?}");
}
