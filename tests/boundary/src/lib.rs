//! Reads the LLVM IR of a release build of `seam-fixture` and sorts the functions
//! it defines: which belong to the backend type tree, which are drop glue.
//!
//! The test `tests/boundary.rs` builds the fixture with the boundary on (it must
//! define no backend function) and off (it must define some: the test can fail).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Crates behind the boundary: downstream IR must define none of their functions
/// (the autodiff graph included).
pub const BACKEND_CRATES: &[&str] = &[
    "seam_autodiff",
    "seam_dispatch",
    "seam_cpu",
    "seam_cubecl",
    "cubecl",
    "cubek",
    "wgpu",
    "naga",
];

/// The plain data crate, whose small generic conversions may appear downstream.
pub const DATA_CRATE: &str = "seam_backend";

/// The functions one IR file defines, sorted.
#[derive(Debug, Default)]
pub struct IrCounts {
    /// Every `define`.
    pub defines: Vec<String>,
    /// Drop glue (`drop_in_place` on stable, `drop_glue` on nightly).
    pub drop_glue: Vec<String>,
    /// Functions whose name mentions a crate behind the boundary ([`BACKEND_CRATES`],
    /// or those given to [`IrCounts::from_ir_behind`]).
    pub backend: Vec<String>,
    /// Functions of [`DATA_CRATE`] (not backend code; counted apart).
    pub data: Vec<String>,
    /// Every function declared and defined in no unit: what the crate calls in
    /// other crates.
    pub declares: Vec<String>,
    /// The declared functions that mention a crate behind the boundary: calls from
    /// the crate into the tree, which a count of `define`s alone does not see.
    pub backend_declares: Vec<String>,
}

impl IrCounts {
    /// Sorts the `define`s of an LLVM IR text.
    pub fn from_ir(ir: &str) -> Self {
        Self::from_ir_behind(ir, BACKEND_CRATES)
    }

    /// [`IrCounts::from_ir`] with another list of crates behind the boundary (Burn's
    /// tree, for the Burn comparison): `backend` holds the functions that mention
    /// one of `behind`.
    pub fn from_ir_behind(ir: &str, behind: &[&str]) -> Self {
        Self::from_units(&[ir], behind)
    }

    /// [`IrCounts::from_ir_behind`] over the IR of every codegen unit of one crate
    /// (a build with several units writes one `.ll` file each): a function defined
    /// in several units (an inlined copy in each) counts once, and a function one
    /// unit declares and another defines is not a declare.
    pub fn from_units(units: &[&str], behind: &[&str]) -> Self {
        let mut defined = std::collections::BTreeSet::new();
        let mut declared = std::collections::BTreeSet::new();
        for unit in units {
            for line in unit.lines() {
                if line.starts_with("define ") {
                    defined.insert(demangled_name(line));
                } else if line.starts_with("declare ") {
                    declared.insert(demangled_name(line));
                }
            }
        }
        let mut counts = IrCounts::default();
        for name in &defined {
            if name.contains("drop_in_place") || name.contains("drop_glue") {
                counts.drop_glue.push(name.clone());
            }
            if mentions_any(name, behind) {
                counts.backend.push(name.clone());
            } else if mentions_crate(name, DATA_CRATE) {
                counts.data.push(name.clone());
            }
            counts.defines.push(name.clone());
        }
        for name in declared.difference(&defined) {
            if mentions_any(name, behind) {
                counts.backend_declares.push(name.clone());
            }
            counts.declares.push(name.clone());
        }
        counts
    }

    /// A one-line summary.
    pub fn summary(&self) -> String {
        format!(
            "{} defines, {} drop glue, {} backend functions, {} seam_backend data functions",
            self.defines.len(),
            self.drop_glue.len(),
            self.backend.len(),
            self.data.len()
        )
    }
}

/// The demangled symbol of a `define` line (legacy `_ZN` or v0 `_R` mangling).
fn demangled_name(line: &str) -> String {
    let Some(at) = line.find('@') else {
        return line.to_string();
    };
    let rest = &line[at + 1..];
    let symbol = match rest.strip_prefix('"') {
        Some(quoted) => quoted.split('"').next().unwrap_or(quoted),
        None => rest.split('(').next().unwrap_or(rest),
    };
    format!("{:#}", rustc_demangle::demangle(symbol))
}

