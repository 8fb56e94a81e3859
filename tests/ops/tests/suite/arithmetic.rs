//! Elementwise arithmetic: `add`, `sub`, `mul`, `div`, `rem` with broadcasting at
//! every rank, the scalar forms, `neg`, `abs`, `exp`, `log`, the operators (`%`
//! included), and the `Int` kind.

use seam_ops::device_test;
use seam_ops::{
    assert_close_f64, assert_float, assert_int, assert_panics, f32s, f64s, float, float64, int, needs,
};
use seam_tensor::{DType, Int, Tensor};
use std::f32::consts::{E, LN_2};

// ---- add, with broadcasting at each rank ----

#[device_test]
fn add_rank_1() {
    let a = float(vec![1.0, 2.0, 3.0], [3]);
    let b = float(vec![10.0, 20.0, 30.0], [3]);
    assert_float(a.clone().add(b), [3], &[11.0, 22.0, 33.0]);
    // [3] + [1]
    assert_float(a.clone().add(float(vec![0.5], [1])), [3], &[1.5, 2.5, 3.5]);
    // [1] + [3]
    assert_float(float(vec![-1.0], [1]).add(a), [3], &[0.0, 1.0, 2.0]);
}

#[device_test]
fn add_rank_2() {
    // [2, 1] + [1, 3] -> [2, 3]
    let col = float(vec![1.0, 2.0], [2, 1]);
    let row = float(vec![10.0, 20.0, 30.0], [1, 3]);
    assert_float(col.add(row), [2, 3], &[11.0, 21.0, 31.0, 12.0, 22.0, 32.0]);
    // [2, 2] + [1, 2]
    let a = float(vec![1.0, 2.0, 3.0, 4.0], [2, 2]);
    let b = float(vec![100.0, 200.0], [1, 2]);
    assert_float(a.clone().add(b), [2, 2], &[101.0, 202.0, 103.0, 204.0]);
    // [2, 2] + [2, 2]
    assert_float(a.clone().add(a), [2, 2], &[2.0, 4.0, 6.0, 8.0]);
}

#[device_test]
fn add_rank_3() {
    // a [2, 1, 3] = [[[1, 2, 3]], [[4, 5, 6]]], b [1, 2, 1] = [[[10], [20]]]
    let a = float(vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [2, 1, 3]);
    let b = float(vec![10.0, 20.0], [1, 2, 1]);
    let expected = [
        11.0, 12.0, 13.0, 21.0, 22.0, 23.0, // batch 0
        14.0, 15.0, 16.0, 24.0, 25.0, 26.0, // batch 1
    ];
    assert_float(a.clone().add(b.clone()), [2, 2, 3], &expected);
    // Addition commutes, broadcasting included.
    assert_float(b.add(a), [2, 2, 3], &expected);
}

#[device_test]
fn add_rank_4() {
    // a [2, 1, 2, 1]: a[i, 0, k, 0] = 1 + 2i + k
    // b [1, 3, 1, 2]: b[0, j, 0, l] = 10 * (2j + l + 1)
    let a = float(vec![1.0, 2.0, 3.0, 4.0], [2, 1, 2, 1]);
    let b = float(vec![10.0, 20.0, 30.0, 40.0, 50.0, 60.0], [1, 3, 1, 2]);
    #[rustfmt::skip]
    let expected = [
        11.0, 21.0, 12.0, 22.0, // i 0, j 0
        31.0, 41.0, 32.0, 42.0, // i 0, j 1
        51.0, 61.0, 52.0, 62.0, // i 0, j 2
        13.0, 23.0, 14.0, 24.0, // i 1, j 0
        33.0, 43.0, 34.0, 44.0, // i 1, j 1
        53.0, 63.0, 54.0, 64.0, // i 1, j 2
    ];
    assert_float(a.add(b), [2, 3, 2, 2], &expected);
}

// ---- sub, mul, div ----

