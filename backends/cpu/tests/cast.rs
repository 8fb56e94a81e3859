//! `cast` between every pair of dtypes, on contiguous and strided inputs.

mod common;

use common::*;
use seam_backend::{Backend, DType};
use seam_cpu::Cpu;

#[test]
fn floats_to_ints_truncate_and_saturate() {
    let f = tensor(vec![1.9f32, -1.9, 0.5, f32::NAN, 1e10, -1e10], &[6]);
    let i = Cpu::cast(f, DType::I32);
    assert_eq!(Cpu::dtype(&i), DType::I32);
    assert_eq!(values::<i32>(i), vec![1, -1, 0, 0, i32::MAX, i32::MIN]);
    let d = tensor(vec![2.99f64, -2.99, f64::NAN, 1e300, f64::NEG_INFINITY], &[5, 1]);
    let l = Cpu::cast(d, DType::I64);
    assert_eq!(dims(&l), vec![5, 1]);
    assert_eq!(values::<i64>(l), vec![2, -2, 0, i64::MAX, i64::MIN]);
    let f = tensor(vec![-7.5f32, 3e9], &[2]);
    assert_eq!(values::<i64>(Cpu::cast(f, DType::I64)), vec![-7, 3_000_000_000]);
    let d = tensor(vec![-0.999f64, 65536.7], &[2]);
    assert_eq!(values::<i32>(Cpu::cast(d, DType::I32)), vec![0, 65536]);
}

#[test]
fn numbers_to_bool_are_not_zero() {
    let f = tensor(vec![0.0f32, -0.0, 0.5, f32::NAN], &[2, 2]);
    assert_eq!(
        values::<bool>(Cpu::cast(f, DType::Bool)),
        vec![false, false, true, true]
    );
    let d = tensor(vec![1e-300f64, 0.0], &[2]);
    assert_eq!(values::<bool>(Cpu::cast(d, DType::Bool)), vec![true, false]);
    let i = tensor(vec![0i32, 3, -1], &[3]);
    assert_eq!(values::<bool>(Cpu::cast(i, DType::Bool)), vec![false, true, true]);
    let l = tensor(vec![i64::MIN, 0], &[1, 2]);
    assert_eq!(values::<bool>(Cpu::cast(l, DType::Bool)), vec![true, false]);
}

#[test]
fn bool_to_numbers_is_0_or_1() {
    let b = || tensor(vec![true, false, true], &[3, 1, 1]);
    assert_eq!(values::<f32>(Cpu::cast(b(), DType::F32)), vec![1.0, 0.0, 1.0]);
    assert_eq!(values::<f64>(Cpu::cast(b(), DType::F64)), vec![1.0, 0.0, 1.0]);
    assert_eq!(values::<i32>(Cpu::cast(b(), DType::I32)), vec![1, 0, 1]);
    let l = Cpu::cast(b(), DType::I64);
    assert_eq!(dims(&l), vec![3, 1, 1]);
    assert_eq!(values::<i64>(l), vec![1, 0, 1]);
}

#[test]
fn ints_and_floats_among_themselves_as_as() {
    // i64 to i32 wraps, i32 to i64 widens.
    let l = tensor(vec![i64::from(i32::MAX) + 1, -1, 1 << 40], &[3]);
    assert_eq!(values::<i32>(Cpu::cast(l, DType::I32)), vec![i32::MIN, -1, 0]);
    let i = tensor(vec![i32::MIN, 7], &[2]);
    assert_eq!(
        values::<i64>(Cpu::cast(i, DType::I64)),
        vec![i64::from(i32::MIN), 7]
    );
    // f64 to f32 rounds, f32 to f64 is exact.
    let d = tensor(vec![0.1f64, 1e40], &[2]);
    assert_eq!(
        values::<f32>(Cpu::cast(d, DType::F32)),
        vec![0.1f32, f32::INFINITY]
    );
    let f = tensor(vec![0.1f32], &[1]);
    assert_eq!(values::<f64>(Cpu::cast(f, DType::F64)), vec![f64::from(0.1f32)]);
    // Ints to floats.
    let i = tensor(vec![-3i32, 16_777_217], &[2]);
    assert_eq!(values::<f32>(Cpu::cast(i, DType::F32)), vec![-3.0, 16_777_216.0]);
    let l = tensor(vec![-3i64, 1 << 53], &[2]);
    assert_eq!(
        values::<f64>(Cpu::cast(l, DType::F64)),
        vec![-3.0, 9_007_199_254_740_992.0]
    );
}

#[test]
fn i64_to_f32_rounds_once() {
    // 2^53 + 2^29 + 1 is just above halfway between two f32s: it rounds up. Through
    // f64 it would first round to 2^53 + 2^29, a tie that rounds down to 2^53.
    let v = (1i64 << 53) + (1 << 29) + 1;
    let got = values::<f32>(Cpu::cast(tensor(vec![v], &[1]), DType::F32));
    assert_eq!(got, vec![((1i64 << 53) + (1 << 30)) as f32]);
}

#[test]
fn same_dtype_returns_the_tensor_unchanged() {
    let t = transposed(vec![1i32, 2, 3, 4, 5, 6]);
    let c = Cpu::cast(t.clone(), DType::I32);
    assert!(c.shares_storage_with(&t));
    assert_eq!(c.strides(), t.strides());
    assert_eq!(values::<i32>(c), vec![1, 4, 2, 5, 3, 6]);
}

#[test]
fn strided_inputs_give_row_major_results() {
    // Transposed [[1.5, 4.5], [2.5, 5.5], [3.5, 6.5]].
    let t = transposed(vec![1.5f64, 2.5, 3.5, 4.5, 5.5, 6.5]);
    let c = Cpu::cast(t, DType::I64);
    assert!(c.is_contiguous());
    assert_eq!(dims(&c), vec![3, 2]);
    assert_eq!(values::<i64>(c), vec![1, 4, 2, 5, 3, 6]);
    // Broadcast rank 3: a [1, 2, 1] expanded to [2, 2, 3].
    let e = expand(tensor(vec![0i32, 2], &[1, 2, 1]), &[2, 2, 3]);
    let b = Cpu::cast(e, DType::Bool);
    assert_eq!(dims(&b), vec![2, 2, 3]);
    assert_eq!(
        values::<bool>(b),
        [false, false, false, true, true, true].repeat(2)
    );
    // Sliced: the second row of [[1, 0, 1], [0, 1, 0]] (bools) as f32.
    let s = Cpu::slice(
        tensor(vec![true, false, true, false, true, false], &[2, 3]),
        &[1..2, 0..3],
    );
    assert_eq!(values::<f32>(Cpu::cast(s, DType::F32)), vec![0.0, 1.0, 0.0]);
}
