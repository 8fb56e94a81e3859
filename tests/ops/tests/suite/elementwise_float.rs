//! The float elementwise functions and activations: `exp`, `log`, `log1p`, `sqrt`,
//! `abs`, `powf`, `powf_scalar`, `powi`, `powi_scalar`, `sin`, `cos`, `tanh`, `erf`,
//! `recip`, `clamp`, `sigmoid`, `relu`, `gelu`, at every rank, on strided inputs and
//! in `f64`, against `f64` references computed here.

use seam_ops::device_test;
use seam_ops::{
    assert_close_f64, assert_float, assert_float_tol, assert_panics, device, f32s, f64s, float, float64, int,
    needs, permuted_float, reference_binary, varied,
};
use seam_tensor::{DType, Int, Tensor};

/// `f` applied to each value, widened to `f64`.
fn map(values: &[f32], f: impl Fn(f64) -> f64) -> Vec<f64> {
    values.iter().map(|&x| f(f64::from(x))).collect()
}

/// `erf` by its Taylor series (enough terms for `|x| <= 4` to reach `f64` accuracy
/// of about 1e-13), independent of any library implementation.
fn reference_erf(x: f64) -> f64 {
    if x.abs() > 5.5 {
        return x.signum();
    }
    let mut sum = 0.0;
    let mut term = x; // x^(2n+1) / n! * (-1)^n
    for n in 0..200 {
        let add = term / (2 * n + 1) as f64;
        sum += add;
        if add.abs() < 1e-17 * sum.abs().max(1e-300) {
            break;
        }
        term *= -x * x / (n + 1) as f64;
    }
    sum * 2.0 / std::f64::consts::PI.sqrt()
}

#[device_test]
fn reference_erf_is_right() {
    assert!((reference_erf(1.0) - 0.842_700_792_949_715).abs() < 1e-13);
    assert!((reference_erf(-0.5) + 0.520_499_877_813_047).abs() < 1e-13);
    assert!((reference_erf(2.0) - 0.995_322_265_018_952_7).abs() < 1e-13);
}

/// Checks `op` against `f` at ranks 1 to 4 (contiguous) and on a permuted rank-3 and
/// a transposed rank-4 view, on values from `domain` applied to [`varied`].
fn check_unary(
    op: impl Fn(Tensor<3>) -> Tensor<3>,
    op4: impl Fn(Tensor<4>) -> Tensor<4>,
    op1: impl Fn(Tensor<1>) -> Tensor<1>,
    op2: impl Fn(Tensor<2>) -> Tensor<2>,
    domain: impl Fn(f32) -> f32,
    f: impl Fn(f64) -> f64,
    tolerance: f64,
) {
    let v: Vec<f32> = varied(24, 3).into_iter().map(&domain).collect();
    assert_float_tol(
        op1(float(v[..5].to_vec(), [5])),
        [5],
        &map(&v[..5], &f),
        tolerance,
    );
    assert_float_tol(
        op2(float(v[..6].to_vec(), [2, 3])),
        [2, 3],
        &map(&v[..6], &f),
        tolerance,
    );
    assert_float_tol(
        op(float(v.clone(), [2, 3, 4])),
        [2, 3, 4],
        &map(&v, &f),
        tolerance,
    );
    assert_float_tol(
        op4(float(v.clone(), [2, 1, 3, 4])),
        [2, 1, 3, 4],
        &map(&v, &f),
        tolerance,
    );
    // Strided: the logical values are `v` in both cases.
    assert_float_tol(
        op(permuted_float(&v, [2, 3, 4], [2, 0, 1])),
        [2, 3, 4],
        &map(&v, &f),
        tolerance,
    );
    assert_float_tol(
        op4(permuted_float(&v, [2, 2, 3, 2], [0, 1, 3, 2])),
        [2, 2, 3, 2],
        &map(&v, &f),
        tolerance,
    );
}

macro_rules! unary_test {
    ($name:ident, $method:ident, $domain:expr, $f:expr, $tol:expr) => {
        #[device_test]
        fn $name() {
            check_unary(
                |t| t.$method(),
                |t| t.$method(),
                |t| t.$method(),
                |t| t.$method(),
                $domain,
                $f,
                $tol,
            );
        }
    };
}

