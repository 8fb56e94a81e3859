//! The panics of bad inputs: each message names the op, the shapes or dims and the
//! rule, as `seam-tensor`'s input checks word them.

use seam_ops::device_test;
use seam_ops::{assert_panics, device, float, int, needs};
use seam_tensor::{DType, Int, Tensor, TensorData};

// ---- broadcasting ----

#[device_test]
#[should_panic(expected = "add: shapes [2, 3] and [4, 3] do not broadcast: dim 0 has sizes 2 and 4")]
fn add_of_non_broadcastable_shapes() {
    let _ = Tensor::<2>::zeros([2, 3], &device()).add(Tensor::zeros([4, 3], &device()));
}

#[device_test]
#[should_panic(expected = "add: shapes [2, 3] and [4, 3] do not broadcast")]
fn add_operator_of_non_broadcastable_shapes() {
    let _ = Tensor::<2>::zeros([2, 3], &device()) + Tensor::zeros([4, 3], &device());
}

#[device_test]
#[should_panic(expected = "sub: shapes [3] and [2] do not broadcast: dim 0 has sizes 3 and 2")]
fn sub_of_non_broadcastable_shapes() {
    let _ = float(vec![1.0; 3], [3]) - float(vec![1.0; 2], [2]);
}

#[device_test]
#[should_panic(expected = "mul: shapes [2, 2, 3] and [2, 1, 2] do not broadcast: dim 2 has sizes 3 and 2")]
fn mul_of_non_broadcastable_shapes() {
    let _ = Tensor::<3>::ones([2, 2, 3], &device()).mul(Tensor::ones([2, 1, 2], &device()));
}

#[device_test]
fn div_of_non_broadcastable_shapes() {
    assert_panics(
        "div: shapes [1, 2, 3, 4] and [1, 3, 3, 4] do not broadcast: dim 1 has sizes 2 and 3",
        || {
            let _ = Tensor::<4, Int>::ones([1, 2, 3, 4], &device()) / Tensor::ones([1, 3, 3, 4], &device());
        },
    );
}

// ---- matmul ----

#[device_test]
#[should_panic(
    expected = "matmul: shapes [2, 3] and [2, 3] cannot be multiplied: lhs has 3 columns (dim 1) but rhs has 2 rows (dim 0)"
)]
fn matmul_inner_mismatch_rank_2() {
    let _ = Tensor::<2>::zeros([2, 3], &device()).matmul(Tensor::zeros([2, 3], &device()));
}

#[device_test]
#[should_panic(
    expected = "matmul: shapes [5, 2, 4] and [5, 3, 2] cannot be multiplied: lhs has 4 columns (dim 2) but rhs has 3 rows (dim 1)"
)]
fn matmul_inner_mismatch_rank_3() {
    let _ = Tensor::<3>::zeros([5, 2, 4], &device()).matmul(Tensor::zeros([5, 3, 2], &device()));
}

#[device_test]
#[should_panic(expected = "matmul: vectors of shapes [3] and [2] have different lengths")]
fn matmul_rank_1_length_mismatch() {
    let _ = float(vec![1.0; 3], [3]).matmul(float(vec![1.0; 2], [2]));
}

#[device_test]
#[should_panic(
    expected = "matmul (batch dims): shapes [2, 3] and [2, 2] do not broadcast: dim 1 has sizes 3 and 2"
)]
fn matmul_batch_dims_do_not_broadcast() {
    let _ = Tensor::<4>::zeros([2, 3, 2, 2], &device()).matmul(Tensor::zeros([2, 2, 2, 2], &device()));
}

// ---- dims out of range ----

#[device_test]
#[should_panic(
    expected = "sum_dim: dim 3 is out of range for a tensor of shape [2, 3, 4]; dims go from 0 to 2"
)]
fn sum_dim_out_of_range() {
    let _ = Tensor::<3>::zeros([2, 3, 4], &device()).sum_dim(3);
}

#[device_test]
#[should_panic(expected = "mean_dim: dim 1 is out of range for a tensor of shape [5]; dims go from 0 to 0")]
fn mean_dim_out_of_range() {
    let _ = Tensor::<1>::zeros([5], &device()).mean_dim(1);
}

#[device_test]
#[should_panic(
    expected = "swap_dims: dim 4 is out of range for a tensor of shape [1, 2, 3, 4]; dims go from 0 to 3"
)]
fn swap_dims_second_dim_out_of_range() {
    let _ = Tensor::<4>::zeros([1, 2, 3, 4], &device()).swap_dims(0, 4);
}

#[device_test]
fn swap_dims_first_dim_out_of_range() {
    assert_panics(
        "swap_dims: dim 2 is out of range for a tensor of shape [2, 3]; dims go from 0 to 1",
        || {
            let _ = Tensor::<2, Int>::zeros([2, 3], &device()).swap_dims(2, 0);
        },
    );
}

// ---- ranks and kinds ----

#[device_test]
#[should_panic(expected = "zeros: shape [2, 3, 4] has 3 dims but the tensor has rank 2; give 2 dims")]
fn zeros_with_wrong_rank() {
    let _ = Tensor::<2>::zeros([2, 3, 4], &device());
}