/// Whether a demangled name (or a rustc path) mentions a crate of [`BACKEND_CRATES`].
pub fn is_backend(name: &str) -> bool {
    mentions_any(name, BACKEND_CRATES)
}

/// Whether a demangled name (or a rustc path) mentions one of `crates`.
pub fn mentions_any(name: &str, crates: &[&str]) -> bool {
    crates.iter().any(|c| mentions_crate(name, c))
}

/// Whether a demangled name mentions `krate` as a path segment (`krate::` or
/// `krate-` for a crate name with a dash, or as the whole of a segment).
fn mentions_crate(name: &str, krate: &str) -> bool {
    name.match_indices(krate).any(|(i, _)| {
        let before = name[..i].chars().next_back();
        let after = name[i + krate.len()..].chars().next();
        let starts = before.is_none_or(|c| !c.is_alphanumeric() && c != '_');
        // `cubecl` also matches `cubecl_core::..`, `wgpu` matches `wgpu_core::..`.
        let ends = after.is_none_or(|c| c == ':' || c == '_' || c == '<' || c == '>' || c == ',');
        starts && ends
    })
}

/// One build of a leaf crate (`seam-fixture`, or a crate of the Burn comparison):
/// where, with which features, in which profile.
#[derive(Debug, Clone)]
pub struct FixtureBuild {
    /// The root of the workspace that holds the crate.
    pub workspace: PathBuf,
    /// The crate (`seam-fixture`).
    pub package: String,
    /// The target dir of this build.
    pub target_dir: PathBuf,
    /// Cargo features, as `--features` takes them (`seam-tensor/wgpu`, ...).
    pub features: Vec<String>,
    /// `--release` (else the dev profile).
    pub release: bool,
    /// Extra `--config` values for cargo.
    pub config: Vec<String>,
    /// Built by nightly's cargo (see [`cargo_command`]).
    pub nightly: bool,
}

impl FixtureBuild {
    /// The profile's directory name under the target dir.
    pub fn profile_dir(&self) -> &'static str {
        if self.release { "release" } else { "debug" }
    }

    /// `cargo <subcommand> -p <package> --lib` (`build` or `rustc`) with this
    /// build's toolchain, target dir, profile, features and config.
    pub fn command(&self, subcommand: &str) -> Command {
        let mut cmd = self.clean_or(subcommand);
        cmd.arg("--lib");
        if !self.features.is_empty() {
            cmd.arg("--features").arg(self.features.join(","));
        }
        cmd
    }

    /// `cargo clean -p <package>` in this build's target dir and profile: rustc
    /// prints what it instantiates only when it compiles the crate.
    pub fn clean(&self) -> Command {
        self.clean_or("clean")
    }

    /// The arguments every subcommand (`clean` included) takes.
    fn clean_or(&self, subcommand: &str) -> Command {
        let mut cmd = cargo_command(self.nightly);
        cmd.current_dir(&self.workspace)
            .args([subcommand, "-p", &self.package, "--target-dir"])
            .arg(&self.target_dir);
        if self.release {
            cmd.arg("--release");
        }
        for config in &self.config {
            cmd.arg("--config").arg(config);
        }
        cmd
    }

    /// Builds the crate with `--emit=llvm-ir` and returns the path of the `.ll` file
    /// of this build (the crate is rebuilt when it was built without it, or when its
    /// file is gone; a fresh build's file is read as it is).
    ///
    /// # Panics
    ///
    /// If cargo fails or writes no IR file.
    pub fn emit_ir(&self) -> PathBuf {
        let hash = self.build_with_ir(&[]);
        let ll = self.deps().join(format!("{}-{hash}.ll", self.stem()));
        if ll.exists() {
            return ll;
        }
        // Fresh, but its IR file is gone: compile it again.
        self.emit_ir_units(&[]).remove(0)
    }

    /// Compiles the crate anew with `--emit=llvm-ir` and `rustc_args` (the settings
    /// of the builds the IR stands for: `-C codegen-units=16`, say) and returns the
    /// `.ll` file of each codegen unit, sorted. The crate is cleaned first: cargo
    /// would not recompile a fresh crate, and the unit files of an earlier build with
    /// more units would otherwise be read as this one's.
    ///
    /// # Panics
    ///
    /// If cargo fails or writes no IR file.
    pub fn emit_ir_units(&self, rustc_args: &[&str]) -> Vec<PathBuf> {
        let mut clean = self.clean();
        let status = clean.status().expect("cargo runs");
        assert!(status.success(), "failed: {clean:?}");
        let units = self.units_of(&self.build_with_ir(rustc_args));
        assert!(
            !units.is_empty(),
            "no {}-*.ll in {}",
            self.stem(),
            self.deps().display()
        );
        units
    }

    /// The `.ll` files of the build with `hash`, sorted.
    fn units_of(&self, hash: &str) -> Vec<PathBuf> {
        // One unit: `<stem>-<hash>.ll`; several: `<stem>-<hash>.<unit>.rcgu.ll` each.
        let prefix = format!("{}-{hash}.", self.stem());
        let deps = self.deps();
        let mut units: Vec<PathBuf> = std::fs::read_dir(&deps)
            .unwrap_or_else(|e| panic!("{}: {e}", deps.display()))
            .flatten()
            .filter(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.starts_with(&prefix) && name.ends_with(".ll")
            })
            .map(|e| e.path())
            .collect();
        units.sort();
        units
    }

    /// The crate's name as rustc writes it in file names.
    fn stem(&self) -> String {
        self.package.replace('-', "_")
    }

    /// This build's `deps` dir.
    fn deps(&self) -> PathBuf {
        self.target_dir.join(self.profile_dir()).join("deps")
    }

    /// `cargo rustc` with `--emit=llvm-ir` and `rustc_args`; the hash of the
    /// artifact it built or found fresh.
    fn build_with_ir(&self, rustc_args: &[&str]) -> String {
        let mut cmd = self.command("rustc");
        // The JSON messages name the artifact this feature set builds (or finds fresh),
        // so the `.ll` read is that build's even when several share the target dir.
        cmd.args(["--message-format=json-render-diagnostics", "--"])
            .args(rustc_args)
            .arg("--emit=llvm-ir");
        cmd.stderr(std::process::Stdio::inherit());
        let output = cmd.output().expect("cargo runs");
        assert!(
            output.status.success(),
            "building {} failed: {cmd:?}",
            self.package
        );
        let messages = String::from_utf8_lossy(&output.stdout);
        artifact_hash(&messages, &self.stem()).unwrap_or_else(|| {
            panic!(
                "no lib{}-<hash> artifact in cargo's messages: {cmd:?}",
                self.stem()
            )
        })
    }
}