#[device_test]
fn sub_with_broadcasting() {
    // rank 1
    let a = float(vec![5.0, 7.0, 9.0], [3]);
    assert_float(a.sub(float(vec![2.0], [1])), [3], &[3.0, 5.0, 7.0]);
    // rank 2: [1, 2] - [2, 2]
    let a = float(vec![10.0, 20.0], [1, 2]);
    let b = float(vec![1.0, 2.0, 3.0, 4.0], [2, 2]);
    assert_float(a.sub(b), [2, 2], &[9.0, 18.0, 7.0, 16.0]);
    // rank 3: [2, 1, 2] - [1, 2, 1]
    let a = float(vec![1.0, 2.0, 3.0, 4.0], [2, 1, 2]);
    let b = float(vec![1.0, 10.0], [1, 2, 1]);
    assert_float(a.sub(b), [2, 2, 2], &[0.0, 1.0, -9.0, -8.0, 2.0, 3.0, -7.0, -6.0]);
    // rank 4: [1, 1, 1, 2] - [2, 1, 1, 1]
    let a = float(vec![1.0, 2.0], [1, 1, 1, 2]);
    let b = float(vec![0.5, 1.5], [2, 1, 1, 1]);
    assert_float(a.sub(b), [2, 1, 1, 2], &[0.5, 1.5, -0.5, 0.5]);
}

#[device_test]
fn mul_with_broadcasting() {
    // rank 1
    let a = float(vec![1.0, -2.0, 3.0], [3]);
    assert_float(a.clone().mul(a), [3], &[1.0, 4.0, 9.0]);
    // rank 2: [2, 2] * [2, 1]
    let a = float(vec![1.0, 2.0, 3.0, 4.0], [2, 2]);
    let b = float(vec![10.0, -1.0], [2, 1]);
    assert_float(a.mul(b), [2, 2], &[10.0, 20.0, -3.0, -4.0]);
    // rank 3: [1, 2, 2] * [3, 1, 1]
    let a = float(vec![1.0, 2.0, 3.0, 4.0], [1, 2, 2]);
    let b = float(vec![0.0, 1.0, 2.0], [3, 1, 1]);
    assert_float(
        a.mul(b),
        [3, 2, 2],
        &[0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 4.0, 2.0, 4.0, 6.0, 8.0],
    );
    // rank 4: [2, 1, 1, 2] * [1, 1, 2, 1]
    let a = float(vec![1.0, 2.0, 3.0, 4.0], [2, 1, 1, 2]);
    let b = float(vec![10.0, 100.0], [1, 1, 2, 1]);
    assert_float(
        a.mul(b),
        [2, 1, 2, 2],
        &[10.0, 20.0, 100.0, 200.0, 30.0, 40.0, 300.0, 400.0],
    );
}

#[device_test]
fn div_with_broadcasting() {
    // rank 1
    let a = float(vec![1.0, 2.0, 3.0], [3]);
    assert_float(a.div(float(vec![4.0], [1])), [3], &[0.25, 0.5, 0.75]);
    // rank 2: [1, 1] / [2, 2]
    let a = float(vec![1.0], [1, 1]);
    let b = float(vec![1.0, 2.0, 4.0, 8.0], [2, 2]);
    assert_float(a.div(b), [2, 2], &[1.0, 0.5, 0.25, 0.125]);
    // rank 3: [2, 2, 1] / [2, 1, 2]
    let a = float(vec![8.0, 4.0, 2.0, 1.0], [2, 2, 1]);
    let b = float(vec![1.0, 2.0, 4.0, 8.0], [2, 1, 2]);
    assert_float(a.div(b), [2, 2, 2], &[8.0, 4.0, 4.0, 2.0, 0.5, 0.25, 0.25, 0.125]);
    // rank 4: [1, 2, 1, 1] / [1, 1, 1, 3]
    let a = float(vec![6.0, 12.0], [1, 2, 1, 1]);
    let b = float(vec![1.0, 2.0, 3.0], [1, 1, 1, 3]);
    assert_float(a.div(b), [1, 2, 1, 3], &[6.0, 3.0, 2.0, 12.0, 6.0, 4.0]);
}

