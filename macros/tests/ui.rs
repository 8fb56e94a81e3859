//! Compile-fail cases: each misuse is an error that points at the offending tokens.
//! Snapshots are for the toolchain CI installs (rustc 1.95 stable).

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