/// A cargo command: the cargo that runs this program (`$CARGO` under cargo, else
/// `cargo`), or nightly's through rustup, without this environment's `RUSTFLAGS`
/// (flags for one compiler may not suit the other), and without the variables that
/// describe this program's own package.
pub fn cargo_command(nightly: bool) -> Command {
    let mut cmd = if nightly {
        let mut cmd = Command::new("rustup");
        cmd.args(["run", "nightly", "cargo"])
            .env_remove("RUSTFLAGS")
            .env_remove("CARGO_ENCODED_RUSTFLAGS");
        cmd
    } else {
        Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string()))
    };
    // What `cargo run` and `cargo test` tell the program about its own package: build
    // scripts that watch these (ring's watches `CARGO_PKG_NAME`) would see them change
    // and rebuild, with all that depends on them, between a build run from a shell and
    // one run from here.
    for (key, _) in std::env::vars_os() {
        let key = key.to_string_lossy();
        let own = [
            "CARGO_PKG_",
            "CARGO_MANIFEST_",
            "CARGO_BIN_",
            "CARGO_CRATE_",
            "CARGO_PRIMARY_PACKAGE",
        ]
        .iter()
        .any(|prefix| key.starts_with(prefix));
        if own {
            cmd.env_remove(key.as_ref());
        }
    }
    cmd
}

