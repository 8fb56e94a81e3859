//! The manifests as crates.io and docs.rs would read them: no placeholder URL in
//! any manifest of the repository (a link to nowhere is worse than none), only
//! `seam-macros` published, and it with the fields a crates.io page shows.
//! `.ci/run` also packages `seam-macros` and builds the packaged copy.

use std::path::{Path, PathBuf};

/// The repository's root (read at run time: a test binary reused from another
/// checkout must read this one's files).
fn root() -> PathBuf {
    let manifest =
        std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into());
    Path::new(&manifest).join("..")
}

/// Every `Cargo.toml` of the repository that git does not ignore (harnesses write
/// Burn's own manifests into ignored folders, such as `bench/burn-dropin/work/`);
/// outside a git checkout, every one outside build and VCS dirs.
fn repository_manifests() -> Vec<PathBuf> {
    let root = root();
    let listed = std::process::Command::new("git")
        .args([
            "ls-files",
            "--cached",
            "--others",
            "--exclude-standard",
            "--",
            "*Cargo.toml",
        ])
        .current_dir(&root)
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
        None => manifests(&root, &mut found),
    }
    found
}

/// Every `Cargo.toml` under `dir`, outside build and VCS dirs.
fn manifests(dir: &Path, found: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if !matches!(name.to_str(), Some("target" | ".git" | "node_modules")) {
                manifests(&path, found);
            }
        } else if name == "Cargo.toml" {
            found.push(path);
        }
    }
}

/// What a placeholder URL looks like.
const PLACEHOLDERS: &[&str] = &["example.invalid", "example.com", "example.org", "TODO", "FIXME"];

#[test]
fn no_manifest_holds_a_placeholder() {
    let found = repository_manifests();
    assert!(found.len() > 10, "the workspace's manifests: {found:?}");
    for path in found {
        let text = std::fs::read_to_string(&path).unwrap();
        for placeholder in PLACEHOLDERS {
            assert!(
                !text.contains(placeholder),
                "{} holds {placeholder:?}",
                path.display()
            );
        }
    }
}

#[test]
fn only_seam_macros_is_published_and_its_page_has_what_crates_io_shows() {
    for path in repository_manifests() {
        let text = std::fs::read_to_string(&path).unwrap();
        let Some(package) = text.split("[package]").nth(1) else {
            continue; // a virtual workspace manifest
        };
        let name = package
            .lines()
            .find_map(|l| l.strip_prefix("name = "))
            .map(|n| n.trim_matches('"').to_string())
            .unwrap_or_default();
        let unpublished = package.contains("publish = false") || package.contains("publish.workspace = true");
        if name == "seam-macros" {
            assert!(!unpublished, "seam-macros is the crate on crates.io");
            for field in [
                "description",
                "license",
                "readme",
                "keywords",
                "categories",
                "rust-version",
            ] {
                assert!(
                    package.contains(&format!("\n{field}")),
                    "seam-macros lacks {field}"
                );
            }
        } else {
            assert!(
                unpublished,
                "{} ({name}) must say `publish = false`",
                path.display()
            );
        }
    }
}
