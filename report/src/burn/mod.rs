//! `--burn`: the boundary on Burn's own tree.
//!
//! `bench/burn` is a nested workspace of four leaf crates holding the seed's user code
//! over Burn 0.22.1 (std, flex, fusion, autodiff, remote, wgpu): over Burn's own
//! `Tensor` (its hand-written boundary), over `DispatchTensor` held directly (none),
//! and over a tensor built with `seam-macros` in a library crate of its own
//! (`seam-burn-tensor`, as Burn's is in `burn-tensor`), with the boundary on and off.
//!
//! This mode builds the four in one target dir, then, in rounds, rebuilds each leaf
//! after a `touch` and runs a no-op build of it, the four in a fresh seeded order
//! each round, with the load average recorded before each round. Every counted
//! build, timed or read, passes the same [`RUSTC_ARGS`] (16 codegen units, v0
//! mangling), so the IR (every unit's `.ll`) and the mono items (nightly) come from
//! compilations like the timed ones. It runs the four on Burn's flex backend on the
//! same seeded inputs and checks that they agree, counts the lines of boundary code
//! on each side, and writes `BURN.md`, `burn.json` and `burn-rebuilds.svg`.

mod agree;
mod ir;
mod lines;
mod render;

pub use agree::{Agreement, check_agreement};
pub use ir::{TreeIr, TreeMono};
pub use lines::{BoundaryLines, boundary_lines, burn_tensor_src};
pub use render::{json, render};

use crate::builds::{run, touch};
use crate::progress::Progress;
use crate::stats::{Sample, Shuffler};
use seam_boundary::FixtureBuild;
use std::path::PathBuf;
use std::time::Instant;

/// The crates of Burn's tree that a boundary keeps out of its callers (matched as
/// path segments: `burn_cubecl` also counts `burn_cubecl_fusion`, `cubecl` every
/// `cubecl_*` crate, `wgpu` also `wgpu_core`, `wgpu_hal` and `wgpu_types`).
pub const BURN_TREE: &[&str] = &[
    "burn_dispatch",
    "burn_autodiff",
    "burn_flex",
    "burn_fusion",
    "burn_ir",
    "burn_cubecl",
    "burn_router",
    "burn_remote",
    "cubecl",
    "wgpu",
    "naga",
];

/// Burn's vocabulary crates, counted apart from the tree: `burn_std` holds the
/// plain data types (`TensorData`, `DType`, the element traits) and re-exports
/// three cubecl crates that define the rest (`cubecl_zspace`'s `Shape`,
/// `cubecl_environment`'s `Bytes`, which hold a `TensorData`'s values, and
/// `cubecl_common`'s quantization schemes, named by `DType`); `burn_backend` holds
/// the backend traits over them. They are what Burn's public `Tensor` API itself
/// names, on every side of any boundary, as `seam_backend` is for this project's own
/// tensor. A name counts as the tree's only if it still names a crate of
/// [`BURN_TREE`] once these are set aside (`cubecl_zspace` is not `cubecl`'s).
pub const BURN_VOCABULARY: &[&str] = &[
    "burn_std",
    "burn_backend",
    "cubecl_common",
    "cubecl_environment",
    "cubecl_zspace",
];

/// Whether a demangled name or a mono item names a crate of [`BURN_TREE`], once
/// the paths of [`BURN_VOCABULARY`] are set aside.
pub fn in_tree(name: &str) -> bool {
    names_one_of(name, BURN_TREE)
}

/// Whether `name` names one of `crates`, the paths of [`BURN_VOCABULARY`] set
/// aside.
pub fn names_one_of(name: &str, crates: &[&str]) -> bool {
    let mut rest = name.to_string();
    for vocabulary in BURN_VOCABULARY {
        rest = rest.replace(&format!("{vocabulary}::"), "vocabulary::");
    }
    seam_boundary::mentions_any(&rest, crates)
}

/// The settings every counted build passes to rustc: release builds use 16 codegen
/// units (said explicitly: `--emit=llvm-ir` alone would make rustc use one), and
/// v0 mangling keeps generic arguments in symbol names.
pub const RUSTC_ARGS: &[&str] = &["-C", "codegen-units=16", "-C", "symbol-mangling-version=v0"];

/// The features of Burn in every crate (the seed's).
pub const FEATURES: &str = "std, flex, fusion, autodiff, remote, wgpu";

/// One leaf crate of `bench/burn`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Leaf {
    /// The package.
    pub name: &'static str,
    /// Its source, relative to `bench/burn` (`seam-off` builds `seam-on`'s).
    pub source: &'static str,
    /// What it puts the user code over.
    pub what: &'static str,
}

/// The four crates, in the order of the tables.
pub const LEAVES: [Leaf; 4] = [
    Leaf {
        name: "burn-bridge",
        source: "burn-bridge/src/lib.rs",
        what: "Burn's `Tensor` (hand-written `BridgeTensor` and `*_impl` boundary)",
    },
    Leaf {
        name: "burn-standin",
        source: "burn-standin/src/lib.rs",
        what: "a stand-in holding `DispatchTensor` (no boundary)",
    },
    Leaf {
        name: "seam-on",
        source: "seam-on/src/lib.rs",
        what: "`seam-burn-tensor`'s `Tensor<D, K>`, with `#[outline]` and `#[opaque]`",
    },
    Leaf {
        name: "seam-off",
        source: "seam-on/src/lib.rs",
        what: "the same source, `seam-burn-tensor/boundary-off`",
    },
];

