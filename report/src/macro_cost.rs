//! What the macros cost: the build time of `seam-macros`, and the share of
//! `seam-tensor`'s build spent in them (their own `SEAM_MACROS_TIMING` report, and
//! nightly's `-Ztime-passes` and `-Zmacro-stats` for the whole expansion pass).

use crate::builds::run;
use crate::stats::Sample;
use crate::variant::Profile;
use seam_boundary::cargo_command;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// `cargo <args> -p <package> --target-dir <dir> [--release]` in the workspace, not
/// incremental (as the fixture's builds), with nightly or not.
fn cargo(
    nightly: bool,
    workspace: &Path,
    args: &[&str],
    package: &str,
    dir: &Path,
    profile: Profile,
) -> Command {
    let mut cmd = cargo_command(nightly);
    cmd.current_dir(workspace)
        .args(args)
        .args([
            "-p",
            package,
            "--config",
            "profile.dev.incremental=false",
            "--target-dir",
        ])
        .arg(dir);
    if profile.is_release() {
        cmd.arg("--release");
    }
    cmd
}

/// Build times of `seam-macros` in the dev profile (how a `cargo build` of a user
/// crate builds it).
#[derive(Debug, Clone, Default)]
pub struct MacrosBuild {
    /// The crate with its dependencies (`syn`, `quote`, `proc-macro2`), from an
    /// empty target dir. Seconds.
    pub cold: f64,
    /// The crate alone, its dependencies built. Seconds, one per run.
    pub alone: Sample,
}

/// Times `cargo build -p seam-macros`: once from an empty target dir, then `runs`
/// times after `cargo clean -p seam-macros`.
pub fn macros_build(workspace: &Path, dir: &Path, runs: usize) -> MacrosBuild {
    let _ = std::fs::remove_dir_all(dir);
    let build = || {
        cargo(
            false,
            workspace,
            &["build", "--lib"],
            "seam-macros",
            dir,
            Profile::Dev,
        )
    };
    let start = Instant::now();
    run(build());
    let cold = start.elapsed().as_secs_f64();
    let mut alone = Sample::default();
    for _ in 0..runs {
        run(cargo(
            false,
            workspace,
            &["clean"],
            "seam-macros",
            dir,
            Profile::Dev,
        ));
        let start = Instant::now();
        run(build());
        alone.0.push(start.elapsed().as_secs_f64());
    }
    MacrosBuild { cold, alone }
}

/// Builds of `seam-tensor` (CPU backend) with `SEAM_MACROS_TIMING=1`.
#[derive(Debug, Clone, Default)]
pub struct TensorBuild {
    /// Wall time of `cargo build -p seam-tensor --lib`, its dependencies built.
    /// Seconds, one per run.
    pub crate_build: Sample,
    /// The time the seam macros ran in that build, summed over their calls. Seconds,
    /// one per run.
    pub macros: Sample,
    /// Macro calls in one build.
    pub calls: usize,
}

impl TensorBuild {
    /// The macros' median time as a percentage of the median crate build.
    pub fn share(&self) -> f64 {
        100.0 * self.macros.median() / self.crate_build.median()
    }
}

/// Builds `seam-tensor` in `profile`, its dependencies first, then `runs` times after
/// `cargo clean -p seam-tensor`, summing the macros' own timing lines.
pub fn tensor_build(workspace: &Path, dir: &Path, profile: Profile, runs: usize) -> TensorBuild {
    let tensor = |args: &[&str]| cargo(false, workspace, args, "seam-tensor", dir, profile);
    run(tensor(&["build", "--lib"]));
    let mut result = TensorBuild::default();
    for _ in 0..runs {
        run(tensor(&["clean"]));
        let mut cmd = tensor(&["build", "--lib"]);
        cmd.env("SEAM_MACROS_TIMING", "1");
        let start = Instant::now();
        let output = cmd.output().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
        result.crate_build.0.push(start.elapsed().as_secs_f64());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "failed: {cmd:?}\n{stderr}");
        let (calls, micros) = macro_timing(&stderr);
        assert!(
            calls > 0,
            "no `seam-macros timing` lines in the build's output:\n{stderr}"
        );
        result.calls = calls;
        result.macros.0.push(micros as f64 / 1e6);
    }
    result
}

/// The number of `seam-macros timing: <macro> <n> us` lines and the sum of their `n`.
fn macro_timing(output: &str) -> (usize, u64) {
    output
        .lines()
        .filter_map(|l| l.trim().strip_prefix("seam-macros timing: "))
        .filter_map(|rest| rest.split_whitespace().nth(1)?.parse::<u64>().ok())
        .fold((0, 0), |(n, sum), us| (n + 1, sum + us))
}