unary_test!(exp_at_each_rank_and_strided, exp, |x| x, f64::exp, 1e-5);
unary_test!(
    log_at_each_rank_and_strided,
    log,
    |x: f32| x.abs() + 0.05,
    f64::ln,
    1e-5
);
unary_test!(
    log1p_at_each_rank_and_strided,
    log1p,
    |x: f32| x.abs() - 0.5,
    f64::ln_1p,
    1e-5
);
unary_test!(
    sqrt_at_each_rank_and_strided,
    sqrt,
    |x: f32| x.abs(),
    f64::sqrt,
    1e-5
);
unary_test!(abs_at_each_rank_and_strided, abs, |x| x, f64::abs, 0.0);
unary_test!(sin_at_each_rank_and_strided, sin, |x| x, f64::sin, 1e-5);
unary_test!(cos_at_each_rank_and_strided, cos, |x| x, f64::cos, 1e-5);
unary_test!(tanh_at_each_rank_and_strided, tanh, |x| x, f64::tanh, 1e-5);
unary_test!(erf_at_each_rank_and_strided, erf, |x| x, reference_erf, 1e-5);
unary_test!(
    recip_at_each_rank_and_strided,
    recip,
    |x: f32| if x >= 0.0 { x + 0.25 } else { x - 0.25 },
    f64::recip,
    1e-5
);
unary_test!(
    sigmoid_at_each_rank_and_strided,
    sigmoid,
    |x| x * 2.0,
    |x| 1.0 / (1.0 + (-x).exp()),
    1e-5
);
unary_test!(relu_at_each_rank_and_strided, relu, |x| x, |x| x.max(0.0), 0.0);
unary_test!(
    gelu_at_each_rank_and_strided,
    gelu,
    |x| x,
    |x| x * (1.0 + reference_erf(x / std::f64::consts::SQRT_2)) / 2.0,
    1e-5
);

#[device_test]
fn special_values() {
    let t = float(vec![0.0, -1.0, f32::INFINITY], [3]);
    assert_float(
        t.clone().log(),
        [3],
        &[f32::NEG_INFINITY, f32::NAN, f32::INFINITY],
    );
    assert_float(t.clone().sqrt(), [3], &[0.0, f32::NAN, f32::INFINITY]);
    assert_float(t.clone().exp(), [3], &[1.0, (-1.0f32).exp(), f32::INFINITY]);
    assert_float(t.recip(), [3], &[f32::INFINITY, -1.0, 0.0]);
    assert_float(float(vec![-1.0], [1]).log1p(), [1], &[f32::NEG_INFINITY]);
}

#[device_test]
fn log1p_is_accurate_near_zero() {
    let t = float(vec![1e-7, -1e-7, 1e-10], [3]).log1p();
    let expected = map(&[1e-7, -1e-7, 1e-10], f64::ln_1p);
    assert_float_tol(t, [3], &expected, 1e-6);
}

#[device_test]
fn sigmoid_is_stable_at_extremes() {
    let t = float(vec![-1000.0, -100.0, 0.0, 100.0, 1000.0], [5]).sigmoid();
    let v = f32s(t);
    assert!(v.iter().all(|x| x.is_finite()), "{v:?}");
    assert_eq!(v[0], 0.0);
    assert!(v[1] >= 0.0 && v[1] < 1e-30);
    assert_eq!(v[2], 0.5);
    assert_eq!(v[3], 1.0);
    assert_eq!(v[4], 1.0);
}

#[device_test]
fn gelu_and_relu_by_hand() {
    // gelu(x) = x * Phi(x): Phi(1) = 0.841_344_746, Phi(-1) = 0.158_655_254
    assert_float_tol(
        float(vec![-3.0, -1.0, 0.0, 1.0, 2.0], [5]).gelu(),
        [5],
        &[
            -3.0 * 0.001_349_898,
            -0.158_655_254,
            0.0,
            0.841_344_746,
            2.0 * 0.977_249_868,
        ],
        1e-5,
    );
    assert_float(
        float(vec![-0.5, 0.0, 0.5], [1, 3]).relu(),
        [1, 3],
        &[0.0, 0.0, 0.5],
    );
}

