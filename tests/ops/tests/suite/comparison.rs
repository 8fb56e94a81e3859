//! Comparisons, giving `Bool` tensors: `equal` (every kind), `greater`,
//! `greater_equal`, `lower`, `lower_equal`, with a tensor (broadcasting) and a
//! scalar, at every rank and on strided inputs.

use seam_ops::device_test;
use seam_ops::{
    assert_bool, assert_panics, boolean, device, float, float64, int, needs, permuted_float, permuted_int,
    reference_binary, varied,
};
use seam_tensor::{DType, Int, Tensor};

/// Values with many ties, so that equality is exercised.
fn tied(n: usize, seed: u32) -> Vec<f32> {
    varied(n, seed).into_iter().map(|x| x.round()).collect()
}

#[device_test]
fn float_comparisons_with_broadcasting_at_each_rank() {
    let a = tied(24, 1);
    let b = tied(6, 2);
    type Cmp = fn(f32, f32) -> bool;
    let ops: [(&str, Cmp); 5] = [
        ("equal", |x, y| x == y),
        ("greater", |x, y| x > y),
        ("greater_equal", |x, y| x >= y),
        ("lower", |x, y| x < y),
        ("lower_equal", |x, y| x <= y),
    ];
    for (name, f) in ops {
        let run3 = |l: Tensor<3>, r: Tensor<3>| match name {
            "equal" => l.equal(r),
            "greater" => l.greater(r),
            "greater_equal" => l.greater_equal(r),
            "lower" => l.lower(r),
            _ => l.lower_equal(r),
        };
        let run1 = |l: Tensor<1>, r: Tensor<1>| match name {
            "equal" => l.equal(r),
            "greater" => l.greater(r),
            "greater_equal" => l.greater_equal(r),
            "lower" => l.lower(r),
            _ => l.lower_equal(r),
        };
        let run4 = |l: Tensor<4>, r: Tensor<4>| match name {
            "equal" => l.equal(r),
            "greater" => l.greater(r),
            "greater_equal" => l.greater_equal(r),
            "lower" => l.lower(r),
            _ => l.lower_equal(r),
        };
        let run2 = |l: Tensor<2>, r: Tensor<2>| match name {
            "equal" => l.equal(r),
            "greater" => l.greater(r),
            "greater_equal" => l.greater_equal(r),
            "lower" => l.lower(r),
            _ => l.lower_equal(r),
        };
        assert_bool(
            run1(float(a[..6].to_vec(), [6]), float(b.clone(), [6])),
            [6],
            &reference_binary(&a[..6], &[6], &b, &[6], &[6], f),
        );
        assert_bool(
            run2(float(a[..12].to_vec(), [2, 6]), float(b.clone(), [1, 6])),
            [2, 6],
            &reference_binary(&a[..12], &[2, 6], &b, &[1, 6], &[2, 6], f),
        );
        // Strided lhs, rhs broadcast along dims 0 and 2.
        assert_bool(
            run3(
                permuted_float(&a, [4, 3, 2], [2, 1, 0]),
                float(b[..3].to_vec(), [1, 3, 1]),
            ),
            [4, 3, 2],
            &reference_binary(&a, &[4, 3, 2], &b[..3], &[1, 3, 1], &[4, 3, 2], f),
        );
        // Both sides broadcast.
        assert_bool(
            run4(
                float(a[..4].to_vec(), [2, 1, 2, 1]),
                float(b.clone(), [1, 3, 1, 2]),
            ),
            [2, 3, 2, 2],
            &reference_binary(&a[..4], &[2, 1, 2, 1], &b, &[1, 3, 1, 2], &[2, 3, 2, 2], f),
        );
    }
}

#[device_test]
fn float_scalar_comparisons() {
    let v = tied(12, 4);
    let t = || float(v.clone(), [3, 4]);
    let want = |f: fn(f32) -> bool| v.iter().map(|&x| f(x)).collect::<Vec<_>>();
    assert_bool(t().equal_scalar(1.0), [3, 4], &want(|x| x == 1.0));
    assert_bool(t().greater_scalar(0.0), [3, 4], &want(|x| x > 0.0));
    assert_bool(t().greater_equal_scalar(0), [3, 4], &want(|x| x >= 0.0));
    assert_bool(t().lower_scalar(-1.0), [3, 4], &want(|x| x < -1.0));
    assert_bool(t().lower_equal_scalar(-1), [3, 4], &want(|x| x <= -1.0));
    let strided = permuted_float(&v, [2, 3, 2], [1, 2, 0]);
    assert_bool(strided.greater_scalar(0.5), [2, 3, 2], &want(|x| x > 0.5));
}

#[device_test]
fn nan_compares_false() {
    let t = float(vec![f32::NAN, 1.0], [2]);
    let n = float(vec![f32::NAN, f32::NAN], [2]);
    assert_bool(t.clone().equal(n.clone()), [2], &[false, false]);
    assert_bool(t.clone().greater(n.clone()), [2], &[false, false]);
    assert_bool(t.clone().lower_equal(n), [2], &[false, false]);
    assert_bool(t.equal_scalar(f32::NAN), [2], &[false, false]);
}