/// One build of `seam-tensor` with nightly's `-Ztime-passes -Zmacro-stats`.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Expansion {
    /// Wall time of `cargo rustc -p seam-tensor`, its dependencies built. Seconds.
    pub crate_build: f64,
    /// rustc's `expand_crate` pass: every macro of the crate (derives, `macro_rules`,
    /// the attribute macros) and loading the crates they come from. Seconds.
    pub expand: f64,
    /// Lines that `#[outline]`, `#[opaque]` and `#[ext_fn]` generate.
    pub seam_lines: u64,
    /// Lines that all macros of the crate generate.
    pub all_lines: u64,
}

impl Expansion {
    /// The expansion pass as a percentage of the crate build.
    pub fn share(&self) -> f64 {
        100.0 * self.expand / self.crate_build
    }
}

/// Builds `seam-tensor` (CPU backend) with nightly in `profile`, its dependencies
/// first, and reads the expansion figures off its time passes and macro stats.
pub fn expansion(workspace: &Path, dir: &Path, profile: Profile) -> Expansion {
    let tensor = |args: &[&str]| cargo(true, workspace, args, "seam-tensor", dir, profile);
    run(tensor(&["build", "--lib"]));
    run(tensor(&["clean"]));
    let mut cmd = tensor(&["rustc", "--lib"]);
    cmd.args(["--", "-Ztime-passes", "-Zmacro-stats"]);
    let start = Instant::now();
    let output = cmd.output().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    let crate_build = start.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "failed: {cmd:?}\n{stderr}");
    let (seam_lines, all_lines) = macro_lines(&stderr);
    Expansion {
        crate_build,
        expand: pass_seconds(&stderr, "expand_crate")
            .unwrap_or_else(|| panic!("no expand_crate pass in rustc's output:\n{stderr}")),
        seam_lines,
        all_lines,
    }
}

/// The seconds of the first `time: <s>; rss: ... <pass>` line for `pass`.
fn pass_seconds(output: &str, pass: &str) -> Option<f64> {
    output
        .lines()
        .filter(|l| l.split_whitespace().next_back() == Some(pass))
        .find_map(|l| l.strip_prefix("time:")?.split(';').next()?.trim().parse().ok())
}

/// The generated lines of the seam macros and of all macros, from `-Zmacro-stats`
/// rows `macro-stats <name> <uses> <lines> <avg lines> <bytes> <avg bytes>`.
fn macro_lines(output: &str) -> (u64, u64) {
    let (mut seam, mut all) = (0, 0);
    for row in output.lines().filter_map(|l| l.strip_prefix("macro-stats ")) {
        let fields: Vec<&str> = row.split_whitespace().collect();
        let [name @ .., _uses, lines, _, _, _] = fields.as_slice() else {
            continue;
        };
        // Large numbers are written with `_` between thousands.
        let Ok(lines) = lines.replace('_', "").parse::<u64>() else {
            continue; // the header and the rules
        };
        let name = name.join(" ");
        all += lines;
        if ["outline", "opaque", "ext_fn"].iter().any(|m| name.contains(m)) {
            seam += lines;
        }
    }
    (seam, all)
}

#[cfg(test)]
mod tests {
    use super::*;

    const OUTPUT: &str = "\
time:   0.012; rss:   35MB ->   37MB (   +2MB)\tparse_crate
time:   0.433; rss:   42MB ->   55MB (  +13MB)\texpand_crate
macro-stats ===================================================================================
macro-stats MACRO EXPANSION STATS: seam_tensor
macro-stats Macro Name                         Uses      Lines  Avg Lines      Bytes  Avg Bytes
macro-stats -----------------------------------------------------------------------------------
macro-stats #[outline]                            8      2_400      300.0     90_000   11_250.0
macro-stats #[derive(Debug)]                      1          7        7.0        229      229.0
macro-stats #[opaque]                             2        100       50.0       3000     1500.0
macro-stats ===================================================================================
time:   0.440; rss:   42MB ->   55MB (  +14MB)\tmacro_expand_crate
";

    #[test]
    fn reads_the_expand_pass() {
        assert_eq!(pass_seconds(OUTPUT, "expand_crate"), Some(0.433));
        assert_eq!(pass_seconds(OUTPUT, "macro_expand_crate"), Some(0.44));
        assert_eq!(pass_seconds(OUTPUT, "codegen_crate"), None);
    }

    #[test]
    fn sums_the_macros_own_timing() {
        let output = "   Compiling seam-tensor v0.1.0\nseam-macros timing: outline 1200 us\n\
                      seam-macros timing: opaque 35 us\nwarning: something\n";
        assert_eq!(macro_timing(output), (2, 1235));
    }

    #[test]
    fn sums_the_seam_macros_lines() {
        assert_eq!(macro_lines(OUTPUT), (2500, 2507));
    }
}
