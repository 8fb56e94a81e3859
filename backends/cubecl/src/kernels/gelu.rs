//! The Gaussian error linear unit in `f32` on the device, accurate for negative
//! arguments, where `1 + erf(x / sqrt(2))` cancels (cubecl's `erf` is accurate to
//! 1.5e-7 absolute only, which is all the precision `Φ(-5) = 2.9e-7` has).

// The fit's coefficients are written as published, with more digits than `f32` holds.
#![allow(clippy::excessive_precision)]

use cubecl::prelude::*;

/// `log2(e) / 8192`.
const LOG2_E_OVER_8192: f32 = core::f32::consts::LOG2_E / 8192.0;
/// `8192 ln 2 - 5678`, the fraction of `8192 ln 2`.
const LN2_8192_FRACTION: f32 = 0.261_703_15;

/// `x * Φ(x)` as `x * erfc(-x / sqrt(2)) / 2`, with `erfc(a)` for `a >= 0` as
/// `t * e^(-a^2 + P(t))`, `t = 1 / (1 + a / 2)`: the Chebyshev fit of Numerical
/// Recipes' `erfcc`, whose relative error is below 1.2e-7 everywhere, and
/// `erfc(-a) = 2 - erfc(a)` for positive `x`.
///
/// Within 1e-6 relative in `f32` only if nothing large is rounded:
/// - the large exponent `a^2 = x^2 / 2` is split with `h`, `|x|` rounded down to
///   1/64: `x^2 = h^2 + (|x| - h)(|x| + h)` where `h^2` is exact (rounding `a^2`
///   near 86 costs 1e-5 relative);
/// - `e^(-h^2 / 2)` is `2^-n * e^-r` with `n` the nearest integer to
///   `h^2 / (2 ln 2)` and `r = h^2 / 2 - n ln 2`, in integers where it cancels;
/// - what is left of the exponent (below 3 in size) goes through [`exp_small`], not
///   the device's `exp`: Vulkan allows that `3 + 2|x|` ulp, and llvmpipe's is off by
///   some 4e-6 relative.
///
/// The powers of two are built from their bits and multiply last, so that no
/// partial product of a normal result is subnormal. Below `x = -20` the result is 0
/// (`Φ(-20)` is 3e-89, far below `f32`'s range), which also gives the limit at
/// `-inf`; `NaN` stays `NaN`, as no comparison holds for it.
#[cube]
pub(crate) fn gelu<F: Float>(x: F) -> F {
    // erfc(14.5 / sqrt 2) is below f32's smallest subnormal: larger magnitudes give
    // 0 as well, and the bound keeps `h * 64` an integer whose square `f32` holds.
    let m = F::abs(x);
    let m = select(m > F::new(14.5), F::new(14.5), m);
    let a = m * F::new(core::f32::consts::FRAC_1_SQRT_2);
    let t = F::new(1.0) / (F::new(1.0) + F::new(0.5) * a);
    let mut p = F::new(0.170_872_77);
    p = p * t - F::new(0.822_152_23);
    p = p * t + F::new(1.488_515_87);
    p = p * t - F::new(1.135_203_98);
    p = p * t + F::new(0.278_868_07);
    p = p * t - F::new(0.186_288_06);
    p = p * t + F::new(0.096_784_18);
    p = p * t + F::new(0.374_091_96);
    p = p * t + F::new(1.000_023_68);
    p = p * t - F::new(1.265_512_23);
    // h = k / 64, so h^2 / 2 = k^2 / 8192 and, with n the nearest integer to
    // k^2 / (8192 ln 2), r = (k^2 - n * 8192 ln 2) / 8192 where the integer part of
    // 8192 ln 2 (5678) multiplies in integers. Integer arithmetic is exact whatever
    // the shader compiler reassociates (a float split of ln 2 is not: llvmpipe's
    // rewrites lost 4e-6 relative).
    let k = u32::cast_from(F::floor(m * F::new(64.0)));
    let k2 = k * k;
    let h = F::cast_from(k) * F::new(1.0 / 64.0);
    let n = u32::cast_from(F::round(F::cast_from(k2) * F::new(LOG2_E_OVER_8192)));
    let whole = i32::cast_from(k2) - i32::cast_from(n * 5678);
    let r = (F::cast_from(whole) - F::cast_from(n) * F::new(LN2_8192_FRACTION)) * F::new(1.0 / 8192.0);
    // The rest of the exponent (from -2 to 1), as 2^j * e^s with |s| <= ln 2 / 2.
    let y = p - r - F::new(0.5) * (m - h) * (m + h);
    let j = F::round(y * F::new(core::f32::consts::LOG2_E));
    let s = y - j * F::new(core::f32::consts::LN_2);
    let head = t * exp_small::<F>(s);
    // 2^(j - n) as two normal powers of two (n is at most 152, |j| at most 5).
    let power = i32::cast_from(j) - i32::cast_from(n);
    let half = power / 2;
    let low = F::cast_from(f32::reinterpret(u32::cast_from(half + 127) << 23));
    let high = F::cast_from(f32::reinterpret(u32::cast_from(power - half + 127) << 23));
    // x < 0: x * erfc(a) / 2; x >= 0: x * (1 - erfc(a) / 2).
    let negative = F::new(0.5) * x * head * low * high;
    let positive = x * (F::new(1.0) - F::new(0.5) * (head * low * high));
    let value = select(x < F::new(0.0), negative, positive);
    select(x < F::new(-20.0), F::new(0.0), value)
}

/// `e^s` for `|s| <= ln 2 / 2` by its Taylor series to degree 7 (truncation error
/// below 6e-9 relative there).
#[cube]
fn exp_small<F: Float>(s: F) -> F {
    let mut e = F::new(1.0 / 5040.0);
    e = e * s + F::new(1.0 / 720.0);
    e = e * s + F::new(1.0 / 120.0);
    e = e * s + F::new(1.0 / 24.0);
    e = e * s + F::new(1.0 / 6.0);
    e = e * s + F::new(0.5);
    e = e * s + F::new(1.0);
    e * s + F::new(1.0)
}
