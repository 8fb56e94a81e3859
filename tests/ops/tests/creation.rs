//! Creating tensors and reading them back: `zeros`, `ones`, `from_data`,
//! `into_data`, `shape`, `dims`, `device`, for every kind.

use seam_ops::{assert_float, assert_int, boolean, counting, device, f32s, float, float64, int};
use seam_tensor::{Bool, DType, Device, Int, Shape, Tensor, TensorData};

#[test]
fn zeros_float_at_each_rank() {
    let d = device();
    assert_float(Tensor::<1>::zeros([3], &d), [3], &[0.0; 3]);
    assert_float(Tensor::<2>::zeros([2, 3], &d), [2, 3], &[0.0; 6]);
    assert_float(Tensor::<3>::zeros([2, 1, 3], &d), [2, 1, 3], &[0.0; 6]);
    assert_float(Tensor::<4>::zeros([1, 2, 2, 2], &d), [1, 2, 2, 2], &[0.0; 8]);
}

#[test]
fn ones_float_at_each_rank() {
    let d = device();
    assert_float(Tensor::<1>::ones([2], &d), [2], &[1.0; 2]);
    assert_float(Tensor::<2>::ones([3, 1], &d), [3, 1], &[1.0; 3]);
    assert_float(Tensor::<3>::ones([1, 2, 2], &d), [1, 2, 2], &[1.0; 4]);
    assert_float(Tensor::<4>::ones([2, 1, 1, 3], &d), [2, 1, 1, 3], &[1.0; 6]);
}

#[test]
fn zeros_and_ones_int_are_i64() {
    let d = device();
    assert_int(Tensor::<1, Int>::zeros([4], &d), [4], &[0; 4]);
    assert_int(Tensor::<2, Int>::ones([2, 2], &d), [2, 2], &[1; 4]);
    assert_int(Tensor::<3, Int>::zeros([1, 2, 3], &d), [1, 2, 3], &[0; 6]);
    assert_int(Tensor::<4, Int>::ones([1, 1, 1, 2], &d), [1, 1, 1, 2], &[1; 2]);
}

#[test]
fn zeros_accepts_shape_vec_and_slice() {
    let d = device();
    assert_eq!(Tensor::<2>::zeros(Shape::from([2, 5]), &d).dims(), [2, 5]);
    assert_eq!(Tensor::<2>::zeros(vec![3, 4], &d).dims(), [3, 4]);
    assert_eq!(Tensor::<3>::ones(&[1usize, 2, 3][..], &d).dims(), [1, 2, 3]);
}

#[test]
fn empty_tensors() {
    let d = device();
    let t = Tensor::<3>::zeros([2, 0, 3], &d);
    assert_eq!(t.dims(), [2, 0, 3]);
    let data = t.into_data();
    assert_eq!(data.num_elements(), 0);
    assert!(data.to_vec::<f32>().unwrap().is_empty());
}

#[test]
fn from_data_into_data_round_trip_at_each_rank() {
    let v = counting(24, -3.5);
    assert_float(float(v[..4].to_vec(), [4]), [4], &v[..4]);
    assert_float(float(v[..6].to_vec(), [3, 2]), [3, 2], &v[..6]);
    assert_float(float(v[..12].to_vec(), [2, 3, 2]), [2, 3, 2], &v[..12]);
    assert_float(float(v.clone(), [2, 3, 2, 2]), [2, 3, 2, 2], &v);
}

#[test]
fn into_data_is_the_data_given() {
    let data = TensorData::new(vec![1.5f32, -2.25, 0.0, 8.0, 1e-3, 7.0], [1, 3, 2]);
    let t = Tensor::<3>::from_data(data.clone(), &device());
    assert_eq!(t.into_data(), data);
}

#[test]
fn shape_dims_and_device() {
    let t = float(counting(24, 0.0), [2, 3, 4, 1]);
    assert_eq!(t.shape(), Shape::from([2, 3, 4, 1]));
    assert_eq!(t.shape().rank(), 4);
    assert_eq!(t.dims(), [2, 3, 4, 1]);
    assert_eq!(t.device(), device());
}

#[test]
fn the_default_device_is_the_cpu() {
    assert_eq!(Device::default(), Device::cpu());
    assert_eq!(Device::default().to_string(), "cpu");
}

#[test]
fn to_device_moves_the_data_and_back() {
    let t = float(vec![1.0, -2.0, 3.5, 4.0], [2, 2]).transpose();
    let on_cpu = t.clone().to_device(&Device::cpu());
    assert_eq!(on_cpu.device(), Device::cpu());
    let back = on_cpu.to_device(&device());
    assert_eq!(back.device(), device());
    assert_eq!(back.into_data(), t.into_data());
}

#[test]
fn clone_is_independent_of_the_original() {
    let a = float(vec![1.0, 2.0, 3.0], [3]);
    let b = a.clone().add_scalar(1.0);
    assert_float(a, [3], &[1.0, 2.0, 3.0]);
    assert_float(b, [3], &[2.0, 3.0, 4.0]);
}

#[test]
fn f64_data_keeps_dtype_f64() {
    let t = float64(vec![0.1, 0.2, -1e300, 1.0 / 3.0], [2, 2]);
    let data = t.into_data();
    assert_eq!(data.dtype(), DType::F64);
    assert_eq!(data.to_vec::<f64>().unwrap(), vec![0.1, 0.2, -1e300, 1.0 / 3.0]);
}

#[test]
fn int_from_data_i64_round_trip() {
    let values = vec![i64::MIN, -1, 0, 1, i64::MAX, 42];
    let t = int(values.clone(), [3, 2]);
    assert_eq!(t.dims(), [3, 2]);
    let data = t.into_data();
    assert_eq!(data.dtype(), DType::I64);
    assert_eq!(data.to_vec::<i64>().unwrap(), values);
}

#[test]
fn int_from_data_i32_keeps_dtype_i32() {
    let t = Tensor::<1, Int>::from_data(TensorData::new(vec![3i32, -4], [2]), &device());
    let t = t.add_scalar(1).neg();
    let data = t.into_data();
    assert_eq!(data.dtype(), DType::I32);
    assert_eq!(data.to_vec::<i32>().unwrap(), vec![-4, 3]);
}

#[test]
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

#[test]
fn bool_at_rank_4() {
    let values: Vec<bool> = (0..16).map(|i| i % 3 == 0).collect();
    let t = boolean(values.clone(), [2, 2, 2, 2]);
    assert_eq!(t.shape(), Shape::from([2, 2, 2, 2]));
    assert_eq!(t.into_data().to_vec::<bool>().unwrap(), values);
}

#[test]
fn rank_0_tensors() {
    let t = Tensor::<0>::from_data(TensorData::new(vec![2.5f32], [0usize; 0]), &device());
    assert_eq!(t.dims(), [0usize; 0]);
    assert_eq!(t.to_string(), "2.5000");
    let z = Tensor::<0>::zeros([0usize; 0], &device());
    assert_eq!(f32s(z + t.clone() * 2.0), vec![5.0]);
    assert_eq!(f32s(t.transpose()), vec![2.5]);
}
