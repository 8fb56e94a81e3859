//! Reading data out and putting it in: `into_data`, `to_data`, `into_data_async`
//! (driven by `futures_lite::future::block_on`), `TensorData` from nested arrays and
//! `Vec`s, `convert`, `to_device`, and `Display` / `Debug` of strided tensors.

use futures_lite::future::block_on;
use seam_ops::device_test;
use seam_ops::{counting, device, float, int, permuted_float, reference_permute, round_trip};
use seam_tensor::{Bool, DType, Device, Int, Shape, Tensor, TensorData};

#[device_test]
fn to_data_leaves_the_tensor_usable() {
    let t = float(vec![1.0, 2.0, 3.0, 4.0], [2, 2]);
    let data = t.to_data();
    assert_eq!(data.shape(), &Shape::from([2, 2]));
    assert_eq!(data.to_vec::<f32>().unwrap(), vec![1.0, 2.0, 3.0, 4.0]);
    assert_eq!(
        t.clone().add_scalar(1.0).to_data().to_vec::<f32>().unwrap(),
        vec![2.0, 3.0, 4.0, 5.0]
    );
    assert_eq!(t.to_data(), t.into_data());
}

#[device_test]
fn data_of_strided_tensors_is_row_major() {
    let v = counting(24, 0.0);
    for axes in [[1, 0, 2], [2, 1, 0], [0, 2, 1]] {
        let t = float(v.clone(), [2, 3, 4]).permute(axes);
        let want = reference_permute(&v, &[2, 3, 4], &axes);
        assert_eq!(t.to_data().to_vec::<f32>().unwrap(), want);
        assert_eq!(t.into_data().to_vec::<f32>().unwrap(), want);
    }
    let t = float(v.clone(), [4, 6]).slice([1..3, 2..4]);
    assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![8.0, 9.0, 14.0, 15.0]);
    let t = int(vec![1, 2], [2, 1]).expand([2, 2, 3]);
    assert_eq!(
        t.to_data().to_vec::<i64>().unwrap(),
        vec![1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2]
    );
}

#[device_test]
fn into_data_async_gives_the_same_data() {
    let v = counting(24, -5.0);
    let t = permuted_float(&v, [2, 3, 2, 2], [3, 1, 0, 2]);
    let data = block_on(t.clone().into_data_async());
    assert_eq!(data, t.into_data());
    assert_eq!(data.to_vec::<f32>().unwrap(), v);
    let data = block_on(int(vec![7, -8], [1, 2]).into_data_async());
    assert_eq!(data.dtype(), device().int_dtype());
    assert_eq!(data.to_vec::<i64>().unwrap(), vec![7, -8]);
    let data = block_on(Tensor::<1, Bool>::from_bools([true, false], &device()).into_data_async());
    assert_eq!(data.to_vec::<bool>().unwrap(), vec![true, false]);
    // The result of an op, awaited: on a GPU this waits for the kernel.
    let data = block_on((float(vec![1.0, 2.0], [2]) * 3.0).sum().into_data_async());
    assert_eq!(data.to_vec::<f32>().unwrap(), vec![9.0]);
}

#[device_test]
fn tensor_data_from_nested_arrays_and_vecs() {
    let d = TensorData::from([[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]]);
    assert_eq!(d.shape(), &Shape::from([2, 3]));
    assert_eq!(d.dtype(), DType::F32);
    let d = TensorData::from([[[1i64], [2]], [[3], [4]]]);
    assert_eq!(d.shape(), &Shape::from([2, 2, 1]));
    assert_eq!(d.to_vec::<i64>().unwrap(), vec![1, 2, 3, 4]);
    let d = TensorData::from([[[[true, false]]]]);
    assert_eq!(d.shape(), &Shape::from([1, 1, 1, 2]));
    let d = TensorData::from(vec![1.5f64, 2.5]);
    assert_eq!(d.shape(), &Shape::from([2]));
    assert_eq!(d.dtype(), DType::F64);
    // Through from_data.
    let t = Tensor::<2>::from_data([[1.0f32, 2.0], [3.0, 4.0]].into(), &device());
    assert_eq!(t.dims(), [2, 2]);
    let t = Tensor::<1, Int>::from_data(vec![3i32, 4].into(), &device());
    assert_eq!(t.dtype(), device().int_dtype());
}

