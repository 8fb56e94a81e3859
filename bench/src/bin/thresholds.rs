//! Where the CPU backend's threads start to pay, on this machine.
//!
//! Each case is timed at sizes from 2^12 to 2^21 elements three times, in child
//! processes of this one: with every kernel on the calling thread
//! (`SEAM_CPU_PARALLEL_THRESHOLD` at its maximum), with every kernel split across
//! rayon's threads (the variable at 1), and with the backend's own thresholds (the
//! variable unset), the three alternating round by round. The table gives the
//! median over rounds of each child's best sample, the split and the default over
//! the one-thread time, and for each case the least size from which the split is
//! faster at every larger size: the threshold that case asks for. The backend's
//! thresholds are chosen from these (see `seam-cpu`'s docs); the default column
//! shows whether they pick the faster of the two at each size.
//!
//! `cargo run --release -p seam-bench --bin thresholds -- [--rounds N]`

use seam_bench::data::tensor;
use seam_bench::timing::{best_ns, median};
use seam_cpu::THRESHOLD_VAR;
use std::collections::BTreeMap;
use std::process::Command;

/// The sizes, in elements, of each case's input.
const SIZES: std::ops::RangeInclusive<u32> = 12..=21;

/// A case's run at `n` elements: its inputs built once, the returned closure timed.
type Case = fn(usize) -> Box<dyn FnMut()>;

/// The cases, by name.
const CASES: [(&str, Case); 4] = [
    ("add", |n| {
        let (a, b) = (tensor([n], 1), tensor([n], 2));
        Box::new(move || drop(a.clone() + b.clone()))
    }),
    ("exp", |n| {
        let a = tensor([n], 1);
        Box::new(move || drop(a.clone().exp()))
    }),
    ("sum_dim(1), rows of 256", |n| {
        let a = tensor([n / 256, 256], 1);
        Box::new(move || drop(a.clone().sum_dim(1)))
    }),
    ("softmax(1), rows of 256", |n| {
        let a = tensor([n / 256, 256], 1);
        Box::new(move || drop(a.clone().softmax(1)))
    }),
];

/// The ways each case runs: the name, and the threshold the child gets (none: the
/// backend's own).
const MODES: [(&str, Option<usize>); 3] = [
    ("1 thread", Some(usize::MAX)),
    ("split", Some(1)),
    ("default", None),
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--child") {
        child();
        return;
    }
    let rounds = match args.as_slice() {
        [] => 5,
        [flag, n] if flag == "--rounds" => n.parse().expect("--rounds takes a number"),
        _ => panic!("usage: thresholds [--rounds N]"),
    };
    // (case, log2 size, mode) -> the child's best time of each round, in ns.
    let mut times: BTreeMap<(usize, u32, usize), Vec<f64>> = BTreeMap::new();
    let exe = std::env::current_exe().expect("the path of this binary");
    for round in 0..rounds {
        eprintln!("round {} of {rounds}", round + 1);
        for k in 0..MODES.len() {
            let mode = (k + round) % MODES.len();
            let mut child = Command::new(&exe);
            child.arg("--child");
            match MODES[mode].1 {
                Some(threshold) => child.env(THRESHOLD_VAR, threshold.to_string()),
                None => child.env_remove(THRESHOLD_VAR),
            };
            let out = child.output().expect("a child process");
            assert!(
                out.status.success(),
                "the child failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            for line in String::from_utf8(out.stdout).expect("utf-8").lines() {
                let [case, size, ns] = line.split('\t').collect::<Vec<_>>()[..] else {
                    panic!("a line of three fields, got {line:?}");
                };
                let key = (case.parse().unwrap(), size.parse().unwrap(), mode);
                times.entry(key).or_default().push(ns.parse().unwrap());
            }
        }
    }
    report(&mut times, rounds);
}

/// Times every case at every size, one line per pair: `case \t log2 size \t ns`.
fn child() {
    for (c, (_, case)) in CASES.iter().enumerate() {
        for log in SIZES {
            let mut run = case(1 << log);
            println!("{c}\t{log}\t{}", best_ns(&mut *run, 3));
        }
    }
}

fn report(times: &mut BTreeMap<(usize, u32, usize), Vec<f64>>, rounds: usize) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("Medians over {rounds} rounds of each child's best sample; {threads} threads available.\n");
    println!("| case | elements | 1 thread | split | default | split / 1 thread | default / faster |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut pays_from = Vec::new();
    for (c, (name, _)) in CASES.iter().enumerate() {
        let mut from = None;
        for log in SIZES {
            let mut at = |mode| median(times.get_mut(&(c, log, mode)).expect("every case timed"));
            let (serial, split, default) = (at(0), at(1), at(2));
            let ratio = split / serial;
            let picked = default / serial.min(split);
            println!(
                "| {name} | 2^{log} | {} | {} | {} | {ratio:.2} | {picked:.2} |",
                show(serial),
                show(split),
                show(default)
            );
            // The least size from which every larger one is faster split.
            from = if ratio < 1.0 { from.or(Some(log)) } else { None };
        }
        pays_from.push((name, from));
    }
    println!();
    for (name, from) in pays_from {
        match from {
            Some(log) => println!("- {name}: the split is faster from 2^{log} elements on"),
            None => println!("- {name}: the split is not faster at 2^{} elements", SIZES.end()),
        }
    }
}

fn show(ns: f64) -> String {
    if ns < 1e3 {
        format!("{ns:.0} ns")
    } else if ns < 1e6 {
        format!("{:.1} us", ns / 1e3)
    } else {
        format!("{:.2} ms", ns / 1e6)
    }
}
