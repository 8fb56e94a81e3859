//! Mono items: what rustc instantiates for the fixture, listed by nightly's
//! `-Zprint-mono-items=yes`, before LLVM inlines anything away.

use crate::builds::run;
use seam_boundary::{FixtureBuild, mentions_any};

/// Counts of one build's mono items.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MonoCounts {
    /// Every item (functions, statics, global asm).
    pub items: usize,
    /// Items whose path mentions a crate behind the boundary.
    pub backend: usize,
}

impl MonoCounts {
    /// Counts the `MONO_ITEM` lines of rustc's output, `backend` those that mention
    /// one of `behind` (the crates behind the boundary).
    pub fn from_output(output: &str, behind: &[&str]) -> Self {
        let items: Vec<&str> = items(output).collect();
        MonoCounts {
            items: items.len(),
            backend: items.iter().filter(|i| mentions_any(i, behind)).count(),
        }
    }
}

/// The items of rustc's `-Zprint-mono-items` output, one a line, without the
/// codegen units they went to (`fn f::<u8>`, `static X`).
pub fn items(output: &str) -> impl Iterator<Item = &str> {
    output
        .lines()
        .filter_map(|l| l.strip_prefix("MONO_ITEM "))
        .map(|l| l.split(" @@").next().unwrap_or(l))
}

/// Builds the crate (with nightly: `build.nightly`), its dependencies first, once
/// per target dir, listing its mono items; `behind` as in [`MonoCounts::from_output`].
///
/// # Panics
///
/// If a build fails.
pub fn mono_items(build: &FixtureBuild, behind: &[&str]) -> MonoCounts {
    MonoCounts::from_output(&mono_listing(build, &[]), behind)
}

/// What rustc prints with `-Zprint-mono-items=yes` for the crate (and
/// `rustc_args`, the settings of the builds it stands for), its dependencies built
/// first.
///
/// # Panics
///
/// If a build fails.
pub fn mono_listing(build: &FixtureBuild, rustc_args: &[&str]) -> String {
    run(build.command("build"));
    // rustc lists the items only when it compiles the crate: clean it first.
    run(build.clean());
    let mut cmd = build.command("rustc");
    cmd.arg("--").args(rustc_args).arg("-Zprint-mono-items=yes");
    let output = cmd.output().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(
        output.status.success(),
        "failed: {cmd:?}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use seam_boundary::BACKEND_CRATES;

    #[test]
    fn counts_items_and_backend_items() {
        let output = "\
MONO_ITEM fn seam_fixture::run @@ seam_fixture.abc[External]
MONO_ITEM fn std::ptr::drop_in_place::<seam_dispatch::DispatchTensor> - shim(Some(seam_dispatch::DispatchTensor)) @@ x[Internal]
MONO_ITEM fn <cubecl_runtime::client::ComputeClient<R> as Clone>::clone @@ y[Internal]
   Compiling seam-fixture
";
        assert_eq!(
            MonoCounts::from_output(output, BACKEND_CRATES),
            MonoCounts { items: 3, backend: 2 }
        );
    }
}
