//! The main job on the embedded CPU default: fits a linear model by hand-written
//! gradient steps on data drawn with a fixed seed, then runs a small 2-layer MLP
//! forward pass (matmul, bias, relu, softmax) and prints both.
//!
//! Run with `cargo run --release -p seam-tensor --example regression`.
//! `tests/ops/tests/model.rs` checks the same kind of model against an independent
//! computation.

use seam_tensor::{Device, Distribution, Tensor};

fn main() {
    let device = Device::default();
    let (samples, features) = (512, 4);
    let true_w = [1.5f32, -2.0, 0.5, 3.0];

    // x: [samples, features]; y = x @ true_w + noise: [samples, 1]
    let uniform = Distribution::Uniform { low: -1.0, high: 1.0 };
    let x = Tensor::<2>::random([samples, features], uniform, 7, &device);
    let w_true = Tensor::<1>::from_floats(true_w, &device).reshape([-1, 1]);
    let noise = Tensor::<2>::random([samples, 1], Distribution::STANDARD_NORMAL, 11, &device) * 0.01;
    let y = x.clone().matmul(w_true) + noise;

    // Gradient descent on the mean squared error.
    let mut w = Tensor::<2>::zeros([features, 1], &device);
    let lr = 0.5;
    for step in 0..=200 {
        let err = x.clone().matmul(w.clone()) - y.clone();
        if step % 50 == 0 {
            let mse = err.clone().powi_scalar(2).mean().into_scalar().to_f64();
            println!("step {step:3}: mse = {mse:.6}");
        }
        let grad = x.clone().transpose().matmul(err) * (2.0 / samples as f64);
        w = w - grad * lr;
    }
    println!("fitted weights (true: {true_w:?}):\n{:.4}", w.clone().transpose());

    // A 2-layer MLP forward pass on 4 inputs: [4, 4] -> 16 hidden units -> 3 classes.
    let normal = Distribution::Normal { mean: 0.0, std: 0.5 };
    let inputs = x.slice([0..4, 0..features]);
    let w1 = Tensor::<2>::random([features, 16], normal, 1, &device);
    let b1 = Tensor::<1>::random([16], normal, 2, &device).unsqueeze::<2>();
    let w2 = Tensor::<2>::random([16, 3], normal, 3, &device);
    let b2 = Tensor::<1>::random([3], normal, 4, &device).unsqueeze::<2>();
    let hidden = (inputs.matmul(w1) + b1).relu();
    let probs = (hidden.matmul(w2) + b2).softmax(1);
    println!("class probabilities (each row sums to 1):\n{probs:.4}");
    println!("predicted classes: {}", probs.argmax(1).squeeze::<1>(1));
}
