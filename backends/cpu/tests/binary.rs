//! `binary` and `binary_scalar` for `rem`, `powf`, `max_pair` and `min_pair`, with
//! broadcasting and strided inputs.

mod common;

use common::*;
use seam_backend::{Backend, BinaryOp, DType, Scalar};
use seam_cpu::Cpu;

#[test]
fn rem_takes_the_sign_of_the_dividend() {
    let a = tensor(vec![5.5f32, -5.5, 7.0, -7.0], &[4]);
    let b = tensor(vec![2.0f32, 2.0, -3.0, -3.0], &[4]);
    assert_eq!(
        values::<f32>(Cpu::binary(BinaryOp::Rem, a, b)),
        vec![1.5, -1.5, 1.0, -1.0]
    );
    let a = tensor(vec![7i32, -7, 7, -7], &[2, 2]);
    let b = tensor(vec![3i32, 3, -3, -3], &[2, 2]);
    assert_eq!(
        values::<i32>(Cpu::binary(BinaryOp::Rem, a, b)),
        vec![1, -1, 1, -1]
    );
    let a = tensor(vec![7.5f64, -7.5], &[2, 1, 1]);
    let b = tensor(vec![2.0f64], &[1, 1, 1]);
    assert_eq!(values::<f64>(Cpu::binary(BinaryOp::Rem, a, b)), vec![1.5, -1.5]);
}

#[test]
fn int_rem_of_min_by_minus_one_is_zero() {
    let a = tensor(vec![i64::MIN, 9], &[2]);
    let b = tensor(vec![-1i64, -1], &[2]);
    assert_eq!(values::<i64>(Cpu::binary(BinaryOp::Rem, a, b)), vec![0, 0]);
    let m = tensor(vec![i32::MIN, -5], &[2]);
    assert_eq!(
        values::<i32>(Cpu::binary_scalar(BinaryOp::Rem, m, Scalar::Int(-1))),
        vec![0, 0]
    );
}

#[test]
fn rem_broadcast_and_strided() {
    // [[0], [1], [2], ...] column vs a row: x[i] % [2, 3].
    let col = tensor(vec![4i64, 5, 6], &[3, 1]);
    let row = tensor(vec![2i64, 3], &[1, 2]);
    let r = Cpu::binary(BinaryOp::Rem, col, row);
    assert_eq!(dims(&r), vec![3, 2]);
    assert_eq!(values::<i64>(r), vec![0, 1, 1, 2, 0, 0]);
    // Transposed [[1, 4], [2, 5], [3, 6]] % 4 (scalar) and % a sliced view.
    let t = transposed(vec![1i32, 2, 3, 4, 5, 6]);
    assert_eq!(
        values::<i32>(Cpu::binary_scalar(BinaryOp::Rem, t.clone(), Scalar::Int(4))),
        vec![1, 0, 2, 1, 3, 2]
    );
    let divisors = Cpu::slice(tensor(vec![9i32, 2, 3, 9, 4, 5, 9, 6, 7], &[3, 3]), &[0..3, 1..3]);
    assert_eq!(
        values::<i32>(Cpu::binary(BinaryOp::Rem, t, divisors)),
        vec![1, 1, 2, 0, 3, 6]
    );
    // A float scalar is truncated for an int tensor: 7 % 2.9 is 7 % 2.
    let i = tensor(vec![7i64], &[1]);
    assert_eq!(
        values::<i64>(Cpu::binary_scalar(BinaryOp::Rem, i, Scalar::Float(2.9))),
        vec![1]
    );
}

#[test]
fn float_rem_by_zero_is_nan() {
    let r = values::<f64>(Cpu::binary_scalar(
        BinaryOp::Rem,
        tensor(vec![1.0f64], &[1]),
        Scalar::Float(0.0),
    ));
    assert!(r[0].is_nan());
}

#[test]
#[should_panic(expected = "division by zero in int rem (i32 tensor)")]
fn int_rem_by_zero_panics() {
    Cpu::binary(
        BinaryOp::Rem,
        tensor(vec![1i32, 2], &[2]),
        tensor(vec![1i32, 0], &[2]),
    );
}