/// `erfc(z)` for `z >= 0`, independent of any library: `1 - erf` by the series below
/// 1.5, and the continued fraction
/// `e^-z^2 / sqrt(pi) / (z + (1/2) / (z + 1 / (z + (3/2) / (z + ...))))` from 1.5 on
/// (both within 1e-13 relative, against Python's `math.erfc`).
fn reference_erfc(z: f64) -> f64 {
    if z < 1.5 {
        return 1.0 - reference_erf(z);
    }
    let mut fraction = z;
    for n in (1..=80).rev() {
        fraction = z + f64::from(n) / 2.0 / fraction;
    }
    (-z * z).exp() / std::f64::consts::PI.sqrt() / fraction
}

/// `x * Phi(x)` through [`reference_erfc`].
fn reference_gelu(x: f64) -> f64 {
    let z = -x / std::f64::consts::SQRT_2;
    let cdf = if z >= 0.0 {
        reference_erfc(z) / 2.0
    } else {
        1.0 - reference_erfc(-z) / 2.0
    };
    x * cdf
}

#[device_test]
fn reference_gelu_is_right() {
    // x * Phi(x), Phi from the normal distribution's tables.
    for (x, phi) in [
        (-1.0, 0.158_655_253_931_457_07),
        (-3.0, 0.001_349_898_031_630_094_6),
        (-5.0, 2.866_515_718_791_939e-7),
        (-6.0, 9.865_876_450_376_946e-10),
        (-10.0, 7.619_853_024_160_527e-24),
        (2.0, 0.977_249_868_051_820_8),
    ] {
        let want = x * phi;
        assert!(
            (reference_gelu(x) / want - 1.0).abs() < 1e-9,
            "gelu({x}) = {} not {want}",
            reference_gelu(x)
        );
    }
}

/// `gelu` keeps its relative precision where `1 + erf(x / sqrt(2))` cancels: over
/// the whole `f32` range, from where the result underflows (`x = -14`) to where it is
/// `x`, within 1e-6 relative (or `f32`'s smallest normal where the exact value is
/// subnormal), with the limits at the infinities.
#[device_test]
fn gelu_is_accurate_over_the_whole_range() {
    let mut xs: Vec<f32> = (-1400..=600).map(|i| i as f32 / 100.0).collect();
    xs.extend([
        -1e30,
        -20.5,
        -14.05,
        7.5,
        1e30,
        f32::MAX,
        f32::MIN,
        1e-30,
        -1e-30,
        1e-40,
        -1e-40,
    ]);
    let got = f32s(float(xs.clone(), [xs.len()]).gelu());
    for (&x, &y) in xs.iter().zip(&got) {
        let want = reference_gelu(f64::from(x));
        let error = (f64::from(y) - want).abs();
        let ok = if want.abs() >= f64::from(f32::MIN_POSITIVE) {
            error <= 1e-6 * want.abs()
        } else {
            error <= f64::from(f32::MIN_POSITIVE)
        };
        assert!(
            ok,
            "gelu({x:e}) = {y:e}, exact {want:e}: relative error {:e}",
            error / want.abs()
        );
    }
    assert_float(
        float(vec![f32::NEG_INFINITY, f32::INFINITY, f32::NAN], [3]).gelu(),
        [3],
        &[0.0, f32::INFINITY, f32::NAN],
    );
}

/// In `f64`, from where the result underflows (`x = -38`).
#[device_test]
fn gelu_is_accurate_in_f64() {
    if !needs(&[DType::F64]) {
        return;
    }
    let xs: Vec<f64> = (-380..=100).map(|i| f64::from(i) / 10.0).collect();
    let got = f64s(float64(xs.clone(), [xs.len()]).gelu());
    for (&x, &y) in xs.iter().zip(&got) {
        let want = reference_gelu(x);
        assert!(
            (y - want).abs() <= 1e-9 * want.abs(),
            "f64 gelu({x}) = {y:e}, exact {want:e}"
        );
    }
}

// ---- powers ----

