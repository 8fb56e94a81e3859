//! The extension op on `Tensor`s, from outside `seam-tensor`: values, shapes,
//! strided inputs, dtypes, and what the opened boundary refuses.

use seam_extension::{FusedOps, silu_bridge};
use seam_tensor::dispatch::{DispatchDevice, DispatchTensor};
use seam_tensor::{BridgeTensor, DType, Device, Int, Kind, Tensor, TensorData};

fn silu_f64(x: f64) -> f64 {
    x / (1.0 + (-x).exp())
}

fn assert_close(got: &[f32], want: &[f32]) {
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() <= 1e-6 * w.abs().max(1.0), "{got:?} vs {want:?}");
    }
}

#[test]
fn values_match_the_definition() {
    let xs = [-6.0f32, -1.0, -0.5, 0.0, 0.5, 1.0, 6.0];
    let x = Tensor::<1>::from_data(TensorData::new(xs.to_vec(), [7]), &Device::default());
    let got = x.silu().into_data().to_vec::<f32>().unwrap();
    let want: Vec<f32> = xs.iter().map(|&x| silu_f64(x as f64) as f32).collect();
    assert_close(&got, &want);
    assert_eq!(got[3], 0.0);
    assert!(
        got[0] < 0.0 && got[0] > -0.02,
        "silu dips just below zero: {}",
        got[0]
    );
}

#[test]
fn matches_the_unfused_library_ops_at_every_rank() {
    let device = Device::default();
    let values: Vec<f32> = (0..24).map(|i| i as f32 / 4.0 - 3.0).collect();
    let x = Tensor::<3>::from_data(TensorData::new(values.clone(), [2, 3, 4]), &device);
    let unfused = x.clone() / ((-x.clone()).exp() + 1.0);
    let fused = x.silu();
    assert_eq!(fused.dims(), [2, 3, 4]);
    assert_close(
        &fused.into_data().to_vec::<f32>().unwrap(),
        &unfused.into_data().to_vec::<f32>().unwrap(),
    );
    let x2 = Tensor::<2>::from_data(TensorData::new(values, [4, 6]), &device);
    assert_eq!(x2.silu().dims(), [4, 6]);
}

#[test]
fn a_strided_view_is_read_in_its_own_order() {
    let x = Tensor::<2>::from_data(
        TensorData::new(vec![-1.0f32, 0.0, 1.0, 2.0, 3.0, 4.0], [2, 3]),
        &Device::default(),
    );
    let transposed = x.transpose(); // [[-1, 2], [0, 3], [1, 4]], a view
    let got = transposed.silu();
    assert_eq!(got.dims(), [3, 2]);
    let want: Vec<f32> = [-1.0, 2.0, 0.0, 3.0, 1.0, 4.0]
        .iter()
        .map(|&x| silu_f64(x) as f32)
        .collect();
    assert_close(&got.into_data().to_vec::<f32>().unwrap(), &want);
}

#[test]
fn f64_tensors_stay_f64() {
    let x = Tensor::<1>::from_data(TensorData::new(vec![1.0f64, -2.0], [2]), &Device::default());
    let data = x.silu().into_data();
    assert_eq!(data.dtype(), DType::F64);
    let got = data.to_vec::<f64>().unwrap();
    assert!((got[0] - silu_f64(1.0)).abs() < 1e-15 && (got[1] - silu_f64(-2.0)).abs() < 1e-15);
}

#[test]
#[should_panic(expected = "silu: the tensor must be a Float tensor, not Int")]
fn the_erased_op_checks_the_kind() {
    let ints = Tensor::<1, Int>::ones([2], &Device::default());
    let _ = silu_bridge(ints.into_bridge());
}

#[test]
fn the_boundary_opens_with_checks() {
    let device = Device::default();
    // A device and a tensor built from the dispatch layer directly.
    let dispatch: &DispatchDevice = device.as_dispatch();
    assert_eq!(Device::from_dispatch(dispatch.clone()), device);
    let t = Tensor::<2>::zeros([2, 2], &device);
    let (kind, parts) = t.as_bridge().as_parts();
    assert_eq!(kind, Kind::Float);
    assert!(matches!(parts, DispatchTensor::Cpu(cpu) if cpu.dims() == [2, 2]));

    // `from_bridge` refuses a rank or kind that does not match, and gives it back.
    let err = Tensor::<3>::from_bridge(t.into_bridge()).unwrap_err();
    assert_eq!((err.expected_rank(), err.found_rank()), (3, 2));
    let err = Tensor::<2, Int>::from_bridge(err.into_bridge()).unwrap_err();
    assert_eq!((err.expected_kind(), err.found_kind()), (Kind::Int, Kind::Float));
    let back: Tensor<2> = Tensor::from_bridge(err.into_bridge()).unwrap();
    assert_eq!(back.into_data().to_vec::<f32>().unwrap(), vec![0.0; 4]);

    // An erased tensor made from a dispatch tensor gets its rank and kind from it.
    let (_, dispatch) = Tensor::<1, Int>::ones([3], &device).into_bridge().into_parts();
    let bridge = BridgeTensor::from_dispatch(dispatch);
    assert_eq!(
        (bridge.rank(), bridge.kind(), bridge.dtype()),
        (1, Kind::Int, DType::I64)
    );
    assert!(Tensor::<1>::from_bridge(bridge.clone()).is_err());
    assert_eq!(Tensor::<1, Int>::from_bridge(bridge).unwrap().dims(), [3]);
}
