//! The CubeCL backend op by op, on a wgpu device: the first ops against the CPU
//! backend, the later ones against hand-computed values. Shapes are few and small:
//! each kernel configuration costs a shader compilation on a software adapter.
//!
//! The tests follow the adapter they get. Each case names the dtypes it needs; a
//! case whose dtypes the adapter lacks (OpenGL has no `f64` and no `i64`) is not
//! run: the test checks that the device refuses that dtype as documented and
//! reports the case by name, with the reason, on stderr (past the test harness's
//! capture). `SEAM_WGPU_API=gl` (or `vulkan`) pins the graphics API, as CI does to
//! cover the OpenGL fallback that a machine without a Vulkan driver gets.

#![cfg(feature = "wgpu")]

use seam_backend::{
    Backend, BinaryOp, CompareOp, DType, ReduceOp, Scalar, ScanOp, Shape, TensorData, UnaryOp,
};
use seam_cpu::{Cpu, CpuDevice};
use seam_cubecl::{CubeBackend, CubeDevice, CubeRuntime, Wgsl};
use seam_test_support::{assert_panics, first_missing, not_run, report, skipped, test_name};

type Gpu = CubeBackend<Wgsl>;

/// The wgpu device under test: the default one, or the one on the graphics API that
/// `SEAM_WGPU_API` names (`vulkan` or `gl`). `None` (with the reason reported) on a
/// machine without such an adapter; under `CI` that is a failure, since CI installs
/// lavapipe and has Mesa's OpenGL.
fn gpu() -> Option<CubeDevice<Wgsl>> {
    use cubecl::wgpu::{WgpuBackend, WgpuDevice};
    let device = match std::env::var("SEAM_WGPU_API").as_deref() {
        Err(_) | Ok("") => Ok(WgpuDevice::default()),
        Ok("vulkan") => Ok(WgpuDevice::default().on(WgpuBackend::Vulkan)),
        Ok("gl") => Ok(WgpuDevice::default().on(WgpuBackend::Gl)),
        Ok(other) => Err(format!(
            "SEAM_WGPU_API={other}: not an API these tests know (vulkan, gl)"
        )),
    };
    let found = device.and_then(|device| Wgsl::find(&device).map(|()| CubeDevice::new(device)));
    match found {
        Ok(device) => Some(device),
        Err(reason) if std::env::var_os("CI").is_none() => {
            skipped(&test_name(), &reason);
            None
        }
        Err(reason) => panic!("CI must have a wgpu adapter (mesa-vulkan-drivers, Mesa's OpenGL): {reason}"),
    }
}