#[test]
#[should_panic(expected = "division by zero in int rem (i64 tensor)")]
fn int_rem_by_zero_scalar_panics() {
    Cpu::binary_scalar(BinaryOp::Rem, tensor(vec![1i64], &[1]), Scalar::Float(0.5));
}

#[test]
fn pow_keeps_the_sign_for_integral_exponents() {
    let a = tensor(vec![2.0f64, -2.0, 4.0, 9.0], &[4]);
    let b = tensor(vec![3.0f64, 3.0, 0.5, 0.5], &[4]);
    assert_close(&floats(Cpu::binary(BinaryOp::Pow, a, b)), &[8.0, -8.0, 2.0, 3.0]);
    let nan = values::<f32>(Cpu::binary_scalar(
        BinaryOp::Pow,
        tensor(vec![-8.0f32], &[1]),
        Scalar::Float(0.5),
    ));
    assert!(nan[0].is_nan());
}

#[test]
fn pow_broadcast_and_strided() {
    // [[2], [3]] ** [[0, 1, 2]].
    let col = tensor(vec![2.0f32, 3.0], &[2, 1]);
    let row = tensor(vec![0.0f32, 1.0, 2.0], &[1, 3]);
    let p = Cpu::binary(BinaryOp::Pow, col, row);
    assert_eq!(dims(&p), vec![2, 3]);
    assert_eq!(values::<f32>(p), vec![1.0, 2.0, 4.0, 1.0, 3.0, 9.0]);
    // Transposed [[1, 4], [2, 5], [3, 6]] squared, by a scalar.
    let t = transposed(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]);
    assert_eq!(
        values::<f32>(Cpu::binary_scalar(BinaryOp::Pow, t, Scalar::Int(2))),
        vec![1.0, 16.0, 4.0, 25.0, 9.0, 36.0]
    );
    // Rank 3: x = 0..12 in [2, 3, 2] ** an expanded [1, 1, 2] of [1, 0.5]; sliced to [1..2].
    let x = Cpu::slice(arange(&[2, 3, 2], DType::F64), &[1..2, 0..3, 0..2]); // 6..12
    let e = expand(tensor(vec![1.0f64, 0.5], &[1, 1, 2]), &[1, 3, 2]);
    let p = Cpu::binary(BinaryOp::Pow, x, e);
    assert_close(&floats(p), &[6.0, 7f64.sqrt(), 8.0, 3.0, 10.0, 11f64.sqrt()]);
}

#[test]
#[should_panic(expected = "powf needs a float dtype, got i32; convert the tensor to a float dtype first")]
fn pow_of_ints_panics() {
    Cpu::binary(BinaryOp::Pow, tensor(vec![2i32], &[1]), tensor(vec![2i32], &[1]));
}

#[test]
#[should_panic(expected = "powf needs a float dtype, got i64; convert the tensor to a float dtype first")]
fn pow_scalar_of_ints_panics() {
    Cpu::binary_scalar(BinaryOp::Pow, tensor(vec![2i64], &[1]), Scalar::Int(2));
}

#[test]
#[should_panic(expected = "powf: operands have different dtypes (f32 and f64)")]
fn pow_dtype_mismatch_panics() {
    Cpu::binary(
        BinaryOp::Pow,
        tensor(vec![2.0f32], &[1]),
        tensor(vec![2.0f64], &[1]),
    );
}

