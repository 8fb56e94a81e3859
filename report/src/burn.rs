//! `--burn`: the boundary on Burn's own tree.
//!
//! `bench/burn` is a nested workspace of four leaf crates holding the seed's user code
//! over Burn 0.22.1 (std, flex, fusion, autodiff, remote, wgpu): over Burn's own
//! `Tensor` (its hand-written boundary), over `DispatchTensor` held directly (none),
//! and over a tensor built with `seam-macros` in a library crate of its own
//! (`seam-burn-tensor`, as Burn's is in `burn-tensor`), with the boundary on and off.
//! This
//! mode builds the four in one target dir, times their release leaf rebuilds run by
//! run alternately, counts what each one's LLVM IR defines (and, with nightly, its
//! mono items), counts the lines of boundary code on each side, and writes
//! `BURN.md`, `burn.json` and `burn-rebuilds.svg`.

use crate::builds::{run, touch};
use crate::mono::{MonoCounts, mono_items};
use crate::progress::Progress;
use crate::stats::Sample;
use seam_boundary::{FixtureBuild, IrCounts};
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The crates of Burn's tree that a boundary keeps out of its callers' IR (matched
/// as path segments: `burn_cubecl` also counts `burn_cubecl_fusion`, `cubecl` every
/// `cubecl_*` crate).
pub const BURN_TREE: &[&str] = &[
    "burn_dispatch",
    "burn_fusion",
    "burn_cubecl",
    "burn_router",
    "burn_remote",
    "cubecl",
];

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
    /// Release leaf rebuild wall times, seconds, one per run.
    pub times: Sample,
    /// `define`s, drop glue and functions of Burn's tree in the release IR.
    pub ir: [usize; 3],
    /// The same functions by crate of [`BURN_TREE`].
    pub by_crate: Vec<usize>,
    /// Mono items (with nightly).
    pub mono: Option<MonoCounts>,
}

/// Lines of boundary code that a library author writes by hand.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoundaryLines {
    /// Burn: `BridgeTensor` and its kinds (`bridge/kind.rs`, `bridge/mod.rs`) and the
    /// bridge ops' declarations and implementations of the user code's ops.
    pub burn: usize,
    /// The ops of [`OPS`] found in Burn's bridge ops.
    pub burn_ops: Vec<String>,
    /// `seam-burn-tensor`: the erased type, the three conversions and the
    /// accessors, and the attribute lines.
    pub seam: usize,
}

/// The ops the user code calls (and `zeros`, which `make` calls).
pub const OPS: &[&str] = &[
    "add",
    "sub",
    "mul",
    "div",
    "neg",
    "exp",
    "log",
    "matmul",
    "transpose",
    "sum_dim",
    "mean_dim",
    "swap_dims",
    "zeros",
];

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
            run(self.build(leaf, false).command("build"));
        }
    }

    /// Touches `leaf`'s source and times its release `cargo build --lib`.
    pub fn time_leaf_rebuild(&self, leaf: Leaf) -> f64 {
        touch(&self.dir.join(leaf.source));
        let mut cmd = self.build(leaf, false).command("build");
        cmd.arg("--quiet");
        let start = Instant::now();
        run(cmd);
        start.elapsed().as_secs_f64()
    }
}

/// Measures the four crates: `runs` alternating leaf rebuilds, IR, and mono items
/// with nightly.
pub fn measure(builds: &BurnBuilds, runs: usize, nightly: bool, progress: &Progress) -> Vec<BurnRow> {
    builds.prepare(progress);
    let mut times = vec![Sample::default(); LEAVES.len()];
    for run in 1..=runs {
        for (i, leaf) in LEAVES.into_iter().enumerate() {
            let seconds = builds.time_leaf_rebuild(leaf);
            progress.say(format_args!(
                "burn: {}, run {run}/{runs}: {seconds:.2} s",
                leaf.name
            ));
            times[i].0.push(seconds);
        }
    }
    let mut rows = Vec::new();
    for (leaf, times) in LEAVES.into_iter().zip(times) {
        progress.say(format_args!("burn: {}: LLVM IR", leaf.name));
        let ll = builds.build(leaf, false).emit_ir();
        let ir = std::fs::read_to_string(&ll).unwrap_or_else(|e| panic!("{}: {e}", ll.display()));
        let counts = IrCounts::from_ir_behind(&ir, BURN_TREE);
        let by_crate = BURN_TREE
            .iter()
            .map(|krate| {
                counts
                    .backend
                    .iter()
                    .filter(|name| seam_boundary::mentions_any(name, &[krate]))
                    .count()
            })
            .collect();
        let mono = nightly.then(|| {
            progress.say(format_args!(
                "burn: {}: mono items, with nightly (its own target dir: the first time, Burn's tree again)",
                leaf.name
            ));
            mono_items(&builds.build(leaf, true), BURN_TREE)
        });
        rows.push(BurnRow {
            leaf,
            times,
            ir: [counts.defines.len(), counts.drop_glue.len(), counts.backend.len()],
            by_crate,
            mono,
        });
    }
    rows
}

