//! The main job on the embedded CPU default: fits a linear model by gradient
//! descent, then turns its scores into probabilities with a softmax, and prints
//! both.
//!
//! Run with `cargo run --release -p seam-tensor --example regression`.

use seam_tensor::{Device, Tensor, TensorData};

/// Deterministic values in [-1, 1) (a 64-bit LCG), so the run is reproducible.
fn uniform(n: usize, seed: u64) -> Vec<f32> {
    let mut state = seed;
    (0..n)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        })
        .collect()
}

fn main() {
    let device = Device::default();
    let (samples, features) = (512, 4);
    let true_w = [1.5f32, -2.0, 0.5, 3.0];

    // x: [samples, features]; y = x @ true_w + noise: [samples, 1]
    let x = Tensor::<2>::from_data(
        TensorData::new(uniform(samples * features, 7), [samples, features]),
        &device,
    );
    let w_true = Tensor::<2>::from_data(TensorData::new(true_w.to_vec(), [features, 1]), &device);
    let noise = Tensor::<2>::from_data(TensorData::new(uniform(samples, 11), [samples, 1]), &device) * 0.01;
    let y = x.clone().matmul(w_true) + noise;

    // Gradient descent on the mean squared error.
    let mut w = Tensor::<2>::zeros([features, 1], &device);
    let lr = 0.5;
    for step in 0..=200 {
        let err = x.clone().matmul(w.clone()) - y.clone();
        if step % 50 == 0 {
            let loss = (err.clone() * err.clone()).mean_dim(0);
            println!(
                "step {step:3}: mse = {:.6}",
                loss.into_data().to_vec::<f32>().unwrap()[0]
            );
        }
        let grad = x.clone().transpose().matmul(err) * (2.0 / samples as f64);
        w = w - grad * lr;
    }
    println!("fitted weights (true: {true_w:?}):\n{:.4}", w.clone().transpose());

    // Two rows of logits, shifted by the fitted weights (broadcast over rows), turned
    // into probabilities with a softmax along dim 1.
    let logits = Tensor::<2>::from_data(TensorData::new(uniform(8, 3), [2, 4]), &device) + w.transpose();
    let centered = logits.clone() - logits.mean_dim(1); // keeps exp in range
    let e = centered.exp();
    let softmax = e.clone() / e.sum_dim(1);
    println!("softmax rows (each sums to 1):\n{softmax:.4}");
}
