//! Where Cargo put the source of burn-tensor 0.22.1 for this workspace, found with
//! `cargo metadata`, so a vendored or relocated registry works too. Nothing of it is
//! copied into this repository.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The version whose API is taken.
pub const BURN_TENSOR_VERSION: &str = "0.22.1";

/// This nested workspace's root (`bench/burn`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate sits in bench/burn")
        .to_path_buf()
}

/// The root of burn-tensor's package (the folder holding its `Cargo.toml`).
///
/// Panics with the command to run when Cargo has not downloaded it.
pub fn burn_tensor_root() -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--manifest-path"])
        .arg(workspace_root().join("Cargo.toml"))
        .output()
        .expect("cannot run `cargo metadata`");
    assert!(
        output.status.success(),
        "`cargo metadata` failed: {}\nrun `cargo fetch --manifest-path bench/burn/Cargo.toml` first",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("`cargo metadata` printed no JSON");
    let packages = metadata["packages"].as_array().expect("no packages in the metadata");
    let package = packages
        .iter()
        .find(|p| p["name"] == "burn-tensor" && p["version"] == BURN_TENSOR_VERSION)
        .unwrap_or_else(|| panic!("burn-tensor {BURN_TENSOR_VERSION} is not in this workspace's graph"));
    let manifest = PathBuf::from(package["manifest_path"].as_str().expect("a manifest path"));
    manifest.parent().expect("a manifest in a folder").to_path_buf()
}

/// The `.rs` files under `dir`, sorted, so every listing is in the same order.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// `path` parsed as a Rust file.
pub fn parse(path: &Path) -> syn::File {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    syn::parse_file(&text).unwrap_or_else(|e| panic!("cannot parse {}: {e}", path.display()))
}

/// The commit the repository is at, and whether the work tree differs from it (a
/// measurement of uncommitted changes says so).
pub fn commit() -> (String, bool) {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(workspace_root())
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let head = git(&["rev-parse", "HEAD"]).unwrap_or_default();
    let dirty = git(&["status", "--porcelain", "--untracked-files=no", "--", "."]).is_none_or(|s| !s.is_empty());
    (head, dirty)
}
