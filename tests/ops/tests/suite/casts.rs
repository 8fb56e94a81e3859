//! Kind and dtype conversions: `float()`, `int()`, `bool()`, `cast(DType)` (same kind
//! only), `into_scalar()` and `dtype()`, at several ranks and on strided inputs.

// Rank-1 slices take an array of one range.
#![allow(clippy::single_range_in_vec_init)]

use seam_ops::device_test;
use seam_ops::{
    assert_bool, assert_float, assert_int, assert_panics, boolean, bools, device, f32s, float, float64, int,
    needs, reference_permute,
};
use seam_tensor::{Bool, DType, Int, Scalar, Tensor};

#[device_test]
fn float_to_int_truncates_toward_zero() {
    let v = vec![1.7f32, -1.7, 0.4, -0.4, 2.0, -3.99, 100.5, -0.0];
    let want: Vec<i64> = v.iter().map(|&x| x as i64).collect();
    assert_int(float(v.clone(), [8]).int(), [8], &want);
    assert_int(float(v.clone(), [2, 4]).int(), [2, 4], &want);
    let t = float(v.clone(), [2, 2, 2]).permute([2, 0, 1]).int();
    assert_int(t, [2, 2, 2], &reference_permute(&want, &[2, 2, 2], &[2, 0, 1]));
    assert_int(float(v.clone(), [1, 2, 2, 2]).int(), [1, 2, 2, 2], &want);
    if !needs(&[DType::F64]) {
        return;
    }
    let t = float64(vec![2.9, -2.9], [2]).int();
    assert_eq!(t.dtype(), DType::I64);
    assert_int(t, [2], &[2, -2]);
}

#[device_test]
fn int_and_bool_to_float() {
    assert_float(
        int(vec![-3, 0, 7, 1 << 20], [2, 2]).float(),
        [2, 2],
        &[-3.0, 0.0, 7.0, 1_048_576.0],
    );
    assert_float(
        int(vec![1, 2, 3, 4, 5, 6], [2, 3]).transpose().float(),
        [3, 2],
        &[1.0, 4.0, 2.0, 5.0, 3.0, 6.0],
    );
    assert_float(
        boolean(vec![true, false, true], [3]).float(),
        [3],
        &[1.0, 0.0, 1.0],
    );
    assert_int(
        boolean(vec![true, false, false, true], [1, 2, 2]).int(),
        [1, 2, 2],
        &[1, 0, 0, 1],
    );
    let t = int(vec![5], [1]).cast(DType::I32).float();
    assert_eq!(t.dtype(), DType::F32);
    assert_float(t, [1], &[5.0]);
}

#[device_test]
fn numbers_to_bool_are_not_zero() {
    assert_bool(
        float(vec![0.0, -0.0, 0.5, -2.0, f32::NAN], [5]).bool(),
        [5],
        &[false, false, true, true, true],
    );
    assert_bool(
        int(vec![0, 3, -1, 0], [2, 2]).bool(),
        [2, 2],
        &[false, true, true, false],
    );
    assert_bool(
        int(vec![0, 3, -1, 0], [2, 2]).transpose().bool(),
        [2, 2],
        &[false, true, true, false],
    );
    if !needs(&[DType::F64]) {
        return;
    }
    assert_bool(
        float64(vec![1e-300, 0.0], [1, 1, 2]).bool(),
        [1, 1, 2],
        &[true, false],
    );
}

#[device_test]
fn same_kind_conversions_return_the_tensor() {
    let f = float(vec![1.5, -2.5], [2]);
    assert_eq!(f.clone().float().into_data(), f.into_data());
    let i = int(vec![1, -2], [2]).cast(DType::I32);
    let same = i.clone().int();
    assert_eq!(same.dtype(), DType::I32);
    assert_eq!(same.into_data(), i.into_data());
    assert_eq!(bools(boolean(vec![true], [1]).bool()), vec![true]);
    if !needs(&[DType::F64]) {
        return;
    }
    // f64 stays f64 through float().
    assert_eq!(float64(vec![0.1], [1]).float().dtype(), DType::F64);
}

#[device_test]
fn cast_within_a_kind() {
    if !needs(&[DType::F64]) {
        return;
    }
    let t = float(vec![0.1, -2.5, 1e-3], [3]).cast(DType::F64);
    assert_eq!(t.dtype(), DType::F64);
    let back = seam_ops::f64s(t.clone());
    assert_eq!(back, vec![f64::from(0.1f32), -2.5, f64::from(1e-3f32)]);
    let f = t.cast(DType::F32);
    assert_eq!(f.dtype(), DType::F32);
    assert_eq!(f32s(f), vec![0.1, -2.5, 1e-3]);
    let i = int(vec![1, -2, 3, 4], [2, 2]).transpose().cast(DType::I32);
    assert_eq!(i.dtype(), DType::I32);
    assert_eq!(i.clone().into_data().to_vec::<i32>().unwrap(), vec![1, 3, -2, 4]);
    assert_int(i.cast(DType::I64), [2, 2], &[1, 3, -2, 4]);
    let b = boolean(vec![true], [1]).cast(DType::Bool);
    assert_eq!(b.dtype(), DType::Bool);
}

