//! Creating tensors and reading them back: `zeros`, `ones`, `full`, `zeros_like`,
//! `ones_like`, `from_data` / `try_from_data`, `from_floats` / `from_ints` /
//! `from_bools` (nested arrays, `Vec`, `TensorData` of any dtype), `arange`,
//! `arange_step`, `eye`, `random` (range, moments, reproducibility), `into_data`,
//! `shape`, `dims`, `device`, for every kind.

use seam_ops::device_test;
use seam_ops::{assert_float, assert_int, boolean, counting, device, f32s, float, float64, int, needs};
use seam_tensor::{Bool, DType, Device, Int, Shape, Tensor, TensorData};

#[device_test]
fn zeros_float_at_each_rank() {
    let d = device();
    assert_float(Tensor::<1>::zeros([3], &d), [3], &[0.0; 3]);
    assert_float(Tensor::<2>::zeros([2, 3], &d), [2, 3], &[0.0; 6]);
    assert_float(Tensor::<3>::zeros([2, 1, 3], &d), [2, 1, 3], &[0.0; 6]);
    assert_float(Tensor::<4>::zeros([1, 2, 2, 2], &d), [1, 2, 2, 2], &[0.0; 8]);
}

#[device_test]
fn ones_float_at_each_rank() {
    let d = device();
    assert_float(Tensor::<1>::ones([2], &d), [2], &[1.0; 2]);
    assert_float(Tensor::<2>::ones([3, 1], &d), [3, 1], &[1.0; 3]);
    assert_float(Tensor::<3>::ones([1, 2, 2], &d), [1, 2, 2], &[1.0; 4]);
    assert_float(Tensor::<4>::ones([2, 1, 1, 3], &d), [2, 1, 1, 3], &[1.0; 6]);
}

#[device_test]
fn zeros_and_ones_int_are_i64() {
    let d = device();
    assert_int(Tensor::<1, Int>::zeros([4], &d), [4], &[0; 4]);
    assert_int(Tensor::<2, Int>::ones([2, 2], &d), [2, 2], &[1; 4]);
    assert_int(Tensor::<3, Int>::zeros([1, 2, 3], &d), [1, 2, 3], &[0; 6]);
    assert_int(Tensor::<4, Int>::ones([1, 1, 1, 2], &d), [1, 1, 1, 2], &[1; 2]);
}

#[device_test]
fn zeros_accepts_shape_vec_and_slice() {
    let d = device();
    assert_eq!(Tensor::<2>::zeros(Shape::from([2, 5]), &d).dims(), [2, 5]);
    assert_eq!(Tensor::<2>::zeros(vec![3, 4], &d).dims(), [3, 4]);
    assert_eq!(Tensor::<3>::ones(&[1usize, 2, 3][..], &d).dims(), [1, 2, 3]);
}

#[device_test]
fn empty_tensors() {
    let d = device();
    let t = Tensor::<3>::zeros([2, 0, 3], &d);
    assert_eq!(t.dims(), [2, 0, 3]);
    let data = t.into_data();
    assert_eq!(data.num_elements(), 0);
    assert!(data.to_vec::<f32>().unwrap().is_empty());
}

#[device_test]
fn from_data_into_data_round_trip_at_each_rank() {
    let v = counting(24, -3.5);
    assert_float(float(v[..4].to_vec(), [4]), [4], &v[..4]);
    assert_float(float(v[..6].to_vec(), [3, 2]), [3, 2], &v[..6]);
    assert_float(float(v[..12].to_vec(), [2, 3, 2]), [2, 3, 2], &v[..12]);
    assert_float(float(v.clone(), [2, 3, 2, 2]), [2, 3, 2, 2], &v);
}

#[device_test]
fn into_data_is_the_data_given() {
    let data = TensorData::new(vec![1.5f32, -2.25, 0.0, 8.0, 1e-3, 7.0], [1, 3, 2]);
    let t = Tensor::<3>::from_data(data.clone(), &device());
    assert_eq!(t.into_data(), data);
}

#[device_test]
fn shape_dims_and_device() {
    let t = float(counting(24, 0.0), [2, 3, 4, 1]);
    assert_eq!(t.shape(), Shape::from([2, 3, 4, 1]));
    assert_eq!(t.shape().rank(), 4);
    assert_eq!(t.dims(), [2, 3, 4, 1]);
    assert_eq!(t.device(), device());
}

#[device_test]
fn the_default_device_is_the_cpu() {
    assert_eq!(Device::default(), Device::cpu());
    assert_eq!(Device::default().to_string(), "cpu");
}

