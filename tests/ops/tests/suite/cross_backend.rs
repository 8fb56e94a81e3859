//! Every op on random shapes and values, on the CPU and on the CubeCL backend (wgpu),
//! compared within a tolerance (exactly for `Int` and `Bool` results): arithmetic,
//! the float functions, `rem`, powers, max/min, comparisons, masks, every reduction
//! (arg ops included), casts, and the layout and indexing ops (`slice`,
//! `slice_assign`, `cat`, `expand`, `gather`, `scatter`, `select`), on contiguous and
//! strided (swapped, sliced, expanded) inputs. Needs the feature `wgpu` of this
//! crate; on a machine without an adapter it prints why and passes, except under CI.

#![cfg(feature = "wgpu")]

use proptest::prelude::*;
use seam_ops::is_close;
use seam_tensor::{BinaryOp, DType, Device, Int, Tensor, TensorData, TensorKind};

/// The wgpu device, or `None` (reported once per test) where the machine has no
/// adapter.
fn gpu() -> Option<Device> {
    thread_local! {
        // Each test runs on a thread of its own; a property calls this once a case.
        static REPORTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    match Device::wgpu() {
        Ok(device) => Some(device),
        Err(reason) if std::env::var_os("CI").is_none() => {
            if !REPORTED.replace(true) {
                seam_test_support::skipped(&seam_test_support::test_name(), &reason.to_string());
            }
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
    #![proptest_config(seam_ops::proptest_config(seam_ops::property_cases(24), "proptest-regressions/cross_backend.txt"))]

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

/// Asserts that two results of any kind agree: floats within a relative `1e-4`,
/// ints and bools exactly, with the same shape and dtype.
#[track_caller]
fn check<const D: usize, K: TensorKind>(op: &str, cpu: Tensor<D, K>, gpu: Tensor<D, K>) {
    let (want, got) = (cpu.into_data(), gpu.into_data());
    assert_eq!(got.shape(), want.shape(), "{op}: shapes");
    assert_eq!(got.dtype(), want.dtype(), "{op}: dtypes");
    let exact = !want.dtype().is_float();
    for i in 0..want.num_elements() {
        let (w, g) = (want.value_f64(i), got.value_f64(i));
        let same = if exact { w == g } else { is_close(g, w, 1e-4) };
        assert!(same, "{op}: element {i}: cpu {w}, gpu {g}");
    }
}

/// `f` of the CPU and of the GPU copy of one tensor, compared with [`check`].
#[track_caller]
fn one<const D: usize, K: TensorKind>(
    op: &str,
    (c, g): (&Tensor<3>, &Tensor<3>),
    f: impl Fn(Tensor<3>) -> Tensor<D, K>,
) {
    check(op, f(c.clone()), f(g.clone()));
}

/// `f` of the CPU and of the GPU copies of two tensors, compared with [`check`].
#[track_caller]
fn two<const D: usize, K: TensorKind>(
    op: &str,
    (ca, ga): (&Tensor<3>, &Tensor<3>),
    (cb, gb): (&Tensor<3>, &Tensor<3>),
    f: impl Fn(Tensor<3>, Tensor<3>) -> Tensor<D, K>,
) {
    check(op, f(ca.clone(), cb.clone()), f(ga.clone(), gb.clone()));
}

proptest! {
    #![proptest_config(seam_ops::proptest_config(seam_ops::property_cases(16), "proptest-regressions/cross_backend.txt"))]

    #[test]
    fn float_functions_comparisons_masks_and_reductions_agree(
        (dims, a, other, b) in operands(),
        dim in 0usize..3,
        k in -3.0f32..3.0,
    ) {
        let Some(gpu) = gpu() else { return Ok(()) };
        let cpu = Device::cpu();
        let on = |device: &Device, values: &[f32], dims: [usize; 3]| {
            Tensor::<3>::from_data(TensorData::new(values.to_vec(), dims), device)
        };
        let (ca, ga) = (on(&cpu, &a, dims), on(&gpu, &a, dims));
        let (cb, gb) = (on(&cpu, &b, other), on(&gpu, &b, other));
        // A strided view of `a`: its dims `dim` and 2 swapped.
        let (sa, gsa) = (ca.clone().swap_dims(dim, 2), ga.clone().swap_dims(dim, 2));
        let a_ = (&ca, &ga);
        let b_ = (&cb, &gb);
        let s_ = (&sa, &gsa);

        // Float functions, contiguous and strided.
        for (name, x) in [("contiguous", a_), ("strided", s_)] {
            let op = |f: &str| format!("{f} ({name})");
            one(&op("exp"), x, |t| t.exp());
            one(&op("log"), x, |t| (t.abs() + 0.1).log());
            one(&op("log1p"), x, |t| t.abs().log1p());
            one(&op("sqrt"), x, |t| t.abs().sqrt());
            one(&op("abs"), x, |t| t.abs());
            one(&op("sin"), x, |t| t.sin());
            one(&op("cos"), x, |t| t.cos());
            one(&op("tanh"), x, |t| t.tanh());
            one(&op("erf"), x, |t| t.erf());
            one(&op("recip"), x, |t| (t.abs() + 0.5).recip());
            one(&op("sigmoid"), x, |t| (t * 300.0).sigmoid());
            one(&op("relu"), x, |t| t.relu());
            one(&op("gelu"), x, |t| t.gelu());
            one(&op("powf_scalar"), x, |t| t.abs().powf_scalar(1.5));
            one(&op("powi_scalar"), x, |t| t.powi_scalar(3));
            one(&op("clamp"), x, |t| t.clamp(-1.0, k));
            one(&op("clamp_min"), x, |t| t.clamp_min(k));
            one(&op("rem_scalar"), x, |t| t.rem_scalar(1.5));
            one(&op("greater_scalar"), x, |t| t.greater_scalar(k));
            one(&op("lower_equal_scalar"), x, |t| t.lower_equal_scalar(k));
            one(&op("equal_scalar"), x, |t| t.clone().equal(t.int().float()));
            one(&op("cast f64"), x, |t| t.cast(DType::F64).exp());
            one(&op("int"), x, |t| (t * 3.0).int());
            one(&op("bool"), x, |t| t.int().bool());
            one(&op("int i32"), x, |t| (t * 3.0).int().cast(DType::I32) % 2);
        }

        // Binary ops, broadcasting `b`.
        two("rem", a_, b_, |x, y| x % (y.abs() + 0.5));
        two("powf", a_, b_, |x, y| (x.abs() + 0.1).powf(y));
        two("powi", a_, b_, |x, y| x.powi((y * 2.0).int()));
        two("max_pair", a_, b_, |x, y| x.binary(BinaryOp::Max, y));
        two("min_pair", a_, b_, |x, y| x.binary(BinaryOp::Min, y));
        two("equal", a_, b_, |x, y| x.int().equal(y.int()));
        two("greater", a_, b_, |x, y| x.greater(y));
        two("greater_equal", a_, b_, |x, y| x.greater_equal(y));
        two("lower", a_, b_, |x, y| x.lower(y));
        two("lower_equal", a_, b_, |x, y| x.lower_equal(y));
        two("bool_and, bool_or, bool_not", a_, b_, |x, y| {
            let (p, q) = (x.clone().greater(y.clone()), x.lower_scalar(0.0));
            p.clone().bool_and(q.clone()).bool_or(p.bool_not().bool_and(q.bool_not()))
        });
        two("mask_where", a_, b_, |x, y| x.clone().mask_where(x.greater(y.clone()), y));
        two("mask_fill", a_, b_, |x, y| x.mask_fill(y.lower_scalar(0.0), k));
        two("int rem and div", a_, b_, |x, y| {
            let d = (y.abs() + 1.0).int();
            let x = (x * 5.0).int();
            x.clone() % d.clone() + x / d
        });

        // Reductions along `dim`, contiguous and strided.
        for (name, x) in [("contiguous", a_), ("strided", s_)] {
            let op = |f: &str| format!("{f} ({name})");
            one(&op("sum"), x, |t| t.sum());
            one(&op("mean"), x, |t| t.mean());
            one(&op("prod"), x, |t| (t * 0.25).prod());
            one(&op("max"), x, |t| t.max());
            one(&op("min"), x, |t| t.min());
            one(&op("int sum"), x, |t| (t * 10.0).int().sum());
            one(&op("prod_dim"), x, |t| (t * 0.5).prod_dim(dim));
            one(&op("max_dim"), x, |t| t.max_dim(dim));
            one(&op("min_dim"), x, |t| t.min_dim(dim));
            one(&op("argmax"), x, |t| t.argmax(dim));
            one(&op("argmin"), x, |t| t.argmin(dim));
            one(&op("int argmax with ties"), x, |t| t.int().argmax(dim));
            one(&op("int max_dim"), x, |t| t.int().max_dim(dim));
            one(&op("softmax"), x, |t| t.softmax(dim));
            one(&op("log_softmax"), x, |t| (t * 300.0).log_softmax(dim));
            if x.0.dims()[dim] > 1 {
                one(&op("var"), x, |t| t.var(dim));
            }
        }
    }

    #[test]
    fn layout_and_indexing_agree(
        (dims, a, other, b) in operands(),
        dim in 0usize..3,
        starts in prop::array::uniform3(0usize..4),
        lens in prop::array::uniform3(1usize..5),
        picks in prop::collection::vec(0usize..64, 1..6),
    ) {
        let Some(gpu) = gpu() else { return Ok(()) };
        let cpu = Device::cpu();
        let on = |device: &Device, values: &[f32], dims: [usize; 3]| {
            Tensor::<3>::from_data(TensorData::new(values.to_vec(), dims), device)
        };
        let (ca, ga) = (on(&cpu, &a, dims), on(&gpu, &a, dims));
        let (cb, gb) = (on(&cpu, &b, other), on(&gpu, &b, other));
        let a_ = (&ca, &ga);
        let b_ = (&cb, &gb);

        // Ranges inside each dim.
        let ranges: [std::ops::Range<usize>; 3] = std::array::from_fn(|i| {
            let start = starts[i] % dims[i];
            start..(start + lens[i]).min(dims[i])
        });
        one("slice", a_, |t| t.slice(ranges.clone()));
        one("slice of a swapped view", a_, |t| {
            let mut r = ranges.clone();
            r.swap(0, 2);
            let swapped: [usize; 3] = [dims[2], dims[1], dims[0]];
            let r: [std::ops::Range<usize>; 3] = std::array::from_fn(|i| r[i].start.min(swapped[i])..r[i].end.min(swapped[i]));
            t.swap_dims(0, 2).slice(r).exp()
        });
        one("slice_assign", a_, |t| t.clone().slice_assign(ranges.clone(), t.slice(ranges.clone()).neg().exp()));
        two("slice_assign of an expanded value", a_, b_, |x, y| {
            let part: [usize; 3] = std::array::from_fn(|i| ranges[i].len());
            let value = y.sum_dim(0).sum_dim(1).sum_dim(2).expand(part);
            x.slice_assign(ranges.clone(), value)
        });
        one("narrow", a_, |t| t.narrow(dim, ranges[dim].start, ranges[dim].len()));
        two("cat", a_, b_, |x, y| Tensor::cat(vec![x.clone(), y.expand(dims), x.exp().swap_dims(0, 0)], dim));
        one("cat of strided parts", a_, |t| Tensor::cat(vec![t.clone().swap_dims(0, 2), t.swap_dims(0, 2).exp()], dim));
        one("stack", a_, |t| Tensor::stack::<4>(vec![t.clone(), t.neg()], dim));
        two("expand", a_, b_, |_, y| y.expand([2, dims[0], dims[1], dims[2]]).sum_dim(0));
        one("repeat", a_, |t| t.repeat([1, 2, 1]));
        one("permute then reshape", a_, |t| t.permute([1, 2, 0]).reshape([-1, dims[0] as i64]).unsqueeze::<3>());
        one("flatten", a_, |t| t.swap_dims(0, 1).flatten::<2>(1, 2).unsqueeze::<3>());

        // Indices along `dim`, in range, of the tensor's shape.
        let n = dims[dim];
        let idx: Vec<i64> = a.iter().map(|x| ((x.abs() * 7.0) as usize % n) as i64).collect();
        let cidx = Tensor::<3, Int>::from_data(TensorData::new(idx.clone(), dims), &cpu);
        let gidx = Tensor::<3, Int>::from_data(TensorData::new(idx.clone(), dims), &gpu);
        check("gather", ca.clone().gather(dim, cidx.clone()), ga.clone().gather(dim, gidx.clone()));
        check(
            "gather of a strided tensor",
            ca.clone().swap_dims(0, 2).exp().swap_dims(0, 2).gather(dim, cidx.clone()),
            ga.clone().swap_dims(0, 2).exp().swap_dims(0, 2).gather(dim, gidx.clone()),
        );
        check(
            "gather int",
            (ca.clone() * 4.0).int().gather(dim, cidx.clone()),
            (ga.clone() * 4.0).int().gather(dim, gidx.clone()),
        );
        // Scatter with repeated indices: the additions accumulate.
        check(
            "scatter",
            ca.zeros_like().scatter(dim, cidx.clone(), ca.clone()),
            ga.zeros_like().scatter(dim, gidx.clone(), ga.clone()),
        );
        check(
            "scatter int",
            (ca.clone() * 4.0).int().scatter(dim, cidx.clone(), (ca.clone() * 3.0).int()),
            (ga.clone() * 4.0).int().scatter(dim, gidx.clone(), (ga.clone() * 3.0).int()),
        );
        let picks: Vec<i64> = picks.iter().map(|&p| (p % n) as i64).collect();
        let (cp, gp) = (
            Tensor::<1, Int>::from_ints(picks.clone(), &cpu),
            Tensor::<1, Int>::from_ints(picks.clone(), &gpu),
        );
        check("select", ca.clone().select(dim, cp.clone()), ga.clone().select(dim, gp.clone()));
        check(
            "select of a strided tensor",
            ca.clone().transpose().select(dim, Tensor::<1, Int>::from_ints(vec![0i64], &cpu)),
            ga.clone().transpose().select(dim, Tensor::<1, Int>::from_ints(vec![0i64], &gpu)),
        );
        check("select bool", ca.clone().greater_scalar(0.0).select(dim, cp), ga.clone().greater_scalar(0.0).select(dim, gp));
    }
}