#[test]
fn max_and_min_of_every_numeric_dtype() {
    let a = || tensor(vec![1i32, 5, -3], &[3]);
    let b = || tensor(vec![2i32, 4, -3], &[3]);
    assert_eq!(
        values::<i32>(Cpu::binary(BinaryOp::Max, a(), b())),
        vec![2, 5, -3]
    );
    assert_eq!(
        values::<i32>(Cpu::binary(BinaryOp::Min, a(), b())),
        vec![1, 4, -3]
    );
    let a = || tensor(vec![i64::MIN, i64::MAX], &[2, 1]);
    let b = || tensor(vec![0i64, 0], &[2, 1]);
    assert_eq!(
        values::<i64>(Cpu::binary(BinaryOp::Max, a(), b())),
        vec![0, i64::MAX]
    );
    assert_eq!(
        values::<i64>(Cpu::binary(BinaryOp::Min, a(), b())),
        vec![i64::MIN, 0]
    );
    let a = || tensor(vec![-0.5f32, 2.5], &[2]);
    let b = || tensor(vec![-1.5f32, 3.5], &[2]);
    assert_eq!(
        values::<f32>(Cpu::binary(BinaryOp::Max, a(), b())),
        vec![-0.5, 3.5]
    );
    assert_eq!(
        values::<f32>(Cpu::binary(BinaryOp::Min, a(), b())),
        vec![-1.5, 2.5]
    );
    let a = || tensor(vec![1.25f64], &[1, 1, 1]);
    let b = || tensor(vec![-1.25f64], &[1, 1, 1]);
    assert_eq!(values::<f64>(Cpu::binary(BinaryOp::Max, a(), b())), vec![1.25]);
    assert_eq!(values::<f64>(Cpu::binary(BinaryOp::Min, a(), b())), vec![-1.25]);
}

#[test]
fn max_and_min_broadcast_and_strided() {
    // Rank 3: x = 0..12 in [2, 3, 2] against a [1, 3, 1] of [3, 6, 9].
    let x = || arange(&[2, 3, 2], DType::I64);
    let m = || tensor(vec![3i64, 6, 9], &[1, 3, 1]);
    assert_eq!(
        values::<i64>(Cpu::binary(BinaryOp::Max, x(), m())),
        vec![3, 3, 6, 6, 9, 9, 6, 7, 8, 9, 10, 11]
    );
    assert_eq!(
        values::<i64>(Cpu::binary(BinaryOp::Min, x(), m())),
        vec![0, 1, 2, 3, 4, 5, 3, 3, 6, 6, 9, 9]
    );
    // Transposed [[1, 4], [2, 5], [3, 6]] against an expanded row [3, 3].
    let t = || transposed(vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let row = || expand(tensor(vec![3.0f64], &[1, 1]), &[1, 2]);
    assert_eq!(
        values::<f64>(Cpu::binary(BinaryOp::Max, t(), row())),
        vec![3.0, 4.0, 3.0, 5.0, 3.0, 6.0]
    );
    assert_eq!(
        values::<f64>(Cpu::binary(BinaryOp::Min, t(), row())),
        vec![1.0, 3.0, 2.0, 3.0, 3.0, 3.0]
    );
}

#[test]
fn max_and_min_scalar_convert_the_scalar() {
    // 2.5 becomes 2 for an int tensor.
    let i = || tensor(vec![1i32, 3, 2], &[3]);
    assert_eq!(
        values::<i32>(Cpu::binary_scalar(BinaryOp::Max, i(), Scalar::Float(2.5))),
        vec![2, 3, 2]
    );
    assert_eq!(
        values::<i32>(Cpu::binary_scalar(BinaryOp::Min, i(), Scalar::Float(2.5))),
        vec![1, 2, 2]
    );
    let t = || transposed(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]);
    assert_eq!(
        values::<f32>(Cpu::binary_scalar(BinaryOp::Max, t(), Scalar::Float(2.5))),
        vec![2.5, 4.0, 2.5, 5.0, 3.0, 6.0]
    );
    assert_eq!(
        values::<f32>(Cpu::binary_scalar(BinaryOp::Min, t(), Scalar::Int(4))),
        vec![1.0, 4.0, 2.0, 4.0, 3.0, 4.0]
    );
}

#[test]
#[should_panic(expected = "max_pair needs a numeric dtype, got bool")]
fn max_of_bools_panics() {
    Cpu::binary(BinaryOp::Max, tensor(vec![true], &[1]), tensor(vec![false], &[1]));
}

#[test]
#[should_panic(expected = "min_pair (scalar) needs a numeric dtype, got bool")]
fn min_scalar_of_bools_panics() {
    Cpu::binary_scalar(BinaryOp::Min, tensor(vec![true], &[1]), Scalar::Bool(false));
}