/// Runs `case` if `device` holds every dtype in `needs`, and says whether it ran;
/// otherwise the case is reported as not run, after checking the device's refusal
/// ([`not_run`]).
#[track_caller]
fn case(device: &CubeDevice<Wgsl>, name: &str, needs: &[DType], case: impl FnOnce()) -> bool {
    let info = Gpu::describe(device);
    let Some(missing) = first_missing(&info, needs) else {
        case();
        return true;
    };
    not_run(&format!("{}: case `{name}`", test_name()), missing, &info, || {
        Gpu::full(Shape::new([1]), Scalar::Int(0), missing, device);
    });
    false
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
        report(&format!(
            "wgpu adapter: {} {} ({})",
            adapter.api, adapter.name, adapter.device_type
        ));
    }
    if let Some(device) = gpu() {
        let info = Gpu::describe(&device);
        report(&format!("kernel tests run on: {info}"));
        // The device is one of the adapters listed, on the API it says.
        assert!(
            adapters
                .iter()
                .any(|a| a.api == info.api && a.name == info.adapter),
            "{info} is not among {adapters:?}"
        );
        assert!(info.supports(DType::F32) && info.supports(DType::I32) && info.supports(DType::Bool));
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
    for data in [
        TensorData::new(vec![1.5f64, -2.25], [2]),
        TensorData::new(vec![i64::MIN, 7], [2]),
    ] {
        case(
            &device,
            &format!("{} round trip", data.dtype()),
            &[data.dtype()],
            || {
                assert_eq!(Gpu::into_data(Gpu::from_data(data.clone(), &device)), data);
            },
        );
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
fn integer_division_by_zero_panics_as_on_the_cpu() {
    let Some(device) = gpu() else { return };
    let a = Gpu::from_data(TensorData::new(vec![1i32, 2], [2]), &device);
    let b = Gpu::from_data(TensorData::new(vec![1i32, 0], [2]), &device);
    assert_panics("division by zero in int div (i32 tensor)", || {
        Gpu::binary(BinaryOp::Div, a, b);
    });
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
fn scans_along_each_dim_both_ways_match_the_cpu() {
    let Some(device) = gpu() else { return };
    let a = TensorData::new(values(60, 9), [3, 4, 5]);
    let (c, g) = upload(&device, &a);
    let (ct, gt) = (
        swap_dims::<Cpu>(c.clone(), 0, 2),
        swap_dims::<Gpu>(g.clone(), 0, 2),
    );
    let ints = TensorData::new((0..12).map(|i| i * 37 % 11 - 5).collect::<Vec<i32>>(), [3, 4]);
    let (ci, gi) = upload(&device, &ints);
    for op in [ScanOp::Sum, ScanOp::Prod] {
        for reverse in [false, true] {
            for dim in 0..3 {
                let (want, got) = (
                    Cpu::scan_dim(op, c.clone(), dim, reverse),
                    Gpu::scan_dim(op, g.clone(), dim, reverse),
                );
                assert_same(want, got);
                let (want, got) = (
                    Cpu::scan_dim(op, ct.clone(), dim, reverse),
                    Gpu::scan_dim(op, gt.clone(), dim, reverse),
                );
                assert_same(want, got);
            }
            for dim in 0..2 {
                let (want, got) = (
                    Cpu::scan_dim(op, ci.clone(), dim, reverse),
                    Gpu::scan_dim(op, gi.clone(), dim, reverse),
                );
                assert_same(want, got);
            }
        }
    }
    let empty = TensorData::new(Vec::<f32>::new(), [2, 0]);
    let (c, g) = upload(&device, &empty);
    assert_same(
        Cpu::scan_dim(ScanOp::Sum, c, 1, false),
        Gpu::scan_dim(ScanOp::Sum, g, 1, false),
    );
}

#[test]
fn flips_of_every_set_of_dims_match_the_cpu() {
    let Some(device) = gpu() else { return };
    let a = TensorData::new(values(60, 10), [3, 4, 5]);
    let (c, g) = upload(&device, &a);
    // The same values read through swapped strides, and a broadcast view.
    let (ct, gt) = (
        swap_dims::<Cpu>(c.clone(), 0, 2),
        swap_dims::<Gpu>(g.clone(), 0, 2),
    );
    let row = TensorData::new((0..5).map(|i| i * 3 - 4).collect::<Vec<i32>>(), [1, 1, 5]);
    let (cr, gr) = upload(&device, &row);
    let big = Shape::from([3, 4, 5]);
    let (cb, gb) = (Cpu::expand(cr, big.clone()), Gpu::expand(gr, big));
    for bits in 0..8usize {
        let axes: Vec<usize> = (0..3).filter(|d| bits >> d & 1 == 1).collect();
        assert_same(Cpu::flip(c.clone(), &axes), Gpu::flip(g.clone(), &axes));
        assert_same(Cpu::flip(ct.clone(), &axes), Gpu::flip(gt.clone(), &axes));
        assert_same(Cpu::flip(cb.clone(), &axes), Gpu::flip(gb.clone(), &axes));
    }
    let bools = TensorData::new(vec![true, false, false, true, true, false], [2, 3]);
    let (c, g) = upload(&device, &bools);
    assert_same(Cpu::flip(c, &[1, 1]), Gpu::flip(g, &[1, 1]));
    let empty = TensorData::new(Vec::<f32>::new(), [2, 0]);
    let (c, g) = upload(&device, &empty);
    assert_same(Cpu::flip(c, &[0, 1]), Gpu::flip(g, &[0, 1]));
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

type GpuTensor = <Gpu as Backend>::Tensor;

/// A host function giving an op's expected values.
type F64Fn = fn(f64) -> f64;

/// `data` on the device.
fn put(device: &CubeDevice<Wgsl>, data: TensorData) -> GpuTensor {
    Gpu::from_data(data, device)
}

/// Asserts that `tensor` has `dims`, `dtype` and the values `want` (row-major; a
/// relative tolerance of 1e-5, `NaN` equal to `NaN`).
#[track_caller]
fn assert_values(tensor: GpuTensor, dims: &[usize], dtype: DType, want: &[f64]) {
    let got = Gpu::into_data(tensor);
    assert_eq!(got.shape().dims(), dims);
    assert_eq!(got.dtype(), dtype);
    assert_eq!(got.num_elements(), want.len());
    for (i, &w) in want.iter().enumerate() {
        let g = got.value_f64(i);
        let close = (w - g).abs() <= 1e-5 * w.abs().max(1.0) || (w.is_nan() && g.is_nan()) || w == g;
        assert!(close, "element {i}: want {w}, got {g} (all: {:?})", all(&got));
    }
}

/// Every value of `data`, as `f64`, for messages.
fn all(data: &TensorData) -> Vec<f64> {
    (0..data.num_elements()).map(|i| data.value_f64(i)).collect()
}

/// A `[2, 3]` view with rows `[a, b, c]`, `[d, e, f]` of a `[3, 2]` tensor (permuted).
fn transposed<T: seam_backend::Element>(device: &CubeDevice<Wgsl>, [a, b, c, d, e, f]: [T; 6]) -> GpuTensor {
    Gpu::permute(
        put(device, TensorData::new(vec![a, d, b, e, c, f], [3, 2])),
        &[1, 0],
    )
}

#[test]
fn unary_ops_read_strided_inputs_in_every_float_and_int_dtype() {
    let Some(device) = gpu() else { return };
    let x = [0.25f32, 0.5, 1.0, 2.0, 4.0, 9.0];
    let t = transposed(&device, x);
    let erf = [
        0.276_326_390_168_236_9,
        0.520_499_877_813_046_5,
        0.842_700_792_949_714_9,
        0.995_322_265_018_952_7,
        0.999_999_984_582_742_1,
        1.0,
    ];
    let cases: [(UnaryOp, F64Fn); 9] = [
        (UnaryOp::Exp, f64::exp),
        (UnaryOp::Log, f64::ln),
        (UnaryOp::Log1p, f64::ln_1p),
        (UnaryOp::Sqrt, f64::sqrt),
        (UnaryOp::Sin, f64::sin),
        (UnaryOp::Cos, f64::cos),
        (UnaryOp::Tanh, f64::tanh),
        (UnaryOp::Recip, f64::recip),
        (UnaryOp::Gelu, seam_backend::gelu),
    ];
    let wide = x.map(f64::from);
    for (op, f) in cases {
        assert_values(Gpu::unary(op, t.clone()), &[2, 3], DType::F32, &wide.map(f));
    }
    assert_values(Gpu::unary(UnaryOp::Erf, t.clone()), &[2, 3], DType::F32, &erf);
    case(&device, "f64 float functions", &[DType::F64], || {
        let t64 = transposed(&device, wide);
        for (op, f) in cases {
            assert_values(Gpu::unary(op, t64.clone()), &[2, 3], DType::F64, &wide.map(f));
        }
        assert_values(Gpu::unary(UnaryOp::Erf, t64), &[2, 3], DType::F64, &erf);
        let neg = Gpu::unary(
            UnaryOp::Erf,
            put(&device, TensorData::new(vec![-0.5f64, 0.0], [2])),
        );
        assert_values(neg, &[2], DType::F64, &[-erf[1], 0.0]);
    });
    // Neg and Abs: floats, i64 (transposed), i32 broadcast (rank 3), rank 0.
    let signed = [-1.5f32, 2.0, -0.0, 3.0, -4.0, 0.5];
    let t = transposed(&device, signed);
    assert_values(
        Gpu::unary(UnaryOp::Abs, t.clone()),
        &[2, 3],
        DType::F32,
        &[1.5, 2.0, 0.0, 3.0, 4.0, 0.5],
    );
    assert_values(
        Gpu::unary(UnaryOp::Neg, t),
        &[2, 3],
        DType::F32,
        &[1.5, -2.0, 0.0, -3.0, 4.0, -0.5],
    );
    case(&device, "i64 neg and abs", &[DType::I64], || {
        let t = transposed(&device, [-1i64, 2, -3, 4, i64::MIN + 1, 0]);
        assert_values(
            Gpu::unary(UnaryOp::Abs, t.clone()),
            &[2, 3],
            DType::I64,
            &[1.0, 2.0, 3.0, 4.0, -(i64::MIN + 1) as f64, 0.0],
        );
        assert_values(
            Gpu::unary(UnaryOp::Neg, t),
            &[2, 3],
            DType::I64,
            &[1.0, -2.0, 3.0, -4.0, -(i64::MIN + 1) as f64, 0.0],
        );
    });
    let t = Gpu::expand(
        put(&device, TensorData::new(vec![-7i32, 8], [1, 2, 1])),
        Shape::new([2, 2, 2]),
    );
    assert_values(
        Gpu::unary(UnaryOp::Abs, t),
        &[2, 2, 2],
        DType::I32,
        &[7.0, 7.0, 8.0, 8.0, 7.0, 7.0, 8.0, 8.0],
    );
    let t = put(&device, TensorData::new(vec![-3.0f32], []));
    assert_values(Gpu::unary(UnaryOp::Abs, t), &[], DType::F32, &[3.0]);
}

#[test]
fn rem_pow_max_min_broadcast_with_rust_semantics() {
    let Some(device) = gpu() else { return };
    let a = [5.5f32, -5.5, 7.0, -7.0];
    let b = [2.0f32, -2.0, 0.75];
    let (ta, tb) = (
        put(&device, TensorData::new(a.to_vec(), [4, 1])),
        put(&device, TensorData::new(b.to_vec(), [1, 3])),
    );
    let pairs = |f: fn(f32, f32) -> f32| -> Vec<f64> {
        a.iter()
            .flat_map(|&x| b.iter().map(move |&y| f64::from(f(x, y))))
            .collect()
    };
    assert_values(
        Gpu::binary(BinaryOp::Rem, ta.clone(), tb.clone()),
        &[4, 3],
        DType::F32,
        &pairs(|x, y| x % y),
    );
    assert_values(
        Gpu::binary(BinaryOp::Max, ta.clone(), tb.clone()),
        &[4, 3],
        DType::F32,
        &pairs(f32::max),
    );
    assert_values(
        Gpu::binary(BinaryOp::Min, ta.clone(), tb),
        &[4, 3],
        DType::F32,
        &pairs(f32::min),
    );
    assert_values(
        Gpu::binary_scalar(BinaryOp::Rem, ta, Scalar::Float(-2.0)),
        &[4, 1],
        DType::F32,
        &[1.5, -1.5, 1.0, -1.0],
    );
    int_rem_max_min::<i32>(&device, DType::I32);
    case(&device, "i64 rem, max and min", &[DType::I64], || {
        int_rem_max_min::<i64>(&device, DType::I64);
    });
    // Pow: signed results for integral exponents, NaN for a negative base otherwise.
    let base = [-2.0f32, 2.0, -8.0, 0.5, 0.0];
    let exp = [3.0f32, 2.0, 0.5, -1.0, 0.0];
    let (tb, te) = (
        put(&device, TensorData::new(base.to_vec(), [5, 1])),
        put(&device, TensorData::new(exp.to_vec(), [1, 5])),
    );
    let want: Vec<f64> = base
        .iter()
        .flat_map(|&x| exp.iter().map(move |&y| f64::from(x).powf(f64::from(y))))
        .collect();
    assert_values(
        Gpu::binary(BinaryOp::Pow, tb.clone(), te),
        &[5, 5],
        DType::F32,
        &want,
    );
    assert_values(
        Gpu::binary_scalar(BinaryOp::Pow, tb, Scalar::Int(3)),
        &[5, 1],
        DType::F32,
        &[-8.0, 8.0, -512.0, 0.125, 0.0],
    );
    case(&device, "f64 pow", &[DType::F64], || {
        let t64 = put(&device, TensorData::new(vec![-3.0f64, 4.0], [2]));
        assert_values(
            Gpu::binary_scalar(BinaryOp::Pow, t64, Scalar::Float(2.0)),
            &[2],
            DType::F64,
            &[9.0, 16.0],
        );
    });
}

/// Integer `rem`, `max` and `min` of `T` (`dtype`): a transposed lhs against a
/// broadcast row, and against scalars.
fn int_rem_max_min<T: seam_backend::Element + From<i8>>(device: &CubeDevice<Wgsl>, dtype: DType) {
    let ti = transposed(device, [7, -7, 9, -9, 10, -10].map(T::from));
    let row = put(device, TensorData::new([3, -4, 5].map(T::from).to_vec(), [1, 3]));
    // Truncated division and the dividend's sign for every sign pair.
    let want = [7 / 3, -7 / -4, 9 / 5, -9 / 3, 10 / -4, -10 / 5].map(|v: i64| v as f64);
    assert_values(
        Gpu::binary(BinaryOp::Div, ti.clone(), row.clone()),
        &[2, 3],
        dtype,
        &want,
    );
    let want = [7 % 3, -7 % -4, 9 % 5, -9 % 3, 10 % -4, -10 % 5].map(|v: i64| v as f64);
    assert_values(
        Gpu::binary(BinaryOp::Rem, ti.clone(), row.clone()),
        &[2, 3],
        dtype,
        &want,
    );
    let want = [7, -4, 9, 3, 10, 5].map(|v: i64| v as f64);
    assert_values(
        Gpu::binary(BinaryOp::Max, ti.clone(), row.clone()),
        &[2, 3],
        dtype,
        &want,
    );
    let want = [3, -7, 5, -9, -4, -10].map(|v: i64| v as f64);
    assert_values(Gpu::binary(BinaryOp::Min, ti.clone(), row), &[2, 3], dtype, &want);
    let want = [7 % -4, -7 % -4, 9 % -4, -9 % -4, 10 % -4, -10 % -4].map(|v: i64| v as f64);
    assert_values(
        Gpu::binary_scalar(BinaryOp::Rem, ti.clone(), Scalar::Int(-4)),
        &[2, 3],
        dtype,
        &want,
    );
    let want = [7, 0, 9, 0, 10, 0].map(|v: i64| v as f64);
    assert_values(
        Gpu::binary_scalar(BinaryOp::Max, ti, Scalar::Int(0)),
        &[2, 3],
        dtype,
        &want,
    );
}

#[test]
fn integer_rem_by_zero_panics() {
    let Some(device) = gpu() else { return };
    let a = put(&device, TensorData::new(vec![1i32, 2], [2]));
    let b = put(&device, TensorData::new(vec![1i32, 0], [2]));
    assert_panics("division by zero in int rem (i32 tensor)", || {
        Gpu::binary(BinaryOp::Rem, a, b);
    });
    case(&device, "i64 rem", &[DType::I64], || {
        let a = put(&device, TensorData::new(vec![1i64, 2], [2]));
        let b = put(&device, TensorData::new(vec![1i64, 0], [2]));
        assert_panics("division by zero in int rem (i64 tensor)", || {
            Gpu::binary(BinaryOp::Rem, a, b);
        });
    });
}

#[test]
fn integer_rem_by_a_zero_scalar_panics() {
    let Some(device) = gpu() else { return };
    let a = put(&device, TensorData::new(vec![1i32, 2], [2]));
    assert_panics("division by zero in int rem (i32 tensor)", || {
        Gpu::binary_scalar(BinaryOp::Rem, a, Scalar::Int(0));
    });
}

#[test]
fn comparisons_broadcast_in_every_dtype_and_give_bool() {
    let Some(device) = gpu() else { return };
    let ops = [
        CompareOp::Equal,
        CompareOp::Greater,
        CompareOp::GreaterEqual,
        CompareOp::Lower,
        CompareOp::LowerEqual,
    ];
    let truth = |op: CompareOp, x: f64, y: f64| -> f64 {
        let holds = match op {
            CompareOp::Equal => x == y,
            CompareOp::Greater => x > y,
            CompareOp::GreaterEqual => x >= y,
            CompareOp::Lower => x < y,
            CompareOp::LowerEqual => x <= y,
        };
        f64::from(u8::from(holds))
    };
    // f32: a transposed [2, 3] against a broadcast [1, 3] row.
    let x = [1.0f32, 2.0, 3.0, 4.0, 2.0, 0.0];
    let y = [2.0f32, 2.0, 2.0];
    let (tx, ty) = (
        transposed(&device, x),
        put(&device, TensorData::new(y.to_vec(), [1, 3])),
    );
    let want = |op| -> Vec<f64> { x.iter().map(|&v| truth(op, f64::from(v), 2.0)).collect() };
    let ti = transposed(&device, x.map(|v| v as i32));
    for op in ops {
        assert_values(
            Gpu::compare(op, tx.clone(), ty.clone()),
            &[2, 3],
            DType::Bool,
            &want(op),
        );
        // The scalar is converted to the tensor's dtype: 2.7 is 2 for an int tensor.
        assert_values(
            Gpu::compare_scalar(op, ti.clone(), Scalar::Float(2.7)),
            &[2, 3],
            DType::Bool,
            &want(op),
        );
    }
    case(&device, "i64 compare_scalar", &[DType::I64], || {
        let ti = transposed(&device, x.map(|v| v as i64));
        for op in ops {
            assert_values(
                Gpu::compare_scalar(op, ti.clone(), Scalar::Float(2.7)),
                &[2, 3],
                DType::Bool,
                &want(op),
            );
        }
    });
    // bool, rank 3, broadcast both ways: false < true.
    let a = put(&device, TensorData::new(vec![false, true], [2, 1, 1]));
    let b = put(&device, TensorData::new(vec![false, true], [1, 1, 2]));
    assert_values(
        Gpu::compare(CompareOp::Lower, a.clone(), b.clone()),
        &[2, 1, 2],
        DType::Bool,
        &[0.0, 1.0, 0.0, 0.0],
    );
    assert_values(
        Gpu::compare(CompareOp::Equal, a.clone(), b),
        &[2, 1, 2],
        DType::Bool,
        &[1.0, 0.0, 0.0, 1.0],
    );
    assert_values(
        Gpu::compare_scalar(CompareOp::GreaterEqual, a, Scalar::Bool(true)),
        &[2, 1, 1],
        DType::Bool,
        &[0.0, 1.0],
    );
}

#[test]
fn casts_truncate_test_non_zero_and_keep_the_same_dtype() {
    let Some(device) = gpu() else { return };
    let values = [-1.7f32, 1.7, 2.5, -0.2, 0.0, 3.0];
    let truncated = [-1.0, 1.0, 2.0, 0.0, 0.0, 3.0];
    let x = transposed(&device, values);
    assert_values(Gpu::cast(x.clone(), DType::I32), &[2, 3], DType::I32, &truncated);
    assert_values(
        Gpu::cast(x.clone(), DType::Bool),
        &[2, 3],
        DType::Bool,
        &[1.0, 1.0, 1.0, 1.0, 0.0, 1.0],
    );
    let same = Gpu::cast(x.clone(), DType::F32);
    assert_eq!(Gpu::shape(&same), Shape::new([2, 3]));
    let b = Gpu::expand(
        put(&device, TensorData::new(vec![true, false], [2, 1])),
        Shape::new([2, 2]),
    );
    for dtype in [DType::F32, DType::I32] {
        assert_values(Gpu::cast(b.clone(), dtype), &[2, 2], dtype, &[1.0, 1.0, 0.0, 0.0]);
    }
    // An int tensor to float and to bool.
    let from_int = |i: GpuTensor| {
        let f = Gpu::cast(i.clone(), DType::F32);
        assert_values(f, &[3], DType::F32, &[-3.0, 0.0, 5.0]);
        assert_values(Gpu::cast(i, DType::Bool), &[3], DType::Bool, &[1.0, 0.0, 1.0]);
    };
    from_int(put(&device, TensorData::new(vec![-3i32, 0, 5], [3])));
    case(&device, "casts to and from i64", &[DType::I64], || {
        assert_values(Gpu::cast(x.clone(), DType::I64), &[2, 3], DType::I64, &truncated);
        let i = Gpu::cast(b, DType::I64);
        assert_values(i, &[2, 2], DType::I64, &[1.0, 1.0, 0.0, 0.0]);
        from_int(put(&device, TensorData::new(vec![-3i64, 0, 5], [3])));
    });
    case(&device, "f32 to f64", &[DType::F64], || {
        assert_values(
            Gpu::cast(x, DType::F64),
            &[2, 3],
            DType::F64,
            &values.map(f64::from),
        );
    });
}

#[test]
fn mask_where_broadcasts_three_ways_in_any_dtype() {
    let Some(device) = gpu() else { return };
    let mask = put(&device, TensorData::new(vec![true, false], [2, 1]));
    let on_true = transposed(&device, [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let on_false = put(&device, TensorData::new(vec![-1.0f32, -2.0, -3.0], [1, 3]));
    assert_values(
        Gpu::mask_where(mask.clone(), on_true, on_false),
        &[2, 3],
        DType::F32,
        &[1.0, 2.0, 3.0, -1.0, -2.0, -3.0],
    );
    let on_true = put(&device, TensorData::new(vec![true], [1, 1]));
    let on_false = put(&device, TensorData::new(vec![false, true, false], [1, 3]));
    assert_values(
        Gpu::mask_where(mask, on_true, on_false),
        &[2, 3],
        DType::Bool,
        &[1.0, 1.0, 1.0, 0.0, 1.0, 0.0],
    );
    let mask = put(&device, TensorData::new(vec![false, true, true], [3]));
    let on_true = put(&device, TensorData::new(vec![7i32, 8, 9], [3]));
    let on_false = put(&device, TensorData::new(vec![0i32], [1]));
    assert_values(
        Gpu::mask_where(mask.clone(), on_true, on_false),
        &[3],
        DType::I32,
        &[0.0, 8.0, 9.0],
    );
    case(&device, "i64 mask_where", &[DType::I64], || {
        let on_true = put(&device, TensorData::new(vec![7i64, 8, 9], [3]));
        let on_false = put(&device, TensorData::new(vec![0i64], [1]));
        assert_values(
            Gpu::mask_where(mask, on_true, on_false),
            &[3],
            DType::I64,
            &[0.0, 8.0, 9.0],
        );
    });
}

#[test]
fn every_reduction_along_each_dim_with_first_index_on_ties() {
    let Some(device) = gpu() else { return };
    // Rows [3, 1, 3] and [-2, 5, 5], read transposed.
    let rows = [3.0f32, 1.0, 3.0, -2.0, 5.0, 5.0];
    let t = transposed(&device, rows);
    let ti = transposed(&device, rows.map(|v| v as i32));
    let cases: [(ReduceOp, [f64; 3], [f64; 2]); 6] = [
        (ReduceOp::Sum, [1.0, 6.0, 8.0], [7.0, 8.0]),
        (ReduceOp::Prod, [-6.0, 5.0, 15.0], [9.0, -50.0]),
        (ReduceOp::Max, [3.0, 5.0, 5.0], [3.0, 5.0]),
        (ReduceOp::Min, [-2.0, 1.0, 3.0], [1.0, -2.0]),
        (ReduceOp::ArgMax, [0.0, 1.0, 1.0], [0.0, 1.0]),
        (ReduceOp::ArgMin, [1.0, 0.0, 0.0], [1.0, 0.0]),
    ];
    // The arg reductions give indices of the device's integer dtype: i64, or i32
    // where it has no i64.
    let index = Gpu::describe(&device)
        .int_dtype()
        .expect("every wgpu adapter has i32");
    // `reduce` checks `op` on `t` and on the int tensor `ti` along each dim.
    let reduce = |op: ReduceOp, along_0: &[f64], along_1: &[f64], ti: &GpuTensor| {
        let dtype = |d: DType| if op.is_arg() { index } else { d };
        let int = dtype(Gpu::dtype(ti));
        assert_values(
            Gpu::reduce_dim(op, t.clone(), 0),
            &[1, 3],
            dtype(DType::F32),
            along_0,
        );
        assert_values(
            Gpu::reduce_dim(op, t.clone(), 1),
            &[2, 1],
            dtype(DType::F32),
            along_1,
        );
        assert_values(Gpu::reduce_dim(op, ti.clone(), 0), &[1, 3], int, along_0);
        assert_values(Gpu::reduce_dim(op, ti.clone(), 1), &[2, 1], int, along_1);
    };
    for (op, along_0, along_1) in &cases[..4] {
        reduce(*op, along_0, along_1, &ti);
    }
    for (op, along_0, along_1) in &cases[4..] {
        reduce(*op, along_0, along_1, &ti);
    }
    let b = Gpu::expand(
        put(&device, TensorData::new(vec![4i32, 2], [2, 1, 1])),
        Shape::new([2, 3, 1]),
    );
    // Rank 3 with a broadcast input: ties everywhere along the broadcast dim.
    assert_values(
        Gpu::reduce_dim(ReduceOp::ArgMax, b, 1),
        &[2, 1, 1],
        index,
        &[0.0, 0.0],
    );
    case(&device, "i64 reductions", &[DType::I64], || {
        let ti = transposed(&device, rows.map(|v| v as i64));
        for (op, along_0, along_1) in &cases {
            reduce(*op, along_0, along_1, &ti);
        }
    });
    let b = Gpu::expand(
        put(&device, TensorData::new(vec![4i32, 2], [2, 1, 1])),
        Shape::new([2, 3, 1]),
    );
    assert_values(
        Gpu::reduce_dim(ReduceOp::Prod, b, 1),
        &[2, 1, 1],
        DType::I32,
        &[64.0, 8.0],
    );
    // An empty dim: the sum is 0 and the product 1.
    let empty = put(&device, TensorData::new(Vec::<f32>::new(), [2, 0]));
    assert_values(
        Gpu::reduce_dim(ReduceOp::Sum, empty.clone(), 1),
        &[2, 1],
        DType::F32,
        &[0.0, 0.0],
    );
    assert_values(
        Gpu::reduce_dim(ReduceOp::Prod, empty, 1),
        &[2, 1],
        DType::F32,
        &[1.0, 1.0],
    );
}

#[test]
fn arg_reductions_of_an_empty_dim_panic() {
    let Some(device) = gpu() else { return };
    let empty = put(&device, TensorData::new(Vec::<f32>::new(), [2, 0]));
    assert_panics("argmax: dim 1 is empty", || {
        Gpu::reduce_dim(ReduceOp::ArgMax, empty, 1);
    });
}

#[test]
fn expand_and_slices_are_read_through_strides() {
    let Some(device) = gpu() else { return };
    // [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]
    let t = put(
        &device,
        TensorData::new((0..12).map(|v| v as f32).collect::<Vec<_>>(), [3, 4]),
    );
    assert_values(
        Gpu::slice(t.clone(), &[1..3, 1..3]),
        &[2, 2],
        DType::F32,
        &[5.0, 6.0, 9.0, 10.0],
    );
    assert_values(Gpu::slice(t.clone(), &[0..3, 2..2]), &[3, 0], DType::F32, &[]);
    // A slice of a transposed view, then an op on it, then a reshape.
    let tt = Gpu::permute(t.clone(), &[1, 0]);
    let s = Gpu::slice(tt, &[1..4, 2..3]);
    assert_values(s.clone(), &[3, 1], DType::F32, &[9.0, 10.0, 11.0]);
    assert_values(
        Gpu::reshape(s, Shape::new([3])),
        &[3],
        DType::F32,
        &[9.0, 10.0, 11.0],
    );
    // Expand is metadata: the result reads like a copy, through binary ops and matmul.
    let row = put(&device, TensorData::new(vec![1.0f32, 2.0], [1, 2]));
    let e = Gpu::expand(row, Shape::new([3, 2]));
    assert_values(e.clone(), &[3, 2], DType::F32, &[1.0, 2.0, 1.0, 2.0, 1.0, 2.0]);
    assert_values(
        Gpu::reshape(e, Shape::new([6])),
        &[6],
        DType::F32,
        &[1.0, 2.0, 1.0, 2.0, 1.0, 2.0],
    );
    let ones = Gpu::expand(
        put(&device, TensorData::new(vec![1.0f32], [1, 1])),
        Shape::new([4, 1]),
    );
    assert_values(
        Gpu::matmul(t.clone(), ones),
        &[3, 1],
        DType::F32,
        &[6.0, 22.0, 38.0],
    );
    // Rank 3 slices of i32 and i64: `data` holds 0..24 as [2, 3, 4].
    let slice_r3 = |data: TensorData| {
        let dtype = data.dtype();
        let sliced = Gpu::slice(put(&device, data), &[1..2, 0..3, 3..4]);
        assert_values(sliced, &[1, 3, 1], dtype, &[15.0, 19.0, 23.0]);
    };
    slice_r3(TensorData::new((0..24).collect::<Vec<i32>>(), [2, 3, 4]));
    case(&device, "i64 slice", &[DType::I64], || {
        slice_r3(TensorData::new((0..24).collect::<Vec<i64>>(), [2, 3, 4]));
    });
}

#[test]
fn slice_assign_writes_strided_values_in_place_or_into_a_copy() {
    let Some(device) = gpu() else { return };
    let data = TensorData::new((0..12).map(|v| v as f32).collect::<Vec<_>>(), [3, 4]);
    let t = put(&device, data.clone());
    // A transposed value; `t` is shared with `kept`, so it is copied first.
    let value = transposed(&device, [-1.0f32, -2.0, -3.0, -4.0, -5.0, -6.0]);
    let kept = t.clone();
    let out = Gpu::slice_assign(t, &[1..3, 1..4], value.clone());
    assert_values(
        out,
        &[3, 4],
        DType::F32,
        &[0.0, 1.0, 2.0, 3.0, 4.0, -1.0, -2.0, -3.0, 8.0, -4.0, -5.0, -6.0],
    );
    assert_eq!(Gpu::into_data(kept), data);
    // Not shared: written in place; a broadcast value; a transposed target.
    let t = put(&device, data.clone());
    let fill = Gpu::expand(
        put(&device, TensorData::new(vec![7.0f32], [1, 1])),
        Shape::new([3, 1]),
    );
    let out = Gpu::slice_assign(t, &[0..3, 0..1], fill);
    assert_values(
        out,
        &[3, 4],
        DType::F32,
        &[7.0, 1.0, 2.0, 3.0, 7.0, 5.0, 6.0, 7.0, 7.0, 9.0, 10.0, 11.0],
    );
    let tt = Gpu::permute(put(&device, data), &[1, 0]);
    let out = Gpu::slice_assign(
        tt,
        &[3..4, 0..3],
        put(&device, TensorData::new(vec![0.5f32, 0.25, 0.125], [1, 3])),
    );
    assert_values(
        out,
        &[4, 3],
        DType::F32,
        &[0.0, 4.0, 8.0, 1.0, 5.0, 9.0, 2.0, 6.0, 10.0, 0.5, 0.25, 0.125],
    );
    // bool, and an empty range (nothing written).
    let b = put(&device, TensorData::new(vec![false; 4], [4]));
    let out = Gpu::slice_assign(
        b,
        core::slice::from_ref(&(1..3)),
        put(&device, TensorData::new(vec![true, true], [2])),
    );
    assert_values(out.clone(), &[4], DType::Bool, &[0.0, 1.0, 1.0, 0.0]);
    let out = Gpu::slice_assign(
        out,
        core::slice::from_ref(&(2..2)),
        put(&device, TensorData::new(Vec::<bool>::new(), [0])),
    );
    assert_values(out, &[4], DType::Bool, &[0.0, 1.0, 1.0, 0.0]);
}

/// Gather and scatter_add with indices (and integer values) of `int`, `i32` or `i64`.
fn gather_and_scatter_add_at(device: &CubeDevice<Wgsl>, int: DType) {
    let ints =
        |values: Vec<i64>, dims: &[usize]| put(device, TensorData::new(values, dims.to_vec()).convert(int));
    // [[1, 2], [3, 4]], torch's example.
    let t = put(device, TensorData::new(vec![1.0f32, 2.0, 3.0, 4.0], [2, 2]));
    let idx = ints(vec![0, 0, 1, 0], &[2, 2]);
    assert_values(
        Gpu::gather(1, t.clone(), idx.clone()),
        &[2, 2],
        DType::F32,
        &[1.0, 1.0, 4.0, 3.0],
    );
    assert_values(
        Gpu::gather(0, t.clone(), idx.clone()),
        &[2, 2],
        DType::F32,
        &[1.0, 2.0, 3.0, 2.0],
    );
    // A transposed source, indices smaller than it along the other dim, integer values.
    let src = Gpu::permute(ints(vec![10, 20, 11, 21, 12, 22], &[3, 2]), &[1, 0]);
    let small = ints(vec![2, 2, 0], &[1, 3]);
    assert_values(
        Gpu::gather(1, src.clone(), small.clone()),
        &[1, 3],
        int,
        &[12.0, 12.0, 10.0],
    );
    // scatter_add: repeated indices accumulate; rows beyond the indices are kept.
    let values = ints(vec![1, 2, 4], &[1, 3]);
    assert_values(
        Gpu::scatter_add(1, src, small, values),
        &[2, 3],
        int,
        &[14.0, 11.0, 15.0, 20.0, 21.0, 22.0],
    );
    let zeros = put(device, TensorData::new(vec![0.0f32; 6], [3, 2]));
    let rows = ints(vec![2, 0, 2, 2], &[2, 2]);
    let values = transposed(device, [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let values = Gpu::slice(values, &[0..2, 0..2]);
    assert_values(
        Gpu::scatter_add(0, zeros, rows, values),
        &[3, 2],
        DType::F32,
        &[0.0, 2.0, 0.0, 0.0, 5.0, 5.0],
    );
}

#[test]
fn gather_and_scatter_add_along_each_dim() {
    let Some(device) = gpu() else { return };
    gather_and_scatter_add_at(&device, DType::I32);
    case(
        &device,
        "gather and scatter_add (i64 indices)",
        &[DType::I64],
        || {
            gather_and_scatter_add_at(&device, DType::I64);
        },
    );
}

/// Out-of-range indices of `int` are refused, naming the op.
fn out_of_range_indices_at(device: &CubeDevice<Wgsl>, int: DType) {
    let t = put(device, TensorData::new(vec![1.0f32, 2.0], [1, 2]));
    let idx = put(device, TensorData::new(vec![2i64], [1, 1]).convert(int));
    assert_panics("gather: index 2 is out of range for dim 1 of size 2", || {
        Gpu::gather(1, t.clone(), idx);
    });
    let idx = put(device, TensorData::new(vec![0i64, -1], [1, 2]).convert(int));
    assert_panics("scatter: index -1 is out of range for dim 0 of size 1", || {
        Gpu::scatter_add(0, t.clone(), idx, t);
    });
}

#[test]
fn gather_and_scatter_out_of_range_panic() {
    let Some(device) = gpu() else { return };
    out_of_range_indices_at(&device, DType::I32);
    case(&device, "out-of-range i64 indices", &[DType::I64], || {
        out_of_range_indices_at(&device, DType::I64);
    });
}

#[test]
fn into_data_async_reads_a_strided_tensor() {
    let Some(device) = gpu() else { return };
    let t = transposed(&device, [1i32, 2, 3, 4, 5, 6]);
    let data = cubecl::future::block_on(Gpu::into_data_async(t));
    assert_eq!(data, TensorData::new(vec![1i32, 2, 3, 4, 5, 6], [2, 3]));
    let empty = put(&device, TensorData::new(Vec::<f32>::new(), [0, 2]));
    let data = cubecl::future::block_on(Gpu::into_data_async(empty));
    assert_eq!(data.shape().dims(), &[0, 2]);
}

/// SPIR-V has two remainders (`OpFRem`/`OpSRem` with the dividend's sign, `OpFMod`/
/// `OpSMod` with the divisor's): the Vulkan flavour must give Rust's.
#[cfg(feature = "vulkan")]
#[test]
fn rem_has_the_dividends_sign_on_spirv_too() {
    type Vk = CubeBackend<seam_cubecl::Spirv>;
    let spirv = match CubeDevice::<seam_cubecl::Spirv>::available() {
        Ok(spirv) => spirv,
        Err(reason) if std::env::var_os("CI").is_none() => return eprintln!("skipped: {reason}"),
        Err(reason) => panic!("CI must have a Vulkan device: {reason}"),
    };
    let a = Vk::from_data(TensorData::new(vec![5.5f32, -5.5, 7.0, -7.0], [4]), &spirv);
    let got = Vk::into_data(Vk::binary_scalar(BinaryOp::Rem, a, Scalar::Float(-2.0)));
    assert_eq!(got, TensorData::new(vec![1.5f32, -1.5, 1.0, -1.0], [4]));
    let a = Vk::from_data(TensorData::new(vec![7i32, -7], [2]), &spirv);
    let b = Vk::from_data(TensorData::new(vec![-4i32, 4], [2]), &spirv);
    let got = Vk::into_data(Vk::binary(BinaryOp::Rem, a, b));
    assert_eq!(got, TensorData::new(vec![3i32, -3], [2]));
}
