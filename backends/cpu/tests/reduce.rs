//! `reduce_dim` for every op (`sum` is also covered in ops.rs), on every numeric
//! dtype, contiguous and strided, with ties and empty dims.

mod common;

use common::*;
use seam_backend::{Backend, DType, ReduceOp};
use seam_cpu::{Cpu, CpuTensor};

/// `op` along `dim`, checked for its dims and dtype.
fn reduce(op: ReduceOp, t: CpuTensor, dim: usize) -> CpuTensor {
    let mut expected = dims(&t);
    let dtype = if op.is_arg() { DType::I64 } else { Cpu::dtype(&t) };
    expected[dim] = 1;
    let out = Cpu::reduce_dim(op, t, dim);
    assert_eq!(dims(&out), expected);
    assert_eq!(Cpu::dtype(&out), dtype);
    out
}

#[test]
fn every_op_rank_3() {
    // x[i][j][k] = 6i + 2j + k in [2, 3, 2].
    let x = || arange(&[2, 3, 2], DType::F32);
    assert_eq!(
        values::<f32>(reduce(ReduceOp::Prod, x(), 2)),
        vec![0.0, 6.0, 20.0, 42.0, 72.0, 110.0]
    );
    assert_eq!(
        values::<f32>(reduce(ReduceOp::Max, x(), 1)),
        vec![4.0, 5.0, 10.0, 11.0]
    );
    assert_eq!(
        values::<f32>(reduce(ReduceOp::Min, x(), 1)),
        vec![0.0, 1.0, 6.0, 7.0]
    );
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMax, x(), 1)), vec![2; 4]);
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMin, x(), 1)), vec![0; 4]);
    assert_eq!(
        values::<f32>(reduce(ReduceOp::Max, x(), 0)),
        vec![6.0, 7.0, 8.0, 9.0, 10.0, 11.0]
    );
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMax, x(), 0)), vec![1; 6]);
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMin, x(), 2)), vec![0; 6]);
    assert_eq!(
        values::<f32>(reduce(ReduceOp::Sum, x(), 2)),
        vec![1.0, 5.0, 9.0, 13.0, 17.0, 21.0]
    );
}

#[test]
fn every_numeric_dtype() {
    let d = || tensor(vec![-5.0f64, -2.0, -9.0], &[3]);
    assert_eq!(values::<f64>(reduce(ReduceOp::Max, d(), 0)), vec![-2.0]);
    assert_eq!(values::<f64>(reduce(ReduceOp::Min, d(), 0)), vec![-9.0]);
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMax, d(), 0)), vec![1]);
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMin, d(), 0)), vec![2]);
    assert_eq!(values::<f64>(reduce(ReduceOp::Prod, d(), 0)), vec![-90.0]);
    let i = || tensor(vec![3i32, -1, 4, 1, -5, 9], &[2, 3]);
    assert_eq!(values::<i32>(reduce(ReduceOp::Max, i(), 1)), vec![4, 9]);
    assert_eq!(values::<i32>(reduce(ReduceOp::Min, i(), 0)), vec![1, -5, 4]);
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMin, i(), 1)), vec![1, 1]);
    assert_eq!(values::<i32>(reduce(ReduceOp::Prod, i(), 0)), vec![3, 5, 36]);
    let l = || tensor(vec![i64::MIN, i64::MAX, 0], &[3, 1]);
    assert_eq!(values::<i64>(reduce(ReduceOp::Max, l(), 0)), vec![i64::MAX]);
    assert_eq!(values::<i64>(reduce(ReduceOp::Min, l(), 0)), vec![i64::MIN]);
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMax, l(), 0)), vec![1]);
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMin, l(), 1)), vec![0, 0, 0]);
}

#[test]
fn ints_wrap_on_prod_and_sum() {
    let i = tensor(vec![i32::MAX, 2], &[2]);
    assert_eq!(values::<i32>(reduce(ReduceOp::Prod, i, 0)), vec![-2]);
    let l = tensor(vec![i64::MIN, -1], &[1, 2]);
    assert_eq!(values::<i64>(reduce(ReduceOp::Sum, l, 1)), vec![i64::MAX]);
}

#[test]
fn arg_ops_take_the_first_of_ties() {
    let t = || tensor(vec![3i64, 1, 3, 1], &[4]);
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMax, t(), 0)), vec![0]);
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMin, t(), 0)), vec![1]);
    // Along dim 0 of [[1, 0, 2], [1, 2, 2]]: column ties take row 0.
    let m = || tensor(vec![1.0f32, 0.0, 2.0, 1.0, 2.0, 2.0], &[2, 3]);
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMax, m(), 0)), vec![0, 1, 0]);
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMin, m(), 0)), vec![0, 0, 0]);
    // All equal, through a broadcast view: every lane answers 0.
    let e = || expand(tensor(vec![3.0f64, 1.0, 2.0], &[1, 3]), &[2, 3]);
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMin, e(), 0)), vec![0, 0, 0]);
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMax, e(), 1)), vec![0, 0]);
    assert_eq!(values::<f64>(reduce(ReduceOp::Max, e(), 1)), vec![3.0, 3.0]);
    assert_eq!(values::<f64>(reduce(ReduceOp::Prod, e(), 0)), vec![9.0, 1.0, 4.0]);
}

