//! Small models end to end on fixed seeds, each compared with an independent `f64`
//! computation in plain Rust: a 2-layer MLP forward pass (matmul, broadcast bias,
//! relu, softmax); a linear regression trained with autodiff and SGD, step for step
//! against the same descent with the gradient written out; and an MLP trained with
//! autodiff and Adam to classify points it never saw.

use seam_ops::device_test;
use seam_ops::{assert_close_tol, device, f32s, float};
use seam_tensor::optim::{Adam, Param, Sgd};
use seam_tensor::{Distribution, Int, Tensor};

/// The values of a rank-2 `f32` tensor as `f64` rows.
fn rows(t: Tensor<2>) -> Vec<Vec<f64>> {
    let [_, n] = t.dims();
    f32s(t)
        .chunks(n)
        .map(|r| r.iter().map(|&x| f64::from(x)).collect())
        .collect()
}

fn widen(v: Vec<f32>) -> Vec<f64> {
    v.into_iter().map(f64::from).collect()
}

/// `a @ b` by the textbook triple loop.
fn naive_matmul(a: &[Vec<f64>], b: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let (n, k, m) = (a.len(), b.len(), b[0].len());
    (0..n)
        .map(|i| (0..m).map(|j| (0..k).map(|p| a[i][p] * b[p][j]).sum()).collect())
        .collect()
}

#[device_test]
fn mlp_forward_pass_matches_a_naive_reference() {
    let d = device();
    let x = Tensor::<2>::random([8, 4], Distribution::Uniform { low: -1.0, high: 1.0 }, 1, &d);
    let w1 = Tensor::<2>::random([4, 16], Distribution::Normal { mean: 0.0, std: 0.5 }, 2, &d);
    let b1 = Tensor::<1>::random([16], Distribution::Uniform { low: -0.1, high: 0.1 }, 3, &d);
    let w2 = Tensor::<2>::random([16, 3], Distribution::Normal { mean: 0.0, std: 0.5 }, 4, &d);
    let b2 = Tensor::<1>::random([3], Distribution::Uniform { low: -0.1, high: 0.1 }, 5, &d);

    let hidden = (x.clone().matmul(w1.clone()) + b1.clone().unsqueeze::<2>()).relu();
    let logits = hidden.matmul(w2.clone()) + b2.clone().unsqueeze::<2>();
    let probs = logits.clone().softmax(1);
    assert_eq!(probs.dims(), [8, 3]);

    // The reference, from the same inputs read back.
    let (xr, w1r, w2r) = (rows(x), rows(w1), rows(w2));
    let (b1r, b2r) = (widen(f32s(b1)), widen(f32s(b2)));
    let h: Vec<Vec<f64>> = naive_matmul(&xr, &w1r)
        .into_iter()
        .map(|r| r.iter().zip(&b1r).map(|(v, b)| (v + b).max(0.0)).collect())
        .collect();
    // Some hidden units are active and some are not: relu is exercised.
    let flat_h: Vec<f64> = h.concat();
    assert!(flat_h.contains(&0.0) && flat_h.iter().any(|&v| v > 0.0));
    let z: Vec<Vec<f64>> = naive_matmul(&h, &w2r)
        .into_iter()
        .map(|r| r.iter().zip(&b2r).map(|(v, b)| v + b).collect())
        .collect();
    let p: Vec<f64> = z
        .iter()
        .flat_map(|r| {
            let max = r.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let sum: f64 = r.iter().map(|v| (v - max).exp()).sum();
            r.iter().map(move |v| (v - max).exp() / sum).collect::<Vec<_>>()
        })
        .collect();
    assert_close_tol(&widen(f32s(logits)), &z.concat(), 1e-5);
    let got = widen(f32s(probs.clone()));
    assert_close_tol(&got, &p, 1e-5);
    // Each row is a distribution.
    assert_close_tol(&widen(f32s(probs.sum_dim(1))), &[1.0; 8], 1e-6);
}