/// The code lines of `text`: not blank, not only a comment.
fn code_lines<'a>(text: impl IntoIterator<Item = &'a str>) -> usize {
    text.into_iter()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .count()
}

/// The code lines of `seam-burn-tensor`'s source that exist only for the boundary: those
/// between `// ---- BEGIN BOUNDARY` and `// ---- END BOUNDARY` and those that end
/// with `// boundary`.
pub fn seam_boundary_lines(source: &str) -> usize {
    let mut inside = false;
    let mut lines = Vec::new();
    for line in source.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("// ---- BEGIN BOUNDARY") {
            inside = true;
        } else if trimmed.starts_with("// ---- END BOUNDARY") {
            inside = false;
        } else if inside || trimmed.ends_with("// boundary") {
            lines.push(line);
        }
    }
    code_lines(lines)
}

/// The code lines of each item `fn <op>(` of `source` (a declaration to its `;`, a
/// definition to its closing brace), for the ops of [`OPS`]; and the ops found.
pub fn op_item_lines(source: &str) -> (usize, Vec<&'static str>) {
    let lines: Vec<&str> = source.lines().collect();
    let mut total = 0;
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim_start();
        let op = OPS.iter().find(|op| {
            let at = trimmed.find(&format!("fn {op}("));
            at.is_some_and(|at| {
                trimmed[..at]
                    .split_whitespace()
                    .all(|w| w == "pub" || w == "pub(crate)")
            })
        });
        let Some(&op) = op else {
            i += 1;
            continue;
        };
        let mut depth = 0i32;
        let start = i;
        loop {
            let line = lines[i];
            depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
            i += 1;
            let ends =
                (depth == 0 && (line.trim_end().ends_with(';') || line.contains('}'))) || i == lines.len();
            if ends {
                break;
            }
        }
        total += code_lines(lines[start..i].iter().copied());
        if !found.contains(&op) {
            found.push(op);
        }
    }
    (total, found)
}

