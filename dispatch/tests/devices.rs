//! The dispatch layer's device check: an op on tensors of two backends panics and
//! names the op, both backends and the fix; an op on one backend's tensors runs.
//!
//! Two backends exist only in a build with a CubeCL feature beside `cpu` (`.ci/run`'s
//! GPU steps build the workspace with `wgpu` and `vulkan`); a CPU-only build has no
//! second backend to mix, and this file then holds no test.
#![cfg(all(feature = "cpu", any(feature = "wgpu", feature = "vulkan")))]

use seam_backend::{Backend, BinaryOp, CompareOp, TensorData};
use seam_dispatch::{Dispatch, DispatchDevice, DispatchTensor};

/// The CubeCL device of this build: wgpu's when it has the feature, else Vulkan's.
fn gpu() -> DispatchDevice {
    #[cfg(feature = "wgpu")]
    return DispatchDevice::Wgpu(Default::default());
    #[cfg(not(feature = "wgpu"))]
    return DispatchDevice::Vulkan(Default::default());
}

fn ones(device: &DispatchDevice) -> DispatchTensor {
    Dispatch::from_data(TensorData::new(vec![1.0f32, 1.0], [2]), device)
}

#[test]
#[should_panic(expected = "add: the tensors are on different backends (cpu and ")]
fn a_binary_op_across_backends_panics() {
    drop(Dispatch::binary(
        BinaryOp::Add,
        ones(&DispatchDevice::default()),
        ones(&gpu()),
    ));
}

#[test]
#[should_panic(expected = "mask_where: the tensors are on different backends")]
fn a_three_input_op_across_backends_panics() {
    let cpu = DispatchDevice::default();
    let mask = Dispatch::compare(CompareOp::Equal, ones(&cpu), ones(&cpu));
    drop(Dispatch::mask_where(mask, ones(&cpu), ones(&gpu())));
}

#[test]
fn the_same_op_on_one_backend_runs_and_to_device_joins_them() {
    let gpu = gpu();
    let moved = Dispatch::to_device(ones(&DispatchDevice::default()), &gpu);
    assert_eq!(Dispatch::device(&moved), gpu);
    let sum = Dispatch::binary(BinaryOp::Add, moved, ones(&gpu));
    assert_eq!(Dispatch::into_data(sum).to_vec::<f32>().unwrap(), vec![2.0, 2.0]);
}
