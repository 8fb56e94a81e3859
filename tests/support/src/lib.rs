//! What the CubeCL kernel tests, the CPU backend's property tests, the autodiff
//! tests and the tensor suite share: asserting a panic's message, the one rule for
//! a case the device cannot run, the configuration of property tests, and gradient
//! checks against finite differences.
//!
//! A device may lack a dtype (a wgpu device on OpenGL has no `f64` and no `i64`).
//! A test case that needs one is then not run; instead [`not_run`] checks that the
//! device refuses the dtype with the backend's message and reports the case by name,
//! with the reason, past the test harness's capture so that a plain `cargo test`
//! shows it. Under `CI` a Vulkan device must run every case: CI's lavapipe holds
//! every dtype.
//!
//! Every case that is not run goes through [`skipped`], which also appends it to
//! the file [`SKIP_LOG_VAR`] names, when set: `.ci/run` collects the skips of all its
//! steps there, prints how many there were and why, and fails on any skip that
//! `.ci/allowed-skips` does not list with its reason.

mod gradient;

pub use gradient::{assert_gradient, distinct_values, loss_weights};
use seam_backend::{DType, DeviceInfo};
use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The message `f` panics with.
///
/// # Panics
///
/// If `f` returns normally.
#[track_caller]
pub fn panic_message(f: impl FnOnce()) -> String {
    let payload = catch_unwind(AssertUnwindSafe(f)).expect_err("expected a panic");
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_default()
}

/// Asserts that `f` panics with a message containing `expected`: the form of a
/// `#[should_panic]` test whose setup may first find its case cannot run.
#[track_caller]
pub fn assert_panics(expected: &str, f: impl FnOnce()) {
    let message = panic_message(f);
    assert!(
        message.contains(expected),
        "expected a panic with {expected:?}, got {message:?}"
    );
}

/// Writes one line to the test process's stderr, past the harness's capture.
pub fn report(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// The environment variable naming the file that [`skipped`] appends each skip to
/// (one line: the case, a tab, the reason). Unset, skips are only reported.
pub const SKIP_LOG_VAR: &str = "SEAM_SKIP_LOG";

/// Reports that the case `name` was not run, and why, on stderr and in the file
/// [`SKIP_LOG_VAR`] names.
///
/// # Panics
///
/// If the skip log is named but cannot be written: a skip must never go uncounted.
pub fn skipped(name: &str, reason: &str) {
    report(&format!("{name}: not run, {reason}"));
    let Some(path) = std::env::var_os(SKIP_LOG_VAR) else {
        return;
    };
    let line = format!(
        "{}\t{}\n",
        name.replace(['\t', '\n'], " "),
        reason.replace(['\t', '\n'], " ")
    );
    // One `write` of one line to a file opened for appending: the lines of test
    // processes and threads running at once do not interleave.
    let written = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .and_then(|mut file| file.write_all(line.as_bytes()));
    if let Err(error) = written {
        panic!("{name}: cannot record the skip in {}: {error}", path.display());
    }
}

/// The running test's name (the harness names each test's thread after it).
pub fn test_name() -> String {
    std::thread::current().name().unwrap_or("test").to_owned()
}

/// The first of `needs` that the device `info` describes lacks, if any.
pub fn first_missing(info: &DeviceInfo, needs: &[DType]) -> Option<DType> {
    needs.iter().copied().find(|&dtype| !info.supports(dtype))
}

/// A case `name` that needs `missing`, which the device `info` lacks, is not run:
/// checks that `make` (which makes a tensor of `missing` on the device) panics with
/// the backend's refusal, and reports the case.
///
/// # Panics
///
/// If `make` does not panic with a message naming the missing dtype; under `CI`, if
/// the device is on Vulkan.
#[track_caller]
pub fn not_run(name: &str, missing: DType, info: &DeviceInfo, make: impl FnOnce()) {
    assert!(
        std::env::var_os("CI").is_none() || info.api != "Vulkan",
        "{name}: CI runs every case on Vulkan, but {info} lacks {missing}"
    );
    let refusal = panic_message(make);
    assert!(
        refusal.contains(&format!("has no {missing}")),
        "{name}: {info} says it lacks {missing}, but making a {missing} tensor gave {refusal:?}"
    );
    skipped(
        name,
        &format!("it needs {missing}, which the device lacks ({info})"),
    );
}

/// The configuration of a property test suite: `cases` per property, and shrunk
/// failures kept in `regressions` (a path relative to the package running the test,
/// under its `proptest-regressions/`), which proptest replays before new cases.
pub fn proptest_config(cases: u32, regressions: &'static str) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases,
        failure_persistence: Some(Box::new(proptest::test_runner::FileFailurePersistence::Direct(
            regressions,
        ))),
        ..proptest::test_runner::Config::default()
    }
}
