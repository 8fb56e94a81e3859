//! Lines of boundary code written by hand, on each side: Burn's bridge (its kinds,
//! `BridgeTensor` and the bridge ops of the ops the user code calls) and
//! `seam-burn-tensor`'s marked lines.

use std::path::{Path, PathBuf};

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
    /// `seam-burn-tensor`'s kinds: the kind types and the kind dispatch (`by_kind!`),
    /// which Burn's count includes on its side (`bridge/kind.rs`).
    pub seam_kinds: usize,
}

impl BoundaryLines {
    /// `seam-burn-tensor`'s lines counted as Burn's are: kinds included.
    pub fn seam_with_kinds(&self) -> usize {
        self.seam + self.seam_kinds
    }
}

/// The ops the user code calls, with those its `make` and `values` call to write
/// and read a tensor (`into_data_async` is Burn's bridge op behind `into_data`).
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
    "from_data",
    "into_data_async",
];

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
    marked_lines(source, "BOUNDARY", Some("// boundary"))
}

/// The code lines of `seam-burn-tensor`'s kinds: between `// ---- BEGIN KINDS` and
/// `// ---- END KINDS`.
pub fn seam_kind_lines(source: &str) -> usize {
    marked_lines(source, "KINDS", None)
}

/// The code lines between `// ---- BEGIN <marker>` and `// ---- END <marker>`, and
/// those that end with `suffix`.
fn marked_lines(source: &str, marker: &str, suffix: Option<&str>) -> usize {
    let (begin, end) = (format!("// ---- BEGIN {marker}"), format!("// ---- END {marker}"));
    let mut inside = false;
    let mut lines = Vec::new();
    for line in source.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with(&begin) {
            inside = true;
        } else if trimmed.starts_with(&end) {
            inside = false;
        } else if inside || suffix.is_some_and(|s| trimmed.ends_with(s)) {
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
/// the marked lines of `seam-burn-tensor`'s `src/` (`seam_tensor`).
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
    // Every file of the crate, in name order: the markers may sit in any of them.
    let mut files: Vec<PathBuf> = std::fs::read_dir(seam_tensor)
        .unwrap_or_else(|e| panic!("{}: {e}", seam_tensor.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    let seam: String = files.iter().map(|f| read(f)).collect::<Vec<_>>().join("\n");
    BoundaryLines {
        burn,
        burn_ops: ops,
        seam: seam_boundary_lines(&seam),
        seam_kinds: seam_kind_lines(&seam),
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
        assert_eq!(seam_kind_lines(source), 0);
        let kinds = "// ---- BEGIN KINDS ----\npub struct Float;\n\n// a note\npub struct Int;\n// ---- END KINDS ----\nfn f() {} // boundary\n";
        assert_eq!((seam_kind_lines(kinds), seam_boundary_lines(kinds)), (2, 1));
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
    fn from_data(data: D) -> T { g(data) }
}
";
        let (lines, found) = op_item_lines(source);
        // add (1) + exp (3) + add (5, the comment left out) + from_data (1)
        assert_eq!(lines, 10);
        assert_eq!(found, vec!["add", "exp", "from_data"]);
    }
}
