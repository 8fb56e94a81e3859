//! seam-tensor's CPU backend beside candle, Burn (burn-flex) and numpy, on the same
//! cases and inputs, in one run: each round times every case in each library, the
//! libraries in a rotating order, then runs numpy's script once; the table gives the
//! median over rounds of each library's best sample, and seam's time over the best
//! peer's.
//!
//! `cargo run --release --manifest-path bench/peers/Cargo.toml -- [--rounds N]
//! [--filter TEXT] [--threads N]`

mod cases;
mod numpy;

use cases::{Amount, LIBS};
use std::collections::BTreeMap;

struct Options {
    rounds: usize,
    filter: Option<String>,
}

fn options() -> Options {
    let mut options = Options {
        rounds: 5,
        filter: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => options.rounds = args.next().and_then(|n| n.parse().ok()).expect("--rounds N"),
            "--filter" => options.filter = args.next(),
            _ => panic!("unknown argument `{arg}`: --rounds N, --filter TEXT"),
        }
    }
    options
}

fn main() {
    let options = options();
    let mut cases = cases::all();
    if let Some(filter) = &options.filter {
        cases.retain(|c| c.name.contains(filter.as_str()));
    }
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../numpy_bench.py");
    // [case][lib] -> one time per round, ns.
    let mut times = vec![vec![Vec::new(); LIBS.len() + 1]; cases.len()];
    let mut numpy_version = None;
    for round in 0..options.rounds {
        eprintln!("round {} of {}", round + 1, options.rounds);
        for (i, case) in cases.iter_mut().enumerate() {
            for k in 0..LIBS.len() {
                let lib = (k + round + i) % LIBS.len();
                times[i][lib].push(seam_bench::timing::best_ns(&mut case.runs[lib], 3));
            }
        }
        if let Some((version, numpy)) = numpy::run(&script, 0.2) {
            numpy_version = Some(version);
            for (i, case) in cases.iter().enumerate() {
                if let Some(ns) = numpy.get(&case.name) {
                    times[i][LIBS.len()].push(*ns);
                }
            }
        }
    }
    print_table(&cases, &mut times, numpy_version.as_deref());
}

/// A time with its unit, and the case's rate.
fn cell(ns: f64, amount: Amount) -> String {
    let time = match ns {
        ns if ns < 1e4 => format!("{ns:.0} ns"),
        ns if ns < 1e6 => format!("{:.1} us", ns / 1e3),
        ns => format!("{:.2} ms", ns / 1e6),
    };
    match amount {
        Amount::Bytes(b) => format!("{time} ({:.1} GB/s)", b / ns),
        Amount::Flop(f) => format!("{time} ({:.1} GFLOP/s)", f / ns),
        Amount::Op => time,
    }
}

fn print_table(cases: &[cases::Case], times: &mut [Vec<Vec<f64>>], numpy: Option<&str>) {
    println!(
        "Medians over rounds of each library's best sample; numpy: {}; threads: {}.\n",
        numpy.unwrap_or("not run"),
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    println!("| case | seam | candle | burn | numpy | seam / best peer |");
    println!("|---|---:|---:|---:|---:|---:|");
    let mut behind = BTreeMap::new();
    for (case, times) in cases.iter().zip(times) {
        let medians: Vec<Option<f64>> = times
            .iter_mut()
            .map(|t| (!t.is_empty()).then(|| seam_bench::timing::median(t)))
            .collect();
        let cells: Vec<String> = medians
            .iter()
            .map(|m| m.map_or("–".into(), |ns| cell(ns, case.amount)))
            .collect();
        let seam = medians[0].expect("seam ran");
        let (peer, best) = medians[1..]
            .iter()
            .enumerate()
            .filter_map(|(i, m)| m.map(|ns| (i, ns)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .expect("a peer ran");
        let ratio = seam / best;
        let peer = ["candle", "burn", "numpy"][peer];
        if ratio > 1.0 {
            behind.insert(case.name.clone(), (peer, ratio));
        }
        println!(
            "| {} | {} | {} | {} | {} | {ratio:.2} ({peer}) |",
            case.name, cells[0], cells[1], cells[2], cells[3]
        );
    }
    println!(
        "\nseam behind the best peer in {} of {} cases:",
        behind.len(),
        cases.len()
    );
    for (name, (peer, ratio)) in behind {
        println!("- {name}: {ratio:.2}x {peer}'s time");
    }
}