#[device_test]
fn to_device_moves_the_data_and_back() {
    let t = float(vec![1.0, -2.0, 3.5, 4.0], [2, 2]).transpose();
    let on_cpu = t.clone().to_device(&Device::cpu());
    assert_eq!(on_cpu.device(), Device::cpu());
    let back = on_cpu.to_device(&device());
    assert_eq!(back.device(), device());
    assert_eq!(back.into_data(), t.into_data());
}

#[device_test]
fn clone_is_independent_of_the_original() {
    let a = float(vec![1.0, 2.0, 3.0], [3]);
    let b = a.clone().add_scalar(1.0);
    assert_float(a, [3], &[1.0, 2.0, 3.0]);
    assert_float(b, [3], &[2.0, 3.0, 4.0]);
}

#[device_test]
fn f64_data_keeps_dtype_f64() {
    if !needs(&[DType::F64]) {
        return;
    }
    let t = float64(vec![0.1, 0.2, -1e300, 1.0 / 3.0], [2, 2]);
    let data = t.into_data();
    assert_eq!(data.dtype(), DType::F64);
    assert_eq!(data.to_vec::<f64>().unwrap(), vec![0.1, 0.2, -1e300, 1.0 / 3.0]);
}

#[device_test]
fn int_from_data_i64_round_trip() {
    // The extremes of i64 need an i64 device; at i32 they would wrap (below).
    if !needs(&[DType::I64]) {
        return;
    }
    let values = vec![i64::MIN, -1, 0, 1, i64::MAX, 42];
    let t = int(values.clone(), [3, 2]);
    assert_eq!(t.dims(), [3, 2]);
    let data = t.into_data();
    assert_eq!(data.dtype(), DType::I64);
    assert_eq!(data.to_vec::<i64>().unwrap(), values);
}

/// At `i32`, integer data past its range wraps as Rust's `as` does (an `Int` tensor
/// of a device without `i64`, or of one set to `i32`), and the ops wrap at `i32`.
#[device_test]
fn int_data_wraps_at_i32() {
    let narrow = int(vec![i64::from(i32::MAX) + 1, -1, 1 << 40], [3]).cast(DType::I32);
    assert_eq!(narrow.dtype(), DType::I32);
    let values = narrow.clone().into_data().to_vec::<i32>().unwrap();
    assert_eq!(values, vec![i32::MIN, -1, 0]);
    let sums = narrow.clone().add_scalar(-1).into_data().to_vec::<i32>().unwrap();
    assert_eq!(sums, vec![i32::MAX, -2, -1]);
    let top = Tensor::<1, Int>::from_ints([i32::MAX], &device()).cast(DType::I32);
    assert_eq!(
        top.cumsum(0).add_scalar(1).into_data().to_vec::<i32>().unwrap(),
        vec![i32::MIN]
    );
}

/// `Int` data of any integer dtype makes a tensor of the device's integer dtype
/// (`i64`, or `i32` without it); a cast to `i32` stays `i32` through the ops.
#[device_test]
fn int_from_data_takes_the_devices_int_dtype() {
    let d = device();
    let t = Tensor::<1, Int>::from_data(TensorData::new(vec![3i32, -4], [2]), &d);
    assert_eq!(t.dtype(), d.int_dtype());
    let data = t.add_scalar(1).neg().into_data();
    assert_eq!(data.dtype(), d.int_dtype());
    assert_eq!(data.to_vec::<i64>().unwrap(), vec![-4, 3]);
    let narrow = Tensor::<1, Int>::from_ints([3, -4], &d).cast(DType::I32);
    let data = narrow.add_scalar(1).neg().into_data();
    assert_eq!(data.dtype(), DType::I32);
    assert_eq!(data.to_vec::<i32>().unwrap(), vec![-4, 3]);
}

#[device_test]
fn bool_from_data_into_data_round_trip() {
    let values = vec![true, false, false, true, true, false];
    let t = boolean(values.clone(), [2, 3]);
    assert_eq!(t.dims(), [2, 3]);
    let data = t.into_data();
    assert_eq!(data.dtype(), DType::Bool);
    assert_eq!(data.to_vec::<bool>().unwrap(), values);

    let t = Tensor::<1, Bool>::from_data(TensorData::new(vec![false], [1]), &device());
    assert_eq!(t.into_data().to_vec::<bool>().unwrap(), vec![false]);
}

#[device_test]
fn bool_at_rank_4() {
    let values: Vec<bool> = (0..16).map(|i| i % 3 == 0).collect();
    let t = boolean(values.clone(), [2, 2, 2, 2]);
    assert_eq!(t.shape(), Shape::from([2, 2, 2, 2]));
    assert_eq!(t.into_data().to_vec::<bool>().unwrap(), values);
}