#[device_test]
fn int_comparisons() {
    let a: Vec<i64> = vec![-2, 0, 3, 3, 7, -1, 0, 5];
    let b: Vec<i64> = vec![0, 3];
    type Cmp = fn(i64, i64) -> bool;
    let want = |f: Cmp| reference_binary(&a, &[2, 2, 2], &b, &[1, 1, 2], &[2, 2, 2], f);
    let l = || permuted_int(&a, [2, 2, 2], [0, 2, 1]);
    let r = || int(b.clone(), [1, 1, 2]);
    assert_bool(l().equal(r()), [2, 2, 2], &want(|x, y| x == y));
    assert_bool(l().greater(r()), [2, 2, 2], &want(|x, y| x > y));
    assert_bool(l().greater_equal(r()), [2, 2, 2], &want(|x, y| x >= y));
    assert_bool(l().lower(r()), [2, 2, 2], &want(|x, y| x < y));
    assert_bool(l().lower_equal(r()), [2, 2, 2], &want(|x, y| x <= y));
    let t = int(a.clone(), [8]);
    assert_bool(
        t.clone().equal_scalar(3),
        [8],
        &a.iter().map(|&x| x == 3).collect::<Vec<_>>(),
    );
    assert_bool(
        t.clone().greater_scalar(0),
        [8],
        &a.iter().map(|&x| x > 0).collect::<Vec<_>>(),
    );
    assert_bool(
        t.clone().greater_equal_scalar(0),
        [8],
        &a.iter().map(|&x| x >= 0).collect::<Vec<_>>(),
    );
    assert_bool(
        t.clone().lower_scalar(0),
        [8],
        &a.iter().map(|&x| x < 0).collect::<Vec<_>>(),
    );
    assert_bool(
        t.lower_equal_scalar(-1),
        [8],
        &a.iter().map(|&x| x <= -1).collect::<Vec<_>>(),
    );
    // Large values that f32 cannot tell apart stay distinct.
    let big = int(vec![i64::MAX, i64::MAX - 1], [2]);
    assert_bool(big.clone().equal_scalar(i64::MAX), [2], &[true, false]);
    assert_bool(
        big.clone().greater(int(vec![i64::MAX - 1], [1])),
        [2],
        &[true, false],
    );
}

#[device_test]
fn int_i32_comparisons() {
    let a = Tensor::<1, Int>::from_ints([1, 5, -3], &device()).cast(DType::I32);
    let b = Tensor::<1, Int>::from_ints([1, 4, -2], &device()).cast(DType::I32);
    assert_bool(a.clone().equal(b.clone()), [3], &[true, false, false]);
    assert_bool(a.clone().greater(b.clone()), [3], &[false, true, false]);
    assert_bool(a.lower_scalar(0), [3], &[false, false, true]);
}

#[device_test]
fn f64_comparisons() {
    if !needs(&[DType::F64]) {
        return;
    }
    // 1 + 1e-12 differs from 1 in f64, not in f32.
    let a = float64(vec![1.0 + 1e-12, 1.0, 2.0], [3]);
    let b = float64(vec![1.0, 1.0, 3.0], [3]);
    assert_bool(a.clone().equal(b.clone()), [3], &[false, true, false]);
    assert_bool(a.clone().greater(b), [3], &[true, false, false]);
    assert_bool(a.lower_equal_scalar(1.0), [3], &[false, true, false]);
}

#[device_test]
fn bool_equal() {
    let a = boolean(vec![true, false, true, false], [2, 2]);
    let b = boolean(vec![true, true, false, false], [2, 2]);
    assert_bool(a.clone().equal(b.clone()), [2, 2], &[true, false, false, true]);
    assert_bool(
        a.clone().transpose().equal(b.clone()),
        [2, 2],
        &[true, true, true, true],
    );
    assert_bool(
        a.clone().equal(boolean(vec![true, false], [1, 2])),
        [2, 2],
        &[true, true, true, true],
    );
    assert_bool(a.clone().equal_scalar(true), [2, 2], &[true, false, true, false]);
    let a4 = boolean(
        vec![true, false, false, true, true, true, false, false],
        [2, 1, 2, 2],
    );
    assert_bool(
        a4.equal(boolean(vec![false], [1, 1, 1, 1])),
        [2, 1, 2, 2],
        &[false, true, true, false, false, false, true, true],
    );
}

#[device_test]
#[should_panic(expected = "greater: shapes [2, 3] and [3, 2] do not broadcast: dim 0 has sizes 2 and 3")]
fn greater_of_non_broadcastable_shapes_panics() {
    let _ = Tensor::<2>::zeros([2, 3], &device()).greater(Tensor::zeros([3, 2], &device()));
}

#[device_test]
fn equal_of_mixed_dtypes_panics() {
    // Two integer dtypes: i32 is all a device without i64 has.
    if !needs(&[DType::I64]) {
        return;
    }
    assert_panics("equal: operands have different dtypes (i64 and i32)", || {
        let _ = int(vec![1], [1]).equal(int(vec![1], [1]).cast(DType::I32));
    });
}

#[device_test]
fn lower_equal_of_non_broadcastable_shapes_panics() {
    assert_panics("lower_equal: shapes [2] and [3] do not broadcast", || {
        let _ = int(vec![1, 2], [2]).lower_equal(int(vec![1, 2, 3], [3]));
    });
}
