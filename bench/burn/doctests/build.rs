//! Picks the doctests to compile: `$SEAM_DOCTESTS_DIR/all.rs` as written by
//! `seam-burn-api doctests`, or none when the variable is unset (a plain
//! `cargo build --workspace`).

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=SEAM_DOCTESTS_DIR");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("all.rs");
    let text = match std::env::var("SEAM_DOCTESTS_DIR") {
        Ok(dir) => {
            let all = PathBuf::from(dir).join("all.rs");
            println!("cargo:rerun-if-changed={}", all.display());
            format!("include!({:?});\n", all.display().to_string())
        }
        Err(_) => "/// No doctests: `SEAM_DOCTESTS_DIR` was not set.\npub const DOCTESTS: &[(usize, fn())] = &[];\n".to_string(),
    };
    std::fs::write(&out, text).expect("cannot write all.rs");
}
