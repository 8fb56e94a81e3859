//! The target dirs of the report and the cargo commands run in them.
//!
//! Each (profile, variant) gets its own target dir under `<target>/seam-report/`.
//! The dependencies shared by all variants (the CubeCL and wgpu stack, the CPU
//! backend, the dispatch layer) are built once per profile in a `base` dir, which is
//! copied to each variant's dir before that variant builds what differs (the macros,
//! `seam-tensor` and the fixture). A rerun reuses the dirs: cargo rebuilds only what
//! changed.

use crate::progress::Progress;
use crate::variant::{Profile, Variant, size_features};
use seam_boundary::FixtureBuild;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Instant, SystemTime};

/// Where the report builds, and with which backends.
#[derive(Debug, Clone)]
pub struct Builds {
    /// The workspace root.
    pub workspace: PathBuf,
    /// `<target>/seam-report`.
    pub root: PathBuf,
    /// Features of the backends in every build (`seam-tensor/wgpu`, ...).
    pub backends: Vec<String>,
}

impl Builds {
    /// The fixture with `functions` user functions, built as `variant` in `profile`.
    pub fn fixture(&self, profile: Profile, variant: Variant, functions: usize) -> FixtureBuild {
        self.build_in(self.dir(profile, variant.name()), profile, variant, functions)
    }

    /// The same build in another target dir.
    pub fn build_in(
        &self,
        dir: PathBuf,
        profile: Profile,
        variant: Variant,
        functions: usize,
    ) -> FixtureBuild {
        let mut features = self.backends.clone();
        features.extend(variant.features());
        features.extend(size_features(functions));
        FixtureBuild {
            workspace: self.workspace.clone(),
            package: "seam-fixture".to_string(),
            target_dir: dir,
            features,
            release: profile.is_release(),
            // Release builds are not incremental; dev builds are by default, and an
            // incremental rebuild after `touch` reuses every query of the unchanged
            // source, which times nothing. Without it a rebuild compiles the crate, as
            // after a real edit of every function.
            config: vec!["profile.dev.incremental=false".to_string()],
            nightly: false,
        }
    }

    /// `<root>/<profile>/<name>`.
    pub fn dir(&self, profile: Profile, name: &str) -> PathBuf {
        self.root.join(profile.name()).join(name)
    }

    /// Builds the shared dependencies in the profile's base dir, then gives each
    /// variant its own copy of that dir and builds there the fixture at each size
    /// it is measured at.
    pub fn prepare(&self, profile: Profile, cases: &[(Variant, usize)], progress: &Progress) {
        let base = self.dir(profile, "base");
        progress.say(format_args!(
            "{}: building the dependencies in {} (the first time, minutes)",
            profile.name(),
            base.display()
        ));
        let build = self.build_in(base.clone(), profile, Variant::ON, 16);
        run(build.command("build"));
        for &(variant, functions) in cases {
            let dir = self.dir(profile, variant.name());
            if !dir.exists() {
                progress.say(format_args!(
                    "{}: copying the base to {}",
                    profile.name(),
                    dir.display()
                ));
                copy_dir(&base, &dir);
            }
            progress.say(format_args!(
                "{} {variant}, {functions} functions: building",
                profile.name()
            ));
            run(self.fixture(profile, variant, functions).command("build"));
        }
    }

    /// Touches the fixture's source and times `cargo build --lib` of it: the leaf
    /// rebuild a user waits for after editing their crate. Seconds of wall time.
    pub fn time_leaf_rebuild(&self, build: &FixtureBuild) -> f64 {
        touch(&self.workspace.join("tests/fixture/src/lib.rs"));
        let mut cmd = build.command("build");
        cmd.arg("--quiet");
        let start = Instant::now();
        run(cmd);
        start.elapsed().as_secs_f64()
    }
}

/// Runs a command to success, its output passed through.
///
/// # Panics
///
/// If it cannot start or fails.
pub fn run(mut cmd: Command) {
    let status = cmd
        .stdin(Stdio::null())
        .status()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(status.success(), "failed ({status}): {cmd:?}");
}

/// Sets a file's modification time to now, as `touch` does.
pub fn touch(path: &Path) {
    std::fs::File::options()
        .append(true)
        .open(path)
        .and_then(|f| f.set_modified(SystemTime::now()))
        .unwrap_or_else(|e| panic!("cannot touch {}: {e}", path.display()));
}

/// Copies a target dir, keeping modification times (cargo's freshness checks compare
/// them), through a temporary name so an interrupted copy is never taken for a whole
/// one.
fn copy_dir(from: &Path, to: &Path) {
    let partial = to.with_extension("partial");
    let _ = std::fs::remove_dir_all(&partial);
    let mut cp = Command::new("cp");
    cp.arg("-a").arg(from).arg(&partial);
    run(cp);
    std::fs::rename(&partial, to).unwrap_or_else(|e| panic!("cannot rename {}: {e}", partial.display()));
}
