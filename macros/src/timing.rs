//! `SEAM_MACROS_TIMING`: each macro call reports how long it ran.
//!
//! With the variable set in the environment of the compiler (`SEAM_MACROS_TIMING=1
//! cargo build`), every call of a macro of this crate prints one line to stderr,
//! `seam-macros timing: <macro> <microseconds> us`, the time it took to parse, check
//! and generate, not counting rustc's own work on the result. `seam-report` sums the
//! lines of a build of `seam-tensor` to give the macros' share of its build time.
//! Unset (the normal case), a call does nothing more than read the variable.

use proc_macro2::TokenStream;
use std::time::Instant;

/// The variable that turns the report on.
const VARIABLE: &str = "SEAM_MACROS_TIMING";

/// Runs one macro call, timing it when [`VARIABLE`] is set.
pub(crate) fn timed(name: &str, expand: impl FnOnce() -> TokenStream) -> TokenStream {
    if std::env::var_os(VARIABLE).is_none() {
        return expand();
    }
    let start = Instant::now();
    let output = expand();
    eprintln!("seam-macros timing: {name} {} us", start.elapsed().as_micros());
    output
}
