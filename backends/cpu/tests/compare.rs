//! `compare` and `compare_scalar` on every dtype, broadcast and strided.

mod common;

use common::*;
use seam_backend::{Backend, CompareOp, DType, Scalar};
use seam_cpu::{Cpu, CpuTensor};

const OPS: [CompareOp; 5] = [
    CompareOp::Equal,
    CompareOp::Greater,
    CompareOp::GreaterEqual,
    CompareOp::Lower,
    CompareOp::LowerEqual,
];

/// `op` of `lhs` and `rhs`, checked to be a `bool` tensor, as its elements.
fn cmp(op: CompareOp, lhs: CpuTensor, rhs: CpuTensor) -> Vec<bool> {
    let out = Cpu::compare(op, lhs, rhs);
    assert_eq!(Cpu::dtype(&out), DType::Bool);
    values(out)
}

#[test]
fn every_op_f32_rank_1() {
    let (t, f) = (true, false);
    let expected = [
        [f, t, f], // equal
        [f, f, t], // greater
        [f, t, t], // greater_equal
        [t, f, f], // lower
        [t, t, f], // lower_equal
    ];
    for (op, want) in OPS.into_iter().zip(expected) {
        let a = tensor(vec![1.0f32, 2.0, 3.0], &[3]);
        let b = tensor(vec![2.0f32, 2.0, 2.0], &[3]);
        assert_eq!(cmp(op, a, b), want, "{op:?}");
        // The same through compare_scalar, and on f64.
        let a = tensor(vec![1.0f64, 2.0, 3.0], &[3]);
        let out = Cpu::compare_scalar(op, a, Scalar::Float(2.0));
        assert_eq!(Cpu::dtype(&out), DType::Bool);
        assert_eq!(values::<bool>(out), want, "{op:?}");
    }
}

#[test]
fn ints_broadcast_column_and_row() {
    // [[1], [2], [3]] vs [[2, 3]].
    let col = || tensor(vec![1i32, 2, 3], &[3, 1]);
    let row = || tensor(vec![2i32, 3], &[1, 2]);
    let out = Cpu::compare(CompareOp::Lower, col(), row());
    assert_eq!(dims(&out), vec![3, 2]);
    assert_eq!(values::<bool>(out), vec![true, true, false, true, false, false]);
    assert_eq!(
        cmp(CompareOp::Equal, col(), row()),
        vec![false, false, true, false, false, true]
    );
    let col = tensor(vec![i64::MIN, 0, i64::MAX], &[3, 1]);
    let row = tensor(vec![0i64, i64::MAX], &[1, 2]);
    assert_eq!(
        cmp(CompareOp::GreaterEqual, col, row),
        vec![false, false, true, false, true, true]
    );
}

#[test]
fn bools_order_false_before_true() {
    let a = || tensor(vec![false, false, true, true], &[2, 2]);
    let b = || tensor(vec![false, true, false, true], &[2, 2]);
    assert_eq!(cmp(CompareOp::Lower, a(), b()), vec![false, true, false, false]);
    assert_eq!(cmp(CompareOp::Greater, a(), b()), vec![false, false, true, false]);
    assert_eq!(cmp(CompareOp::Equal, a(), b()), vec![true, false, false, true]);
    assert_eq!(
        cmp(CompareOp::LowerEqual, a(), b()),
        vec![true, true, false, true]
    );
    // A scalar converts to bool: 5 is true.
    assert_eq!(
        values::<bool>(Cpu::compare_scalar(CompareOp::Equal, a(), Scalar::Int(5))),
        vec![false, false, true, true]
    );
    // Transposed: [[f, t], [f, t]] vs false.
    assert_eq!(
        values::<bool>(Cpu::compare_scalar(
            CompareOp::Greater,
            swap_dims(a(), 0, 1),
            Scalar::Bool(false)
        )),
        vec![false, true, false, true]
    );
}

#[test]
fn strided_rank_3() {
    // y[k][j][i] = x[i][j][k] = 6i + 2j + k, dims [2, 3, 2], against the slice
    // x[1..2] - 6 (dims [1, 3, 2]), broadcast along dim 0.
    let y = swap_dims(arange(&[2, 3, 2], DType::F64), 0, 2);
    let half = Cpu::binary_scalar(
        seam_backend::BinaryOp::Sub,
        Cpu::slice(arange(&[2, 3, 2], DType::F64), &[1..2, 0..3, 0..2]),
        Scalar::Int(6),
    );
    // y = [[[0, 6], [2, 8], [4, 10]], [[1, 7], [3, 9], [5, 11]]], half = [[[0, 1], [2, 3], [4, 5]]].
    assert_eq!(
        cmp(CompareOp::Equal, y.clone(), half.clone()),
        vec![
            true, false, true, false, true, false, false, false, false, false, false, false
        ]
    );
    assert_eq!(
        cmp(CompareOp::Greater, y, half),
        vec![
            false, true, false, true, false, true, true, true, true, true, true, true
        ]
    );
    // An expanded i64 row.
    let e = expand(tensor(vec![2i64], &[1, 1, 1]), &[2, 1, 3]);
    let x = tensor(vec![1i64, 2, 3, 4, 0, 2], &[2, 1, 3]);
    assert_eq!(
        cmp(CompareOp::LowerEqual, x, e),
        vec![true, true, false, false, true, true]
    );
}

#[test]
fn compare_scalar_converts_to_the_tensor_dtype() {
    // An int tensor compared with 2.5 compares with 2.
    let i = || tensor(vec![1i32, 2, 3], &[3]);
    assert_eq!(
        values::<bool>(Cpu::compare_scalar(CompareOp::Equal, i(), Scalar::Float(2.5))),
        vec![false, true, false]
    );
    assert_eq!(
        values::<bool>(Cpu::compare_scalar(CompareOp::Greater, i(), Scalar::Float(2.5))),
        vec![false, false, true]
    );
    let l = tensor(vec![-1i64, 0, 1], &[1, 3]);
    assert_eq!(
        values::<bool>(Cpu::compare_scalar(CompareOp::Lower, l, Scalar::Bool(true))),
        vec![true, true, false]
    );
    // A transposed f32 view [[1, 4], [2, 5], [3, 6]] against an int scalar.
    let t = transposed(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let out = Cpu::compare_scalar(CompareOp::GreaterEqual, t, Scalar::Int(3));
    assert_eq!(dims(&out), vec![3, 2]);
    assert_eq!(values::<bool>(out), vec![false, true, false, true, true, true]);
}

#[test]
fn nan_is_unequal_and_unordered() {
    let a = || tensor(vec![f32::NAN], &[1]);
    for op in OPS {
        assert_eq!(cmp(op, a(), a()), vec![false], "{op:?}");
    }
}

#[test]
#[should_panic(expected = "greater: operands have different dtypes (i32 and i64)")]
fn dtype_mismatch_panics() {
    Cpu::compare(
        CompareOp::Greater,
        tensor(vec![1i32], &[1]),
        tensor(vec![1i64], &[1]),
    );
}

#[test]
#[should_panic(expected = "do not broadcast")]
fn incompatible_shapes_panic() {
    Cpu::compare(
        CompareOp::Equal,
        tensor(vec![1i32, 2], &[2]),
        tensor(vec![1i32, 2, 3], &[3]),
    );
}
