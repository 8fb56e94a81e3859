//! seam-tensor's CPU backend beside candle, Burn (burn-flex) and numpy, on the same
//! cases and inputs, in one run, and beside the machine's limit for the memory-bound
//! cases (a `memcpy` or a streaming read of as many bytes). Each round times every
//! case in each library and its limit, in an order that rotates from case to case
//! and round to round, then runs numpy's script once. The table gives the median over
//! rounds of each library's best sample, and two ratios paired round by round, each
//! with the sign test's 95% interval of its median: seam's time over the best peer's,
//! and seam's rate as a fraction of the limit's.
//!
//! `cargo run --release --manifest-path bench/peers/Cargo.toml -- [--rounds N]
//! [--filter TEXT] [--svg PATH]`

mod cases;
mod limit;
mod numpy;
mod plot;
mod table;

use cases::LIBS;
use std::path::PathBuf;

struct Options {
    rounds: usize,
    filter: Option<String>,
    svg: PathBuf,
}

fn options() -> Options {
    let mut options = Options {
        rounds: 9,
        filter: None,
        svg: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("RESULTS.svg"),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => options.rounds = args.next().and_then(|n| n.parse().ok()).expect("--rounds N"),
            "--filter" => options.filter = args.next(),
            "--svg" => options.svg = args.next().expect("--svg PATH").into(),
            _ => panic!("unknown argument `{arg}`: --rounds N, --filter TEXT, --svg PATH"),
        }
    }
    options
}

/// The machine's load averages (1, 5, 15 minutes), as `/proc/loadavg` gives them.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg").map_or_else(
        |_| "unknown".into(),
        |l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
    )
}

fn main() {
    let options = options();
    let mut cases = cases::all();
    if let Some(filter) = &options.filter {
        cases.retain(|c| c.name.contains(filter.as_str()));
    }
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../numpy_bench.py");
    // Each case's runs: the libraries', then its limit's (one thread, split).
    let mut runs: Vec<Vec<Box<dyn FnMut()>>> = cases
        .iter_mut()
        .map(|case| {
            let mut runs = std::mem::take(&mut case.runs);
            runs.extend(case.limit.map(limit::Limit::runs).unwrap_or_default());
            runs
        })
        .collect();
    let mut times = table::Times::new(cases.len());
    let mut numpy_version = None;
    let load_before = load();
    for round in 0..options.rounds {
        eprintln!("round {} of {}", round + 1, options.rounds);
        for (i, runs) in runs.iter_mut().enumerate() {
            let mut limit = f64::INFINITY;
            let mut round_times = [f64::NAN; LIBS.len()];
            for k in 0..runs.len() {
                let run = (k + round + i) % runs.len();
                let ns = seam_bench::timing::best_ns(&mut runs[run], 3);
                match round_times.get_mut(run) {
                    Some(time) => *time = ns,
                    None => limit = limit.min(ns),
                }
            }
            times.push_round(i, &round_times, limit.is_finite().then_some(limit));
        }
        if let Some((version, numpy)) = numpy::run(&script, 0.2, options.filter.as_deref()) {
            numpy_version = Some(version);
            for (i, case) in cases.iter().enumerate() {
                times.push_numpy(i, round, numpy.get(&case.name).copied());
            }
        }
    }
    let rows = table::rows(&cases, &times);
    println!(
        "{} rounds; numpy: {}; threads: {}; load average (1, 5, 15 min) before {}, after {}.\n",
        options.rounds,
        numpy_version.as_deref().unwrap_or("not run"),
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        load_before,
        load()
    );
    table::print(&cases, &rows);
    plot::svg(&cases, &rows, &options.svg);
    eprintln!("plot: {}", options.svg.display());
}
