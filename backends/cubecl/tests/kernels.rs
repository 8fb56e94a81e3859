//! The CubeCL backend against the CPU backend, op by op, on wgpu's default device
//! (Mesa's lavapipe in CI). Shapes are few and small: each kernel configuration
//! costs a shader compilation on lavapipe.

#![cfg(feature = "wgpu")]

use seam_backend::{Backend, BinaryOp, DType, Scalar, Shape, TensorData, UnaryOp};
use seam_cpu::{Cpu, CpuDevice};
use seam_cubecl::{CubeBackend, CubeDevice, Wgsl};

type Gpu = CubeBackend<Wgsl>;

/// The default wgpu device, or `None` (with the reason printed) on a machine without
/// an adapter. Under CI a missing adapter is a failure: CI installs lavapipe.
fn gpu() -> Option<CubeDevice<Wgsl>> {
    match CubeDevice::<Wgsl>::available() {
        Ok(device) => Some(device),
        Err(reason) if std::env::var_os("CI").is_none() => {
            eprintln!("skipped: {reason}");
            None
        }
        Err(reason) => panic!("CI must have a wgpu adapter (mesa-vulkan-drivers): {reason}"),
    }
}

fn values(n: usize, seed: u32) -> Vec<f32> {
    (0..n)
        .map(|i| ((i as u32 * 7919 + seed * 104_729) % 200) as f32 / 20.0 - 5.0)
        .collect()
}

fn upload(
    device: &CubeDevice<Wgsl>,
    data: &TensorData,
) -> (<Cpu as Backend>::Tensor, <Gpu as Backend>::Tensor) {
    (
        Cpu::from_data(data.clone(), &CpuDevice),
        Gpu::from_data(data.clone(), device),
    )
}

#[track_caller]
fn assert_same(cpu: <Cpu as Backend>::Tensor, gpu: <Gpu as Backend>::Tensor) {
    let (want, got) = (Cpu::into_data(cpu), Gpu::into_data(gpu));
    assert_eq!(got.shape(), want.shape());
    assert_eq!(got.dtype(), want.dtype());
    for i in 0..want.num_elements() {
        let (w, g) = (want.value_f64(i), got.value_f64(i));
        let tolerance = 1e-5 * w.abs().max(1.0);
        assert!(
            (w - g).abs() <= tolerance || (w.is_nan() && g.is_nan()),
            "element {i}: cpu {w}, gpu {g}"
        );
    }
}

#[test]
fn adapters_are_listed_and_ci_runs_on_vulkan() {
    let adapters = seam_cubecl::adapters();
    for adapter in &adapters {
        eprintln!(
            "wgpu adapter: {} {} ({})",
            adapter.api, adapter.name, adapter.device_type
        );
    }
    if std::env::var_os("CI").is_some() {
        // The default device takes the first API with an adapter, Vulkan first:
        // without the Vulkan driver it would fall back to OpenGL, much slower.
        let first = adapters.first().expect("CI has a wgpu adapter");
        assert_eq!(
            first.api, "Vulkan",
            "the default wgpu device is not on Vulkan: {adapters:?}"
        );
    }
}

#[test]
fn data_round_trips_in_every_dtype() {
    let Some(device) = gpu() else { return };
    let datas = [
        TensorData::new(values(6, 1), [2, 3]),
        TensorData::new(vec![1i32, -2, 3, i32::MAX], [4]),
        TensorData::new(vec![true, false, true], [3, 1]),
        TensorData::new(Vec::<f32>::new(), [0, 3]),
    ];
    for data in datas {
        let t = Gpu::from_data(data.clone(), &device);
        assert_eq!(Gpu::shape(&t), *data.shape());
        assert_eq!(Gpu::into_data(t), data);
    }
    let client = device.client();
    for (dtype, data) in [
        (DType::F64, TensorData::new(vec![1.5f64, -2.25], [2])),
        (DType::I64, TensorData::new(vec![i64::MIN, 7], [2])),
    ] {
        if client.properties().supports_type(dtype_elem(dtype)) {
            assert_eq!(Gpu::into_data(Gpu::from_data(data.clone(), &device)), data);
        } else {
            eprintln!("{dtype} not supported by {}: not checked", client.name());
        }
    }
}

fn dtype_elem(dtype: DType) -> cubecl::ir::ElemType {
    use cubecl::ir::{ElemType, FloatKind, IntKind};
    match dtype {
        DType::F64 => ElemType::Float(FloatKind::F64),
        DType::I64 => ElemType::Int(IntKind::I64),
        _ => unreachable!(),
    }
}