#[device_test]
fn linear_regression_recovers_the_true_weights() {
    let d = device();
    let (n, features) = (64usize, 3usize);
    let true_w = [2.0f64, -3.0, 0.5];
    let true_b = 1.0f64;
    let x = Tensor::<2>::random(
        [n, features],
        Distribution::Uniform { low: -1.0, high: 1.0 },
        10,
        &d,
    );
    let xr = rows(x.clone());
    let y_values: Vec<f32> = xr
        .iter()
        .map(|r| (r.iter().zip(&true_w).map(|(a, w)| a * w).sum::<f64>() + true_b) as f32)
        .collect();
    let y = float(y_values.clone(), [n, 1]);

    let (steps, lr) = (300, 0.2f64);
    let scale = 2.0 / n as f64;
    let mut w = Param::new(Tensor::<2>::zeros([features, 1], &d));
    let mut b = Param::new(Tensor::<2>::zeros([1, 1], &d));
    let mut sgd = Sgd::new(lr);
    for _ in 0..steps {
        // The mean squared error, differentiated by the graph.
        let err = x.clone().matmul(w.value()) + b.value() - y.clone();
        let grads = err.powi_scalar(2).mean().backward();
        sgd.update(&mut w, &grads);
        sgd.update(&mut b, &grads);
    }
    let (w, b) = (w.value().detach(), b.value().detach());

    // The same steps by naive f64 loops, with the gradient written out:
    // grad_w = 2/n X^T (Xw + b - y), grad_b = 2/n sum(Xw + b - y).
    let mut rw = [0.0f64; 3];
    let mut rb = 0.0f64;
    for _ in 0..steps {
        let err: Vec<f64> = xr
            .iter()
            .zip(&y_values)
            .map(|(r, &t)| r.iter().zip(&rw).map(|(a, w)| a * w).sum::<f64>() + rb - f64::from(t))
            .collect();
        for (j, wj) in rw.iter_mut().enumerate() {
            *wj -= lr * scale * xr.iter().zip(&err).map(|(r, e)| r[j] * e).sum::<f64>();
        }
        rb -= lr * scale * err.iter().sum::<f64>();
    }

    let got_w = widen(f32s(w.clone()));
    let got_b = widen(f32s(b.clone()));
    assert_close_tol(&got_w, &rw, 1e-4);
    assert_close_tol(&got_b, &[rb], 1e-4);
    assert_close_tol(&got_w, &true_w, 1e-3);
    assert_close_tol(&got_b, &[true_b], 1e-3);
    // The trained model fits the data.
    let residual = (x.matmul(w) + b - y).abs().max();
    assert!(f32s(residual)[0] < 1e-3);
}

/// Points of `[-1, 1]^2` and their class: 0 inside radius 0.5, 1 up to 0.8, 2 outside.
fn rings(samples: usize, seed: u64) -> (Tensor<2>, Tensor<1, Int>) {
    let uniform = Distribution::Uniform { low: -1.0, high: 1.0 };
    let points = Tensor::<2>::random([samples, 2], uniform, seed, &device());
    let r2 = (points.clone() * points.clone()).sum_dim(1).squeeze::<1>(1);
    let labels = r2.clone().greater_scalar(0.25).int() + r2.greater_scalar(0.64).int();
    (points, labels)
}

#[device_test]
fn an_mlp_trained_with_adam_classifies_unseen_points() {
    let d = device();
    let (x, labels) = rings(512, 21);
    let (test_x, test_labels) = rings(256, 22);
    let one_hot = labels
        .unsqueeze_dim::<2>(1)
        .equal(Tensor::<1, Int>::arange(0..3, &d).unsqueeze::<2>())
        .float();
    let normal = |std| Distribution::Normal { mean: 0.0, std };
    let mut params = [
        Param::new(Tensor::<2>::random([2, 32], normal(1.0), 1, &d)),
        Param::new(Tensor::<2>::zeros([1, 32], &d)),
        Param::new(Tensor::<2>::random([32, 3], normal(0.3), 2, &d)),
        Param::new(Tensor::<2>::zeros([1, 3], &d)),
    ];
    let forward = |x: Tensor<2>, p: &[Param<2>; 4]| {
        (x.matmul(p[0].value()) + p[1].value())
            .relu()
            .matmul(p[2].value())
            + p[3].value()
    };
    let mut adam = Adam::new(0.02);
    let mut first_loss = None;
    let mut loss_value = 0.0;
    for _ in 0..300 {
        let loss = -(forward(x.clone(), &params).log_softmax(1) * one_hot.clone())
            .sum_dim(1)
            .mean();
        loss_value = f32s(loss.clone())[0];
        first_loss.get_or_insert(loss_value);
        let grads = loss.backward();
        for p in &mut params {
            adam.update(p, &grads);
        }
    }
    let first = first_loss.unwrap();
    assert!(
        loss_value < first / 4.0,
        "the loss fell from {first} to {loss_value}"
    );
    let predicted = forward(test_x, &params).argmax(1).squeeze::<1>(1);
    let accuracy = f32s(predicted.equal(test_labels).float().mean())[0];
    assert!(accuracy > 0.9, "accuracy on unseen points: {accuracy}");
}