#[device_test]
fn float_division_by_zero_is_infinite_or_nan() {
    let a = float(vec![1.0, -1.0, 0.0], [3]);
    let v = f32s(a.div(Tensor::zeros([3], &seam_ops::device())));
    assert_eq!(v[0], f32::INFINITY);
    assert_eq!(v[1], f32::NEG_INFINITY);
    assert!(v[2].is_nan());
}

// ---- scalar forms ----

#[device_test]
fn scalar_ops_on_float() {
    let a = float(vec![1.0, 2.0, 4.0, -8.0], [2, 2]);
    assert_float(a.clone().add_scalar(1.5), [2, 2], &[2.5, 3.5, 5.5, -6.5]);
    assert_float(a.clone().sub_scalar(1.0f64), [2, 2], &[0.0, 1.0, 3.0, -9.0]);
    assert_float(a.clone().mul_scalar(-2), [2, 2], &[-2.0, -4.0, -8.0, 16.0]);
    assert_float(a.clone().div_scalar(4i64), [2, 2], &[0.25, 0.5, 1.0, -2.0]);
    assert_float(a.div_scalar(0.5f32), [2, 2], &[2.0, 4.0, 8.0, -16.0]);
}

#[device_test]
fn scalar_ops_at_ranks_1_3_4() {
    assert_float(float(vec![1.0], [1]).mul_scalar(3.0), [1], &[3.0]);
    let t = float(vec![1.0, 2.0, 3.0, 4.0], [2, 1, 2]);
    assert_float(t.sub_scalar(1), [2, 1, 2], &[0.0, 1.0, 2.0, 3.0]);
    let t = float(vec![2.0, 4.0], [1, 1, 2, 1]);
    assert_float(t.div_scalar(2.0), [1, 1, 2, 1], &[1.0, 2.0]);
}

// ---- unary ops ----

#[device_test]
fn neg_at_each_rank() {
    assert_float(float(vec![1.0, -2.0, 0.0], [3]).neg(), [3], &[-1.0, 2.0, 0.0]);
    assert_float(
        float(vec![1.0, -2.0, 3.0, -4.0], [2, 2]).neg(),
        [2, 2],
        &[-1.0, 2.0, -3.0, 4.0],
    );
    assert_float(float(vec![0.5, -0.5], [1, 2, 1]).neg(), [1, 2, 1], &[-0.5, 0.5]);
    assert_float(
        float(vec![7.0, 8.0], [1, 1, 1, 2]).neg(),
        [1, 1, 1, 2],
        &[-7.0, -8.0],
    );
}

#[device_test]
fn exp_at_each_rank() {
    assert_float(float(vec![0.0, 1.0, -1.0], [3]).exp(), [3], &[1.0, E, 1.0 / E]);
    assert_float(
        float(vec![0.0, LN_2, 2.0 * LN_2, -LN_2], [2, 2]).exp(),
        [2, 2],
        &[1.0, 2.0, 4.0, 0.5],
    );
    assert_float(
        float(vec![2.0, 3.0], [2, 1, 1]).exp(),
        [2, 1, 1],
        &[E * E, E * E * E],
    );
    assert_float(float(vec![0.0; 2], [1, 2, 1, 1]).exp(), [1, 2, 1, 1], &[1.0, 1.0]);
}

#[device_test]
fn log_at_each_rank() {
    let v = f32s(float(vec![1.0, E, 0.0, -1.0], [4]).log());
    assert_eq!(v.len(), 4);
    seam_ops::assert_close(&v[..2], &[0.0, 1.0]);
    assert_eq!(v[2], f32::NEG_INFINITY);
    assert!(v[3].is_nan());
    assert_float(
        float(vec![1.0, 2.0, 4.0, 0.5], [2, 2]).log(),
        [2, 2],
        &[0.0, LN_2, 2.0 * LN_2, -LN_2],
    );
    assert_float(float(vec![E, E * E], [1, 1, 2]).log(), [1, 1, 2], &[1.0, 2.0]);
    assert_float(float(vec![1.0, E], [2, 1, 1, 1]).log(), [2, 1, 1, 1], &[0.0, 1.0]);
}