#[device_test]
#[should_panic(expected = "ones: shape [2] has 1 dims but the tensor has rank 3; give 3 dims")]
fn ones_with_wrong_rank() {
    let _ = Tensor::<3, Int>::ones([2], &device());
}

#[device_test]
#[should_panic(expected = "from_data: shape [2, 2] has 2 dims but the tensor has rank 1; give 1 dims")]
fn from_data_with_wrong_rank() {
    let _ = Tensor::<1>::from_data(TensorData::new(vec![1.0f32; 4], [2, 2]), &device());
}

#[device_test]
#[should_panic(
    expected = "from_data: i64 data cannot make a Float tensor; give f32 data or use a Tensor<_, Int>"
)]
fn from_data_with_int_data_into_float() {
    let _ = Tensor::<1>::from_data(TensorData::new(vec![1i64, 2], [2]), &device());
}

#[device_test]
#[should_panic(
    expected = "from_data: f32 data cannot make an Int tensor; give i64 data or use a Tensor<_, Float>"
)]
fn from_data_with_float_data_into_int() {
    let _ = Tensor::<1, Int>::from_data(TensorData::new(vec![1.0f32], [1]), &device());
}

#[device_test]
#[should_panic(expected = "from_data: bool data cannot make a Float tensor")]
fn from_data_with_bool_data_into_float() {
    let _ = Tensor::<1>::from_data(TensorData::new(vec![true], [1]), &device());
}

// ---- int division by zero ----

#[device_test]
fn int_division_by_zero_tensor() {
    let int_dtype = device().int_dtype();
    assert_panics(
        &format!("division by zero in int div ({int_dtype} tensor)"),
        || {
            let _ = int(vec![1, 2], [2]).div(int(vec![1, 0], [2]));
        },
    );
}

#[device_test]
fn int_division_by_zero_scalar() {
    assert_panics(
        "div_scalar: integer division by zero; divide by a nonzero integer, or call .float() first to divide as floats",
        || {
            let _ = int(vec![1, 2], [1, 2]) / 0;
        },
    );
}

#[device_test]
fn int_division_by_a_scalar_that_truncates_to_zero() {
    assert_panics(
        "div_scalar: integer division by zero (0.5 truncates to 0 for an Int tensor)",
        || {
            let _ = int(vec![1, 2], [2]).div_scalar(0.5);
        },
    );
    assert_panics(
        "rem_scalar: integer remainder by zero (-0.9 truncates to 0 for an Int tensor)",
        || {
            let _ = int(vec![1, 2], [2]).rem_scalar(-0.9);
        },
    );
    // A float tensor divides by 0.5 as it is.
    assert_eq!(seam_ops::f32s(float(vec![1.0], [1]).div_scalar(0.5)), vec![2.0]);
}

#[device_test]
fn int_mean_of_nothing() {
    let undefined = "the mean of no elements is undefined for an Int tensor (a Float tensor's is NaN, as numpy's); call .float() first for a NaN";
    assert_panics(&format!("mean_dim: {undefined}"), || {
        let _ = Tensor::<2, Int>::zeros([2, 0], &device()).mean_dim(1);
    });
    assert_panics(&format!("mean: {undefined}"), || {
        let _ = Tensor::<2, Int>::zeros([2, 0], &device()).mean();
    });
    assert!(seam_ops::f32s(Tensor::<2>::zeros([2, 0], &device()).mean())[0].is_nan());
}

// ---- messages that name the method called, not the op it is built on ----

#[device_test]
fn select_names_itself_for_a_bad_index() {
    assert_panics(
        "select: index 3 is out of range for dim 0 of size 3; indices go from 0 to the size less 1",
        || {
            let _ = float(vec![1.0; 6], [3, 2]).select(0, Tensor::<1, Int>::from_ints([0, 3], &device()));
        },
    );
    assert_panics("select: index -1 is out of range for dim 1 of size 2", || {
        let _ = float(vec![1.0; 6], [3, 2]).select(1, Tensor::<1, Int>::from_ints([-1], &device()));
    });
}

#[device_test]
#[should_panic(
    expected = "squeeze: dim 0 is out of range for a tensor of shape []; a rank-0 tensor has no dims"
)]
fn squeeze_of_a_rank_0_tensor() {
    let _ = Tensor::<0>::ones([0usize; 0], &device()).squeeze::<0>(0);
}

// ---- mixed dtypes of one kind ----

#[device_test]
fn add_of_f64_and_f32_tensors() {
    if !needs(&[DType::F64]) {
        return;
    }
    assert_panics("add: operands have different dtypes (f64 and f32)", || {
        let a = seam_ops::float64(vec![1.0], [1]);
        let _ = a + float(vec![1.0], [1]);
    });
}

#[device_test]
#[should_panic(expected = "matmul: shapes [] and [] are scalars; matmul needs rank 1 (vectors) or more")]
fn matmul_rank_0_panics_with_a_message() {
    let t = Tensor::<0>::ones([0usize; 0], &device());
    let _ = t.clone().matmul(t);
}

