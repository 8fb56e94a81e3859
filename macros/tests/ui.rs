//! Compile-fail cases: each misuse is an error that points at the offending tokens.
//! Snapshots are for the toolchain CI installs (rustc 1.95 stable).
//!
//! rustc prints the source line of a note that points into the standard library only
//! when the toolchain has the `rust-src` component (which rust-analyzer users have,
//! and a minimal install lacks). The cases in `tests/ui/*.rs` have no such note and
//! one snapshot each. The few whose notes must pass through the standard library (a
//! handle's storage is made of `core` types) live in `tests/ui/std_notes/`, each run
//! through a one-line `include!` from `with_rust_src/` or `without_rust_src/`, the
//! snapshot of the toolchain at hand. `.ci/run` runs this test both ways.

use std::io::Write;
use std::path::Path;
use std::process::Command;

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    if has_rust_src() {
        t.compile_fail("tests/ui/std_notes/with_rust_src/*.rs");
    } else {
        t.compile_fail("tests/ui/std_notes/without_rust_src/*.rs");
    }
}

/// Whether the toolchain that compiles the cases has the standard library's sources
/// where rustc looks for them (`<sysroot>/lib/rustlib/src/rust/library`).
fn has_rust_src() -> bool {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = Command::new(&rustc)
        .args(["--print", "sysroot"])
        .output()
        .unwrap_or_else(|e| panic!("cannot run {rustc:?} --print sysroot: {e}"));
    assert!(output.status.success(), "{rustc:?} --print sysroot failed");
    let sysroot = String::from_utf8_lossy(&output.stdout);
    let present = Path::new(sysroot.trim())
        .join("lib/rustlib/src/rust/library/core/src/lib.rs")
        .is_file();
    // Past the harness's capture: which snapshots ran shows in a passing run too.
    let _ = writeln!(
        std::io::stderr(),
        "ui: the toolchain {} rust-src: the std_notes cases use the snapshots {} it",
        if present { "has" } else { "lacks" },
        if present { "with" } else { "without" },
    );
    present
}
