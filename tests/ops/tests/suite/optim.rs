//! The optimizers' updates against the same formulas in plain `f64`, step by step,
//! on the loss `sum(w^2 * c)` (gradient `2 c w`), on the test device.

use seam_ops::device_test;
use seam_ops::{f32s, float};
use seam_tensor::Tensor;
use seam_tensor::optim::{Adam, Param, Sgd};

const C: [f32; 3] = [1.0, 0.5, 2.0];
const START: [f32; 3] = [1.0, -2.0, 0.5];

/// Runs `steps` steps of `update` and returns the weights after each.
fn train(steps: usize, mut update: impl FnMut(&mut Param<1>, &seam_tensor::Gradients)) -> Vec<Vec<f64>> {
    let c = float(C.to_vec(), [3]);
    let mut w = Param::new(float(START.to_vec(), [3]));
    (0..steps)
        .map(|_| {
            let loss: Tensor<1> = (w.value() * w.value() * c.clone()).sum();
            let grads = loss.backward();
            update(&mut w, &grads);
            f32s(w.value().detach()).into_iter().map(f64::from).collect()
        })
        .collect()
}

fn gradient(w: &[f64]) -> Vec<f64> {
    w.iter().zip(C).map(|(w, c)| 2.0 * f64::from(c) * w).collect()
}

fn assert_steps(name: &str, got: &[Vec<f64>], want: &[Vec<f64>]) {
    for (step, (g, w)) in got.iter().zip(want).enumerate() {
        for (a, b) in g.iter().zip(w) {
            assert!(
                (a - b).abs() <= 1e-5 * b.abs().max(1.0),
                "{name}, step {}: {g:?} against {w:?}",
                step + 1
            );
        }
    }
}

#[device_test]
fn sgd_with_momentum_and_weight_decay_follows_its_formula() {
    let (lr, momentum, decay) = (0.1, 0.9, 0.05);
    let mut sgd = Sgd::new(lr).with_momentum(momentum).with_weight_decay(decay);
    let got = train(6, |w, g| sgd.update(w, g));
    let mut w: Vec<f64> = START.iter().map(|&x| f64::from(x)).collect();
    let mut v: Option<Vec<f64>> = None;
    let want: Vec<Vec<f64>> = (0..6)
        .map(|_| {
            let g: Vec<f64> = gradient(&w).iter().zip(&w).map(|(g, w)| g + decay * w).collect();
            let next = match &v {
                Some(v) => v.iter().zip(&g).map(|(v, g)| momentum * v + g).collect(),
                None => g,
            };
            w = w.iter().zip(&next).map(|(w, v)| w - lr * v).collect();
            v = Some(next);
            w.clone()
        })
        .collect();
    assert_steps("sgd", &got, &want);
}

#[device_test]
fn adam_with_weight_decay_follows_its_formula() {
    let (lr, b1, b2, eps, decay) = (0.05, 0.8, 0.99, 1e-8, 0.01);
    let mut adam = Adam::new(lr)
        .with_betas(b1, b2)
        .with_eps(eps)
        .with_weight_decay(decay);
    let got = train(6, |w, g| adam.update(w, g));
    let mut w: Vec<f64> = START.iter().map(|&x| f64::from(x)).collect();
    let (mut m, mut v) = (vec![0.0; 3], vec![0.0; 3]);
    let want: Vec<Vec<f64>> = (1..=6)
        .map(|t| {
            let g: Vec<f64> = gradient(&w).iter().zip(&w).map(|(g, w)| g + decay * w).collect();
            for i in 0..3 {
                m[i] = b1 * m[i] + (1.0 - b1) * g[i];
                v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
                let m_hat = m[i] / (1.0 - b1.powi(t));
                let v_hat = v[i] / (1.0 - b2.powi(t));
                w[i] -= lr * m_hat / (v_hat.sqrt() + eps);
            }
            w.clone()
        })
        .collect();
    assert_steps("adam", &got, &want);
}

#[device_test]
fn a_parameter_the_loss_did_not_use_stays_as_it_is() {
    let mut used = Param::new(float(vec![1.0], [1]));
    let mut unused = Param::new(float(vec![3.0], [1]));
    let grads = (used.value() * 2.0).sum().backward();
    let mut adam = Adam::new(0.1);
    adam.update(&mut used, &grads);
    adam.update(&mut unused, &grads);
    assert_eq!(f32s(unused.value()), vec![3.0]);
    assert!(unused.value().is_tracked(), "still a leaf for the next step");
    assert!(f32s(used.value())[0] < 1.0);
}