#[test]
fn full_unary_and_scalar_ops_match_the_cpu() {
    let Some(device) = gpu() else { return };
    for dtype in [DType::F32, DType::I32, DType::Bool] {
        let value = if dtype == DType::Bool {
            Scalar::Bool(true)
        } else {
            Scalar::Float(3.0)
        };
        assert_same(
            Cpu::full(Shape::new([2, 3]), value, dtype, &CpuDevice),
            Gpu::full(Shape::new([2, 3]), value, dtype, &device),
        );
    }
    let data = TensorData::new(
        values(12, 2).iter().map(|v| v.abs() + 0.5).collect::<Vec<_>>(),
        [3, 4],
    );
    let (c, g) = upload(&device, &data);
    for op in [UnaryOp::Neg, UnaryOp::Exp, UnaryOp::Log] {
        assert_same(Cpu::unary(op, c.clone()), Gpu::unary(op, g.clone()));
    }
    for op in [BinaryOp::Add, BinaryOp::Sub, BinaryOp::Mul, BinaryOp::Div] {
        assert_same(
            Cpu::binary_scalar(op, c.clone(), Scalar::Float(2.5)),
            Gpu::binary_scalar(op, g.clone(), Scalar::Float(2.5)),
        );
    }
    let ints = TensorData::new(vec![7i32, -7, 9, 100], [2, 2]);
    let (c, g) = upload(&device, &ints);
    for op in [BinaryOp::Add, BinaryOp::Sub, BinaryOp::Mul, BinaryOp::Div] {
        assert_same(
            Cpu::binary_scalar(op, c.clone(), Scalar::Int(2)),
            Gpu::binary_scalar(op, g.clone(), Scalar::Int(2)),
        );
    }
    assert_same(Cpu::unary(UnaryOp::Neg, c), Gpu::unary(UnaryOp::Neg, g));
}

#[test]
fn binary_ops_broadcast_and_read_strided_inputs() {
    let Some(device) = gpu() else { return };
    let a = TensorData::new(values(24, 3), [2, 3, 4]);
    let b = TensorData::new(
        values(4, 4).iter().map(|v| v + 6.0).collect::<Vec<_>>(),
        [1, 1, 4],
    );
    let col = TensorData::new(
        values(3, 5).iter().map(|v| v + 6.0).collect::<Vec<_>>(),
        [1, 3, 1],
    );
    let (ca, ga) = upload(&device, &a);
    let (cb, gb) = upload(&device, &b);
    let (cc, gc) = upload(&device, &col);
    for op in [BinaryOp::Add, BinaryOp::Sub, BinaryOp::Mul, BinaryOp::Div] {
        assert_same(
            Cpu::binary(op, ca.clone(), cb.clone()),
            Gpu::binary(op, ga.clone(), gb.clone()),
        );
        assert_same(
            Cpu::binary(op, cc.clone(), ca.clone()),
            Gpu::binary(op, gc.clone(), ga.clone()),
        );
    }
    // A transposed (strided) operand, and the result of that read back.
    let (ct, gt) = (
        swap_dims::<Cpu>(ca.clone(), 0, 2),
        swap_dims::<Gpu>(ga.clone(), 0, 2),
    );
    assert_same(ct.clone(), gt.clone());
    let (cu, gu) = (
        swap_dims::<Cpu>(cc.clone(), 0, 2),
        swap_dims::<Gpu>(gc.clone(), 0, 2),
    );
    assert_same(
        Cpu::binary(BinaryOp::Mul, ct.clone(), cu.clone()),
        Gpu::binary(BinaryOp::Mul, gt.clone(), gu.clone()),
    );
    assert_same(
        Cpu::reshape(ct, Shape::new([6, 4])),
        Gpu::reshape(gt, Shape::new([6, 4])),
    );
}

#[test]
#[should_panic(expected = "division by zero in int div (i32 tensor)")]
fn integer_division_by_zero_panics_as_on_the_cpu() {
    let Some(device) = gpu() else {
        panic!("division by zero in int div (i32 tensor) (no adapter: not checked)")
    };
    let a = Gpu::from_data(TensorData::new(vec![1i32, 2], [2]), &device);
    let b = Gpu::from_data(TensorData::new(vec![1i32, 0], [2]), &device);
    let _ = Gpu::binary(BinaryOp::Div, a, b);
}

#[test]
fn sums_along_each_dim_match_the_cpu() {
    let Some(device) = gpu() else { return };
    let a = TensorData::new(values(60, 6), [3, 4, 5]);
    let (c, g) = upload(&device, &a);
    for dim in 0..3 {
        assert_same(sum_dim::<Cpu>(c.clone(), dim), sum_dim::<Gpu>(g.clone(), dim));
    }
    let (ct, gt) = (swap_dims::<Cpu>(c, 0, 2), swap_dims::<Gpu>(g, 0, 2));
    assert_same(sum_dim::<Cpu>(ct.clone(), 1), sum_dim::<Gpu>(gt.clone(), 1));
    let ints = TensorData::new((0..12).collect::<Vec<i32>>(), [3, 4]);
    let (c, g) = upload(&device, &ints);
    assert_same(sum_dim::<Cpu>(c.clone(), 0), sum_dim::<Gpu>(g.clone(), 0));
    assert_same(sum_dim::<Cpu>(c, 1), sum_dim::<Gpu>(g, 1));
}

