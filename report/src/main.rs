//! The boundary report: what `#[outline]` and `#[opaque]` save downstream, measured
//! side by side.
//!
//! `cargo run --release -p seam-report` builds `tests/fixture` (the seed
//! experiment's user code: generic functions x 12 tensor ops x ranks 1-4, with the
//! CPU, wgpu and Vulkan backends behind the boundary) in each combination of the
//! boundary's two halves, in release and dev, each in its own target dir. It times
//! leaf rebuilds (`touch` + `cargo build --lib`) run by run alternately, counts what
//! the fixture's LLVM IR defines (and, with nightly, its mono items), scales the
//! fixture to 64 and 256 functions, and measures the macros' own cost. It prints a
//! Markdown report and writes it, with an SVG plot, to `report/`.
//!
//! `--burn` measures instead the boundary on Burn's own tree, in the nested workspace
//! `bench/burn` (see [`burn`]): `BURN.md`, `burn.json` and `burn-rebuilds.svg`.
//!
//! The first run builds the CubeCL stack three times (a base dir for release and
//! one for dev, and release with nightly for the mono items): some 35 minutes on 2
//! cores. Reruns reuse the target dirs under `<target>/seam-report/`.

mod builds;
mod burn;
mod macro_cost;
mod mono;
mod plot;
mod progress;
use seam_report::stats;
mod table;
mod variant;

use builds::Builds;
use macro_cost::{expansion, macros_build, tensor_build};
use mono::mono_items;
use progress::Progress;
use seam_boundary::{IrCounts, nightly_available};
use stats::Sample;
use std::path::PathBuf;
use std::process::Command;
use table::Row;
use variant::{Profile, Variant};

const USAGE: &str = "\
usage: cargo run --release -p seam-report -- [options]
  --runs N            leaf rebuilds per build (default 5)
  --sizes 16,64,256   fixture sizes in user functions (16 gets all four variants)
  --profiles release,dev
  --cpu-only          only the CPU backend behind the boundary (no CubeCL stack)
  --no-nightly        skip what needs nightly (mono items, expansion time)
  --out DIR           where REPORT.md and boundary-scaling.svg go (default report/)
  --burn              the boundary on Burn's tree instead (bench/burn): BURN.md,
                      burn.json and burn-rebuilds.svg (--runs, default 15 there,
                      and --no-nightly apply)
  --burn-target DIR   its target dir (default <target>/seam-report/burn; Burn's
                      tree takes some 80 minutes to build there the first time)
  --seed N            the seed of the rounds' orders and of the inputs of the
                      execution check (default 20261203)
  --agree-only        with --burn: only run the four leaves on flex and check
                      that they agree (no timing, no report written)
  --no-agree          with --burn: skip that check";

/// The command line.
#[derive(Debug, Clone)]
struct Options {
    runs: usize,
    sizes: Vec<usize>,
    profiles: Vec<Profile>,
    cpu_only: bool,
    nightly: bool,
    out: Option<PathBuf>,
    burn: bool,
    burn_target: Option<PathBuf>,
    seed: u64,
    agree: Agree,
}

/// Whether `--burn` runs the execution check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Agree {
    /// With the measurements (the default).
    Also,
    /// Alone.
    Only,
    /// Not at all.
    Skip,
}