#[device_test]
fn dtype_of_each_kind() {
    let d = device();
    assert_eq!(Tensor::<1>::zeros([1], &d).dtype(), DType::F32);
    assert_eq!(Tensor::<1, Int>::zeros([1], &d).dtype(), d.int_dtype());
    assert_eq!(Tensor::<1, Bool>::full([1], false, &d).dtype(), DType::Bool);
    assert_eq!(float(vec![1.0], [1]).greater_scalar(0.0).dtype(), DType::Bool);
    assert_eq!(float(vec![1.0], [1]).argmax(0).dtype(), d.int_dtype());
    if !needs(&[DType::F64]) {
        return;
    }
    assert_eq!(float64(vec![1.0], [1]).dtype(), DType::F64);
}

#[device_test]
#[should_panic(
    expected = "cast: i64 is a dtype of Int tensors and this is a Float tensor; cast converts within a kind, use .int() to make an Int tensor"
)]
fn cast_to_another_kind_panics() {
    let _ = float(vec![1.0], [1]).cast(DType::I64);
}

/// The documented rules of `cast` at the edges of the ranges, on every device.
#[device_test]
fn cast_wraps_i64_to_i32_and_rounds_f64_to_f32() {
    let wide = int(vec![1 << 31, -(1 << 31) - 1, -5, (1 << 32) + 7], [4]).cast(DType::I32);
    assert_eq!(
        wide.into_data().to_vec::<i32>().unwrap(),
        vec![i32::MIN, i32::MAX, -5, 7]
    );
    if !needs(&[DType::F64]) {
        return;
    }
    let big = seam_ops::float64(vec![1e300, -1e300, 0.1], [3]).cast(DType::F32);
    assert_eq!(
        big.into_data().to_vec::<f32>().unwrap(),
        vec![f32::INFINITY, f32::NEG_INFINITY, 0.1f32]
    );
}

#[device_test]
fn cast_to_another_kind_names_the_method_to_call() {
    assert_panics(
        "cast: i32 is a dtype of Int tensors and this is a Float tensor; cast converts within a kind, use .int() and then .cast(DType::I32) to make an Int tensor",
        || {
            let _ = float(vec![1.0], [1]).cast(DType::I32);
        },
    );
    assert_panics(
        "cast: bool is a dtype of Bool tensors and this is a Float tensor; cast converts within a kind, use .bool() to make a Bool tensor",
        || {
            let _ = float(vec![1.0], [1]).cast(DType::Bool);
        },
    );
}

#[device_test]
fn cast_int_to_float_dtype_panics() {
    assert_panics(
        "cast: f32 is a dtype of Float tensors and this is an Int tensor; cast converts within a kind, use .float() to make a Float tensor",
        || {
            let _ = int(vec![1], [1]).cast(DType::F32);
        },
    );
}

#[device_test]
#[should_panic(
    expected = "cast: f64 is a dtype of Float tensors and this is a Bool tensor; cast converts within a kind, use .float() and then .cast(DType::F64) to make a Float tensor"
)]
fn cast_bool_to_float_dtype_panics() {
    let _ = boolean(vec![true], [1]).cast(DType::F64);
}

// ---- into_scalar ----

#[device_test]
fn into_scalar_of_one_element() {
    if !needs(&[DType::F64]) {
        return;
    }
    assert_eq!(float(vec![2.5], [1]).into_scalar(), Scalar::Float(2.5));
    assert_eq!(
        float(vec![1.0, 2.0, 3.0, 4.0], [2, 2])
            .sum()
            .into_scalar()
            .to_f64(),
        10.0
    );
    assert_eq!(float64(vec![0.1], [1, 1, 1]).into_scalar(), Scalar::Float(0.1));
    assert_eq!(int(vec![-7], [1, 1]).into_scalar(), Scalar::Int(-7));
    assert_eq!(int(vec![3, 4], [2]).prod().into_scalar().to_i64(), 12);
    assert_eq!(int(vec![9], [1]).cast(DType::I32).into_scalar(), Scalar::Int(9));
    assert_eq!(
        boolean(vec![true], [1, 1, 1, 1]).into_scalar(),
        Scalar::Bool(true)
    );
    // A one-element view.
    assert_eq!(
        float(vec![1.0, 2.0, 3.0], [3]).slice([2..3]).into_scalar(),
        Scalar::Float(3.0)
    );
    let t = Tensor::<0, Int>::from_data(seam_tensor::TensorData::new(vec![4i64], [0usize; 0]), &device());
    assert_eq!(t.into_scalar(), Scalar::Int(4));
}

#[device_test]
#[should_panic(
    expected = "into_scalar: the tensor has shape [2] (2 elements); only a tensor of one element is a scalar"
)]
fn into_scalar_of_two_elements_panics() {
    let _ = float(vec![1.0, 2.0], [2]).into_scalar();
}

#[device_test]
fn into_scalar_of_an_empty_tensor_panics() {
    assert_panics("into_scalar: the tensor has shape [0, 3] (0 elements)", || {
        let _ = Tensor::<2, Int>::zeros([0, 3], &device()).into_scalar();
    });
}
