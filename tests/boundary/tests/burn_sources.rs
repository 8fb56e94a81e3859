//! The Burn comparison (`bench/burn`, a nested workspace that `.ci/run` does not
//! build: Burn's tree takes over an hour) compares like with like only if its four
//! crates hold the same user code and `seam-off` is `seam-on` with the boundary off.
//! This checks the sources, which need no build.

use std::path::{Path, PathBuf};

fn burn_dir() -> PathBuf {
    // Read at run time (cargo sets it for `cargo test`): a test binary that cargo
    // reuses from a checkout at another path must still read this checkout's files.
    let root = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into());
    Path::new(&root).join("../../bench/burn")
}

fn read(path: &str) -> String {
    let path = burn_dir().join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The user code between the markers, markers included.
fn shared(source: &str) -> &str {
    let start = source
        .find("// ---- BEGIN SHARED USER CODE")
        .expect("a BEGIN marker");
    let end = source
        .find("// ---- END SHARED USER CODE")
        .expect("an END marker");
    &source[start..end]
}

#[test]
fn the_user_code_is_the_same_in_every_crate() {
    let bridge = read("burn-bridge/src/lib.rs");
    let user = shared(&bridge);
    // The seed's 16 functions x 12 ops, called at ranks 1 to 4.
    assert!(user.contains("steps!(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15);"));
    let chain = user
        .lines()
        .filter(|l| l.trim_start().starts_with("c = "))
        .count();
    assert_eq!(chain, 10, "the seed's chain of ops after the first add");
    for krate in ["burn-standin", "seam-on"] {
        let source = read(&format!("{krate}/src/lib.rs"));
        assert_eq!(
            shared(&source),
            user,
            "{krate}'s user code differs from burn-bridge's"
        );
    }
}

#[test]
fn seam_off_is_seam_on_with_the_boundary_off() {
    let manifest = read("seam-off/Cargo.toml");
    assert!(
        manifest.contains("path = \"../seam-on/src/lib.rs\""),
        "{manifest}"
    );
    assert!(manifest.contains("seam-burn-tensor = { path = \"../tensor\", features = [\"boundary-off\"] }"));
    let on = read("seam-on/Cargo.toml");
    assert!(on.contains("seam-burn-tensor = { path = \"../tensor\" }") && !on.contains("boundary-off"));
    let library = read("tensor/Cargo.toml");
    assert!(library.contains("boundary-off = []"), "{library}");
    let dir = burn_dir().join("tensor/src");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("bench/burn/tensor/src")
        .map(|e| e.expect("an entry").path())
        .collect();
    files.sort();
    let source: String = files
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("a source file"))
        .collect();
    // The switch is the library's own feature, named in each erased storage's
    // attribute and in the protocol that every outlined block takes.
    let storages = source.matches("#[opaque(").count();
    assert!(storages >= 1, "the erased tensor's storage");
    assert_eq!(
        source
            .lines()
            .filter(|l| l.starts_with("#[opaque(") && l.contains("off_if(feature = \"boundary-off\")"))
            .count(),
        storages,
        "every erased storage switches with the boundary"
    );
    assert_eq!(
        source.matches("off_if(feature = \"boundary-off\")").count(),
        storages + 1
    );
    // One protocol, on the type, and the six kind traits' lists of their types; any
    // other `#[outline(..)]` keeps a method generic, or puts a free function under the
    // type's protocol (`#[outline(Tensor)]`).
    let kind_lists = source
        .lines()
        .filter(|l| l.starts_with("#[outline(kinds("))
        .count();
    assert_eq!(kind_lists, 6, "the kind traits' types");
    assert_eq!(
        source.matches("#[outline(").count()
            - source.matches("#[outline(skip)]").count()
            - source.matches("#[outline(Tensor)]").count()
            - source.matches("#[outline(kinds(").count(),
        1,
        "one protocol, on the type"
    );
    assert!(
        source.matches("#[outline(Tensor)]").count() >= 60,
        "the activation and module functions, under the protocol"
    );
    // Every inherent block of `Tensor` with public methods is outlined.
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a source file");
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let block = line.starts_with("impl") && line.contains(" Tensor<") && !line.contains(" for ");
            let public = lines[i..]
                .iter()
                .take_while(|l| **l != "}")
                .any(|l| l.starts_with("    pub fn"));
            if block && public {
                assert_eq!(
                    i.checked_sub(1).map(|p| lines[p]),
                    Some("#[outline]"),
                    "{}: {line}",
                    file.display()
                );
            }
        }
    }
    // The tensor's storage, the device's, the gradients', the transaction's and the
    // captured graph's.
    assert_eq!(source.matches("#[opaque(").count(), 5);
}

#[test]
fn every_crate_pins_burn_with_the_seed_features() {
    let workspace = read("Cargo.toml");
    let features = r#"features = ["std", "flex", "fusion", "autodiff", "remote", "wgpu"]"#;
    for dep in [
        "burn = { version = \"=0.22.1\"",
        "burn-dispatch = { version = \"=0.22.1\"",
    ] {
        let line = workspace
            .lines()
            .find(|l| l.starts_with(dep))
            .unwrap_or_else(|| panic!("{dep} in bench/burn/Cargo.toml"));
        assert!(line.contains(features), "{line}");
    }
    assert!(workspace.contains("burn-backend = { version = \"=0.22.1\" }"));
    for krate in ["burn-bridge", "burn-standin", "seam-on", "seam-off"] {
        let manifest = read(&format!("{krate}/Cargo.toml"));
        for dep in [
            "burn.workspace = true",
            "burn-dispatch.workspace = true",
            "burn-backend.workspace = true",
        ] {
            assert!(manifest.contains(dep), "{krate}: {dep}");
        }
    }
    let lock = read("Cargo.lock");
    assert!(lock.contains("name = \"burn\"\nversion = \"0.22.1\""));
}
