//! `f32` `exp` and `tanh` written without branches, so that the elementwise loops
//! (a closure over slices) vectorise them: the standard library's `f32::exp` is a
//! call per element into the platform's libm, which no loop vectorises.
//!
//! `exp(x) = 2^n * p(r)`, with `n = round(x / ln 2)` and `r = x - n ln 2` (ln 2 split
//! in two constants, so that `r` is exact), and `p` Cephes' degree-7 polynomial on
//! `|r| <= ln 2 / 2`. `2^n` is applied as two powers of two, each normal, so that
//! the one rounding of a subnormal result happens in the last multiplication.
//! Out-of-range inputs are clamped first (`exp` overflows to `inf` above 88.72 and
//! is `0` below -103.98); a `NaN` is passed through by a final select.
//!
//! `tanh(x) = (1 - e^{-2a}) / (1 + e^{-2a})` for `a = |x|`, with the sign of `x`:
//! `e^{-2a} - 1` is the same polynomial less its 1, scaled, so that neither side of
//! the division loses digits near 0 or near 1 (see [`tanh_f32`]); one division, no
//! select.
//!
//! Polynomials are evaluated with fused multiply-adds (`mul_add`, one rounding a
//! step): the CPU's instruction in the AVX-512 and AVX2 copies of the loops
//! ([`crate::wide`]), a call to libm's `fmaf` (the same bits, slower) where a loop
//! runs as the crate is compiled, for baseline x86-64: on a CPU without AVX2 and
//! FMA, under Miri, and in a strided run shorter than [`crate::wide::WIDE_RUN`].
//! (What fusing saves is measured in `docs/benchmarks.md`.)
//!
//! The accuracy over the whole `f32` range, against `f64`'s functions rounded once,
//! is checked by `tests::exp_within_two_ulp` and `tests::tanh_within_two_ulp` (every
//! 4096th bit pattern and every pattern near the edges; `SEAM_VMATH_STEP=1` checks
//! all 2^32): at most 1 ulp for `exp` and 2 ulp for `tanh`, in the normal and the
//! subnormal range.

const LOG2E: f32 = core::f32::consts::LOG2_E;
const LN2_HI: f32 = 0.693_359_4;
const LN2_LO: f32 = -2.121_944_4e-4;
// 1.5 * 2^23: adding it rounds to the nearest integer, which is then in the low
// bits of the sum, so no float-to-int conversion (scalar on SSE2) is needed.
const ROUND: f32 = 12_582_912.0;

/// `e^x` in `f32`, within 1 ulp of the rounded exact value over the whole range.
#[inline]
pub(crate) fn exp_f32(x: f32) -> f32 {
    // Selects, not `clamp`: compares and blends vectorise; a NaN passes through.
    let clamped = if x < -104.0 { -104.0 } else { x };
    let clamped = if clamped > 88.8 { 88.8 } else { clamped };
    let shifted = clamped * LOG2E + ROUND;
    let n = shifted - ROUND;
    let r = (clamped - n * LN2_HI) - n * LN2_LO;
    let y = times_two_to(exp_poly(r), shifted);
    if x.is_nan() { x } else { y }
}

/// `factor e^{hi + lo}`, for `hi + lo` at most 88.7, `hi` exact and `lo` of at most
/// a few units (their sum rounded would lose `lo`'s low bits): `r` is reduced from
/// `hi` first, where the subtraction is exact, then `lo` is added. `factor` is
/// applied before the power of two, so that a subnormal result is rounded once.
/// Below `e^{-104}` the result is a zero of `factor`'s sign.
#[inline(always)]
fn scaled_exp_sum(hi: f32, lo: f32, factor: f32) -> f32 {
    let s = hi + lo;
    let clamped = if s < -104.0 { -104.0 } else { s };
    let shifted = clamped * LOG2E + ROUND;
    let n = shifted - ROUND;
    let r = ((hi - n * LN2_HI) + lo) - n * LN2_LO;
    let y = times_two_to(factor * exp_poly(r), shifted);
    if s < -104.0 { factor * 0.0 } else { y }
}

/// Cephes' degree-7 polynomial for `e^r` on `|r| <= ln 2 / 2`.
#[inline(always)]
fn exp_poly(r: f32) -> f32 {
    expm1_poly(r) + 1.0
}

/// [`exp_poly`] less its constant term, 1: `e^r - 1` on `|r| <= ln 2 / 2`, with
/// the relative accuracy of its first term, `r`, near 0. Horner's steps are fused
/// multiply-adds (one rounding each; see [`crate::wide`] for where they are the
/// CPU's own instruction).
#[inline(always)]
fn expm1_poly(r: f32) -> f32 {
    1.987_569_1e-4f32
        .mul_add(r, 1.398_199_9e-3)
        .mul_add(r, 8.333_452e-3)
        .mul_add(r, 4.166_579_6e-2)
        .mul_add(r, 1.666_666_5e-1)
        .mul_add(r, 0.5)
        .mul_add(r * r, r)
}