#[device_test]
fn rank_0_tensors() {
    let t = Tensor::<0>::from_data(TensorData::new(vec![2.5f32], [0usize; 0]), &device());
    assert_eq!(t.dims(), [0usize; 0]);
    assert_eq!(t.to_string(), "2.5000");
    let z = Tensor::<0>::zeros([0usize; 0], &device());
    assert_eq!(f32s(z + t.clone() * 2.0), vec![5.0]);
    assert_eq!(f32s(t.transpose()), vec![2.5]);
}

// ---- from_floats, from_ints, from_bools: nested arrays, Vec, TensorData of any dtype ----

#[device_test]
fn from_floats_ints_bools_of_nested_arrays() {
    let d = device();
    assert_float(Tensor::<1>::from_floats([1.0, 2.5], &d), [2], &[1.0, 2.5]);
    assert_float(
        Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.0]], &d),
        [2, 2],
        &[1.0, 2.0, 3.0, 4.0],
    );
    assert_float(
        Tensor::<3>::from_floats([[[1.0], [2.0]]], &d),
        [1, 2, 1],
        &[1.0, 2.0],
    );
    assert_float(
        Tensor::<4>::from_floats([[[[1.0, 2.0]], [[3.0, 4.0]]]], &d),
        [1, 2, 1, 2],
        &[1.0, 2.0, 3.0, 4.0],
    );
    assert_int(Tensor::<2, Int>::from_ints([[1, -2, 3]], &d), [1, 3], &[1, -2, 3]);
    assert_int(
        Tensor::<3, Int>::from_ints([[[5], [6]], [[7], [8]]], &d),
        [2, 2, 1],
        &[5, 6, 7, 8],
    );
    let b = Tensor::<2, Bool>::from_bools([[true, false], [false, true]], &d);
    assert_eq!(b.dims(), [2, 2]);
    assert_eq!(
        b.into_data().to_vec::<bool>().unwrap(),
        vec![true, false, false, true]
    );
}

#[device_test]
fn from_kind_constructors_convert_any_dtype() {
    let d = device();
    // f64 and int data into Float: f32.
    let t = Tensor::<1>::from_floats(vec![0.5f64, 1.25], &d);
    assert_eq!(t.dtype(), DType::F32);
    assert_float(t, [2], &[0.5, 1.25]);
    assert_float(Tensor::<2>::from_floats([[1i64, -2]], &d), [1, 2], &[1.0, -2.0]);
    assert_float(Tensor::<1>::from_floats([true, false], &d), [2], &[1.0, 0.0]);
    // Floats into Int truncate toward zero; i32 data becomes i64.
    assert_int(
        Tensor::<1, Int>::from_ints([1.9f32, -1.9, 0.2], &d),
        [3],
        &[1, -1, 0],
    );
    assert_int(Tensor::<1, Int>::from_ints(vec![7i32, -8], &d), [2], &[7, -8]);
    assert_int(
        Tensor::<2, Int>::from_ints(TensorData::new(vec![2.5f64, -3.5], [2, 1]), &d),
        [2, 1],
        &[2, -3],
    );
    // Numbers into Bool: not zero.
    let b = Tensor::<1, Bool>::from_bools([0.0f32, -0.5, 2.0], &d);
    assert_eq!(b.into_data().to_vec::<bool>().unwrap(), vec![false, true, true]);
    let b = Tensor::<2, Bool>::from_bools(TensorData::new(vec![0i64, 3], [1, 2]), &d);
    assert_eq!(b.into_data().to_vec::<bool>().unwrap(), vec![false, true]);
}

#[device_test]
#[should_panic(expected = "from_floats: shape [2, 2] has 2 dims but the tensor has rank 3; give 3 dims")]
fn from_floats_of_the_wrong_rank_panics() {
    let _ = Tensor::<3>::from_floats([[1.0, 2.0], [3.0, 4.0]], &device());
}

#[device_test]
#[should_panic(expected = "from_ints: shape [2] has 1 dims but the tensor has rank 2")]
fn from_ints_of_the_wrong_rank_panics() {
    let _ = Tensor::<2, Int>::from_ints([1, 2], &device());
}

#[device_test]
#[should_panic(expected = "from_bools: shape [1] has 1 dims but the tensor has rank 2")]
fn from_bools_of_the_wrong_rank_panics() {
    let _ = Tensor::<2, Bool>::from_bools([true], &device());
}

