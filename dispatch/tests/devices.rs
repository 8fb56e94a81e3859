//! The dispatch layer's device check: an op on tensors of two backends, or of two
//! devices of one backend, panics and names the op, both backends or devices and the
//! fix; an op on one device's tensors runs.
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

/// wgpu's default device and its software adapter (`WgpuDeviceKind::Cpu`): two
/// devices of one backend, each with its own client, even where the default is that
/// same adapter (lavapipe on CI).
#[cfg(feature = "wgpu")]
#[test]
fn an_op_on_two_devices_of_one_backend_panics_and_to_device_joins_them() {
    use seam_cubecl::{CubeDevice, CubeRuntime, WgpuDevice, WgpuDeviceKind, Wgsl};
    let software = WgpuDevice::new(WgpuDeviceKind::Cpu);
    if let Err(why) = Wgsl::find(&software) {
        seam_test_support::skipped(&seam_test_support::test_name(), &why);
        return;
    }
    let default = DispatchDevice::Wgpu(CubeDevice::default());
    let software = DispatchDevice::Wgpu(CubeDevice::new(software));
    let message = seam_test_support::panic_message(|| {
        drop(Dispatch::binary(BinaryOp::Sub, ones(&default), ones(&software)));
    });
    let expected = format!(
        "sub: the tensors are on different devices ({default} and {software}); move one with `to_device` first"
    );
    assert_eq!(message, expected);
    let moved = Dispatch::to_device(ones(&software), &default);
    let difference = Dispatch::binary(BinaryOp::Sub, ones(&default), moved);
    assert_eq!(
        Dispatch::into_data(difference).to_vec::<f32>().unwrap(),
        vec![0.0, 0.0]
    );
}
