//! `NaN` propagates as in numpy and torch, wherever it sits: a reduction over a
//! lane holding a `NaN` gives `NaN` (`max`, `min`, `max_dim`, `min_dim`) or the index
//! of the first `NaN` (`argmax`, `argmin`); elementwise `max`/`min`, `clamp` and
//! `relu` give `NaN` where an operand is `NaN`. Lanes short and long (the CPU's
//! vectorised scan), contiguous and strided.

use seam_ops::device_test;
use seam_ops::{assert_close, f32s, float, i64s};
use seam_tensor::BinaryOp;

const NAN: f32 = f32::NAN;

/// Asserts that `got` is `want` elementwise, `NaN` matching `NaN` only.
#[track_caller]
fn assert_same_nans(got: &[f32], want: &[f32]) {
    assert_eq!(got.len(), want.len(), "{got:?} vs {want:?}");
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        assert!(
            g == w || (g.is_nan() && w.is_nan()),
            "element {i}: got {g}, want {w} ({got:?})"
        );
    }
}

/// Lanes with a NaN at each position (and two), of length 3 and of 37 (past the
/// CPU's 16 interleaved accumulators), with where their first NaN is.
fn lanes() -> Vec<(Vec<f32>, usize)> {
    let mut lanes = vec![
        (vec![1.0, NAN, 3.0], 1),
        (vec![NAN, 1.0, 3.0], 0),
        (vec![1.0, 3.0, NAN], 2),
        (vec![5.0, NAN, NAN], 1),
    ];
    for at in [0, 16, 20, 36] {
        let mut long: Vec<f32> = (0..37).map(|i| i as f32).collect();
        long[at] = NAN;
        lanes.push((long, at));
    }
    lanes
}

#[device_test]
fn whole_tensor_extrema_are_nan_when_a_nan_is_anywhere() {
    for (values, _) in lanes() {
        let n = values.len();
        let t = float(values, [n]);
        assert!(f32s(t.clone().max())[0].is_nan(), "max");
        assert!(f32s(t.min())[0].is_nan(), "min");
    }
    let clean = float(vec![2.0, -1.0, 7.0], [3]);
    assert_close(&f32s(clean.clone().max()), &[7.0]);
    assert_close(&f32s(clean.min()), &[-1.0]);
}

#[device_test]
fn extrema_along_a_dim_are_nan_in_the_lanes_holding_one() {
    // Rows [1, NaN, 3] and [4, 5, 6]; read along dim 1 and, transposed, along dim 0.
    let t = float(vec![1.0, NAN, 3.0, 4.0, 5.0, 6.0], [2, 3]);
    assert_same_nans(&f32s(t.clone().max_dim(1)), &[NAN, 6.0]);
    assert_same_nans(&f32s(t.clone().min_dim(1)), &[NAN, 4.0]);
    let tt = t.swap_dims(0, 1);
    assert_same_nans(&f32s(tt.clone().max_dim(0)), &[NAN, 6.0]);
    assert_same_nans(&f32s(tt.min_dim(0)), &[NAN, 4.0]);
    for (values, _) in lanes() {
        let n = values.len();
        let rows = float([values.clone(), values.clone()].concat(), [2, n]);
        assert_same_nans(&f32s(rows.clone().max_dim(1)), &[NAN, NAN]);
        // Transposed: lanes of two equal elements, NaN where the value is.
        assert_same_nans(&f32s(rows.swap_dims(0, 1).min_dim(1)), &values);
    }
}

#[device_test]
fn arg_extrema_give_the_first_nan() {
    for (values, first_nan) in lanes() {
        let n = values.len();
        let t = float(values.clone(), [n]);
        assert_eq!(
            i64s(t.clone().argmax(0)),
            [first_nan as i64],
            "argmax of {values:?}"
        );
        assert_eq!(i64s(t.argmin(0)), [first_nan as i64], "argmin of {values:?}");
        // The same lane twice, read along dim 0 of the transpose (strided lanes).
        let cols = float([values.clone(), values].concat(), [2, n]).swap_dims(0, 1);
        assert_eq!(i64s(cols.clone().argmax(0)), [first_nan as i64; 2]);
        assert_eq!(i64s(cols.argmin(0)), [first_nan as i64; 2]);
    }
    let clean = float(vec![2.0, 7.0, 7.0, -1.0], [4]);
    assert_eq!(i64s(clean.clone().argmax(0)), [1]);
    assert_eq!(i64s(clean.argmin(0)), [3]);
}

