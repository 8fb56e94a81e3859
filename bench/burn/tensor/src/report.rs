//! A closeness report (burn-tensor's `check_closeness`): for tolerances from 1e-1 to
//! 1e-8, how many elements of an output are close to the expected ones.

use crate::tensor::Tensor;
use seam_macros::outline;

/// Prints, for each tolerance from 1e-1 down to 1e-8 (relative and absolute alike),
/// how many elements of `output` are close to `expected`'s, and a verdict: all of
/// them, at least 90%, or fewer.
#[outline(Tensor)]
pub fn check_closeness<const D: usize>(output: &Tensor<D>, expected: &Tensor<D>) {
    println!("Tensor closeness, element by element:");
    for exponent in 1..=8 {
        let tolerance = 10f64.powi(-exponent);
        let close = output.clone().is_close(expected.clone(), Some(tolerance), Some(tolerance)).into_data();
        let total = close.num_elements();
        let count = close.iter::<bool>().filter(|c| *c).count();
        let percent = if total == 0 { 100.0 } else { count as f64 * 100.0 / total as f64 };
        let verdict = if count == total {
            "[PASS] every element within tolerance"
        } else if percent >= 90.0 {
            "[WARN] most elements within tolerance"
        } else {
            "[FAIL] many elements outside tolerance"
        };
        println!("  tolerance {tolerance:e}: {count}/{total} close ({percent:.2}%) {verdict}");
    }
}