#[device_test]
fn powf_with_broadcasting_at_ranks_1_to_4() {
    let base: Vec<f32> = varied(24, 5).into_iter().map(|x| x.abs() + 0.1).collect();
    let exps = vec![0.5f32, 2.0, -1.0, 3.0];
    let pow = |a: f32, b: f32| f64::from(a).powf(f64::from(b));
    assert_float_tol(
        float(base[..4].to_vec(), [4]).powf(float(exps.clone(), [4])),
        [4],
        &reference_binary(&base[..4], &[4], &exps, &[4], &[4], pow),
        1e-5,
    );
    assert_float_tol(
        float(base[..8].to_vec(), [2, 4]).powf(float(exps.clone(), [1, 4])),
        [2, 4],
        &reference_binary(&base[..8], &[2, 4], &exps, &[1, 4], &[2, 4], pow),
        1e-5,
    );
    assert_float_tol(
        float(base[..6].to_vec(), [3, 2, 1]).powf(float(exps.clone(), [1, 2, 2])),
        [3, 2, 2],
        &reference_binary(&base[..6], &[3, 2, 1], &exps, &[1, 2, 2], &[3, 2, 2], pow),
        1e-5,
    );
    assert_float_tol(
        permuted_float(&base, [2, 3, 2, 2], [3, 1, 2, 0]).powf(float(exps.clone(), [1, 1, 2, 2])),
        [2, 3, 2, 2],
        &reference_binary(&base, &[2, 3, 2, 2], &exps, &[1, 1, 2, 2], &[2, 3, 2, 2], pow),
        1e-5,
    );
}

#[device_test]
fn powf_of_negative_bases() {
    // Integral exponents give the signed result; others NaN.
    let t = float(vec![-2.0, -2.0, -8.0, 0.0], [4]).powf(float(vec![3.0, 2.0, 0.5, 0.0], [4]));
    assert_float(t, [4], &[-8.0, 4.0, f32::NAN, 1.0]);
}

#[device_test]
fn powf_scalar_and_powi_scalar() {
    let v = varied(12, 9);
    let abs: Vec<f32> = v.iter().map(|x| x.abs()).collect();
    assert_float_tol(
        float(abs.clone(), [3, 4]).powf_scalar(1.5),
        [3, 4],
        &map(&abs, |x| x.powf(1.5)),
        1e-5,
    );
    assert_float_tol(
        permuted_float(&v, [2, 3, 2], [1, 0, 2]).powi_scalar(3),
        [2, 3, 2],
        &map(&v, |x| x.powi(3)),
        1e-5,
    );
    assert_float_tol(
        float(v.clone(), [12]).powi_scalar(-2),
        [12],
        &map(&v, |x| x.powi(-2)),
        1e-5,
    );
    assert_float(
        float(vec![-3.0, 0.0, 7.0], [3]).powi_scalar(0),
        [3],
        &[1.0, 1.0, 1.0],
    );
}

#[device_test]
fn powi_with_an_int_tensor() {
    let base = vec![-2.0f32, 3.0, 0.5, -1.5, 2.0, 10.0];
    let exps = vec![3i64, 2, -1, 2, 0, -2];
    let expected: Vec<f64> = base
        .iter()
        .zip(&exps)
        .map(|(&b, &e)| f64::from(b).powi(e as i32))
        .collect();
    assert_float_tol(
        float(base.clone(), [2, 3]).powi(int(exps.clone(), [2, 3])),
        [2, 3],
        &expected,
        1e-6,
    );
    // Broadcast exponents along dim 0; i32 exponents work too.
    let e32 = Tensor::<2, Int>::from_ints([[2, 3]], &device()).cast(DType::I32);
    let expected: Vec<f64> = [1.0f64, 2.0, 3.0, 4.0]
        .iter()
        .enumerate()
        .map(|(i, &b)| b.powi(2 + (i % 2) as i32))
        .collect();
    assert_float_tol(
        float(vec![1.0, 2.0, 3.0, 4.0], [2, 2]).powi(e32),
        [2, 2],
        &expected,
        1e-6,
    );
}

// ---- clamp ----

