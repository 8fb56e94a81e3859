//! Checking gradients against central finite differences, for the autodiff crate's
//! tests (on backend tensors) and the tensor suite's (through the public API).

/// `n` values in `[lo, hi)` from a small generator, each offset by its index, so
/// that no two are equal: inputs with no ties for `max` and no kinks for `abs`.
pub fn distinct_values(n: usize, seed: u64, lo: f64, hi: f64) -> Vec<f64> {
    let step = |s: u64| {
        s.wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407)
    };
    let mut state = step(seed);
    (0..n)
        .map(|i| {
            state = step(state);
            let u = (state >> 11) as f64 / (1u64 << 53) as f64;
            lo + (hi - lo) * (0.9 * u + 0.1 * i as f64 / n as f64)
        })
        .collect()
}

/// `n` fixed weights, different from one element to the next: a check's loss is
/// the sum of an op's outputs times these, so that each output counts differently.
pub fn loss_weights(n: usize) -> Vec<f64> {
    (0..n).map(|i| 0.5 + (i * 7 % 5) as f64 * 0.25).collect()
}

/// Checks `analytic`, the gradient that backward gave for input `k` of the case
/// `name`, against central differences (step 1e-6) of `loss`, the loss as a
/// function of that input's values (`values` at the point), within 1e-6 relative.
///
/// # Panics
///
/// If the lengths differ, or an element is further off, naming the case, the input
/// and the element.
#[track_caller]
pub fn assert_gradient(name: &str, k: usize, values: &[f64], analytic: &[f64], loss: impl Fn(&[f64]) -> f64) {
    assert_eq!(
        analytic.len(),
        values.len(),
        "{name}: input {k}'s gradient has the wrong size"
    );
    let h = 1e-6;
    for (j, &analytic) in analytic.iter().enumerate() {
        let at = |delta: f64| {
            let mut xs = values.to_vec();
            xs[j] += delta;
            loss(&xs)
        };
        let numeric = (at(h) - at(-h)) / (2.0 * h);
        let scale = analytic.abs().max(numeric.abs()).max(1.0);
        assert!(
            (analytic - numeric).abs() <= 1e-6 * scale,
            "{name}: d/d input {k}[{j}]: backward gives {analytic}, finite differences {numeric}"
        );
    }
}
