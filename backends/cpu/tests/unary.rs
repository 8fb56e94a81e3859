//! `unary`: `neg` and `abs` on every numeric dtype, the float-only ops on `f32` and
//! `f64`, through contiguous, transposed, broadcast and sliced inputs.

mod common;

use common::*;
use seam_backend::{Backend, UnaryOp};
use seam_cpu::Cpu;
use std::f64::consts::{E, FRAC_PI_2, PI};

/// `op` of each element of `x` (an `f64` vector of `dims`), through the backend, in
/// both float dtypes, checked against `f`.
fn check_float(op: UnaryOp, x: &[f64], dims: &[usize], f: fn(f64) -> f64) {
    let expected: Vec<f64> = x.iter().map(|&v| f(v)).collect();
    let d = Cpu::unary(op, tensor(x.to_vec(), dims));
    assert_eq!(common::dims(&d), dims);
    assert_close(&floats(d), &expected);
    let s = Cpu::unary(op, tensor(x.iter().map(|&v| v as f32).collect(), dims));
    let expected32: Vec<f64> = x.iter().map(|&v| f(f64::from(v as f32))).collect();
    let got = floats(s);
    for (g, e) in got.iter().zip(&expected32) {
        assert!(
            (g - e).abs() <= 1e-5 * e.abs().max(1.0),
            "{op:?}: {got:?} vs {expected32:?}"
        );
    }
}