#[device_test]
fn elementwise_max_min_clamp_and_relu_propagate_nan() {
    let a = float(vec![NAN, 1.0, NAN, -2.0], [4]);
    let b = float(vec![1.0, NAN, NAN, 3.0], [4]);
    assert_same_nans(
        &f32s(a.clone().binary(BinaryOp::Max, b.clone())),
        &[NAN, NAN, NAN, 3.0],
    );
    assert_same_nans(&f32s(a.clone().binary(BinaryOp::Min, b)), &[NAN, NAN, NAN, -2.0]);
    // Broadcast: a NaN row against a column.
    let row = float(vec![NAN, 0.5], [1, 2]);
    let col = float(vec![1.0, -1.0], [2, 1]);
    assert_same_nans(&f32s(row.binary(BinaryOp::Max, col)), &[NAN, 1.0, NAN, 0.5]);
    let x = float(vec![NAN, -5.0, 0.5, 5.0], [4]);
    assert_same_nans(&f32s(x.clone().clamp(-1.0, 1.0)), &[NAN, -1.0, 0.5, 1.0]);
    assert_same_nans(&f32s(x.clone().clamp_min(0.0)), &[NAN, 0.0, 0.5, 5.0]);
    assert_same_nans(&f32s(x.clone().clamp_max(0.0)), &[NAN, -5.0, 0.0, 0.0]);
    assert_same_nans(&f32s(x.relu()), &[NAN, 0.0, 0.5, 5.0]);
}

/// numpy's rules for an empty dim: softmax and log_softmax give an empty result,
/// sum 0, prod 1, mean and var `NaN`, and max/min (which have no identity) refuse it,
/// naming the op.
#[device_test]
fn empty_dims_follow_numpy() {
    let rows = float(vec![], [2, 0]);
    for (name, t) in [
        ("softmax", rows.clone().softmax(1)),
        ("log_softmax", rows.clone().log_softmax(1)),
    ] {
        assert_eq!(t.dims(), [2, 0], "{name}");
        assert!(f32s(t).is_empty(), "{name}");
    }
    assert_eq!(float(vec![], [0, 3]).softmax(0).dims(), [0, 3]);
    assert_same_nans(&f32s(rows.clone().sum_dim(1)), &[0.0, 0.0]);
    assert_same_nans(&f32s(rows.clone().prod_dim(1)), &[1.0, 1.0]);
    assert_same_nans(&f32s(rows.clone().mean_dim(1)), &[NAN, NAN]);
    assert_same_nans(&f32s(rows.clone().var(1)), &[NAN, NAN]);
    assert_same_nans(&f32s(float(vec![2.0], [1, 1]).var(1)), &[NAN]);
    seam_ops::assert_panics("max_dim: dim 1 of shape [2, 0] is empty", || {
        drop(rows.max_dim(1));
    });
}

/// The float functions keep a `NaN` as `NaN` on every device (Mesa's OpenGL gave
/// `tanh(NaN) = -1`), and take the infinities to their limits.
#[device_test]
fn float_functions_of_nan_are_nan() {
    let x = || float(vec![NAN, f32::INFINITY, f32::NEG_INFINITY, 0.0], [4]);
    assert_same_nans(&f32s(x().tanh()), &[NAN, 1.0, -1.0, 0.0]);
    assert_same_nans(&f32s(x().exp()), &[NAN, f32::INFINITY, 0.0, 1.0]);
    assert_same_nans(&f32s(x().sigmoid()), &[NAN, 1.0, 0.0, 0.5]);
}