#[device_test]
fn log_of_exp_is_identity() {
    let v = vec![-3.0, -0.5, 0.0, 0.25, 2.0, 5.0];
    assert_float(float(v.clone(), [3, 2]).exp().log(), [3, 2], &v);
}

// ---- operators ----

#[device_test]
fn tensor_operators() {
    let a = float(vec![1.0, 2.0, 3.0, 4.0], [2, 2]);
    let b = float(vec![10.0, 20.0], [1, 2]);
    assert_float(a.clone() + b.clone(), [2, 2], &[11.0, 22.0, 13.0, 24.0]);
    assert_float(a.clone() - b.clone(), [2, 2], &[-9.0, -18.0, -7.0, -16.0]);
    assert_float(a.clone() * b.clone(), [2, 2], &[10.0, 40.0, 30.0, 80.0]);
    assert_float(b / a.clone(), [2, 2], &[10.0, 10.0, 10.0 / 3.0, 5.0]);
    assert_float(-a, [2, 2], &[-1.0, -2.0, -3.0, -4.0]);
}

#[device_test]
fn scalar_operators_on_float() {
    let a = float(vec![1.0, 2.0, 3.0], [3]);
    assert_float(a.clone() * 2.0, [3], &[2.0, 4.0, 6.0]);
    assert_float(a.clone() * 2.0f32, [3], &[2.0, 4.0, 6.0]);
    assert_float(a.clone() + 1, [3], &[2.0, 3.0, 4.0]);
    assert_float(a.clone() - 1i64, [3], &[0.0, 1.0, 2.0]);
    assert_float(a.clone() / 2, [3], &[0.5, 1.0, 1.5]);
    assert_float(a.clone() / 4.0f64, [3], &[0.25, 0.5, 0.75]);
    assert_float(-(a * 2.0) + 1.0, [3], &[-1.0, -3.0, -5.0]);
}

// ---- the Int kind ----

#[device_test]
fn int_add_sub_mul_with_broadcasting() {
    let a = int(vec![1, 2, 3, 4], [2, 2]);
    let b = int(vec![10, -20], [1, 2]);
    assert_int(a.clone().add(b.clone()), [2, 2], &[11, -18, 13, -16]);
    assert_int(a.clone().sub(b.clone()), [2, 2], &[-9, 22, -7, 24]);
    assert_int(a.mul(b), [2, 2], &[10, -40, 30, -80]);
    // rank 1, 3, 4
    assert_int(int(vec![1, 2], [2]).add(int(vec![5], [1])), [2], &[6, 7]);
    assert_int(
        int(vec![1, 2], [2, 1, 1]).add(int(vec![10, 20], [1, 1, 2])),
        [2, 1, 2],
        &[11, 21, 12, 22],
    );
    assert_int(
        int(vec![1, 2], [1, 2, 1, 1]).mul(int(vec![3, -3], [2, 1, 1, 1])),
        [2, 2, 1, 1],
        &[3, 6, -3, -6],
    );
}

#[device_test]
fn int_zeros_ones_arithmetic() {
    let d = seam_ops::device();
    let one = Tensor::<2, Int>::ones([2, 2], &d);
    let zero = Tensor::<2, Int>::zeros([1, 2], &d);
    assert_int(one.clone().add(one.clone()).add(zero), [2, 2], &[2; 4]);
    assert_int(one.mul_scalar(5).sub_scalar(7), [2, 2], &[-2; 4]);
}

#[device_test]
fn int_div_truncates_toward_zero() {
    let a = int(vec![7, -7, 7, -7, 1, -1, 6, 0], [2, 4]);
    let b = int(vec![2, 2, -2, -2, 3, 3, 3, 5], [2, 4]);
    assert_int(a.div(b), [2, 4], &[3, -3, -3, 3, 0, 0, 2, 0]);
    // With broadcasting: [3, 1] / [1, 2]
    let a = int(vec![9, -9, 10], [3, 1]);
    let b = int(vec![4, -4], [1, 2]);
    assert_int(a.div(b), [3, 2], &[2, -2, -2, 2, 2, -2]);
}