#[device_test]
fn try_from_data_errors() {
    if !needs(&[DType::F64]) {
        return;
    }
    let d = device();
    let err = Tensor::<1, Int>::try_from_data(TensorData::new(vec![1.0f32], [1]), &d).unwrap_err();
    assert_eq!(err.kind(), seam_tensor::TensorErrorKind::Data);
    assert_eq!(err.op(), "from_data");
    assert!(
        err.message().contains("f32 data cannot make an Int tensor"),
        "{err}"
    );
    let err = Tensor::<2>::try_from_data(TensorData::new(vec![1.0f32], [1]), &d).unwrap_err();
    assert_eq!(err.kind(), seam_tensor::TensorErrorKind::Dim);
    let err = Tensor::<1, Bool>::try_from_data(TensorData::new(vec![1i64], [1]), &d).unwrap_err();
    assert_eq!(err.kind(), seam_tensor::TensorErrorKind::Data);
    let ok = Tensor::<1>::try_from_data(TensorData::new(vec![1.0f64], [1]), &d).unwrap();
    assert_eq!(ok.dtype(), DType::F64);
}

// ---- full, zeros_like, ones_like ----

#[device_test]
fn full_of_every_kind() {
    let d = device();
    assert_float(Tensor::<1>::full([3], 2.5, &d), [3], &[2.5; 3]);
    assert_float(Tensor::<3>::full([1, 2, 2], -1, &d), [1, 2, 2], &[-1.0; 4]);
    assert_float(
        Tensor::<4>::full([1, 1, 2, 1], f32::INFINITY, &d),
        [1, 1, 2, 1],
        &[f32::INFINITY; 2],
    );
    assert_int(Tensor::<2, Int>::full([2, 2], 7, &d), [2, 2], &[7; 4]);
    assert_int(Tensor::<1, Int>::full([2], -2.9, &d), [2], &[-2, -2]);
    let b = Tensor::<2, Bool>::full([1, 3], true, &d);
    assert_eq!(b.dtype(), DType::Bool);
    assert_eq!(b.into_data().to_vec::<bool>().unwrap(), vec![true; 3]);
    assert_eq!(
        Tensor::<1, Bool>::full([2], 0, &d)
            .into_data()
            .to_vec::<bool>()
            .unwrap(),
        vec![false; 2]
    );
}

#[device_test]
fn zeros_like_and_ones_like_keep_shape_and_dtype() {
    if !needs(&[DType::F64]) {
        return;
    }
    let t = float64(vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [2, 3]).transpose();
    let z = t.zeros_like();
    assert_eq!(z.dtype(), DType::F64);
    assert_eq!(z.dims(), [3, 2]);
    assert_eq!(seam_ops::f64s(z), vec![0.0; 6]);
    let o = t.ones_like();
    assert_eq!(seam_ops::f64s(o), vec![1.0; 6]);
    let i = int(vec![5, 6], [1, 2]).cast(DType::I32);
    let o = i.ones_like();
    assert_eq!(o.dtype(), DType::I32);
    assert_eq!(o.into_data().to_vec::<i32>().unwrap(), vec![1, 1]);
    assert_float(
        float(counting(8, 1.0), [2, 2, 1, 2]).zeros_like(),
        [2, 2, 1, 2],
        &[0.0; 8],
    );
    assert_int(int(vec![1, 2, 3], [3]).zeros_like(), [3], &[0; 3]);
}

// ---- arange, arange_step, eye ----

#[device_test]
fn arange_and_arange_step() {
    let d = device();
    assert_int(Tensor::<1, Int>::arange(0..5, &d), [5], &[0, 1, 2, 3, 4]);
    assert_int(Tensor::<1, Int>::arange(-3..1, &d), [4], &[-3, -2, -1, 0]);
    assert_eq!(Tensor::<1, Int>::arange(4..4, &d).dims(), [0]);
    assert_int(Tensor::<1, Int>::arange_step(0..10, 3, &d), [4], &[0, 3, 6, 9]);
    assert_int(Tensor::<1, Int>::arange_step(-5..5, 4, &d), [3], &[-5, -1, 3]);
    assert_int(Tensor::<1, Int>::arange_step(0..3, 1, &d), [3], &[0, 1, 2]);
    assert_int(Tensor::<1, Int>::arange_step(0..3, 10, &d), [1], &[0]);
    // As float, reshaped.
    assert_float(
        Tensor::<1, Int>::arange(0..6, &d).float().reshape([2, 3]),
        [2, 3],
        &counting(6, 0.0),
    );
}

