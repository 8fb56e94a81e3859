//! The main job: trains two models with autodiff and Adam on data drawn with fixed
//! seeds, printing the loss (and the accuracy) as it goes.
//!
//! 1. A linear model `y = x w` fitted to noisy targets by the mean squared error;
//!    it recovers the weights the data was drawn with.
//! 2. A 2-layer MLP (2 -> 32 -> 3, relu, softmax cross-entropy) that learns to
//!    classify points of the square `[-1, 1]^2` by the ring they fall in (inside
//!    radius 0.5, between 0.5 and 0.8, outside), which no linear model can.
//!
//! Run on the embedded CPU default with
//! `cargo run --release -p seam-tensor --example train`, or on a GPU with
//! `cargo run --release -p seam-tensor --features wgpu --example train -- --device wgpu`
//! (`vulkan` likewise). `tests/ops/tests/suite/model.rs` trains the same models and checks
//! what they learn.

use seam_tensor::optim::{Adam, Param};
use seam_tensor::{Device, Distribution, Int, Tensor};

fn main() {
    let device = device_from_args();
    println!("device: {device} ({})", device.describe());
    linear_regression(&device);
    classification(&device);
}

/// The device `--device NAME` names (`cpu`, `wgpu`, `vulkan`); the CPU by default.
fn device_from_args() -> Device {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = match args.as_slice() {
        [] => "cpu",
        [flag, name] if flag == "--device" => name.as_str(),
        _ => panic!("usage: train [--device cpu|wgpu|vulkan]"),
    };
    Device::named(name).unwrap_or_else(|e| panic!("--device {name}: {e}"))
}

/// A progress bar of `width` cells for step `step` of `steps`.
fn bar(step: usize, steps: usize) -> String {
    let width = 20;
    let done = step * width / steps;
    format!(
        "[{}{}] {step:4}/{steps}",
        "#".repeat(done),
        ".".repeat(width - done)
    )
}

fn linear_regression(device: &Device) {
    let (samples, features) = (512, 4);
    let true_w = [1.5f32, -2.0, 0.5, 3.0];
    let uniform = Distribution::Uniform { low: -1.0, high: 1.0 };
    let x = Tensor::<2>::random([samples, features], uniform, 7, device);
    let w_true = Tensor::<1>::from_floats(true_w, device).reshape([-1, 1]);
    let noise = Tensor::<2>::random([samples, 1], Distribution::STANDARD_NORMAL, 11, device) * 0.01;
    let y = x.clone().matmul(w_true) + noise;

    println!("\nlinear regression, {samples} samples, mean squared error, Adam (lr 0.1):");
    let mut w = Param::new(Tensor::<2>::zeros([features, 1], device));
    let mut adam = Adam::new(0.1);
    let steps = 300;
    for step in 1..=steps {
        let err = x.clone().matmul(w.value()) - y.clone();
        let loss = err.powi_scalar(2).mean();
        if step % 60 == 0 || step == 1 {
            println!(
                "  {} mse {:.6}",
                bar(step, steps),
                loss.clone().into_scalar().to_f64()
            );
        }
        let grads = loss.backward();
        adam.update(&mut w, &grads);
    }
    println!(
        "  fitted weights (true: {true_w:?}):\n{:.3}",
        w.value().transpose()
    );
}

/// Points of `[-1, 1]^2` and their class: 0 inside radius 0.5, 1 up to 0.8, 2 outside.
fn rings(samples: usize, seed: u64, device: &Device) -> (Tensor<2>, Tensor<1, Int>) {
    let uniform = Distribution::Uniform { low: -1.0, high: 1.0 };
    let points = Tensor::<2>::random([samples, 2], uniform, seed, device);
    let r2 = (points.clone() * points.clone()).sum_dim(1).squeeze::<1>(1);
    let labels = r2.clone().greater_scalar(0.25).int() + r2.greater_scalar(0.64).int();
    (points, labels)
}

fn classification(device: &Device) {
    let (samples, hidden, classes) = (1024, 32, 3);
    let (x, labels) = rings(samples, 21, device);
    let (test_x, test_labels) = rings(512, 22, device);
    let one_hot = labels
        .clone()
        .unsqueeze_dim::<2>(1)
        .equal(Tensor::<1, Int>::arange(0..classes as i64, device).unsqueeze::<2>())
        .float();

    let normal = |std| Distribution::Normal { mean: 0.0, std };
    let mut w1 = Param::new(Tensor::<2>::random([2, hidden], normal(1.0), 1, device));
    let mut b1 = Param::new(Tensor::<2>::zeros([1, hidden], device));
    let mut w2 = Param::new(Tensor::<2>::random([hidden, classes], normal(0.3), 2, device));
    let mut b2 = Param::new(Tensor::<2>::zeros([1, classes], device));
    let forward = |x: Tensor<2>, w1: &Param<2>, b1: &Param<2>, w2: &Param<2>, b2: &Param<2>| {
        let h = (x.matmul(w1.value()) + b1.value()).relu();
        h.matmul(w2.value()) + b2.value()
    };
    let accuracy = |logits: Tensor<2>, labels: Tensor<1, Int>| {
        let predicted = logits.argmax(1).squeeze::<1>(1);
        predicted.equal(labels).float().mean().into_scalar().to_f64() * 100.0
    };

    println!(
        "\nMLP 2 -> {hidden} -> {classes} on {samples} points in three rings, cross-entropy, Adam (lr 0.02):"
    );
    let mut adam = Adam::new(0.02);
    let steps = 400;
    for step in 1..=steps {
        let logits = forward(x.clone(), &w1, &b1, &w2, &b2);
        let loss = -(logits.clone().log_softmax(1) * one_hot.clone())
            .sum_dim(1)
            .mean();
        if step % 50 == 0 || step == 1 {
            let acc = accuracy(logits.detach(), labels.clone());
            println!(
                "  {} loss {:.4}  train accuracy {acc:5.1}%",
                bar(step, steps),
                loss.clone().into_scalar().to_f64()
            );
        }
        let grads = loss.backward();
        for p in [&mut w1, &mut b1, &mut w2, &mut b2] {
            adam.update(p, &grads);
        }
    }
    let test = seam_tensor::no_grad();
    let acc = accuracy(forward(test_x, &w1, &b1, &w2, &b2), test_labels);
    drop(test);
    println!("  accuracy on 512 points it never saw: {acc:.1}%");
}
