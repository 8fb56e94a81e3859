//! The execution check: the four leaves run the same user code on Burn's flex
//! backend (the CPU) on the same seeded inputs, and must give the same outputs.
//! Each leaf's `examples/agree.rs` prints `run(&flex, seed)`, one value a line.

use super::{BurnBuilds, LEAVES};
use crate::progress::Progress;

/// Two outputs agree when they differ by at most this, relative to the larger
/// magnitude (or absolutely, below 1).
pub const TOLERANCE: f64 = 1e-5;

/// What the check found.
#[derive(Debug, Clone, PartialEq)]
pub struct Agreement {
    /// The seed of the inputs.
    pub seed: u64,
    /// The number of outputs each leaf gave (burn-bridge's).
    pub outputs: usize,
    /// The largest difference from burn-bridge's outputs, relative as in
    /// [`TOLERANCE`], over the other three leaves.
    pub max_difference: f64,
    /// Whether every leaf gave as many outputs, all finite, all within [`TOLERANCE`].
    pub ok: bool,
    /// What disagreed, one line each (empty when `ok`).
    pub problems: Vec<String>,
}

/// Compares the outputs of the four leaves (in the order of [`LEAVES`]) with the
/// first, burn-bridge's.
pub fn compare(seed: u64, outputs: &[Vec<f64>]) -> Agreement {
    let reference = &outputs[0];
    let mut problems = Vec::new();
    let mut max_difference = 0.0f64;
    if reference.is_empty() {
        problems.push(format!("{} gave no output", LEAVES[0].name));
    }
    for (leaf, values) in LEAVES.iter().zip(outputs) {
        if let Some(i) = values.iter().position(|v| !v.is_finite()) {
            problems.push(format!("{}: output {i} is {}", leaf.name, values[i]));
        }
    }
    for (leaf, values) in LEAVES.iter().zip(outputs).skip(1) {
        if values.len() != reference.len() {
            problems.push(format!(
                "{}: {} outputs, {} gave {}",
                leaf.name,
                values.len(),
                LEAVES[0].name,
                reference.len()
            ));
            continue;
        }
        let mut worst: Option<(usize, f64)> = None;
        for (i, (a, b)) in reference.iter().zip(values).enumerate() {
            let difference = (a - b).abs() / a.abs().max(b.abs()).max(1.0);
            max_difference = max_difference.max(difference);
            if difference > TOLERANCE && worst.is_none_or(|(_, d)| difference > d) {
                worst = Some((i, difference));
            }
        }
        if let Some((i, difference)) = worst {
            problems.push(format!(
                "{}: output {i} is {} where {} gives {} (difference {difference:.2e})",
                leaf.name, values[i], LEAVES[0].name, reference[i]
            ));
        }
    }
    Agreement {
        seed,
        outputs: reference.len(),
        max_difference,
        ok: problems.is_empty(),
        problems,
    }
}

/// Builds and runs each leaf's `agree` example with `seed` and compares them.
///
/// # Panics
///
/// If a build or a run fails, or prints something that is not a number.
pub fn check_agreement(builds: &BurnBuilds, seed: u64, progress: &Progress) -> Agreement {
    let outputs: Vec<Vec<f64>> = LEAVES
        .iter()
        .map(|leaf| {
            progress.say(format_args!("burn: {}: running the user code on flex", leaf.name));
            let mut cmd = seam_boundary::cargo_command(false);
            cmd.current_dir(&builds.dir)
                .args([
                    "run",
                    "--quiet",
                    "--release",
                    "-p",
                    leaf.name,
                    "--example",
                    "agree",
                ])
                .arg("--target-dir")
                .arg(&builds.target)
                .arg("--")
                .arg(seed.to_string());
            let output = cmd.output().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
            assert!(
                output.status.success(),
                "failed: {cmd:?}\n{}",
                String::from_utf8_lossy(&output.stderr)
            );
            String::from_utf8_lossy(&output.stdout)
                .lines()
                .map(|l| {
                    l.trim()
                        .parse()
                        .unwrap_or_else(|_| panic!("{}: {l:?} is not a number", leaf.name))
                })
                .collect()
        })
        .collect();
    compare(seed, &outputs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_within_the_tolerance_and_names_what_does_not() {
        let base = vec![1.0, -2.5, 1000.0];
        let close = vec![1.0 + 5e-6, -2.5, 1000.0 + 5e-3];
        let ok = compare(7, &[base.clone(), close.clone(), base.clone(), close.clone()]);
        assert!(ok.ok, "{:?}", ok.problems);
        assert_eq!((ok.seed, ok.outputs), (7, 3));
        assert!(ok.max_difference > 0.0 && ok.max_difference <= TOLERANCE);

        let off = vec![1.0, -2.5, 1000.1];
        let short = vec![1.0];
        let nan = vec![1.0, f64::NAN, 1000.0];
        let bad = compare(7, &[base, off, short, nan]);
        assert!(!bad.ok);
        assert_eq!(bad.problems.len(), 3, "{:?}", bad.problems);
        assert!(
            bad.problems
                .iter()
                .any(|p| p.starts_with("burn-standin: output 2"))
        );
        assert!(bad.problems.iter().any(|p| p.starts_with("seam-on: 1 outputs")));
        assert!(
            bad.problems
                .iter()
                .any(|p| p.starts_with("seam-off: output 1 is NaN"))
        );
    }
}
