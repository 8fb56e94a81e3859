//! Tensors moved, cloned, viewed, sent and dropped, on small shapes.
//!
//! These go through the `#[opaque]` handles (`BridgeTensor`, `Device`) in every
//! way a user can, so they run under Miri in CI, with Stacked Borrows and with Tree
//! Borrows (`.ci/run`); Miri also fails a run that leaks.

use seam_tensor::{Device, Int, Tensor, TensorData};

fn ramp(n: usize) -> Vec<f32> {
    (0..n).map(|i| i as f32).collect()
}

#[test]
fn clones_share_nothing_observable_and_drop_independently() {
    let device = Device::default();
    let a = Tensor::<2>::from_data(TensorData::new(ramp(6), [2, 3]), &device);
    let b = a.clone();
    let c = a.clone().transpose(); // a strided view of the same buffer
    drop(a);
    let b2 = b.clone() + 1.0;
    drop(b);
    assert_eq!(c.dims(), [3, 2]);
    assert_eq!(
        c.into_data().to_vec::<f32>().unwrap(),
        vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]
    );
    assert_eq!(
        b2.into_data().to_vec::<f32>().unwrap(),
        vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    );
}

#[test]
fn tensors_move_through_collections() {
    let device = Device::default();
    let mut all: Vec<Tensor<1>> = (0..5)
        .map(|i| Tensor::<1>::from_data(TensorData::new(vec![i as f32; 2], [2]), &device))
        .collect();
    all.swap(0, 4);
    all.reverse();
    let popped = all.pop().unwrap();
    let boxed: Box<Tensor<1>> = Box::new(popped);
    let sum = all.into_iter().fold(*boxed, |acc, t| acc + t);
    assert_eq!(sum.into_data().to_vec::<f32>().unwrap(), vec![10.0, 10.0]);
}

#[test]
fn ops_chain_on_moved_values() {
    let device = Device::default();
    let x = Tensor::<2>::from_data(TensorData::new(ramp(4), [2, 2]), &device);
    let y = x.clone().matmul(x.clone().transpose()).sum_dim(1);
    assert_eq!(y.dims(), [2, 1]);
    assert_eq!(y.into_data().to_vec::<f32>().unwrap(), vec![4.0, 16.0]);
    let i = Tensor::<1, Int>::ones([3], &device) * 2;
    assert_eq!(i.into_data().to_vec::<i64>().unwrap(), vec![2, 2, 2]);
    let back = x.exp().log().into_data().to_vec::<f32>().unwrap();
    for (got, want) in back.iter().zip(ramp(4)) {
        assert!((got - want).abs() < 1e-5, "log(exp({want})) = {got}");
    }
    assert_eq!(back.len(), 4);
}

#[test]
fn tensors_and_devices_cross_threads() {
    let device = Device::default();
    let t = Tensor::<1>::from_data(TensorData::new(ramp(3), [3]), &device);
    let shared = t.clone();
    let handle = std::thread::spawn(move || {
        let moved = t * 2.0;
        (moved, device)
    });
    let (doubled, device) = handle.join().unwrap();
    assert_eq!(device, Device::cpu());
    std::thread::scope(|s| {
        s.spawn(|| assert_eq!(shared.dims(), [3]));
        s.spawn(|| assert_eq!(shared.shape().rank(), 1));
    });
    assert_eq!(doubled.into_data().to_vec::<f32>().unwrap(), vec![0.0, 2.0, 4.0]);
}

#[test]
fn a_panicking_op_leaks_nothing() {
    let device = Device::default();
    let a = Tensor::<1>::ones([2], &device);
    let b = Tensor::<1>::ones([3], &device);
    let result = std::panic::catch_unwind(|| a.clone() + b.clone());
    assert!(result.is_err(), "[2] + [3] does not broadcast");
    // `a` and `b` are still usable, and everything is dropped at the end of the test.
    assert_eq!((a.dims(), b.dims()), ([2], [3]));
}

#[test]
fn formatting_reads_through_the_handles() {
    let t = Tensor::<1>::from_data(TensorData::new(vec![1.5f32, -2.0], [2]), &Device::default());
    assert_eq!(format!("{t}"), "[1.5000, -2.0]");
    assert!(format!("{t:?}").starts_with("Tensor<1, Float> { shape: [2]"));
    assert_eq!(format!("{:?}", Device::default()), "Cpu(CpuDevice)");
}