#[device_test]
fn convert_between_dtypes() {
    let d = TensorData::new(vec![1.7f32, -1.7, 0.0, 3.0], [2, 2]);
    assert_eq!(
        d.clone().convert(DType::I64).to_vec::<i64>().unwrap(),
        vec![1, -1, 0, 3]
    );
    assert_eq!(
        d.clone().convert(DType::I32).to_vec::<i32>().unwrap(),
        vec![1, -1, 0, 3]
    );
    assert_eq!(
        d.clone().convert(DType::Bool).to_vec::<bool>().unwrap(),
        vec![true, true, false, true]
    );
    assert_eq!(
        d.clone().convert(DType::F64).to_vec::<f64>().unwrap(),
        vec![f64::from(1.7f32), f64::from(-1.7f32), 0.0, 3.0]
    );
    assert_eq!(d.clone().convert(DType::F32), d);
    let b = TensorData::new(vec![true, false], [2]).convert(DType::F32);
    assert_eq!(b.to_vec::<f32>().unwrap(), vec![1.0, 0.0]);
    // Converted data makes a tensor of the other kind.
    let t = Tensor::<2, Int>::from_data(d.convert(DType::I64), &device());
    assert_eq!(seam_ops::i64s(t), vec![1, -1, 0, 3]);
}

#[device_test]
fn to_device_of_every_kind() {
    let cpu = Device::cpu();
    let t = float(counting(6, 0.0), [2, 3]).transpose();
    let moved = t.clone().to_device(&cpu).to_device(&device());
    assert_eq!(moved.into_data(), t.into_data());
    let i = int(vec![1, 2, 3], [3]);
    assert_eq!(i.clone().to_device(&cpu).into_data(), i.into_data());
    let b = Tensor::<2, Bool>::from_bools([[true], [false]], &device());
    assert_eq!(b.clone().to_device(&cpu).device(), cpu);
    assert_eq!(b.clone().to_device(&cpu).into_data(), b.into_data());
}

#[device_test]
fn display_and_debug_of_views_and_results() {
    let t = float(vec![1.0, 2.0, 3.0, 4.0], [2, 2]).transpose();
    assert_eq!(t.to_string(), "[[1.0, 3.0],\n [2.0, 4.0]]");
    assert_eq!(t.to_string(), t.to_data().to_string());
    let b = float(vec![1.0, -1.0], [2]).greater_scalar(0.0);
    assert_eq!(b.to_string(), "[true, false]");
    let i = float(vec![1.0, 5.0, 2.0, 0.0], [2, 2]).argmax(1);
    assert_eq!(i.to_string(), "[[1],\n [0]]");
    let debug = format!(
        "{:?}",
        float(counting(4, 0.0), [1, 2, 2]).slice([0..1, 1..2, 0..2])
    );
    assert!(
        debug.starts_with("Tensor<3, Float> { shape: [1, 1, 2], dtype: f32"),
        "{debug}"
    );
    assert!(debug.contains("data: [[[2.0, 3.0]]]"), "{debug}");
}

/// `describe` tells the truth about the test device: every dtype it lists round trips
/// through it, every other one is refused with the backend's message.
#[device_test]
fn the_device_describes_what_it_holds() {
    let device = device();
    let info = device.describe();
    assert_eq!(info.backend, seam_ops::device_name());
    assert!(!info.api.is_empty() && !info.adapter.is_empty(), "{info:?}");
    for dtype in [DType::F32, DType::I32, DType::Bool] {
        assert!(info.supports(dtype), "every device holds {dtype}: {info}");
    }
    for dtype in DType::ALL {
        let data = TensorData::full([2], seam_tensor::Scalar::Int(1), dtype);
        if info.supports(dtype) {
            assert_eq!(round_trip(data.clone(), &device), data, "{dtype} on {info}");
        } else {
            let message = seam_ops::panic_message(|| drop(round_trip(data, &device)));
            assert!(
                message.contains(&format!("has no {dtype}")),
                "{dtype} on {info}: {message:?}"
            );
        }
    }
}
