//! Every op on random shapes and values, on the CPU and on the CubeCL backend (wgpu),
//! compared within a tolerance. Needs the feature `wgpu` of this crate; on a machine
//! without an adapter it prints why and passes, except under CI.

#![cfg(feature = "wgpu")]

use proptest::prelude::*;
use seam_ops::is_close;
use seam_tensor::{Device, Tensor, TensorData};

fn gpu() -> Option<Device> {
    match Device::wgpu() {
        Ok(device) => Some(device),
        Err(reason) if std::env::var_os("CI").is_none() => {
            eprintln!("skipped: {reason}");
            None
        }
        Err(reason) => panic!("CI must have a wgpu adapter: {reason}"),
    }
}

#[track_caller]
fn assert_same<const D: usize>(op: &str, cpu: Tensor<D>, gpu: Tensor<D>) {
    let (want, got) = (cpu.into_data(), gpu.into_data());
    assert_eq!(got.shape(), want.shape(), "{op}: shapes");
    for i in 0..want.num_elements() {
        let (w, g) = (want.value_f64(i), got.value_f64(i));
        assert!(is_close(g, w, 1e-4), "{op}: element {i}: cpu {w}, gpu {g}");
    }
}

/// A shape of rank 3 with dims 1 to 4, values in [-4, 4), and a second shape that
/// broadcasts against the first (some dims set to 1).
fn operands() -> impl Strategy<Value = ([usize; 3], Vec<f32>, [usize; 3], Vec<f32>)> {
    (
        prop::array::uniform3(1usize..5),
        prop::array::uniform3(any::<bool>()),
    )
        .prop_flat_map(|(dims, ones)| {
            let other: [usize; 3] = std::array::from_fn(|i| if ones[i] { 1 } else { dims[i] });
            let n: usize = dims.iter().product();
            let m: usize = other.iter().product();
            (
                Just(dims),
                prop::collection::vec(-4.0f32..4.0, n),
                Just(other),
                prop::collection::vec(-4.0f32..4.0, m),
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn elementwise_reductions_and_layout_agree((dims, a, other, b) in operands(), dim in 0usize..3, k in -3.0f32..3.0) {
        let Some(gpu) = gpu() else { return Ok(()) };
        let cpu = Device::cpu();
        let on = |device: &Device, values: &[f32], dims: [usize; 3]| {
            Tensor::<3>::from_data(TensorData::new(values.to_vec(), dims), device)
        };
        let (ca, ga) = (on(&cpu, &a, dims), on(&gpu, &a, dims));
        let (cb, gb) = (on(&cpu, &b, other), on(&gpu, &b, other));
        // Divisors kept away from zero.
        let (cd, gd) = (cb.clone().abs_plus(1.0), gb.clone().abs_plus(1.0));
        assert_same("add", ca.clone() + cb.clone(), ga.clone() + gb.clone());
        assert_same("sub", cb.clone() - ca.clone(), gb.clone() - ga.clone());
        assert_same("mul", ca.clone() * cb.clone(), ga.clone() * gb.clone());
        assert_same("div", ca.clone() / cd, ga.clone() / gd);
        assert_same("add_scalar", ca.clone() + k, ga.clone() + k);
        assert_same("mul_scalar", ca.clone() * k, ga.clone() * k);
        assert_same("neg", -ca.clone(), -ga.clone());
        assert_same("exp", ca.clone().exp(), ga.clone().exp());
        assert_same("log", ca.clone().abs_plus(0.1).log(), ga.clone().abs_plus(0.1).log());
        assert_same("sum_dim", ca.clone().sum_dim(dim), ga.clone().sum_dim(dim));
        assert_same("mean_dim", ca.clone().mean_dim(dim), ga.clone().mean_dim(dim));
        assert_same("swap_dims", ca.clone().swap_dims(dim, 2), ga.clone().swap_dims(dim, 2));
        assert_same(
            "swap_dims then add",
            ca.clone().swap_dims(0, 2) + cb.clone().swap_dims(0, 2),
            ga.clone().swap_dims(0, 2) + gb.clone().swap_dims(0, 2),
        );
        let n = a.len();
        assert_same("reshape", ca.clone().transpose().reshape([n as i64, 1, 1]), ga.clone().transpose().reshape([n as i64, 1, 1]));
        assert_same("to_device", ga.clone().to_device(&cpu), ca.clone());
    }

    #[test]
    fn matmul_agrees(batch in 1usize..3, m in 1usize..6, k in 1usize..6, n in 1usize..6, seed in any::<u32>()) {
        let Some(gpu) = gpu() else { return Ok(()) };
        let cpu = Device::cpu();
        let values = |len: usize, salt: u32| -> Vec<f32> {
            (0..len).map(|i| ((i as u32).wrapping_mul(2_654_435_761).wrapping_add(seed ^ salt) % 97) as f32 / 12.0 - 4.0).collect()
        };
        let (a, b) = (values(batch * m * k, 1), values(k * n, 2));
        let lhs = |d: &Device| Tensor::<3>::from_data(TensorData::new(a.clone(), [batch, m, k]), d);
        let rhs = |d: &Device| Tensor::<3>::from_data(TensorData::new(b.clone(), [1, k, n]), d);
        assert_same("matmul", lhs(&cpu).matmul(rhs(&cpu)), lhs(&gpu).matmul(rhs(&gpu)));
        assert_same(
            "matmul of transposes",
            rhs(&cpu).transpose().matmul(lhs(&cpu).transpose()),
            rhs(&gpu).transpose().matmul(lhs(&gpu).transpose()),
        );
    }
}

/// `|x| + c`, from the ops the tensor has so far.
trait AbsPlus {
    fn abs_plus(self, c: f32) -> Self;
}

impl AbsPlus for Tensor<3> {
    fn abs_plus(self, c: f32) -> Self {
        // |x| = sqrt(x^2) = exp(log(x^2) / 2), with x^2 kept away from 0.
        ((self.clone() * self + 1e-6).log() * 0.5).exp() + c
    }
}

#[test]
fn ops_on_two_devices_name_the_devices() {
    let Some(gpu) = gpu() else { return };
    let on_gpu = Tensor::<1>::ones([2], &gpu);
    let on_cpu = Tensor::<1>::ones([2], &Device::cpu());
    let err = std::panic::catch_unwind(|| on_gpu + on_cpu).expect_err("mixing devices panics");
    let message = err.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        message.contains(
            "add: the tensors are on different backends (wgpu and cpu); move one with `to_device` first"
        ),
        "{message}"
    );
}
