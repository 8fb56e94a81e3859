//! Scalar functions that more than one backend computes on the host, written once so
//! that every backend gives the same answer.

use core::f64::consts::FRAC_1_SQRT_2;

/// The Gaussian error linear unit `x * Φ(x)`, where `Φ` is the standard normal
/// distribution function, in `f64`.
///
/// Computed as `x * erfc(-x / sqrt(2)) / 2`: for negative `x`, `erfc` of a positive
/// argument keeps its relative precision where `1 + erf(x / sqrt(2))` would cancel
/// (at `x = -5` that form loses 4% in `f32`). The limits hold at the infinities:
/// `gelu(-inf)` is `-0.0`, `gelu(inf)` is `inf`; `NaN` stays `NaN`.
///
/// ```
/// use seam_backend::gelu;
/// // Φ(-5) = 2.866515718791939e-7, from the normal distribution's tables.
/// assert!((gelu(-5.0) / (-5.0 * 2.866515718791939e-7) - 1.0).abs() < 1e-12);
/// assert_eq!(gelu(f64::NEG_INFINITY), 0.0);
/// assert_eq!(gelu(f64::INFINITY), f64::INFINITY);
/// ```
pub fn gelu(x: f64) -> f64 {
    if x == f64::NEG_INFINITY {
        // `-inf * erfc(inf)` is `-inf * 0`: the limit is 0 from below.
        return -0.0;
    }
    0.5 * x * libm::erfc(-x * FRAC_1_SQRT_2)
}