/// The integer held in the low bits of `shifted`, a value plus [`ROUND`]: the
/// value rounded to the nearest integer.
#[inline(always)]
fn rounded(shifted: f32) -> i32 {
    (shifted.to_bits() as i32).wrapping_sub(ROUND.to_bits() as i32)
}

/// `2^k`, for `k` in [-126, 127] (a normal `f32`), built from its exponent bits.
#[inline(always)]
fn power_of_two(k: i32) -> f32 {
    f32::from_bits(((k + 127) as u32) << 23)
}

/// `y 2^n`, `n` being [`rounded`]`(shifted)`, in [-150, 128]: applied as two normal
/// powers of two, so that the one rounding of a subnormal result happens in the
/// last multiplication.
#[inline(always)]
fn times_two_to(y: f32, shifted: f32) -> f32 {
    let n = rounded(shifted);
    let half = n >> 1;
    y * power_of_two(half) * power_of_two(n - half)
}

/// `tanh(x)` in `f32`, within 2 ulp of the rounded exact value over the whole range.
///
/// `tanh(a) = (1 - e^{-2a}) / (1 + e^{-2a})` for `a = |x|`, with `e^{-2a} = 2^n e^r`
/// and each of the two terms summed as `(1 ∓ 2^n) ∓ 2^n (e^r - 1)`: `1 ∓ 2^n` is
/// exact (for `n >= -23`; beyond, the result is within an ulp of 1 either way) and
/// `e^r - 1` keeps its relative accuracy near 0, so neither term loses digits near
/// 0 or near 1, and one division, no select, serves the whole range.
#[inline]
pub(crate) fn tanh_f32(x: f32) -> f32 {
    let a = f32::from_bits(x.to_bits() & 0x7fff_ffff);
    // tanh rounds to 1 from 9.01 on; the clamp keeps 2^n normal (a NaN passes).
    let a = if a > 9.1 { 9.1 } else { a };
    // -2a = n ln 2 + r, n in [-27, 0].
    let shifted = a.mul_add(-2.0 * LOG2E, ROUND);
    let n = shifted - ROUND;
    let r = n.mul_add(-LN2_LO, n.mul_add(-LN2_HI, -2.0 * a));
    let scale = power_of_two(rounded(shifted));
    let p = expm1_poly(r);
    let y = (-scale).mul_add(p, 1.0 - scale) / scale.mul_add(p, 1.0 + scale);
    // tanh is odd: the sign is the argument's (also for -0.0).
    y.copysign(x)
}