impl Options {
    fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
        let mut o = Options {
            runs: 0,
            sizes: vec![16, 64, 256],
            profiles: vec![Profile::Release, Profile::Dev],
            cpu_only: false,
            nightly: true,
            out: None,
            burn: false,
            burn_target: None,
            seed: 20261203,
            agree: Agree::Also,
        };
        let mut runs = None;
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let mut value = || args.next().ok_or(format!("{arg} needs a value"));
            match arg.as_str() {
                "--runs" => runs = Some(value()?.parse().map_err(|_| "--runs takes a number")?),
                "--sizes" => {
                    o.sizes = value()?
                        .split(',')
                        .map(|s| match s.trim().parse() {
                            Ok(n @ (16 | 64 | 256)) => Ok(n),
                            _ => Err(format!("--sizes: {s} is not one of 16, 64, 256")),
                        })
                        .collect::<Result<_, _>>()?
                }
                "--profiles" => {
                    o.profiles = value()?
                        .split(',')
                        .map(|s| match s.trim() {
                            "release" => Ok(Profile::Release),
                            "dev" => Ok(Profile::Dev),
                            other => Err(format!("--profiles: {other} is not release or dev")),
                        })
                        .collect::<Result<_, _>>()?
                }
                "--cpu-only" => o.cpu_only = true,
                "--no-nightly" => o.nightly = false,
                "--out" => o.out = Some(PathBuf::from(value()?)),
                "--burn" => o.burn = true,
                "--burn-target" => o.burn_target = Some(PathBuf::from(value()?)),
                "--seed" => o.seed = value()?.parse().map_err(|_| "--seed takes a number")?,
                "--agree-only" => o.agree = Agree::Only,
                "--no-agree" => o.agree = Agree::Skip,
                "-h" | "--help" => return Err(String::new()),
                other => return Err(format!("unknown argument {other}")),
            }
        }
        // Burn's comparison needs enough rounds for an interval of each ratio.
        o.runs = runs.unwrap_or(if o.burn { 15 } else { 5 });
        if o.runs == 0 || o.sizes.is_empty() || o.profiles.is_empty() {
            return Err("--runs, --sizes and --profiles need at least one value".to_string());
        }
        Ok(o)
    }

    /// The variants built at a size: all four at 16 functions, on and off beyond.
    fn variants(size: usize) -> &'static [Variant] {
        if size == 16 {
            &Variant::ALL
        } else {
            &[Variant::ON, Variant::OFF]
        }
    }
}