#[test]
fn abs_of_every_numeric_dtype() {
    let i = tensor(vec![i32::MIN, -3, 0, 4], &[4]);
    // Int abs wraps at MIN.
    assert_eq!(
        values::<i32>(Cpu::unary(UnaryOp::Abs, i)),
        vec![i32::MIN, 3, 0, 4]
    );
    let l = tensor(vec![i64::MIN, -7, 7], &[3, 1]);
    assert_eq!(values::<i64>(Cpu::unary(UnaryOp::Abs, l)), vec![i64::MIN, 7, 7]);
    let f = transposed(vec![-1.0f32, 2.0, -3.0, 4.0, -5.0, 6.0]); // [[-1, 4], [2, -5], [-3, 6]]
    let a = Cpu::unary(UnaryOp::Abs, f);
    assert_eq!(dims(&a), vec![3, 2]);
    assert_eq!(values::<f32>(a), vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    let d = tensor(vec![-0.5f64, 0.25], &[1, 1, 2]);
    assert_eq!(values::<f64>(Cpu::unary(UnaryOp::Abs, d)), vec![0.5, 0.25]);
}

#[test]
fn neg_and_abs_of_broadcast_and_sliced_views() {
    let row = expand(tensor(vec![-1i64, 2, -3], &[1, 3]), &[2, 3]);
    assert_eq!(
        values::<i64>(Cpu::unary(UnaryOp::Neg, row.clone())),
        vec![1, -2, 3, 1, -2, 3]
    );
    assert_eq!(
        values::<i64>(Cpu::unary(UnaryOp::Abs, row)),
        vec![1, 2, 3, 1, 2, 3]
    );
    // x[i][j][k] = 6i + 2j + k - 6, sliced to [1..2, 1..3, 0..1]: [[[2], [4]]].
    let x = Cpu::binary_scalar(
        seam_backend::BinaryOp::Sub,
        arange(&[2, 3, 2], seam_backend::DType::I32),
        6.into(),
    );
    let part = Cpu::slice(x, &[1..2, 1..3, 0..1]);
    let n = Cpu::unary(UnaryOp::Neg, part);
    assert_eq!(dims(&n), vec![1, 2, 1]);
    assert_eq!(values::<i32>(n), vec![-2, -4]);
}

#[test]
fn float_ops_rank_1() {
    check_float(UnaryOp::Exp, &[0.0, 1.0, -1.0], &[3], f64::exp);
    check_float(UnaryOp::Log, &[1.0, E, 10.0], &[3], f64::ln);
    check_float(UnaryOp::Log1p, &[0.0, E - 1.0, 1e-10], &[3], f64::ln_1p);
    check_float(UnaryOp::Sqrt, &[4.0, 9.0, 2.0, 0.0], &[4], f64::sqrt);
    check_float(UnaryOp::Sin, &[0.0, FRAC_PI_2, PI / 6.0], &[3], f64::sin);
    check_float(UnaryOp::Cos, &[0.0, PI, PI / 3.0], &[3], f64::cos);
    check_float(UnaryOp::Tanh, &[0.0, 1.0, -2.0], &[3], f64::tanh);
    check_float(UnaryOp::Recip, &[2.0, -4.0, 0.5], &[3], f64::recip);
}

#[test]
fn float_ops_hand_computed() {
    let x = |v: Vec<f64>| tensor(v, &[3]);
    assert_close(
        &floats(Cpu::unary(UnaryOp::Sqrt, x(vec![4.0, 9.0, 0.25]))),
        &[2.0, 3.0, 0.5],
    );
    assert_close(
        &floats(Cpu::unary(UnaryOp::Sin, x(vec![0.0, FRAC_PI_2, -FRAC_PI_2]))),
        &[0.0, 1.0, -1.0],
    );
    assert_close(
        &floats(Cpu::unary(UnaryOp::Cos, x(vec![0.0, PI, FRAC_PI_2]))),
        &[1.0, -1.0, 0.0],
    );
    assert_close(
        &floats(Cpu::unary(UnaryOp::Tanh, x(vec![0.0, 1.0, -1.0]))),
        &[0.0, 0.761_594_155_955_764_9, -0.761_594_155_955_764_9],
    );
    assert_close(
        &floats(Cpu::unary(UnaryOp::Recip, x(vec![2.0, -4.0, 0.125]))),
        &[0.5, -0.25, 8.0],
    );
    // log1p keeps the precision that ln(1 + x) loses.
    let tiny = floats(Cpu::unary(UnaryOp::Log1p, tensor(vec![1e-12f64], &[1])))[0];
    assert!((tiny - 1e-12).abs() < 1e-24, "{tiny}");
    let nan = floats(Cpu::unary(UnaryOp::Sqrt, tensor(vec![-1.0f32], &[1])))[0];
    assert!(nan.is_nan());
    let inf = floats(Cpu::unary(UnaryOp::Recip, tensor(vec![0.0f64], &[1])))[0];
    assert_eq!(inf, f64::INFINITY);
}

#[test]
fn erf_in_both_float_dtypes() {
    // erf(0) = 0, erf(0.5) = 0.5204998778, erf(1) = 0.8427007929, odd, erf(3) ~ 1.
    let x = vec![0.0, 0.5, 1.0, -1.0, 3.0];
    let expected = [
        0.0,
        0.520_499_877_813_046_5,
        0.842_700_792_949_714_9,
        -0.842_700_792_949_714_9,
        0.999_977_909_503_001_4,
    ];
    assert_close(
        &floats(Cpu::unary(UnaryOp::Erf, tensor(x.clone(), &[5]))),
        &expected,
    );
    let f: Vec<f32> = x.iter().map(|&v| v as f32).collect();
    let got = floats(Cpu::unary(UnaryOp::Erf, tensor(f, &[5, 1])));
    for (g, e) in got.iter().zip(expected) {
        assert!((g - e).abs() < 1e-6, "{got:?}");
    }
}

#[test]
fn float_ops_on_strided_views() {
    // Transposed: [[1, 4], [2, 5], [3, 6]].
    let t = Cpu::unary(
        UnaryOp::Sqrt,
        transposed(vec![1.0f32, 4.0, 9.0, 16.0, 25.0, 36.0]),
    );
    assert_eq!(dims(&t), vec![3, 2]);
    assert_close(&floats(t), &[1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    // Broadcast: a [2, 1] column expanded to [2, 3].
    let col = expand(tensor(vec![2.0f64, 0.5], &[2, 1]), &[2, 3]);
    assert_close(
        &floats(Cpu::unary(UnaryOp::Recip, col)),
        &[0.5, 0.5, 0.5, 2.0, 2.0, 2.0],
    );
    // Sliced rank 3: x = 0..12 in [2, 3, 2], part [1..2, 0..3, 1..2] = [[[7], [9], [11]]].
    let part = Cpu::slice(arange(&[2, 3, 2], seam_backend::DType::F64), &[1..2, 0..3, 1..2]);
    let l = Cpu::unary(UnaryOp::Log, part);
    assert_eq!(dims(&l), vec![1, 3, 1]);
    assert_close(&floats(l), &[7f64.ln(), 9f64.ln(), 11f64.ln()]);
    // Transposed rank 3, f32: y[k][j][i] = x[i][j][k] = 6i + 2j + k.
    let y = swap_dims(arange(&[2, 3, 2], seam_backend::DType::F32), 0, 2);
    let expected: Vec<f64> = [0.0f64, 6.0, 2.0, 8.0, 4.0, 10.0, 1.0, 7.0, 3.0, 9.0, 5.0, 11.0]
        .iter()
        .map(|v| (v / 10.0).tanh())
        .collect();
    let scaled = Cpu::binary_scalar(seam_backend::BinaryOp::Div, y, 10.0.into());
    assert_close(&floats(Cpu::unary(UnaryOp::Tanh, scaled)), &expected);
}

#[test]
fn every_float_only_op_panics_on_ints_and_bools() {
    let ops = [
        UnaryOp::Exp,
        UnaryOp::Log,
        UnaryOp::Log1p,
        UnaryOp::Sqrt,
        UnaryOp::Sin,
        UnaryOp::Cos,
        UnaryOp::Tanh,
        UnaryOp::Erf,
        UnaryOp::Recip,
        UnaryOp::Gelu,
    ];
    for op in ops {
        for (input, dtype) in [
            (tensor(vec![1i32], &[1]), "i32"),
            (tensor(vec![1i64], &[1]), "i64"),
            (tensor(vec![true], &[1]), "bool"),
        ] {
            let err = std::panic::catch_unwind(|| Cpu::unary(op, input)).unwrap_err();
            let message = err.downcast_ref::<String>().unwrap();
            assert_eq!(
                message,
                &format!(
                    "{} needs a float dtype, got {dtype}; convert the tensor to a float dtype first",
                    op.name()
                )
            );
        }
    }
}

#[test]
#[should_panic(expected = "erf needs a float dtype, got i64; convert the tensor to a float dtype first")]
fn erf_of_int_panics() {
    Cpu::unary(UnaryOp::Erf, tensor(vec![1i64], &[1]));
}

#[test]
#[should_panic(expected = "abs needs a numeric dtype, got bool")]
fn abs_of_bool_panics() {
    Cpu::unary(UnaryOp::Abs, tensor(vec![true], &[1]));
}
