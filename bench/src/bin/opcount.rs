//! Instructions per op, counted by callgrind: the per-op cost without the noise of a
//! shared machine.
//!
//! Each case runs in a child process of this one under `valgrind --tool=callgrind`,
//! twice: looping 1,000 times and 2,000 times over the op. The difference of the two
//! counts, over 1,000, is the op's cost alone: the process's start, the inputs and the
//! loop's setup cancel out. The figures quoted in `seam-cpu`'s crate doc and on
//! `seam_backend::INLINE_RANK` come from this.
//!
//! `cargo run --release -p seam-bench --bin opcount` (needs `valgrind`; about a minute)

use seam_bench::data::tensor;
use seam_tensor::Tensor;
use std::hint::black_box;
use std::process::Command;

/// The loop counts of the two runs of each case.
const RUNS: [u64; 2] = [1_000, 2_000];

/// A case: its inputs built once, then the op run `n` times.
type Case = fn(u64);

/// The cases, by name.
const CASES: [(&str, Case); 6] = [
    ("clone and drop two 1-element tensors", |n| {
        let (a, b) = (tensor([1], 1), tensor([1], 2));
        for _ in 0..n {
            black_box((a.clone(), b.clone()));
        }
    }),
    ("a.clone() + b.clone(), 1 element", |n| {
        let (a, b) = (tensor([1], 1), tensor([1], 2));
        for _ in 0..n {
            black_box(a.clone() + b.clone());
        }
    }),
    ("a.clone() + b.clone(), 256 elements", |n| {
        let (a, b) = (tensor([256], 1), tensor([256], 2));
        for _ in 0..n {
            black_box(a.clone() + b.clone());
        }
    }),
    ("a.clone().add_scalar(1.0), 1 element", |n| {
        let a = tensor([1], 1);
        for _ in 0..n {
            black_box(a.clone().add_scalar(1.0));
        }
    }),
    ("a.clone().exp(), 1 element", |n| {
        let a = tensor([1], 1);
        for _ in 0..n {
            black_box(a.clone().exp());
        }
    }),
    ("chain of 10 ops, 4x4 (per chain)", |n| {
        let (x, w, b) = (tensor([4, 4], 1), tensor([4, 4], 2), tensor([4, 4], 3));
        for _ in 0..n {
            black_box(chain(&x, &w, &b));
        }
    }),
];

/// The 10-op chain of `bench/peers` and of the `boundary` bench.
fn chain(x: &Tensor<2>, w: &Tensor<2>, b: &Tensor<2>) -> Tensor<2> {
    let h = x.clone().matmul(w.clone()) + b.clone();
    let h = h.relu().mul_scalar(0.5).add_scalar(0.1);
    let h = (h.clone() * h).exp();
    h.softmax(1).transpose().sum_dim(0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, case, n] = &args[..]
        && flag == "--child"
    {
        let n = n.parse().expect("the child's loop count");
        CASES[case.parse::<usize>().expect("the child's case")].1(n);
        return;
    }
    let me = std::env::current_exe().expect("the path of this binary");
    println!("| case | instructions per op |\n|---|---:|");
    for (index, (name, _)) in CASES.iter().enumerate() {
        let [few, many] = RUNS.map(|n| instructions(&me, index, n));
        let per_op = (many as f64 - few as f64) / (RUNS[1] - RUNS[0]) as f64;
        println!("| {name} | {per_op:.0} |");
    }
}

/// The instructions callgrind counts in a child running case `index` `n` times.
fn instructions(me: &std::path::Path, index: usize, n: u64) -> u64 {
    let output = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(me)
        .args(["--child", &index.to_string(), &n.to_string()])
        .output()
        .unwrap_or_else(|e| {
            panic!("opcount runs valgrind, which did not start ({e}): install it (apt install valgrind)")
        });
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the callgrind run failed:\n{log}");
    log.lines()
        .find_map(|line| line.split("Collected :").nth(1))
        .and_then(|count| count.trim().parse().ok())
        .unwrap_or_else(|| panic!("no `Collected :` line in callgrind's output:\n{log}"))
}