fn main() {
    let options = match Options::parse(std::env::args().skip(1)) {
        Ok(o) => o,
        // `--help` (an empty message) is not an error.
        Err(message) if message.is_empty() => {
            println!("{USAGE}");
            return;
        }
        Err(message) => {
            eprintln!("{message}\n{USAGE}");
            std::process::exit(2);
        }
    };
    let progress = Progress::start();
    let workspace = std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
        .join("..");
    let workspace = workspace.canonicalize().unwrap_or(workspace);
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| workspace.join("target"), PathBuf::from);
    let out = options.out.clone().unwrap_or_else(|| workspace.join("report"));
    if options.burn {
        burn_report(&options, &workspace, &target, &out, &progress);
        return;
    }
    let backends = if options.cpu_only {
        vec![]
    } else {
        vec!["seam-tensor/wgpu".to_string(), "seam-tensor/vulkan".to_string()]
    };
    let builds = Builds {
        workspace: workspace.clone(),
        root: target.join("seam-report"),
        backends,
    };
    let cases: Vec<(Variant, usize)> = options
        .sizes
        .iter()
        .flat_map(|&n| Options::variants(n).iter().map(move |&v| (v, n)))
        .collect();

    // 1. Each variant's target dir, everything built.
    for &profile in &options.profiles {
        builds.prepare(profile, &cases, &progress);
    }

    // 2. Leaf rebuilds, the variants of a size alternating run by run.
    let mut rows = Vec::new();
    for &profile in &options.profiles {
        for &size in &options.sizes {
            let variants = Options::variants(size);
            let mut times = vec![Sample::default(); variants.len()];
            for run in 1..=options.runs {
                for (v, &variant) in variants.iter().enumerate() {
                    let seconds = builds.time_leaf_rebuild(&builds.fixture(profile, variant, size));
                    progress.say(format_args!(
                        "{} {variant}, {size} functions, run {run}/{}: {seconds:.2} s",
                        profile.name(),
                        options.runs
                    ));
                    times[v].0.push(seconds);
                }
            }
            for (v, &variant) in variants.iter().enumerate() {
                let ratio = (variant != Variant::ON).then(|| times[v].paired_ratio(&times[0]));
                rows.push(Row {
                    profile,
                    variant,
                    functions: size,
                    times: times[v].clone(),
                    ratio,
                    ir: [0; 3],
                    mono: None,
                });
            }
        }
    }

    // 3. What each build's IR defines.
    for row in &mut rows {
        progress.say(format_args!(
            "{} {}, {} functions: LLVM IR",
            row.profile.name(),
            row.variant,
            row.functions
        ));
        let ll = builds.fixture(row.profile, row.variant, row.functions).emit_ir();
        let ir = std::fs::read_to_string(&ll).unwrap_or_else(|e| panic!("{}: {e}", ll.display()));
        let counts = IrCounts::from_ir(&ir);
        row.ir = [counts.defines.len(), counts.drop_glue.len(), counts.backend.len()];
    }

    // 4. Mono items and expansion time, with nightly.
    let nightly = options.nightly && nightly_available();
    let mut expansions = Vec::new();
    if nightly {
        for row in rows.iter_mut().filter(|r| r.profile == Profile::Release) {
            progress.say(format_args!(
                "nightly {}, {} functions: mono items",
                row.variant, row.functions
            ));
            let dir = builds.root.join("nightly");
            let mut build = builds.build_in(dir, Profile::Release, row.variant, row.functions);
            build.nightly = true;
            row.mono = Some(mono_items(&build, seam_boundary::BACKEND_CRATES));
        }
        for &profile in &options.profiles {
            progress.say(format_args!(
                "nightly {}: seam-tensor's time passes",
                profile.name()
            ));
            let dir = builds.root.join("nightly-tensor");
            expansions.push((profile, expansion(&workspace, &dir, profile)));
        }
    } else {
        progress.say("no nightly toolchain (or --no-nightly): no mono items, no expansion time");
    }
    progress.say("seam-macros: build time");
    let macros = macros_build(&workspace, &builds.root.join("macros"), options.runs);
    let mut tensor = Vec::new();
    for &profile in &options.profiles {
        progress.say(format_args!(
            "{}: seam-tensor's build, the macros timed",
            profile.name()
        ));
        let dir = builds.root.join("tensor");
        tensor.push((profile, tensor_build(&workspace, &dir, profile, options.runs)));
    }

    // 5. The report.
    let report = render(
        &options,
        &rows,
        &macros,
        &tensor,
        &expansions,
        !builds.backends.is_empty(),
    );
    println!("{report}");
    std::fs::create_dir_all(&out).expect("the output dir can be created");
    std::fs::write(out.join("REPORT.md"), &report).expect("REPORT.md is written");
    plot::scaling_svg(&rows, &out.join("boundary-scaling.svg"));
    progress.say(format_args!(
        "wrote {} and {}",
        out.join("REPORT.md").display(),
        out.join("boundary-scaling.svg").display()
    ));
}

/// `--burn`: measures `bench/burn` and writes `BURN.md`, `burn.json` and
/// `burn-rebuilds.svg` to `out`.
fn burn_report(
    options: &Options,
    workspace: &std::path::Path,
    target: &std::path::Path,
    out: &std::path::Path,
    progress: &Progress,
) {
    let builds = burn::BurnBuilds {
        dir: workspace.join("bench/burn"),
        target: options
            .burn_target
            .clone()
            .unwrap_or_else(|| target.join("seam-report").join("burn")),
    };
    // `cargo run` builds each leaf's example (and the leaf) itself.
    let agreement =
        (options.agree != Agree::Skip).then(|| burn::check_agreement(&builds, options.seed, progress));
    if options.agree == Agree::Only {
        let a = agreement.expect("the check ran");
        progress.say(format_args!(
            "burn: {} outputs a leaf, largest relative difference {:.1e}: {}",
            a.outputs,
            a.max_difference,
            if a.ok { "they agree" } else { "they DISAGREE" }
        ));
        for problem in &a.problems {
            progress.say(format_args!("burn: {problem}"));
        }
        if !a.ok {
            std::process::exit(1);
        }
        return;
    }
    let nightly = options.nightly && nightly_available();
    if !nightly {
        progress.say("burn: no nightly toolchain (or --no-nightly): no mono items");
    }
    let (rows, rounds) = burn::measure(&builds, options.runs, options.seed, nightly, progress);
    let lines = burn::boundary_lines(
        &burn::burn_tensor_src(&builds.dir),
        &builds.dir.join("tensor/src"),
    );
    let date = command_line("date", &["-u", "+%Y-%m-%d"]);
    let rustc = command_line("rustc", &["--version"]);
    let header = format!("{date}; {}; {rustc}", machine());
    let report = burn::render(&rows, &rounds, &lines, agreement.as_ref(), &header);
    println!("{report}");
    std::fs::create_dir_all(out).expect("the output dir can be created");
    std::fs::write(out.join("BURN.md"), &report).expect("BURN.md is written");
    std::fs::write(
        out.join("burn.json"),
        burn::json(&rows, &rounds, &lines, agreement.as_ref(), &date, &rustc),
    )
    .expect("burn.json is written");
    plot::burn_svg(&rows, &out.join("burn-rebuilds.svg"));
    progress.say(format_args!(
        "wrote BURN.md, burn.json and burn-rebuilds.svg to {}",
        out.display()
    ));
}