#[device_test]
fn int_div_scalar_truncates_toward_zero() {
    let a = int(vec![5, -5, 4, -4, 1, -1], [1, 2, 3]);
    assert_int(a.clone().div_scalar(2), [1, 2, 3], &[2, -2, 2, -2, 0, 0]);
    assert_int(a.div_scalar(-2i64), [1, 2, 3], &[-2, 2, -2, 2, 0, 0]);
}

#[device_test]
fn int_neg() {
    assert_int(int(vec![1, -2, 0], [3]).neg(), [3], &[-1, 2, 0]);
    assert_int(
        -int(vec![5, -6, 7, -8], [1, 2, 1, 2]),
        [1, 2, 1, 2],
        &[-5, 6, -7, 8],
    );
}

#[device_test]
fn int_operators() {
    let a = int(vec![7, -7, 8, 3], [2, 2]);
    assert_int(a.clone() / 2, [2, 2], &[3, -3, 4, 1]);
    assert_int(a.clone() / 2i64, [2, 2], &[3, -3, 4, 1]);
    assert_int(a.clone() * 3, [2, 2], &[21, -21, 24, 9]);
    assert_int(a.clone() + 1, [2, 2], &[8, -6, 9, 4]);
    assert_int(a.clone() - 10i32, [2, 2], &[-3, -17, -2, -7]);
    assert_int(a.clone() + a.clone(), [2, 2], &[14, -14, 16, 6]);
    assert_int(a.clone() / int(vec![-2, 2], [1, 2]), [2, 2], &[-3, -3, -4, 1]);
    assert_int(-a, [2, 2], &[-7, 7, -8, -3]);
}

#[device_test]
fn int_with_float_scalar_converts_the_scalar_by_truncation() {
    // The scalar is converted to the tensor's dtype: 2.9 -> 2, -1.5 -> -1.
    let a = int(vec![10, 20], [2]);
    assert_int(a.clone() * 2.9, [2], &[20, 40]);
    assert_int(a.add_scalar(-1.5), [2], &[9, 19]);
}

// ---- f64 data in a Float tensor ----

#[device_test]
fn f64_float_tensor_stays_f64_through_ops() {
    if !needs(&[DType::F64]) {
        return;
    }
    let a = float64(vec![0.1, 0.2, 0.3, 0.4], [2, 2]);
    let b = float64(vec![0.2, 0.1], [1, 2]);

    // 0.1 + 0.2 is 0.30000000000000004 in f64 (f32 arithmetic would give another value).
    let sum = f64s(a.clone() + b.clone());
    assert_eq!(sum, vec![0.1 + 0.2, 0.2 + 0.1, 0.3 + 0.2, 0.4 + 0.1]);

    assert_close_f64(&f64s(a.clone() - b.clone()), &[-0.1, 0.1, 0.1, 0.3]);
    assert_close_f64(&f64s(a.clone() * b.clone()), &[0.02, 0.02, 0.06, 0.04]);
    assert_close_f64(&f64s(a.clone() / b), &[0.5, 2.0, 1.5, 4.0]);
    assert_close_f64(&f64s(a.clone() * 2.0), &[0.2, 0.4, 0.6, 0.8]);
    assert_close_f64(&f64s(a.clone().add_scalar(1)), &[1.1, 1.2, 1.3, 1.4]);
    assert_close_f64(&f64s(-a.clone()), &[-0.1, -0.2, -0.3, -0.4]);
    assert_close_f64(&f64s(a.clone().exp().log()), &[0.1, 0.2, 0.3, 0.4]);
    assert_close_f64(
        &f64s(a.clone().exp()),
        &[0.1f64.exp(), 0.2f64.exp(), 0.3f64.exp(), 0.4f64.exp()],
    );
    assert_close_f64(&f64s(a.clone().sum_dim(1)), &[0.1 + 0.2, 0.3 + 0.4]);
    assert_close_f64(&f64s(a.clone().mean_dim(0)), &[0.2, 0.3]);
    assert_close_f64(&f64s(a.clone().transpose()), &[0.1, 0.3, 0.2, 0.4]);
    // [[0.1, 0.2], [0.3, 0.4]] @ [[0.1, 0.2], [0.3, 0.4]]
    assert_close_f64(&f64s(a.clone().matmul(a)), &[0.07, 0.1, 0.15, 0.22]);
}