#[device_test]
fn clamp_at_each_rank_and_strided() {
    let v = varied(24, 11);
    let f = |x: f64| x.clamp(-1.0, 2.0);
    assert_float_tol(
        float(v[..4].to_vec(), [4]).clamp(-1.0, 2.0),
        [4],
        &map(&v[..4], f),
        0.0,
    );
    assert_float_tol(
        float(v[..6].to_vec(), [3, 2]).clamp(-1.0, 2.0),
        [3, 2],
        &map(&v[..6], f),
        0.0,
    );
    assert_float_tol(
        permuted_float(&v, [2, 3, 4], [1, 2, 0]).clamp(-1.0, 2.0),
        [2, 3, 4],
        &map(&v, f),
        0.0,
    );
    assert_float_tol(
        float(v.clone(), [2, 2, 3, 2]).clamp_min(0.5),
        [2, 2, 3, 2],
        &map(&v, |x| x.max(0.5)),
        0.0,
    );
    assert_float_tol(
        float(v.clone(), [2, 2, 3, 2]).clamp_max(0.5),
        [2, 2, 3, 2],
        &map(&v, |x| x.min(0.5)),
        0.0,
    );
}

#[device_test]
fn clamp_int() {
    let t = int(vec![-5, -1, 0, 3, 9, 4], [2, 3]);
    seam_ops::assert_int(t.clone().clamp(-2, 4), [2, 3], &[-2, -1, 0, 3, 4, 4]);
    seam_ops::assert_int(t.clone().clamp_min(0), [2, 3], &[0, 0, 0, 3, 9, 4]);
    seam_ops::assert_int(t.transpose().clamp_max(0), [3, 2], &[-5, 0, -1, 0, 0, 0]);
}

// ---- f64 ----

#[device_test]
fn f64_functions_keep_f64_precision() {
    if !needs(&[DType::F64]) {
        return;
    }
    let v = vec![0.1, -0.7, 1.3, 2.9, -2.2, 0.0];
    let t = float64(v.clone(), [2, 3]);
    let f64map = |f: fn(f64) -> f64| v.iter().map(|&x| f(x)).collect::<Vec<_>>();
    assert_close_f64(&f64s(t.clone().exp()), &f64map(f64::exp));
    assert_close_f64(&f64s(t.clone().sin()), &f64map(f64::sin));
    assert_close_f64(&f64s(t.clone().tanh()), &f64map(f64::tanh));
    assert_close_f64(&f64s(t.clone().abs().sqrt()), &f64map(|x| x.abs().sqrt()));
    assert_close_f64(&f64s(t.clone().powi_scalar(3)), &f64map(|x| x.powi(3)));
    assert_close_f64(&f64s(t.clone().sigmoid()), &f64map(|x| 1.0 / (1.0 + (-x).exp())));
    let erf = f64s(t.transpose().erf());
    let expected = seam_ops::reference_permute(&v, &[2, 3], &[1, 0]);
    seam_ops::assert_close_tol(
        &erf,
        &expected.iter().map(|&x| reference_erf(x)).collect::<Vec<_>>(),
        1e-12,
    );
}

#[device_test]
fn f64_via_cast() {
    if !needs(&[DType::F64]) {
        return;
    }
    let t = float(vec![0.5, 2.0, 4.0], [3]).cast(DType::F64);
    assert_eq!(t.dtype(), DType::F64);
    assert_close_f64(&f64s(t.clone().log()), &[0.5f64.ln(), 2.0f64.ln(), 4.0f64.ln()]);
    assert_close_f64(&f64s(t.powf_scalar(0.5)), &[0.5f64.sqrt(), 2.0f64.sqrt(), 2.0]);
}

#[device_test]
fn powf_of_mixed_dtypes_panics() {
    if !needs(&[DType::F64]) {
        return;
    }
    assert_panics("powf: operands have different dtypes (f32 and f64)", || {
        let _ = float(vec![1.0], [1]).powf(float64(vec![1.0], [1]));
    });
}

#[device_test]
#[should_panic(expected = "powf: shapes [2] and [3] do not broadcast")]
fn powf_of_non_broadcastable_shapes_panics() {
    let _ = float(vec![1.0; 2], [2]).powf(float(vec![1.0; 3], [3]));
}
