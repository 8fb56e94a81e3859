//! What autodiff costs a training step, and what a long training loop holds.
//!
//! `cargo run --release -p seam-bench --bin training -- [--rounds N]`
//!
//! - **Step time.** One SGD step of the main job's MLP (1024 points, 2 -> 32 -> 3,
//!   relu, softmax cross-entropy) two ways, alternating round by round: the
//!   gradients by `backward` (the graph recorded by every op), and the same
//!   gradients written out by hand with untracked tensors (what the example did
//!   before autodiff). Both update with the same tensor ops; the two give the same
//!   weights (checked before timing). Printed: the median over rounds of each way's
//!   best time, and their ratio.
//! - **Memory.** 1,000 autodiff steps, with the process's resident memory read at
//!   steps 10, 100 and 1,000 (Linux `/proc/self/statm`): a graph that outlived its
//!   step would grow it step by step.

use seam_bench::timing::{best_ns, median};
use seam_tensor::optim::{Param, Sgd};
use seam_tensor::{Device, Distribution, Int, Tensor};

const LR: f64 = 0.05;

/// The data and the model's starting weights.
struct Problem {
    x: Tensor<2>,
    one_hot: Tensor<2>,
    start: [Tensor<2>; 4],
}

impl Problem {
    fn new(device: &Device) -> Self {
        let uniform = Distribution::Uniform { low: -1.0, high: 1.0 };
        let x = Tensor::<2>::random([1024, 2], uniform, 21, device);
        let r2 = (x.clone() * x.clone()).sum_dim(1).squeeze::<1>(1);
        let labels = r2.clone().greater_scalar(0.25).int() + r2.greater_scalar(0.64).int();
        let one_hot = labels
            .unsqueeze_dim::<2>(1)
            .equal(Tensor::<1, Int>::arange(0..3, device).unsqueeze::<2>())
            .float();
        let normal = |std| Distribution::Normal { mean: 0.0, std };
        let start = [
            Tensor::<2>::random([2, 32], normal(1.0), 1, device),
            Tensor::<2>::zeros([1, 32], device),
            Tensor::<2>::random([32, 3], normal(0.3), 2, device),
            Tensor::<2>::zeros([1, 3], device),
        ];
        Self { x, one_hot, start }
    }
}

/// One step with `backward` and `Sgd`.
fn autodiff_step(p: &Problem, params: &mut [Param<2>; 4], sgd: &mut Sgd) {
    let h = (p.x.clone().matmul(params[0].value()) + params[1].value()).relu();
    let logits = h.matmul(params[2].value()) + params[3].value();
    let loss = -(logits.log_softmax(1) * p.one_hot.clone()).sum_dim(1).mean();
    let grads = loss.backward();
    for param in params.iter_mut() {
        sgd.update(param, &grads);
    }
}

/// One step with the gradients written out, on untracked tensors.
fn manual_step(p: &Problem, w: &mut [Tensor<2>; 4]) {
    let n = p.x.dims()[0] as f64;
    let pre = p.x.clone().matmul(w[0].clone()) + w[1].clone();
    let h = pre.clone().relu();
    let logits = h.clone().matmul(w[2].clone()) + w[3].clone();
    // d loss / d logits of the mean cross-entropy: (softmax - one_hot) / n.
    let d_logits = (logits.softmax(1) - p.one_hot.clone()) / n;
    let d_w2 = h.transpose().matmul(d_logits.clone());
    let d_b2 = d_logits.clone().sum_dim(0);
    let d_h = d_logits.matmul(w[2].clone().transpose());
    let d_pre = d_h * pre.greater_scalar(0.0).float();
    let d_w1 = p.x.clone().transpose().matmul(d_pre.clone());
    let d_b1 = d_pre.sum_dim(0);
    for (w, g) in w.iter_mut().zip([d_w1, d_b1, d_w2, d_b2]) {
        *w = w.clone() - g * LR;
    }
}

/// The resident memory of this process, in MiB.
fn resident_mib() -> f64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: f64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0.0);
    pages * 4096.0 / (1 << 20) as f64
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut rounds = 5;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => rounds = args.next().and_then(|n| n.parse().ok()).expect("--rounds N"),
            _ => panic!("unknown argument `{arg}`: --rounds N"),
        }
    }
    let device = Device::default();
    let p = Problem::new(&device);

    // Both ways give the same weights after a few steps.
    let mut params = p.start.clone().map(Param::new);
    let mut sgd = Sgd::new(LR);
    let mut manual = p.start.clone();
    for _ in 0..5 {
        autodiff_step(&p, &mut params, &mut sgd);
        manual_step(&p, &mut manual);
    }
    for (a, m) in params.iter().zip(&manual) {
        let gap = (a.value().detach() - m.clone())
            .abs()
            .max()
            .into_scalar()
            .to_f64();
        assert!(
            gap < 1e-5,
            "autodiff and the written-out gradients disagree by {gap}"
        );
    }

    let (mut with_graph, mut by_hand) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        let mut params = p.start.clone().map(Param::new);
        let mut sgd = Sgd::new(LR);
        let mut manual = p.start.clone();
        let mut a = || autodiff_step(&p, &mut params, &mut sgd);
        let mut m = || manual_step(&p, &mut manual);
        if round % 2 == 0 {
            with_graph.push(best_ns(&mut a, 3));
            by_hand.push(best_ns(&mut m, 3));
        } else {
            by_hand.push(best_ns(&mut m, 3));
            with_graph.push(best_ns(&mut a, 3));
        }
    }
    let (a, m) = (median(&mut with_graph), median(&mut by_hand));
    println!("MLP step, 1024 x (2 -> 32 -> 3), SGD, median of {rounds} rounds' best:");
    println!("  autodiff (backward)        {:8.1} us", a / 1e3);
    println!("  gradients written by hand  {:8.1} us", m / 1e3);
    println!("  autodiff / by hand         {:8.2}", a / m);

    let mut params = p.start.clone().map(Param::new);
    let mut sgd = Sgd::new(LR);
    let mut marks = Vec::new();
    for step in 1..=1000 {
        autodiff_step(&p, &mut params, &mut sgd);
        if [10, 100, 1000].contains(&step) {
            marks.push((step, resident_mib()));
        }
    }
    println!("resident memory over 1,000 autodiff steps:");
    for (step, mib) in marks {
        println!("  after step {step:4}: {mib:6.1} MiB");
    }
}