/// Counts both sides: Burn's bridge in `burn_tensor_src` (burn-tensor's `src/`) and
/// `seam-burn-tensor`'s marked lines.
pub fn boundary_lines(burn_tensor_src: &Path, seam_tensor: &Path) -> BoundaryLines {
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let bridge = burn_tensor_src.join("bridge");
    let mut burn = ["kind.rs", "mod.rs"]
        .iter()
        .map(|f| code_lines(read(&bridge.join(f)).lines()))
        .sum::<usize>();
    let mut ops: Vec<String> = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(bridge.join("ops"))
        .unwrap_or_else(|e| panic!("{}: {e}", bridge.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    for file in files {
        let (lines, found) = op_item_lines(&read(&file));
        burn += lines;
        for op in found {
            if !ops.iter().any(|o| o == op) {
                ops.push(op.to_string());
            }
        }
    }
    BoundaryLines {
        burn,
        burn_ops: ops,
        seam: seam_boundary_lines(&read(seam_tensor)),
    }
}

/// burn-tensor's `src/` in Cargo's registry, from `cargo metadata` of `bench/burn`.
pub fn burn_tensor_src(dir: &Path) -> PathBuf {
    let mut cmd = seam_boundary::cargo_command(false);
    cmd.current_dir(dir).args(["metadata", "--format-version", "1"]);
    let output = cmd.output().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(output.status.success(), "failed: {cmd:?}");
    let json = String::from_utf8_lossy(&output.stdout);
    json.split("\"manifest_path\":\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .find(|path| path.contains("/burn-tensor-"))
        .map(|manifest| Path::new(manifest).with_file_name("src"))
        .expect("burn-tensor is in bench/burn's dependencies")
}

/// The medians and ratios the targets are judged by.
#[derive(Debug, Clone, Copy)]
pub struct Figures {
    /// Median release leaf rebuild, seconds: bridge, standin, seam-on, seam-off.
    pub medians: [f64; 4],
    /// `seam-off / seam-on`, run by run, median.
    pub off_on: f64,
    /// `burn-standin / burn-bridge`, run by run, median.
    pub standin_bridge: f64,
    /// `seam-on / burn-bridge`, run by run, median.
    pub on_bridge: f64,
}

impl Figures {
    /// From the rows, in the order of [`LEAVES`].
    pub fn of(rows: &[BurnRow]) -> Self {
        let t = |i: usize| &rows[i].times;
        Figures {
            medians: [0, 1, 2, 3].map(|i| t(i).median()),
            off_on: t(3).paired_ratio(t(2)).median(),
            standin_bridge: t(1).paired_ratio(t(0)).median(),
            on_bridge: t(2).paired_ratio(t(0)).median(),
        }
    }
}

/// The Markdown section: the table, the targets, how it was measured.
pub fn render(rows: &[BurnRow], lines: &BoundaryLines, header: &str, runs: usize) -> String {
    let f = Figures::of(rows);
    let met = |ok: bool| if ok { "met" } else { "**not met**" };
    let mut out = format!(
        "# The boundary on Burn's tree\n\n{header}; Burn 0.22.1 with {FEATURES}; {runs} release leaf \
         rebuilds per crate, the four alternating run by run.\n\n"
    );
    out.push_str(
        "| crate | the user code over | leaf rebuild, s: median (min–max) | IR `define`s | drop glue \
         | functions of Burn's tree | mono items (Burn's tree) |\n|---|---|---:|---:|---:|---:|---:|\n",
    );
    for row in rows {
        let [defines, drop_glue, backend] = row.ir;
        let mono = row
            .mono
            .map_or("–".to_string(), |m| format!("{} ({})", m.items, m.backend));
        let _ = writeln!(
            out,
            "| `{}` | {} | {:.2} ({:.2}–{:.2}) | {defines} | {drop_glue} | {backend} | {mono} |",
            row.leaf.name,
            row.leaf.what,
            row.times.median(),
            row.times.min(),
            row.times.max(),
        );
    }
    let [bridge, _, on, _] = [0, 1, 2, 3].map(|i| rows[i].ir);
    out.push_str("\nFunctions of Burn's tree by crate: ");
    let by_crate: Vec<String> = rows
        .iter()
        .map(|r| {
            let parts: Vec<String> = BURN_TREE
                .iter()
                .zip(&r.by_crate)
                .map(|(c, n)| format!("{c} {n}"))
                .collect();
            format!("`{}`: {}", r.leaf.name, parts.join(", "))
        })
        .collect();
    out.push_str(&by_crate.join("; "));
    out.push_str(".\n\n## Targets\n\n");
    let _ = writeln!(
        out,
        "- `seam-off` / `seam-on`, paired: **{:.2}x** (target >= 5x: {}); `burn-standin` / `burn-bridge`: \
         {:.2}x; the two within 10% of each other: {}.",
        f.off_on,
        met(f.off_on >= 5.0),
        f.standin_bridge,
        met((f.off_on / f.standin_bridge - 1.0).abs() <= 0.10)
    );
    let _ = writeln!(
        out,
        "- `seam-on` / `burn-bridge`, paired: **{:.2}x** (target <= 1.1x: {}).",
        f.on_bridge,
        met(f.on_bridge <= 1.1)
    );
    let _ = writeln!(
        out,
        "- `seam-on` IR: {} defines against `burn-bridge`'s {} (target <=: {}); drop glue {} (target <= 3: {}); \
         functions of Burn's tree {} (target 0: {}).",
        on[0],
        bridge[0],
        met(on[0] <= bridge[0]),
        on[1],
        met(on[1] <= 3),
        on[2],
        met(on[2] == 0)
    );
    let _ = writeln!(
        out,
        "- Boundary code written by hand for these {} ops: Burn {} lines (`BridgeTensor` and its kinds in \
         `bridge/kind.rs` and `bridge/mod.rs`, and the bridge ops' declarations and implementations of {}); \
         `seam-burn-tensor` {} lines (the erased type, the three conversions, the accessors, the attributes).",
        OPS.len(),
        lines.burn,
        lines.burn_ops.join(", "),
        lines.seam
    );
    out.push_str(
        "\nLeaf rebuild: `touch <crate>/src/lib.rs` then `cargo build --release --lib -p <crate>` in \
         `bench/burn`, wall time; the ratios divide run by run. IR: `cargo rustc --release --lib -p <crate> \
         -- --emit=llvm-ir`, `define`s by demangled symbol; functions of Burn's tree are those whose \
         symbol names one of the crates above. Mono items: nightly `-Zprint-mono-items=yes` (– where \
         nightly was not run). Lines: code lines (no blanks, no comments); in Burn, the boundary of the \
         ops the user code calls, not the public `Tensor` methods (which the macros generate).\n",
    );
    out
}

/// `report/burn.json`: the figures of the targets and each crate's counts.
pub fn json(rows: &[BurnRow], lines: &BoundaryLines, date: &str, rustc: &str, runs: usize) -> String {
    let f = Figures::of(rows);
    let num = |x: f64| {
        if x.is_finite() {
            format!("{x:.4}")
        } else {
            "null".to_string()
        }
    };
    let mut crates = Vec::new();
    for row in rows {
        let mono = row.mono.map_or("null".to_string(), |m| m.items.to_string());
        let mono_backend = row.mono.map_or("null".to_string(), |m| m.backend.to_string());
        let runs: Vec<String> = row.times.0.iter().map(|&t| num(t)).collect();
        crates.push(format!(
            "    \"{}\": {{\"defines\": {}, \"drop_glue\": {}, \"backend_functions\": {}, \"mono_items\": {mono}, \
             \"mono_backend_items\": {mono_backend}, \"leaf_rebuild_s\": [{}]}}",
            row.leaf.name,
            row.ir[0],
            row.ir[1],
            row.ir[2],
            runs.join(", ")
        ));
    }
    format!(
        "{{\n  \"date\": \"{date}\",\n  \"rustc\": \"{rustc}\",\n  \"features\": \"{FEATURES}\",\n  \"runs\": {runs},\n  \
         \"burn_bridge_s\": {},\n  \"burn_standin_s\": {},\n  \"seam_on_s\": {},\n  \"seam_off_s\": {},\n  \
         \"seam_off_on_ratio\": {},\n  \"burn_standin_bridge_ratio\": {},\n  \"seam_on_vs_burn_bridge\": {},\n  \
         \"boundary_lines_burn\": {},\n  \"boundary_lines_seam_on\": {},\n  \"crates\": {{\n{}\n  }}\n}}\n",
        num(f.medians[0]),
        num(f.medians[1]),
        num(f.medians[2]),
        num(f.medians[3]),
        num(f.off_on),
        num(f.standin_bridge),
        num(f.on_bridge),
        lines.burn,
        lines.seam,
        crates.join(",\n")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_marked_seam_lines() {
        let source = "\
use x;
#[outline(erased = Bridge)] // boundary
impl Tensor {
    pub fn exp(self) -> Self { todo!() }
}
// ---- BEGIN BOUNDARY ----
/// Docs are not code.
fn into_bridge(self) -> Bridge {

    self.bridge
}
// ---- END BOUNDARY ----
fn plain() {}
";
        assert_eq!(seam_boundary_lines(source), 4);
    }

    #[test]
    fn counts_the_items_of_the_ops() {
        let source = "\
pub(crate) trait Ops {
    /// Adds.
    fn add(lhs: T, rhs: T) -> T;
    fn add_scalar(lhs: T, rhs: S) -> T;
    fn exp(
        tensor: T,
    ) -> T;
}
impl Ops for Float {
    fn add(lhs: T, rhs: T) -> T {
        match lhs {
            // a comment
            A => { f(lhs, rhs) }
        }
    }
    fn zeros(shape: Shape) -> T { g(shape) }
}
";
        let (lines, found) = op_item_lines(source);
        // add (1) + exp (3) + add (5, the comment left out) + zeros (1)
        assert_eq!(lines, 10);
        assert_eq!(found, vec!["add", "exp", "zeros"]);
    }

    fn row(leaf: Leaf, times: Vec<f64>, ir: [usize; 3]) -> BurnRow {
        BurnRow {
            leaf,
            times: Sample(times),
            ir,
            by_crate: vec![0; BURN_TREE.len()],
            mono: None,
        }
    }

    #[test]
    fn judges_the_targets_and_writes_the_json() {
        let rows = vec![
            row(LEAVES[0], vec![3.0, 4.0], [48, 3, 0]),
            row(LEAVES[1], vec![15.0, 20.0], [442, 150, 480]),
            row(LEAVES[2], vec![3.0, 4.4], [40, 2, 0]),
            row(LEAVES[3], vec![15.0, 22.0], [400, 140, 470]),
        ];
        let lines = BoundaryLines {
            burn: 500,
            burn_ops: vec!["add".to_string()],
            seam: 40,
        };
        let f = Figures::of(&rows);
        assert_eq!((f.off_on, f.standin_bridge), (5.0, 5.0));
        assert!((f.on_bridge - 1.05).abs() < 1e-12);
        let md = render(&rows, &lines, "today", 2);
        assert!(md.contains("**5.00x** (target >= 5x: met)"), "{md}");
        assert!(md.contains("**1.05x** (target <= 1.1x: met)"), "{md}");
        assert!(
            md.contains("40 defines against `burn-bridge`'s 48 (target <=: met)"),
            "{md}"
        );
        assert!(md.contains("Burn 500 lines"), "{md}");
        let json = json(&rows, &lines, "2026-12-01", "rustc 1.95.0", 2);
        for key in [
            "\"burn_bridge_s\": 3.5000",
            "\"seam_off_on_ratio\": 5.0000",
            "\"seam_on_vs_burn_bridge\": 1.0500",
            "\"seam-on\": {\"defines\": 40, \"drop_glue\": 2, \"backend_functions\": 0",
            "\"runs\": 2",
        ] {
            assert!(json.contains(key), "{key} in {json}");
        }
    }
}