#[test]
fn matmul_matches_the_cpu_small_batched_and_large() {
    let Some(device) = gpu() else { return };
    // Small (the plain kernel), with a broadcast batch dim and a transposed operand.
    let a = TensorData::new(values(2 * 3 * 4, 7), [2, 3, 4]);
    let b = TensorData::new(values(4 * 5, 8), [1, 4, 5]);
    let (ca, ga) = upload(&device, &a);
    let (cb, gb) = upload(&device, &b);
    assert_same(
        Cpu::matmul(ca.clone(), cb.clone()),
        Gpu::matmul(ga.clone(), gb.clone()),
    );
    let bt = TensorData::new(values(5 * 4, 9), [1, 5, 4]);
    let (cbt, gbt) = upload(&device, &bt);
    let (cbt, gbt) = (swap_dims::<Cpu>(cbt, 1, 2), swap_dims::<Gpu>(gbt, 1, 2));
    assert_same(Cpu::matmul(ca, cbt), Gpu::matmul(ga, gbt));
    // Integers go through the plain kernel.
    let ia = TensorData::new((0..6).collect::<Vec<i32>>(), [2, 3]);
    let ib = TensorData::new((0..6).map(|i| i - 2).collect::<Vec<i32>>(), [3, 2]);
    let (cia, gia) = upload(&device, &ia);
    let (cib, gib) = upload(&device, &ib);
    assert_same(Cpu::matmul(cia, cib), Gpu::matmul(gia, gib));
    // Large enough for cubek's matmul, batched.
    let (m, k, n) = (48, 40, 36);
    let a = TensorData::new(values(2 * m * k, 10), [2, m, k]);
    let b = TensorData::new(values(2 * k * n, 11), [2, k, n]);
    let (ca, ga) = upload(&device, &a);
    let (cb, gb) = upload(&device, &b);
    let (want, got) = (
        Cpu::into_data(Cpu::matmul(ca, cb)),
        Gpu::into_data(Gpu::matmul(ga, gb)),
    );
    assert_eq!(got.shape(), want.shape());
    for i in 0..want.num_elements() {
        let (w, g) = (want.value_f64(i), got.value_f64(i));
        assert!(
            (w - g).abs() <= 1e-3 * w.abs().max(1.0),
            "element {i}: cpu {w}, gpu {g}"
        );
    }
}

/// The two flavours are two devices (the default wgpu device and the same adapter
/// pinned to Vulkan), each with its own server and shader compiler, and both compute.
#[cfg(feature = "vulkan")]
#[test]
fn both_flavours_are_separate_devices_that_compute() {
    let Some(wgsl) = gpu() else { return };
    let spirv = match CubeDevice::<seam_cubecl::Spirv>::available() {
        Ok(spirv) => spirv,
        Err(reason) if std::env::var_os("CI").is_none() => return eprintln!("skipped: {reason}"),
        Err(reason) => panic!("CI must have a Vulkan device: {reason}"),
    };
    // cubecl names a client after the API's best compiler, not the one the runtime
    // type chose, so the names are printed, not compared.
    eprintln!(
        "wgsl flavour: {}; spirv flavour: {}",
        wgsl.client().name(),
        spirv.client().name()
    );
    assert_ne!(wgsl.inner(), spirv.inner());
    type Vk = CubeBackend<seam_cubecl::Spirv>;
    let data = TensorData::new(values(6, 12), [2, 3]);
    let a = Gpu::unary(UnaryOp::Exp, Gpu::from_data(data.clone(), &wgsl));
    let b = Vk::unary(UnaryOp::Exp, Vk::from_data(data, &spirv));
    assert_eq!(Gpu::into_data(a), Vk::into_data(b));
}

/// `tensor` with dims `a` and `b` exchanged, through `permute`.
fn swap_dims<B: Backend>(tensor: B::Tensor, a: usize, b: usize) -> B::Tensor {
    let mut axes: Vec<usize> = (0..B::shape(&tensor).rank()).collect();
    axes.swap(a, b);
    B::permute(tensor, &axes)
}

/// The sum along `dim`, through `reduce_dim`.
fn sum_dim<B: Backend>(tensor: B::Tensor, dim: usize) -> B::Tensor {
    B::reduce_dim(seam_backend::ReduceOp::Sum, tensor, dim)
}
