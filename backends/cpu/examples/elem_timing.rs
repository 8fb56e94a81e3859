//! A quick timing harness for the CPU backend's elementwise ops and reductions,
//! against a plain `copy_from_slice` of the same size measured in the same run.
//!
//! ```text
//! cargo run --release -p seam-cpu --example elem_timing
//! ```
//!
//! Bandwidth counts the bytes each op must move: `add` reads two inputs and writes
//! one output, `exp` reads one and writes one, a sum reads its input (the output is
//! small), and the copy reads one buffer and writes another.

use seam_backend::{Backend, BinaryOp, ReduceOp, Scalar, TensorData, UnaryOp};
use seam_cpu::{Cpu, CpuDevice, CpuTensor};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The median of `runs` timings of `f` (after one warm-up call).
fn time(runs: usize, mut f: impl FnMut()) -> Duration {
    f();
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

fn tensor(n: usize, dims: &[usize], scale: f32) -> CpuTensor {
    let values: Vec<f32> = (0..n).map(|i| ((i % 1000) as f32) * scale - 0.5).collect();
    Cpu::from_data(TensorData::new(values, dims.to_vec()), &CpuDevice)
}

fn report(what: &str, bytes: usize, t: Duration, copy_gbs: f64) {
    let gbs = bytes as f64 / t.as_secs_f64() / 1e9;
    println!(
        "{what:<34} {:>9.3} ms {gbs:>8.2} GB/s {:>6.0}% of copy",
        t.as_secs_f64() * 1e3,
        100.0 * gbs / copy_gbs
    );
}

fn main() {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("available parallelism: {threads}");
    for n in [1 << 20, 1 << 24] {
        let runs = if n < 1 << 22 { 41 } else { 11 };
        let bytes = n * 4;
        let src = vec![1.0f32; n];
        let mut dst = vec![0.0f32; n];
        let t = time(runs, || {
            dst.copy_from_slice(black_box(&src));
            black_box(&mut dst);
        });
        let copy_gbs = (2 * bytes) as f64 / t.as_secs_f64() / 1e9;
        println!("--- {n} f32 ---");
        report("copy_from_slice", 2 * bytes, t, copy_gbs);

        let a = tensor(n, &[n], 1e-3);
        let b = tensor(n, &[n], 2e-3);
        // Out of place: `a` and `b` stay alive, so nothing can be reused.
        let t = time(runs, || {
            black_box(Cpu::binary(BinaryOp::Add, a.clone(), b.clone()));
        });
        report("add (new buffer)", 3 * bytes, t, copy_gbs);
        // In place: the running sum is the only owner of its buffer.
        let mut acc = Some(Cpu::binary_scalar(BinaryOp::Mul, a.clone(), Scalar::from(1.0)));
        let t = time(runs, || {
            let x = acc.take().unwrap();
            acc = Some(Cpu::binary(BinaryOp::Add, x, b.clone()));
        });
        report("add (unique lhs)", 3 * bytes, t, copy_gbs);
        let t = time(runs, || {
            black_box(Cpu::binary_scalar(BinaryOp::Mul, a.clone(), Scalar::from(0.5)));
        });
        report("mul scalar (new buffer)", 2 * bytes, t, copy_gbs);
        let t = time(runs, || {
            black_box(Cpu::unary(UnaryOp::Exp, a.clone()));
        });
        report("exp (new buffer)", 2 * bytes, t, copy_gbs);
        let t = time(runs, || {
            black_box(Cpu::unary(UnaryOp::Neg, a.clone()));
        });
        report("neg (new buffer)", 2 * bytes, t, copy_gbs);
        let mut x = Some(Cpu::binary_scalar(BinaryOp::Mul, a.clone(), Scalar::from(1.0)));
        let t = time(runs, || {
            let y = x.take().unwrap();
            x = Some(Cpu::unary(UnaryOp::Neg, y));
        });
        report("neg (unique input)", 2 * bytes, t, copy_gbs);
    }

    // Where threads start to pay: in-place `add` on the default pool and on one thread.
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    for n in [1 << 15, 1 << 16, 1 << 17, 1 << 18, 1 << 19] {
        let b = tensor(n, &[n], 2e-3);
        let mut acc = Some(tensor(n, &[n], 1e-3));
        let mut step = || {
            let x = acc.take().unwrap();
            acc = Some(Cpu::binary(BinaryOp::Add, x, b.clone()));
        };
        let pool = time(201, &mut step);
        let single = one.install(|| time(201, &mut step));
        println!(
            "add (unique lhs) {n:>7}: pool {:>8.1} us, one thread {:>8.1} us",
            pool.as_secs_f64() * 1e6,
            single.as_secs_f64() * 1e6
        );
    }

    let side = 4096;
    let n = side * side;
    let bytes = n * 4;
    let src = vec![1.0f32; n];
    let mut dst = vec![0.0f32; n];
    let t = time(11, || {
        dst.copy_from_slice(black_box(&src));
        black_box(&mut dst);
    });
    let copy_gbs = (2 * bytes) as f64 / t.as_secs_f64() / 1e9;
    println!("--- {side}x{side} f32 ---");
    report("copy_from_slice", 2 * bytes, t, copy_gbs);
    let m = tensor(n, &[side, side], 1e-3);
    for dim in [1, 0] {
        let t = time(11, || {
            black_box(Cpu::reduce_dim(ReduceOp::Sum, m.clone(), dim));
        });
        report(&format!("sum_dim({dim})"), bytes, t, copy_gbs);
    }
    let t = time(11, || {
        black_box(Cpu::reduce_dim(ReduceOp::Max, m.clone(), 1));
    });
    report("max_dim(1)", bytes, t, copy_gbs);
    let t = time(11, || {
        black_box(Cpu::reduce_dim(ReduceOp::ArgMax, m.clone(), 1));
    });
    report("argmax_dim(1)", bytes, t, copy_gbs);
    let mt = Cpu::permute(m.clone(), &[1, 0]);
    let t = time(11, || {
        black_box(Cpu::binary(BinaryOp::Add, mt.clone(), m.clone()));
    });
    report("add transposed + contiguous", 3 * bytes, t, copy_gbs);
}