#[test]
fn strided_inputs() {
    // Transposed [[1, 4], [2, 5], [3, 6]].
    let t = || transposed(vec![1i64, 2, 3, 4, 5, 6]);
    assert_eq!(values::<i64>(reduce(ReduceOp::Max, t(), 0)), vec![3, 6]);
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMax, t(), 0)), vec![2, 2]);
    assert_eq!(values::<i64>(reduce(ReduceOp::Min, t(), 1)), vec![1, 2, 3]);
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMin, t(), 1)), vec![0, 0, 0]);
    assert_eq!(values::<i64>(reduce(ReduceOp::Prod, t(), 1)), vec![4, 10, 18]);
    // y[k][j][i] = x[i][j][k] = 6i + 2j + k; along dim 1 (j): max at j = 2.
    let y = || swap_dims(arange(&[2, 3, 2], DType::I32), 0, 2);
    assert_eq!(values::<i32>(reduce(ReduceOp::Max, y(), 1)), vec![4, 10, 5, 11]);
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMax, y(), 2)), vec![1; 6]);
    // Sliced: x[0..2, 1..3, 1..2] = [[[3], [5]], [[9], [11]]].
    let s = || Cpu::slice(arange(&[2, 3, 2], DType::F64), &[0..2, 1..3, 1..2]);
    assert_eq!(values::<f64>(reduce(ReduceOp::Min, s(), 1)), vec![3.0, 9.0]);
    assert_eq!(values::<f64>(reduce(ReduceOp::Prod, s(), 0)), vec![27.0, 55.0]);
    assert_eq!(values::<i64>(reduce(ReduceOp::ArgMax, s(), 0)), vec![1, 1]);
}

#[test]
fn max_and_min_give_the_first_of_equal_zeros() {
    // A lane of 32: -0.0 at 9 comes before 0.0 at 16, which the vectorised scan
    // (16 partial bests) meets first; numpy's sequential scan keeps the first zero.
    let lane = |first: f32, later: f32, rest: f32| {
        let mut xs = vec![rest; 32];
        (xs[9], xs[16]) = (first, later);
        tensor(xs, &[32])
    };
    let bits = |t: CpuTensor| values::<f32>(t)[0].to_bits();
    let max = reduce(ReduceOp::Max, lane(-0.0, 0.0, -1.0), 0);
    assert_eq!(bits(max), (-0.0f32).to_bits());
    let max = reduce(ReduceOp::Max, lane(0.0, -0.0, -1.0), 0);
    assert_eq!(bits(max), 0.0f32.to_bits());
    let min = reduce(ReduceOp::Min, lane(-0.0, 0.0, 1.0), 0);
    assert_eq!(bits(min), (-0.0f32).to_bits());
    let min = reduce(ReduceOp::Min, lane(0.0, -0.0, 1.0), 0);
    assert_eq!(bits(min), 0.0f32.to_bits());
}

#[test]
fn sum_and_prod_of_an_empty_dim() {
    let e = || tensor(Vec::<f64>::new(), &[2, 0]);
    assert_eq!(values::<f64>(reduce(ReduceOp::Prod, e(), 1)), vec![1.0, 1.0]);
    assert_eq!(values::<f64>(reduce(ReduceOp::Sum, e(), 1)), vec![0.0, 0.0]);
    let i = tensor(Vec::<i32>::new(), &[0, 3]);
    assert_eq!(values::<i32>(reduce(ReduceOp::Prod, i, 0)), vec![1, 1, 1]);
}

// A `Backend` precondition: checked in debug builds only.
#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "max_dim: dim 1 of shape [2, 0] is empty")]
fn max_of_an_empty_dim_panics() {
    Cpu::reduce_dim(ReduceOp::Max, tensor(Vec::<f32>::new(), &[2, 0]), 1);
}

// A `Backend` precondition: checked in debug builds only.
#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "min_dim: dim 0 of shape [0] is empty")]
fn min_of_an_empty_dim_panics() {
    Cpu::reduce_dim(ReduceOp::Min, tensor(Vec::<i64>::new(), &[0]), 0);
}

// A `Backend` precondition: checked in debug builds only.
#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "argmin: dim 0 of shape [0, 2] is empty")]
fn argmin_of_an_empty_dim_panics() {
    Cpu::reduce_dim(ReduceOp::ArgMin, tensor(Vec::<i32>::new(), &[0, 2]), 0);
}

// A `Backend` precondition: checked in debug builds only.
#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "argmax: dim 2 of shape [1, 1, 0] is empty")]
fn argmax_of_an_empty_dim_panics() {
    Cpu::reduce_dim(ReduceOp::ArgMax, tensor(Vec::<f64>::new(), &[1, 1, 0]), 2);
}

#[test]
#[should_panic(expected = "prod_dim needs a numeric dtype, got bool")]
fn prod_of_bools_panics() {
    Cpu::reduce_dim(ReduceOp::Prod, tensor(vec![true], &[1]), 0);
}

#[test]
#[should_panic(expected = "argmax needs a numeric dtype, got bool")]
fn argmax_of_bools_panics() {
    Cpu::reduce_dim(ReduceOp::ArgMax, tensor(vec![true, false], &[2]), 0);
}