// ---- index, length and step arithmetic at the edges of their types ----

/// `narrow`'s `start + length` is checked: at `usize::MAX` the refusal names
/// `narrow` and quotes the values given, in debug and release alike (no overflow
/// panic inside the library, no wrapped range).
#[device_test]
fn narrow_refuses_a_range_that_overflows_quoting_the_values_given() {
    let t = float(vec![1.0, 2.0, 3.0], [3]);
    let message = seam_ops::panic_message(|| drop(t.clone().narrow(0, usize::MAX, 2)));
    assert!(
        message.starts_with(&format!(
            "narrow: start {} and length 2 along dim 0 reach past its end (size 3)",
            usize::MAX
        )),
        "{message}"
    );
    let err = t.clone().try_narrow(0, 1, usize::MAX).unwrap_err();
    assert_eq!(err.kind(), seam_tensor::TensorErrorKind::Slice);
    assert!(
        err.to_string().contains(&format!("length {}", usize::MAX)),
        "{err}"
    );
    assert_eq!(t.clone().narrow(0, 3, 0).dims(), [0]);
    // `split` and `chunk` narrow by sizes they compute: at the extremes, whole parts.
    assert_eq!(t.clone().split(usize::MAX, 0).len(), 1);
    assert_eq!(t.chunk(usize::MAX, 0).len(), 3);
}

/// `stack` and `repeat` check the result's size before they copy anything: the
/// operands here are broadcast views of 2^63 elements, which a copy could not hold.
#[device_test]
fn stack_and_repeat_refuse_an_overflowing_result_before_copying_a_view() {
    let huge = float(vec![1.0], [1]).expand([1usize << 63]);
    let err = Tensor::try_stack::<2>(vec![huge.clone(), huge.clone()], 0).unwrap_err();
    assert_eq!(err.kind(), seam_tensor::TensorErrorKind::Size);
    assert!(
        err.to_string()
            .starts_with("stack: shape [2, 9223372036854775808]"),
        "{err}"
    );
    assert_panics(
        "repeat: a dim of 9223372036854775808 x 4 overflows a usize",
        || drop(huge.repeat([4])),
    );
}

/// `arange` counts its integers in `i128` and steps without overflow, from
/// `i64::MIN` to `i64::MAX`.
#[device_test]
fn arange_at_the_edges_of_i64() {
    if !needs(&[DType::I64]) {
        return;
    }
    let one = Tensor::<1, Int>::arange_step(i64::MIN..i64::MAX, usize::MAX, &device());
    assert_eq!(one.into_data().to_vec::<i64>().unwrap(), vec![i64::MIN]);
    let two = Tensor::<1, Int>::arange_step(i64::MIN..i64::MAX, 1 << 63, &device());
    assert_eq!(two.into_data().to_vec::<i64>().unwrap(), vec![i64::MIN, 0]);
    assert_panics(
        "arange: the range -9223372036854775808..9223372036854775807: cannot allocate",
        || drop(Tensor::<1, Int>::arange(i64::MIN..i64::MAX, &device())),
    );
    // A decreasing range, on purpose: no integers.
    let decreasing = core::ops::Range {
        start: i64::MAX,
        end: i64::MIN,
    };
    assert_eq!(Tensor::<1, Int>::arange(decreasing, &device()).dims(), [0]);
}

/// Indices at the edges of `i64` and ranges at `usize::MAX` are refused by name,
/// quoting the value given: never a wrapped index or an overflow inside.
#[device_test]
fn indices_and_ranges_at_the_edges_of_their_types_are_refused_by_name() {
    // The indices quoted are i64's extremes, which an i32 tensor cannot hold.
    if !needs(&[DType::I64]) {
        return;
    }
    let t = float(vec![1.0, 2.0, 3.0, 4.0], [2, 2]);
    for bad in [i64::MIN, -1, 2, i64::MAX] {
        let rows = Tensor::<1, Int>::from_ints([0, bad], &device());
        assert_panics(
            &format!("select: index {bad} is out of range for dim 0 of size 2"),
            || drop(t.clone().select(0, rows)),
        );
        let at = int(vec![0, bad, 1, 0], [2, 2]);
        assert_panics(&format!("gather: index {bad} is out of range"), || {
            drop(t.clone().gather(1, at.clone()))
        });
        assert_panics(&format!("scatter: index {bad} is out of range"), || {
            drop(t.clone().scatter(1, at, t.clone()))
        });
    }
    let err = t.clone().try_slice([0..usize::MAX, 0..2]).unwrap_err();
    assert!(
        err.to_string()
            .starts_with(&format!("slice: range 0..{} for dim 0", usize::MAX)),
        "{err}"
    );
    assert_panics(&format!("slice: range {}..1 for dim 1", usize::MAX), || {
        // A decreasing range, on purpose.
        drop(t.clone().slice([
            0..2,
            core::ops::Range {
                start: usize::MAX,
                end: 1,
            },
        ]))
    });
}