#[device_test]
fn f64_precision_is_kept() {
    if !needs(&[DType::F64]) {
        return;
    }
    // 1 + 1e-12 is not representable in f32.
    let a = float64(vec![1.0], [1]);
    let v = f64s(a.add_scalar(1e-12));
    assert_eq!(v, vec![1.0 + 1e-12]);
}

#[device_test]
fn f64_sum_has_dtype_f64_in_data() {
    if !needs(&[DType::F64]) {
        return;
    }
    let t = float64(vec![1.0, 2.0], [2]).sum_dim(0);
    assert_eq!(t.into_data().dtype(), DType::F64);
}

// ---- rem: the sign of the dividend, as Rust's `%` ----

#[device_test]
fn rem_float_with_broadcasting_at_each_rank() {
    let a = seam_ops::varied(24, 21);
    let b = vec![1.5f32, -2.0, 0.75];
    let rem = |x: f32, y: f32| f64::from(x) % f64::from(y);
    let r = |ad: &[usize], bd: &[usize], od: &[usize], n: usize| {
        seam_ops::reference_binary(&a[..n], ad, &b, bd, od, rem)
    };
    seam_ops::assert_float_tol(
        float(a[..3].to_vec(), [3]).rem(float(b.clone(), [3])),
        [3],
        &r(&[3], &[3], &[3], 3),
        1e-5,
    );
    seam_ops::assert_float_tol(
        float(a[..6].to_vec(), [2, 3]).rem(float(b.clone(), [1, 3])),
        [2, 3],
        &r(&[2, 3], &[1, 3], &[2, 3], 6),
        1e-5,
    );
    seam_ops::assert_float_tol(
        seam_ops::permuted_float(&a[..12], [2, 2, 3], [1, 0, 2]) % float(b.clone(), [1, 1, 3]),
        [2, 2, 3],
        &r(&[2, 2, 3], &[1, 1, 3], &[2, 2, 3], 12),
        1e-5,
    );
    seam_ops::assert_float_tol(
        float(a.clone(), [2, 2, 2, 3]) % float(b.clone(), [3]).reshape([1, 1, 1, 3]),
        [2, 2, 2, 3],
        &r(&[2, 2, 2, 3], &[1, 1, 1, 3], &[2, 2, 2, 3], 24),
        1e-5,
    );
}

#[device_test]
fn rem_float_by_hand_and_scalar() {
    let t = float(vec![5.5, -5.5, 5.5, -5.5, 0.0, 3.0], [6]);
    let d = float(vec![2.0, 2.0, -2.0, -2.0, 3.0, 3.0], [6]);
    assert_float(t.clone().rem(d), [6], &[1.5, -1.5, 1.5, -1.5, 0.0, 0.0]);
    assert_float(t.clone().rem_scalar(2.0), [6], &[1.5, -1.5, 1.5, -1.5, 0.0, 1.0]);
    assert_float(t.clone() % 2.0, [6], &[1.5, -1.5, 1.5, -1.5, 0.0, 1.0]);
    assert_float(t % -4, [6], &[1.5, -1.5, 1.5, -1.5, 0.0, 3.0]);
    // x % 0 is NaN for floats, not a panic.
    assert_float(float(vec![1.0], [1]) % 0.0, [1], &[f32::NAN]);
}

