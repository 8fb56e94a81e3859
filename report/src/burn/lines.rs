//! Lines of boundary code written by hand, on each side, for the whole `Tensor` API:
//! Burn's bridge (`src/bridge/`: its kinds, `BridgeTensor` and the bridge ops) and the
//! `*_impl` functions of `src/tensor/api/`, and `seam-burn-tensor`'s marked lines.

use std::path::{Path, PathBuf};

/// Lines of boundary code that a library author writes by hand.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoundaryLines {
    /// Burn: every code line of `src/bridge/` and of the `*_impl` functions of
    /// `src/tensor/api/`.
    pub burn: usize,
    /// Of those, the lines of the `*_impl` functions.
    pub burn_impl_lines: usize,
    /// The number of `*_impl` functions.
    pub burn_impls: usize,
    /// `seam-burn-tensor`: the erased type, the three conversions and the
    /// accessors, and the attribute lines.
    pub seam: usize,
    /// `seam-burn-tensor`'s kinds: the kind types and each kind's ops (`kind.rs`),
    /// which Burn's count includes on its side (`bridge/kind.rs`, `bridge/ops/`).
    pub seam_kinds: usize,
}

impl BoundaryLines {
    /// `seam-burn-tensor`'s lines counted as Burn's are: kinds included.
    pub fn seam_with_kinds(&self) -> usize {
        self.seam + self.seam_kinds
    }
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

/// The code lines of each function `fn <name>_impl(` of `source`, from its signature
/// to its closing brace, and how many there are.
pub fn impl_fn_lines(source: &str) -> (usize, usize) {
    let lines: Vec<&str> = source.lines().collect();
    let (mut total, mut count) = (0, 0);
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim_start();
        let is_impl = trimmed.find("fn ").is_some_and(|at| {
            let head = &trimmed[..at];
            let name = trimmed[at + 3..].split(['(', '<']).next().unwrap_or("");
            head.split_whitespace()
                .all(|w| ["pub", "pub(crate)", "async"].contains(&w))
                && name.ends_with("_impl")
        });
        if !is_impl {
            i += 1;
            continue;
        }
        let (start, mut depth, mut opened) = (i, 0i32, false);
        while i < lines.len() {
            let line = lines[i];
            depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
            opened |= line.contains('{');
            i += 1;
            if opened && depth <= 0 {
                break;
            }
        }
        total += code_lines(lines[start..i].iter().copied());
        count += 1;
    }
    (total, count)
}

/// The `.rs` files under `dir`, in name order, subfolders included.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Counts both sides: Burn's bridge in `burn_tensor_src` (burn-tensor's `src/`) and
/// the marked lines of `seam-burn-tensor`'s `src/` (`seam_tensor`).
pub fn boundary_lines(burn_tensor_src: &Path, seam_tensor: &Path) -> BoundaryLines {
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let bridge: usize = rust_files(&burn_tensor_src.join("bridge"))
        .iter()
        .map(|f| code_lines(read(f).lines()))
        .sum();
    let (mut burn_impl_lines, mut burn_impls) = (0, 0);
    for file in rust_files(&burn_tensor_src.join("tensor/api")) {
        let (lines, count) = impl_fn_lines(&read(&file));
        burn_impl_lines += lines;
        burn_impls += count;
    }
    // Every file of the crate, in name order: the markers may sit in any of them.
    let seam: String = rust_files(seam_tensor)
        .iter()
        .map(|f| read(f))
        .collect::<Vec<_>>()
        .join("\n");
    BoundaryLines {
        burn: bridge + burn_impl_lines,
        burn_impl_lines,
        burn_impls,
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
    fn counts_the_impl_functions() {
        let source = "\
fn exp_impl(p: BridgeTensor) -> BridgeTensor {
    // a comment
    BridgeTensor::float(Dispatch::float_exp(p.into_float()))
}

pub(crate) async fn into_data_async_impl(
    p: BridgeTensor,
) -> Result<TensorData, ExecutionError> {
    match p { A => { f(p).await } }
}
fn not_one(x: u8) {}
pub fn exp(self) -> Self { Self::new(exp_impl(self.primitive)) }
";
        // exp_impl (3, the comment left out) + into_data_async_impl (5)
        assert_eq!(impl_fn_lines(source), (8, 2));
    }
}
