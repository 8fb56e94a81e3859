//! `mask_where` on every dtype, with the three operands broadcast and strided.

mod common;

use common::*;
use seam_backend::{Backend, DType};
use seam_cpu::Cpu;

#[test]
fn rank_1_every_dtype() {
    let mask = || tensor(vec![true, false, true], &[3]);
    let pick = |t, f| Cpu::mask_where(mask(), t, f);
    let out = pick(
        tensor(vec![1.0f32, 2.0, 3.0], &[3]),
        tensor(vec![10.0f32, 20.0, 30.0], &[3]),
    );
    assert_eq!(Cpu::dtype(&out), DType::F32);
    assert_eq!(values::<f32>(out), vec![1.0, 20.0, 3.0]);
    let out = pick(
        tensor(vec![1.5f64, 2.5, 3.5], &[3]),
        tensor(vec![0.0f64; 3], &[3]),
    );
    assert_eq!(values::<f64>(out), vec![1.5, 0.0, 3.5]);
    let out = pick(tensor(vec![1i32, 2, 3], &[3]), tensor(vec![-1i32, -2, -3], &[3]));
    assert_eq!(values::<i32>(out), vec![1, -2, 3]);
    let out = pick(
        tensor(vec![i64::MAX, 2, 3], &[3]),
        tensor(vec![4i64, 5, i64::MIN], &[3]),
    );
    assert_eq!(values::<i64>(out), vec![i64::MAX, 5, 3]);
    let out = pick(
        tensor(vec![false, false, false], &[3]),
        tensor(vec![true, true, true], &[3]),
    );
    assert_eq!(Cpu::dtype(&out), DType::Bool);
    assert_eq!(values::<bool>(out), vec![false, true, false]);
}

#[test]
fn the_three_broadcast_together() {
    // mask [2, 1], on_true [1, 3], on_false [1, 1].
    let mask = tensor(vec![true, false], &[2, 1]);
    let on_true = tensor(vec![1i64, 2, 3], &[1, 3]);
    let on_false = tensor(vec![0i64], &[1, 1]);
    let out = Cpu::mask_where(mask, on_true, on_false);
    assert_eq!(dims(&out), vec![2, 3]);
    assert_eq!(values::<i64>(out), vec![1, 2, 3, 0, 0, 0]);
    // Only the mask is larger: [1, 3] values under a [2, 3] mask.
    let mask = tensor(vec![true, false, false, false, true, true], &[2, 3]);
    let out = Cpu::mask_where(
        mask,
        tensor(vec![1i32, 2, 3], &[1, 3]),
        tensor(vec![7i32], &[1, 1]),
    );
    assert_eq!(values::<i32>(out), vec![1, 7, 7, 7, 2, 3]);
}

#[test]
fn strided_rank_3() {
    // x[i][j][k] = 6i + 2j + k in [2, 3, 2]; the mask is x % 3 == 0 built on the
    // transpose y[k][j][i] = x[i][j][k], and read back through another transpose.
    let x = arange(&[2, 3, 2], DType::F64);
    let y = swap_dims(x.clone(), 0, 2); // [2, 3, 2]: [[[0, 6], [2, 8], [4, 10]], [[1, 7], [3, 9], [5, 11]]]
    let threes = Cpu::binary_scalar(seam_backend::BinaryOp::Rem, y.clone(), 3.into());
    let mask = Cpu::compare_scalar(seam_backend::CompareOp::Equal, threes, 0.into());
    let mask_t = swap_dims(mask, 0, 2); // back in x's order: x % 3 == 0
    let neg = Cpu::unary(seam_backend::UnaryOp::Neg, x.clone());
    let out = Cpu::mask_where(mask_t, x, neg);
    assert_eq!(
        values::<f64>(out),
        vec![
            0.0, -1.0, -2.0, 3.0, -4.0, -5.0, 6.0, -7.0, -8.0, 9.0, -10.0, -11.0
        ]
    );
    // A transposed mask with a sliced on_true and an expanded on_false.
    let mask = swap_dims(tensor(vec![true, false, false, true, true, false], &[2, 3]), 0, 1); // [[t, t], [f, t], [f, f]]
    let on_true = Cpu::slice(tensor(vec![0i32, 1, 2, 0, 3, 4, 0, 5, 6], &[3, 3]), &[0..3, 1..3]); // [[1, 2], [3, 4], [5, 6]]
    let on_false = expand(tensor(vec![-1i32, -2], &[1, 2]), &[3, 2]);
    let out = Cpu::mask_where(mask, on_true, on_false);
    assert_eq!(values::<i32>(out), vec![1, 2, -1, 4, -1, -2]);
}

#[test]
#[should_panic(expected = "mask_where: the mask needs dtype bool, got f32")]
fn non_bool_mask_panics() {
    Cpu::mask_where(
        tensor(vec![1.0f32], &[1]),
        tensor(vec![1i32], &[1]),
        tensor(vec![2i32], &[1]),
    );
}

#[test]
#[should_panic(expected = "mask_where: operands have different dtypes (i32 and i64)")]
fn dtype_mismatch_panics() {
    Cpu::mask_where(
        tensor(vec![true], &[1]),
        tensor(vec![1i32], &[1]),
        tensor(vec![2i64], &[1]),
    );
}

#[test]
#[should_panic(expected = "do not broadcast")]
fn incompatible_shapes_panic() {
    Cpu::mask_where(
        tensor(vec![true, false], &[2]),
        tensor(vec![1i32, 2, 3], &[3]),
        tensor(vec![0i32], &[1]),
    );
}