/// Whether a nightly toolchain is installed (for `-Zprint-mono-items` and
/// `-Ztime-passes`).
pub fn nightly_available() -> bool {
    Command::new("rustup")
        .args(["run", "nightly", "rustc", "--version"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The release build the boundary test reads: third-party crates (the CubeCL and
/// wgpu stack) unoptimized, the fixture and the workspace crates in the release
/// profile, so the fixture's IR is what a release build gives, and the stack behind
/// the boundary builds in half the time.
pub fn test_build(workspace: &Path, target_dir: &Path, features: &[&str]) -> FixtureBuild {
    FixtureBuild {
        workspace: workspace.to_path_buf(),
        package: "seam-fixture".to_string(),
        target_dir: target_dir.to_path_buf(),
        features: features.iter().map(|f| f.to_string()).collect(),
        release: true,
        config: vec!["profile.release.package.\"*\".opt-level=0".to_string()],
        nightly: false,
    }
}

/// The `<hash>` of the `deps/lib<stem>-<hash>.{rlib,rmeta}` that cargo's JSON
/// messages name.
fn artifact_hash(messages: &str, stem: &str) -> Option<String> {
    let prefix = format!("lib{stem}-");
    messages
        .lines()
        .filter(|l| l.contains("\"reason\":\"compiler-artifact\""))
        .flat_map(|l| l.split('"'))
        .filter_map(|s| s.rsplit_once(prefix.as_str()).map(|(_, rest)| rest))
        .find_map(|rest| rest.strip_suffix(".rmeta").or_else(|| rest.strip_suffix(".rlib")))
        .map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_fixture_artifact_hash() {
        let messages = r#"{"reason":"compiler-artifact","target":{"name":"seam_tensor"},"filenames":["/t/release/deps/libseam_tensor-1111.rlib"]}
{"reason":"compiler-artifact","target":{"name":"seam_fixture"},"filenames":["/t/release/libseam_fixture.rlib","/t/release/deps/libseam_fixture-83be63f4.rmeta"],"fresh":true}
{"reason":"build-finished","success":true}"#;
        assert_eq!(
            artifact_hash(messages, "seam_fixture").as_deref(),
            Some("83be63f4")
        );
        assert_eq!(artifact_hash(messages, "seam_on"), None);
        assert_eq!(
            artifact_hash(r#"{"reason":"build-finished"}"#, "seam_fixture"),
            None
        );
    }

    #[test]
    fn sorts_legacy_and_v0_symbols() {
        let ir = "\
define void @_ZN4core3ptr58drop_in_place$LT$seam_dispatch..tensor..DispatchTensor$GT$17hedf44eee6dffc138E(ptr %0) {
define internal void @\"_ZN12seam_fixture3run17h0ccf1403666e361eE\"() {
define void @_RINvNtCs1234_4core3ptr9drop_glueNtNtCs5678_8seam_cpu6tensor9CpuTensorEB4_(ptr %0) {
define void @_ZN12seam_backend5shape5Shape3new17h0000000000000000E() {
declare void @_ZN13seam_dispatch3foo17h0000000000000000E()
";
        let counts = IrCounts::from_ir(ir);
        assert_eq!(counts.defines.len(), 4, "{counts:?}");
        assert_eq!(counts.drop_glue.len(), 2, "{counts:?}");
        assert_eq!(counts.backend.len(), 2, "{counts:?}");
        assert_eq!(counts.data.len(), 1, "{counts:?}");
    }

    #[test]
    fn reads_every_unit_once() {
        let one = "\
define internal void @_ZN4leaf3run17h0000000000000001E() {
define internal void @_ZN4leaf6helper17h0000000000000002E() {
declare void @_ZN4leaf5other17h0000000000000003E()
declare void @_ZN13seam_dispatch3foo17h0000000000000004E()
";
        let two = "\
define internal void @_ZN4leaf6helper17h0000000000000002E() {
define void @_ZN4leaf5other17h0000000000000003E() {
declare void @_ZN13seam_dispatch3foo17h0000000000000004E()
declare void @_ZN4core3fmt5write17h0000000000000005E()
";
        let counts = IrCounts::from_units(&[one, two], BACKEND_CRATES);
        // `helper` is in both units: one function. `other` is defined in the second.
        assert_eq!(counts.defines, ["leaf::helper", "leaf::other", "leaf::run"]);
        assert_eq!(counts.declares, ["core::fmt::write", "seam_dispatch::foo"]);
        assert_eq!(counts.backend_declares, ["seam_dispatch::foo"]);
        assert!(counts.backend.is_empty());
    }

    #[test]
    fn crate_names_match_whole_segments() {
        assert!(mentions_crate("cubecl_core::foo", "cubecl"));
        assert!(mentions_crate("<seam_cpu::X as Clone>::clone", "seam_cpu"));
        assert!(!mentions_crate("my_seam_cpu_like::x", "seam_cpu"));
        assert!(!mentions_crate("wgpuish::x", "wgpu"));
    }
}