/// The whole Markdown report: where it ran, the headline against the targets, the
/// tables.
fn render(
    options: &Options,
    rows: &[Row],
    macros: &macro_cost::MacrosBuild,
    tensor: &[(Profile, macro_cost::TensorBuild)],
    expansions: &[(Profile, macro_cost::Expansion)],
    cubecl: bool,
) -> String {
    let mut out = format!(
        "# Boundary report\n\n{}; {}; {}; backends behind the boundary: {}; {} leaf rebuilds per build.\n\n",
        command_line("date", &["-u", "+%Y-%m-%d"]),
        machine(),
        command_line("rustc", &["--version"]),
        if cubecl {
            "CPU, CubeCL on wgpu and on Vulkan"
        } else {
            "CPU"
        },
        options.runs,
    );
    out.push_str("## Headline\n\n");
    let ratio_at = |profile: Profile, size: usize| {
        rows.iter()
            .find(|r| r.profile == profile && r.functions == size && r.variant == Variant::OFF)
            .and_then(|r| r.ratio.as_ref())
            .map(Sample::median)
    };
    let met = |ok: bool| if ok { "met" } else { "**not met**" };
    if let Some(r16) = ratio_at(Profile::Release, 16) {
        let ratios: Vec<(usize, f64)> = options
            .sizes
            .iter()
            .filter_map(|&n| ratio_at(Profile::Release, n).map(|r| (n, r)))
            .collect();
        let by_size: Vec<String> = ratios.iter().map(|(n, r)| format!("{n} fns {r:.2}x")).collect();
        // Growth needs two sizes to be judged.
        let grows = (ratios.len() > 1).then(|| {
            let grows = ratios.windows(2).all(|w| w[1].1 > w[0].1);
            format!(" (target: growing with the size: {})", met(grows))
        });
        out.push_str(&format!(
            "- Release leaf rebuild, boundary off / on, 16 functions: **{r16:.2}x** (target >= 5x: {}); \
             by size: {}{}.\n",
            met(r16 >= 5.0),
            by_size.join(", "),
            grows.unwrap_or_default()
        ));
    }
    let on_backend: usize = rows
        .iter()
        .filter(|r| r.variant == Variant::ON)
        .map(|r| r.ir[2])
        .sum();
    let off_backend: Vec<String> = rows
        .iter()
        .filter(|r| r.variant == Variant::OFF)
        .map(|r| format!("{} {} fns: {}", r.profile.name(), r.functions, r.ir[2]))
        .collect();
    out.push_str(&format!(
        "- Backend functions defined by the boundary-on builds: **{on_backend}** (target 0: {}); \
         boundary off: {}.\n",
        met(on_backend == 0),
        off_backend.join(", ")
    ));
    for (profile, t) in tensor {
        let share = t.share();
        let pass = expansions
            .iter()
            .find(|(p, _)| p == profile)
            .map_or(String::new(), |(_, e)| {
                format!(
                    "; rustc's whole expansion pass, every macro included: {:.1}%",
                    e.share()
                )
            });
        out.push_str(&format!(
            "- The seam macros' own time in `seam-tensor`'s {} build: {:.3} s of {:.2} s, **{share:.1}%** \
             (target < 5%: {}){pass}.\n",
            profile.name(),
            t.macros.median(),
            t.crate_build.median(),
            met(share < 5.0)
        ));
    }
    out.push_str("\n## Builds of the fixture\n\n");
    out.push_str(&table::builds_table(rows));
    out.push_str(
        "\nLeaf rebuild: `touch tests/fixture/src/lib.rs` then `cargo build -p seam-fixture --lib`, \
         wall time, not incremental (an incremental dev rebuild of an untouched source reuses \
         everything), the builds of one size alternating run by run; the ratio divides each run by \
         the boundary-on run beside it. IR: `cargo rustc -p seam-fixture --lib -- --emit=llvm-ir`, \
         `define`s counted and sorted by symbol. Backend functions: symbols of `seam_dispatch`, \
         `seam_cpu`, `seam_cubecl`, `cubecl*`, `cubek*`, `wgpu*`, `naga*`. Mono items: nightly \
         `-Zprint-mono-items=yes` on release builds (items before LLVM inlines; backend ones in \
         brackets). The user functions have identical bodies, as in the seed experiment, and \
         LLVM merges identical functions: the optimized IR of a larger fixture defines what \
         the 16-function one does, while its mono items and rebuild times grow.\n",
    );
    out.push_str("\n## The macros' own cost\n\n");
    out.push_str(&table::macro_table(macros, tensor, expansions));
    out.push_str(
        "\nThe macros' own time: `SEAM_MACROS_TIMING=1 cargo build -p seam-tensor` after \
         `cargo clean -p seam-tensor`, each call of `#[outline]`, `#[opaque]` and `#[ext_fn]` \
         timing itself (parse, check, generate), summed. `expand_crate` is rustc's whole \
         expansion pass (`-Ztime-passes`): every macro of the crate, derives and \
         `macro_rules` included, and loading the crates they come from, an upper bound.\n",
    );
    out
}