#[device_test]
fn rem_int_follows_rust() {
    let a: Vec<i64> = vec![7, -7, 7, -7, 0, 6, 13, -13, 1, -1, 100, -100];
    let b: Vec<i64> = vec![3, 3, -3, -3, 5, 3, 4, 4, -4, 7, -9, 9];
    let expected: Vec<i64> = a.iter().zip(&b).map(|(x, y)| x % y).collect();
    assert_int(int(a.clone(), [12]).rem(int(b.clone(), [12])), [12], &expected);
    assert_int(
        int(a.clone(), [2, 3, 2]) % int(b.clone(), [2, 3, 2]),
        [2, 3, 2],
        &expected,
    );
    // Broadcast: every row by [3, -4].
    let expected: Vec<i64> = a.iter().enumerate().map(|(i, x)| x % [3, -4][i % 2]).collect();
    assert_int(
        int(a.clone(), [1, 3, 2, 2]) % int(vec![3, -4], [1, 1, 1, 2]),
        [1, 3, 2, 2],
        &expected,
    );
    let expected: Vec<i64> = a.iter().map(|x| x % 5).collect();
    assert_int(int(a.clone(), [3, 4]).rem_scalar(5), [3, 4], &expected);
    assert_int(int(a, [3, 4]) % 5, [3, 4], &expected);
}

#[device_test]
fn rem_int_i32() {
    let t = int(vec![-9, 9, 10], [3]).cast(DType::I32);
    let d = int(vec![4, -4, 3], [3]).cast(DType::I32);
    let r = t.rem(d);
    assert_eq!(r.dtype(), DType::I32);
    assert_eq!(r.into_data().to_vec::<i32>().unwrap(), vec![-1, 1, 1]);
}

#[device_test]
fn int_rem_by_zero_tensor_panics() {
    assert_panics("division by zero in int rem", || {
        let _ = int(vec![1, 2], [2]).rem(int(vec![1, 0], [2]));
    });
}

#[device_test]
fn int_rem_by_zero_scalar_panics() {
    assert_panics(
        "rem_scalar: integer remainder by zero; divide by a nonzero integer",
        || {
            let _ = int(vec![1, 2], [2]) % 0;
        },
    );
}

#[device_test]
fn rem_of_non_broadcastable_shapes_panics() {
    assert_panics(
        "rem: shapes [2] and [3] do not broadcast: dim 0 has sizes 2 and 3",
        || {
            let _ = int(vec![1, 2], [2]) % int(vec![1, 2, 3], [3]);
        },
    );
}

// ---- abs ----

#[device_test]
fn abs_float_and_int_at_each_rank() {
    assert_float(float(vec![-1.5, 0.0, 2.0], [3]).abs(), [3], &[1.5, 0.0, 2.0]);
    assert_float(
        float(vec![-1.0, 2.0, -3.0, 4.0], [2, 2]).transpose().abs(),
        [2, 2],
        &[1.0, 3.0, 2.0, 4.0],
    );
    assert_int(
        int(vec![-3, 4, 0, -1, 5, -6], [1, 2, 3]).abs(),
        [1, 2, 3],
        &[3, 4, 0, 1, 5, 6],
    );
    assert_int(
        int(vec![-3, 4, 0, -1, 5, -6, 7, -8], [2, 2, 1, 2])
            .swap_dims(0, 3)
            .abs(),
        [2, 2, 1, 2],
        &[3, 5, 0, 7, 4, 6, 1, 8],
    );
    let t = Tensor::<1, Int>::from_ints([-2, 3], &seam_ops::device())
        .cast(DType::I32)
        .abs();
    assert_eq!(t.into_data().to_vec::<i32>().unwrap(), vec![2, 3]);
}

// ---- the scalar forms and operators on Int ----

#[device_test]
fn int_scalar_forms_and_operators() {
    let t = int(vec![1, -2, 3, -4], [2, 2]);
    assert_int(t.clone().add_scalar(10), [2, 2], &[11, 8, 13, 6]);
    assert_int(t.clone().sub_scalar(1), [2, 2], &[0, -3, 2, -5]);
    assert_int(t.clone().mul_scalar(-3), [2, 2], &[-3, 6, -9, 12]);
    assert_int(t.clone().div_scalar(2), [2, 2], &[0, -1, 1, -2]);
    assert_int(t.clone() + 1 - 2, [2, 2], &[0, -3, 2, -5]);
    assert_int(-(t.clone() * 2i64) / 3, [2, 2], &[0, 1, -2, 2]);
    assert_int(t.clone() % 3, [2, 2], &[1, -2, 0, -1]);
    assert_int(-t, [2, 2], &[-1, 2, -3, 4]);
}