/// Everything measured for one crate.
#[derive(Debug, Clone)]
pub struct BurnRow {
    /// The crate.
    pub leaf: Leaf,
    /// Release leaf rebuild wall times, seconds, one per round.
    pub rebuild: Sample,
    /// No-op `cargo` runs of the same build, seconds, one per round: cargo's start
    /// and fingerprinting, which every rebuild also pays.
    pub noop: Sample,
    /// What its IR defines and declares of Burn's tree.
    pub ir: TreeIr,
    /// Its mono items (with nightly).
    pub mono: Option<TreeMono>,
}

impl BurnRow {
    /// Rebuild minus no-op, round by round: the compilation alone.
    pub fn net(&self) -> Sample {
        Sample(
            self.rebuild
                .0
                .iter()
                .zip(&self.noop.0)
                .map(|(r, n)| r - n)
                .collect(),
        )
    }
}

/// How the rounds ran: the seed of their orders, each order, the load before each.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Rounds {
    /// The seed of [`Shuffler`] that drew the orders.
    pub seed: u64,
    /// Each round's order, as indices into [`LEAVES`].
    pub orders: Vec<Vec<usize>>,
    /// The 1-minute load average read before each round.
    pub load: Vec<f64>,
}

/// The builds of `bench/burn` in one target dir.
#[derive(Debug, Clone)]
pub struct BurnBuilds {
    /// `bench/burn`.
    pub dir: PathBuf,
    /// The target dir (outside the repository: Burn's tree takes some 80 minutes to
    /// build in release on 2 cores).
    pub target: PathBuf,
}

impl BurnBuilds {
    /// The release build of `leaf` (by nightly's cargo, in `<target>-nightly`).
    pub fn build(&self, leaf: Leaf, nightly: bool) -> FixtureBuild {
        let mut target = self.target.clone().into_os_string();
        if nightly {
            target.push("-nightly");
        }
        FixtureBuild {
            workspace: self.dir.clone(),
            package: leaf.name.to_string(),
            target_dir: PathBuf::from(target),
            features: Vec::new(),
            release: true,
            config: Vec::new(),
            nightly,
        }
    }

    /// Builds each crate, one at a time: built together, Cargo would unify
    /// `seam-macros`' features and switch `seam-on`'s boundary off too.
    pub fn prepare(&self, progress: &Progress) {
        for leaf in LEAVES {
            progress.say(format_args!(
                "burn: building {} in {} (Burn's tree the first time: over an hour)",
                leaf.name,
                self.target.display()
            ));
            run(self.timed_command(leaf));
        }
    }

    /// `cargo rustc --release --lib -p <leaf> -- <RUSTC_ARGS>`, quiet: the build
    /// every timing runs.
    fn timed_command(&self, leaf: Leaf) -> std::process::Command {
        let mut cmd = self.build(leaf, false).command("rustc");
        cmd.args(["--quiet", "--"]).args(RUSTC_ARGS);
        cmd
    }

    /// Touches `leaf`'s source and times its release build.
    pub fn time_rebuild(&self, leaf: Leaf) -> f64 {
        touch(&self.dir.join(leaf.source));
        self.time(leaf)
    }

    /// Times the same build with nothing changed: cargo starts, checks every
    /// crate's fingerprint and compiles nothing.
    pub fn time(&self, leaf: Leaf) -> f64 {
        let cmd = self.timed_command(leaf);
        let start = Instant::now();
        run(cmd);
        start.elapsed().as_secs_f64()
    }
}

/// The 1-minute load average (Linux), NaN where it cannot be read.
fn load_average() -> f64 {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(f64::NAN)
}

/// Measures the four crates: `rounds` rounds of a rebuild and a no-op build of
/// each, in an order drawn from `seed` each round; then the IR of each, and its
/// mono items with nightly.
pub fn measure(
    builds: &BurnBuilds,
    rounds: usize,
    seed: u64,
    nightly: bool,
    progress: &Progress,
) -> (Vec<BurnRow>, Rounds) {
    builds.prepare(progress);
    let mut rebuild = vec![Sample::default(); LEAVES.len()];
    let mut noop = vec![Sample::default(); LEAVES.len()];
    let mut shuffler = Shuffler::new(seed);
    let mut log = Rounds {
        seed,
        ..Rounds::default()
    };
    for round in 1..=rounds {
        let order = shuffler.order(LEAVES.len());
        log.load.push(load_average());
        for &i in &order {
            let leaf = LEAVES[i];
            let seconds = builds.time_rebuild(leaf);
            let idle = builds.time(leaf);
            progress.say(format_args!(
                "burn: round {round}/{rounds}, {}: rebuild {seconds:.2} s, no-op {idle:.2} s",
                leaf.name
            ));
            rebuild[i].0.push(seconds);
            noop[i].0.push(idle);
        }
        log.orders.push(order);
    }
    let mut rows = Vec::new();
    for ((leaf, rebuild), noop) in LEAVES.into_iter().zip(rebuild).zip(noop) {
        progress.say(format_args!("burn: {}: LLVM IR of every codegen unit", leaf.name));
        let ir = TreeIr::of(&builds.build(leaf, false));
        let mono = nightly.then(|| {
            progress.say(format_args!(
                "burn: {}: mono items, with nightly (its own target dir: the first time, Burn's tree again)",
                leaf.name
            ));
            TreeMono::of(&builds.build(leaf, true))
        });
        rows.push(BurnRow {
            leaf,
            rebuild,
            noop,
            ir,
            mono,
        });
    }
    (rows, log)
}