/// The Gaussian error linear unit `x Φ(x) = x erfc(-x / √2) / 2` in `f32`, within
/// 7 ulp of the rounded exact value: the most `tests::gelu_within_seven_ulp` found
/// over every 13th bit pattern (`SEAM_VMATH_STEP=13`, a release build), at -3.65.
///
/// `erfc(a)` for `a = |x| / √2` is `τ e^{-a² + P(τ)}` with `τ = 1 / (1 + a / 2)`
/// and `P` the degree-9 Chebyshev fit of Press et al. (*Numerical Recipes*, §6.2,
/// `erfcc`), whose relative error is below 1.2e-7 for every `a >= 0`. `a² = x² / 2`
/// is split as `(h² + (|x| - h)(|x| + h)) / 2`, `h` being `|x|` with its low 12 bits
/// cleared, so that `h² / 2` is exact (a rounded `a` would put its error, times
/// `a²`, into the exponent); the exponential takes the exact and the small part
/// apart ([`scaled_exp_sum`]). For positive `x`, `erfc(-a) = 2 - erfc(a)`. Beyond the range where the
/// result rounds to `x` (above 6) or to `-0.0` (below -14.9) those are selected.
#[inline(always)]
pub(crate) fn gelu_f32(x: f32) -> f32 {
    let m = f32::from_bits(x.to_bits() & 0x7fff_ffff);
    let tau = 1.0 / (1.0 + 0.5 * core::f32::consts::FRAC_1_SQRT_2 * m);
    let p = ((((((((0.170_872_77 * tau - 0.822_152_23) * tau + 1.488_515_9) * tau - 1.135_204) * tau
        + 0.278_868_07)
        * tau
        - 0.186_288_06)
        * tau
        + 0.096_784_18)
        * tau
        + 0.374_091_96)
        * tau
        + 1.000_023_7)
        * tau
        - 1.265_512_2;
    // a² = x² / 2, from |x| = h + (|x| - h): h² / 2 is exact, the rest small.
    let h = f32::from_bits(m.to_bits() & 0xffff_f000);
    let lo = 0.5 * ((m - h) * (m + h));
    // Half of x erfc(a): one exponential of -h²/2 + (P - the rest).
    let tail = scaled_exp_sum(-0.5 * (h * h), p - lo, 0.5 * x * tau);
    let y = if x <= 0.0 { tail } else { x - tail };
    // Near 0, where P(τ) is a sum of terms near 1 that cancel to near 0: Taylor's
    // series of Φ, 0.5 + x (1 - x²/6 + x⁴/40 - ...) / √(2π), to the x^13 term.
    let z = x * x;
    let series = (((((1.0 / 599_040.0 * z - 1.0 / 42_240.0) * z + 1.0 / 3_456.0) * z - 1.0 / 336.0) * z
        + 1.0 / 40.0)
        * z
        - 1.0 / 6.0)
        * z
        + 1.0;
    let near_zero = x * (0.5 + x * series * 0.398_942_3);
    let y = if m < 0.5 { near_zero } else { y };
    let y = if x > 6.0 { x } else { y };
    if x < -14.9 { -0.0 } else { y }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The distance in ulp between `got` and `want` (both finite or equal), counted
    /// in representable `f32`s.
    fn ulps(got: f32, want: f32) -> u32 {
        if got == want || (got.is_nan() && want.is_nan()) {
            return 0;
        }
        if got.is_nan() || want.is_nan() || got.signum() != want.signum() && got != 0.0 && want != 0.0 {
            return u32::MAX;
        }
        // Same sign (or a zero): the bit patterns are ordered as the values.
        let key = |v: f32| {
            let b = v.to_bits() as i64;
            if b & (1 << 31) != 0 { -(b & 0x7fff_ffff) } else { b }
        };
        (key(got) - key(want)).unsigned_abs() as u32
    }

    /// Every how many bit patterns the accuracy tests evaluate: `SEAM_VMATH_STEP`, 4096
    /// by default (a second in a debug build); 1 checks all 2^32 (a release build).
    fn step() -> usize {
        std::env::var("SEAM_VMATH_STEP")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(4096)
    }

    /// The worst error of `f` against `reference` (in `f64`, rounded once) over every
    /// `step`-th bit pattern of either sign and every pattern within 2^16 of the
    /// range's edges.
    fn worst(f: impl Fn(f32) -> f32, reference: impl Fn(f64) -> f64, step: usize) -> (u32, f32) {
        // 0, tanh's clamp (9.1), exp's overflow and underflow, gelu's 6 and 14.9.
        let edges = [
            0u32,
            0x4111_999a,
            0x42b1_0000,
            0x42cf_0000,
            0x42d0_0000,
            0x40c0_0000,
            0x416e_6666,
        ];
        let patterns = (0..=u32::MAX)
            .step_by(step)
            .filter(|b| b & 0x8000_0000 == 0)
            .chain(
                edges
                    .iter()
                    .flat_map(|&e| e.saturating_sub(1 << 16)..e.saturating_add(1 << 16)),
            )
            .flat_map(|b| [b, b | 0x8000_0000]);
        let mut worst = (0, 0.0);
        for bits in patterns {
            let x = f32::from_bits(bits);
            let want = reference(f64::from(x)) as f32;
            let err = ulps(f(x), want);
            if err > worst.0 {
                worst = (err, x);
            }
        }
        worst
    }

    #[test]
    fn exp_within_two_ulp() {
        let (err, at) = worst(exp_f32, f64::exp, step());
        assert!(err <= 1, "exp_f32 is {err} ulp off at {at:e}");
        assert_eq!(exp_f32(f32::INFINITY), f32::INFINITY);
        assert_eq!(exp_f32(f32::NEG_INFINITY), 0.0);
        assert!(exp_f32(f32::NAN).is_nan());
        assert_eq!(exp_f32(0.0), 1.0);
        assert_eq!(exp_f32(89.0), f32::INFINITY);
        assert_eq!(exp_f32(-104.0), 0.0);
    }

    #[test]
    fn gelu_within_seven_ulp() {
        let (err, at) = worst(gelu_f32, seam_backend::gelu, step());
        assert!(err <= 7, "gelu_f32 is {err} ulp off at {at:e}");
        assert_eq!(gelu_f32(f32::INFINITY), f32::INFINITY);
        assert_eq!(gelu_f32(f32::NEG_INFINITY).to_bits(), (-0.0f32).to_bits());
        assert!(gelu_f32(f32::NAN).is_nan());
        assert_eq!(gelu_f32(0.0), 0.0);
        assert_eq!(gelu_f32(6.5), 6.5);
    }

    #[test]
    fn tanh_within_two_ulp() {
        let (err, at) = worst(tanh_f32, f64::tanh, step());
        assert!(err <= 2, "tanh_f32 is {err} ulp off at {at:e}");
        assert_eq!(tanh_f32(f32::INFINITY), 1.0);
        assert_eq!(tanh_f32(f32::NEG_INFINITY), -1.0);
        assert!(tanh_f32(f32::NAN).is_nan());
        assert_eq!(tanh_f32(-0.0).to_bits(), (-0.0f32).to_bits());
    }
}