#[device_test]
#[should_panic(expected = "arange_step: a step of 0 never leaves 0..3; give a step of 1 or more")]
fn arange_step_of_zero_panics() {
    let _ = Tensor::<1, Int>::arange_step(0..3, 0, &device());
}

#[device_test]
fn eye_float_and_int() {
    let d = device();
    assert_float(Tensor::<2>::eye(1, &d), [1, 1], &[1.0]);
    assert_float(
        Tensor::<2>::eye(3, &d),
        [3, 3],
        &[1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0],
    );
    let i = Tensor::<2, Int>::eye(4, &d);
    let want: Vec<i64> = (0..16).map(|k| i64::from(k / 4 == k % 4)).collect();
    assert_int(i, [4, 4], &want);
    assert_eq!(Tensor::<2>::eye(0, &d).dims(), [0, 0]);
    // The identity of matmul.
    let m = float(counting(6, 1.0), [2, 3]);
    assert_float(
        m.clone().matmul(Tensor::<2>::eye(3, &d)),
        [2, 3],
        &counting(6, 1.0),
    );
}

// ---- random ----

#[device_test]
fn random_uniform_range_mean_and_reproducibility() {
    let d = device();
    let dist = seam_tensor::Distribution::Uniform { low: -2.0, high: 3.0 };
    let a = Tensor::<2>::random([50, 80], dist, 42, &d);
    assert_eq!(a.dims(), [50, 80]);
    assert_eq!(a.dtype(), DType::F32);
    let v = f32s(a.clone());
    assert!(v.iter().all(|&x| (-2.0..=3.0).contains(&x)), "out of range");
    let n = v.len() as f64;
    let mean = v.iter().map(|&x| f64::from(x)).sum::<f64>() / n;
    let var = v.iter().map(|&x| (f64::from(x) - mean).powi(2)).sum::<f64>() / n;
    // Uniform on [-2, 3): mean 0.5, variance 25 / 12.
    assert!((mean - 0.5).abs() < 0.06, "mean {mean}");
    assert!((var - 25.0 / 12.0).abs() < 0.1, "var {var}");
    // Both halves of the range are hit.
    assert!(v.iter().any(|&x| x < -1.5) && v.iter().any(|&x| x > 2.5));
    // Same seed: same values; another seed: others.
    assert_eq!(
        Tensor::<2>::random([50, 80], dist, 42, &d).into_data(),
        a.clone().into_data()
    );
    assert_ne!(f32s(Tensor::<2>::random([50, 80], dist, 43, &d)), v);
    // The shape does not change the stream: the same seed gives the same values in
    // row-major order at any rank.
    assert_eq!(f32s(Tensor::<4>::random([2, 5, 4, 100], dist, 42, &d)), v);
}

#[device_test]
fn random_normal_mean_std_and_reproducibility() {
    let d = device();
    let dist = seam_tensor::Distribution::Normal { mean: 3.0, std: 0.5 };
    let t = Tensor::<1>::random([4000], dist, 7, &d);
    let v = f32s(t.clone());
    assert!(v.iter().all(|x| x.is_finite()));
    let n = v.len() as f64;
    let mean = v.iter().map(|&x| f64::from(x)).sum::<f64>() / n;
    let std = (v.iter().map(|&x| (f64::from(x) - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    assert!((mean - 3.0).abs() < 0.04, "mean {mean}");
    assert!((std - 0.5).abs() < 0.03, "std {std}");
    // About 68% within one std.
    let within = v.iter().filter(|&&x| (f64::from(x) - 3.0).abs() < 0.5).count() as f64 / n;
    assert!((within - 0.6827).abs() < 0.03, "within one std: {within}");
    // The library's own reductions agree with the loop above.
    assert!((f64::from(f32s(t.clone().mean())[0]) - mean).abs() < 1e-3);
    assert!((f64::from(f32s(t.var(0))[0]).sqrt() - std).abs() < 1e-3);
    let again = Tensor::<3>::random([10, 20, 20], dist, 7, &d);
    assert_eq!(f32s(again), v);
    let standard = Tensor::<1>::random([3], seam_tensor::Distribution::STANDARD_NORMAL, 1, &d);
    assert_ne!(
        f32s(standard),
        f32s(Tensor::<1>::random(
            [3],
            seam_tensor::Distribution::STANDARD_NORMAL,
            2,
            &d
        ))
    );
}

#[device_test]
#[should_panic(expected = "random: shape [2] has 1 dims but the tensor has rank 2")]
fn random_of_the_wrong_rank_panics() {
    let _ = Tensor::<2>::random([2], seam_tensor::Distribution::STANDARD_UNIFORM, 0, &device());
}
