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
//! `tanh(x)`: Cephes' odd polynomial for `|x| < 0.625`, else `1 - 2 / (e^{2x} + 1)`
//! with the sign of `x`; both computed, one selected.
//!
//! The accuracy over the whole `f32` range, against `f64`'s functions rounded once,
//! is checked by `tests::exp_within_two_ulp` and `tests::tanh_within_two_ulp` (every
//! 4096th bit pattern and every pattern near the edges; `SEAM_VMATH_STEP=1` checks
//! all 2^32): at most 1 ulp for `exp` and 2 ulp for `tanh`, in the normal and the
//! subnormal range.

/// `e^x` in `f32`, within 1 ulp of the rounded exact value over the whole range.
#[inline]
pub(crate) fn exp_f32(x: f32) -> f32 {
    const LOG2E: f32 = core::f32::consts::LOG2_E;
    const LN2_HI: f32 = 0.693_359_4;
    const LN2_LO: f32 = -2.121_944_4e-4;
    // 1.5 * 2^23: adding it rounds to the nearest integer, which is then in the low
    // bits of the sum, so no float-to-int conversion (scalar on SSE2) is needed.
    const ROUND: f32 = 12_582_912.0;
    // Selects, not `clamp`: compares and blends vectorise; a NaN passes through.
    let clamped = if x < -104.0 { -104.0 } else { x };
    let clamped = if clamped > 88.8 { 88.8 } else { clamped };
    let shifted = clamped * LOG2E + ROUND;
    let n = shifted - ROUND;
    let r = (clamped - n * LN2_HI) - n * LN2_LO;
    let z = r * r;
    let p = ((((((1.987_569_1e-4 * r + 1.398_199_9e-3) * r + 8.333_452e-3) * r + 4.166_579_6e-2) * r
        + 1.666_666_5e-1)
        * r
        + 0.5)
        * z
        + r)
        + 1.0;
    // n is in [-150, 128]: each half is a normal power of two.
    let n = (shifted.to_bits() as i32).wrapping_sub(ROUND.to_bits() as i32);
    let half = n >> 1;
    let scale = |k: i32| f32::from_bits(((k + 127) as u32) << 23);
    let y = p * scale(half) * scale(n - half);
    if x.is_nan() { x } else { y }
}

/// `tanh(x)` in `f32`, within 2 ulp of the rounded exact value over the whole range.
#[inline]
pub(crate) fn tanh_f32(x: f32) -> f32 {
    let a = f32::from_bits(x.to_bits() & 0x7fff_ffff);
    // Near 0: x + x^3 P(x^2).
    let z = x * x;
    let small = ((((-5.704_988_7e-3 * z + 2.063_909e-2) * z - 5.373_971_6e-2) * z + 1.333_144_2e-1) * z
        - 3.333_328e-1)
        * z
        * x
        + x;
    // Elsewhere: 1 - 2 / (e^{2|x|} + 1), which is 1 once e^{2|x|} overflows.
    let large = 1.0 - 2.0 / (exp_f32(2.0 * a) + 1.0);
    // tanh is odd: the sign is the argument's (also for -0.0).
    (if a < 0.625 { small } else { large }).copysign(x)
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
        let edges = [0u32, 0x3f20_0000, 0x42b1_0000, 0x42cf_0000, 0x42d0_0000];
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
    fn tanh_within_two_ulp() {
        let (err, at) = worst(tanh_f32, f64::tanh, step());
        assert!(err <= 2, "tanh_f32 is {err} ulp off at {at:e}");
        assert_eq!(tanh_f32(f32::INFINITY), 1.0);
        assert_eq!(tanh_f32(f32::NEG_INFINITY), -1.0);
        assert!(tanh_f32(f32::NAN).is_nan());
        assert_eq!(tanh_f32(-0.0).to_bits(), (-0.0f32).to_bits());
    }
}