/// One line of a command's output, or `?`.
fn command_line(program: &str, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.lines().next().map(str::to_string))
        .unwrap_or_else(|| "?".to_string())
}

/// The CPU model, core count and memory of this machine (Linux), else the core count.
fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let field = |file: &str, key: &str| {
        std::fs::read_to_string(file).ok().and_then(|text| {
            text.lines()
                .find(|l| l.starts_with(key))
                .and_then(|l| l.split(':').nth(1))
                .map(|v| v.trim().to_string())
        })
    };
    let cpu = field("/proc/cpuinfo", "model name").unwrap_or_else(|| "unknown CPU".to_string());
    let memory = field("/proc/meminfo", "MemTotal")
        .and_then(|kb| kb.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(String::new(), |kb| format!(", {:.0} GiB", kb / 1024.0 / 1024.0));
    format!("{cpu}, {cores} cores{memory}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, String> {
        Options::parse(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn parses_the_options() {
        let o = parse(&[
            "--runs",
            "3",
            "--sizes",
            "16,64",
            "--profiles",
            "release",
            "--cpu-only",
        ])
        .unwrap();
        assert_eq!(
            (o.runs, o.sizes, o.profiles, o.cpu_only),
            (3, vec![16, 64], vec![Profile::Release], true)
        );
        assert!(parse(&["--sizes", "17"]).unwrap_err().contains("17"));
        assert!(parse(&["--runs"]).unwrap_err().contains("needs a value"));
        assert!(parse(&["--runs", "0"]).is_err());
        assert!(parse(&["--bogus"]).unwrap_err().contains("--bogus"));
        let o = parse(&["--burn", "--burn-target", "/t/burn", "--runs", "7"]).unwrap();
        assert!(o.burn);
        assert_eq!((o.burn_target, o.runs), (Some(PathBuf::from("/t/burn")), 7));
        let o = parse(&["--burn", "--seed", "5", "--agree-only"]).unwrap();
        assert_eq!((o.runs, o.seed, o.agree), (15, 5, Agree::Only));
        assert_eq!(parse(&[]).unwrap().runs, 5);
        assert_eq!(parse(&["--no-agree"]).unwrap().agree, Agree::Skip);
    }
}
