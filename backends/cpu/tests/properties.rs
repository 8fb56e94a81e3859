//! Property tests of the CPU kernels against naive `f64` references, on random
//! shapes, broadcasts and transposed views: 256 cases per property in every
//! `cargo test`, shrunk failures kept in `proptest-regressions/properties.txt` and
//! replayed before new cases.

mod common;

use common::{floats, swap_dims, tensor, values};
use proptest::prelude::*;
use seam_backend::{Backend, BinaryOp, DType, ReduceOp, UnaryOp};
use seam_cpu::{Cpu, CpuTensor};

/// Cases per property.
const CASES: u32 = 256;

fn config() -> ProptestConfig {
    seam_test_support::proptest_config(CASES, "proptest-regressions/properties.txt")
}

/// Dims of rank 1 to 4, each of size 1 to 5.
fn dims() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(1usize..=5, 1..=4)
}

/// The `i`th of a fixed, seeded sequence of values in [-10, 10], with repeats (so
/// that ties occur) and a few exact zeros.
fn value(i: usize, seed: u64) -> f64 {
    let h = (i as u64 ^ seed)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .rotate_left(17);
    ((h % 41) as f64 - 20.0) / 2.0
}

/// The multi-index of row-major position `at` in `dims`.
fn unravel(mut at: usize, dims: &[usize]) -> Vec<usize> {
    let mut index = vec![0; dims.len()];
    for d in (0..dims.len()).rev() {
        index[d] = at % dims[d];
        at /= dims[d];
    }
    index
}

/// The row-major position of `index` in `dims`.
fn ravel(index: &[usize], dims: &[usize]) -> usize {
    index.iter().zip(dims).fold(0, |at, (&i, &d)| at * d + i)
}

/// An `f64` tensor of `dims` holding `vals` row-major: contiguous, or (`transposed`,
/// rank 2 and up) a view of a buffer laid out with its last two dims exchanged.
fn operand(vals: &[f64], dims: &[usize], transposed: bool) -> CpuTensor {
    let r = dims.len();
    if !transposed || r < 2 {
        return tensor(vals.to_vec(), dims);
    }
    let mut swapped = dims.to_vec();
    swapped.swap(r - 2, r - 1);
    let buf = (0..vals.len())
        .map(|at| {
            let mut index = unravel(at, &swapped);
            index.swap(r - 2, r - 1);
            vals[ravel(&index, dims)]
        })
        .collect();
    swap_dims(tensor(buf, &swapped), r - 2, r - 1)
}

/// Equal, or both `NaN`.
fn same(a: f64, b: f64) -> bool {
    a == b || (a.is_nan() && b.is_nan())
}

/// Within `tol` of each other, relative to the larger magnitude (absolute below 1).
fn close(a: f64, b: f64, tol: f64) -> bool {
    same(a, b) || (a - b).abs() <= tol * a.abs().max(b.abs()).max(1.0)
}

const BINARY: [BinaryOp; 6] = [
    BinaryOp::Add,
    BinaryOp::Sub,
    BinaryOp::Mul,
    BinaryOp::Div,
    BinaryOp::Max,
    BinaryOp::Min,
];

fn apply(op: BinaryOp, x: f64, y: f64) -> f64 {
    match op {
        BinaryOp::Add => x + y,
        BinaryOp::Sub => x - y,
        BinaryOp::Mul => x * y,
        BinaryOp::Div => x / y,
        BinaryOp::Max => x.max(y),
        BinaryOp::Min => x.min(y),
        _ => unreachable!(),
    }
}

proptest! {
    #![proptest_config(config())]

    /// `binary` of two operands that broadcast (each dim of each operand full or
    /// 1), either of them a transposed view: each element is the one `f64`
    /// operation of the reference, exactly.
    #[test]
    fn binary_ops_broadcast_as_the_reference_does(
        dims in dims(),
        ones in (any::<u8>(), any::<u8>()),
        transposed in (any::<bool>(), any::<bool>()),
        op in prop::sample::select(BINARY.to_vec()),
        seed in any::<u64>(),
    ) {
        let own = |mask: u8| -> Vec<usize> {
            dims.iter().enumerate().map(|(d, &n)| if mask >> d & 1 == 1 { 1 } else { n }).collect()
        };
        let (da, db) = (own(ones.0), own(ones.1));
        let count = |d: &[usize]| d.iter().product::<usize>();
        let va: Vec<f64> = (0..count(&da)).map(|i| value(i, seed)).collect();
        let vb: Vec<f64> = (0..count(&db)).map(|i| value(i, !seed)).collect();
        let out: Vec<usize> = da.iter().zip(&db).map(|(&a, &b)| a.max(b)).collect();
        let got = values::<f64>(Cpu::binary(op, operand(&va, &da, transposed.0), operand(&vb, &db, transposed.1)));
        prop_assert_eq!(got.len(), count(&out));
        for (at, &g) in got.iter().enumerate() {
            let index = unravel(at, &out);
            let pick = |d: &[usize]| -> Vec<usize> { index.iter().zip(d).map(|(&i, &n)| if n == 1 { 0 } else { i }).collect() };
            let expected = apply(op, va[ravel(&pick(&da), &da)], vb[ravel(&pick(&db), &db)]);
            prop_assert!(same(g, expected), "{:?} at {:?}: {} vs {}", op, index, g, expected);
        }
    }

    /// `cat` of one to three parts along any dim, each contiguous or a transposed
    /// view, and their sizes along the dim from 0 up: each element is the one of
    /// the part it falls in, exactly.
    #[test]
    fn cat_places_each_part_where_the_reference_does(
        dims in dims(),
        dim_seed in any::<usize>(),
        sizes in prop::collection::vec(0usize..=4, 1..=3),
        transposed in prop::collection::vec(any::<bool>(), 3),
        seed in any::<u64>(),
    ) {
        let dim = dim_seed % dims.len();
        let parts: Vec<(Vec<usize>, Vec<f64>)> = sizes.iter().enumerate().map(|(p, &size)| {
            let mut d = dims.clone();
            d[dim] = size;
            let n = d.iter().product::<usize>();
            (d, (0..n).map(|i| value(i, seed ^ p as u64)).collect())
        }).collect();
        let tensors = parts.iter().zip(&transposed).map(|((d, v), &t)| operand(v, d, t)).collect();
        let mut out = dims.clone();
        out[dim] = sizes.iter().sum();
        let got = values::<f64>(Cpu::cat(tensors, dim));
        prop_assert_eq!(got.len(), out.iter().product::<usize>());
        for (at, &g) in got.iter().enumerate() {
            let mut index = unravel(at, &out);
            let mut part = 0;
            while index[dim] >= sizes[part] {
                index[dim] -= sizes[part];
                part += 1;
            }
            let (d, v) = &parts[part];
            prop_assert_eq!(g, v[ravel(&index, d)], "at {:?} of {:?}", unravel(at, &out), out);
        }
    }

    /// `reduce_dim` along any dim of a contiguous or transposed tensor: `Max`,
    /// `Min` and the `Arg` ops exactly (the first of equal elements), `Sum` and
    /// `Prod` within 1e-12 of the sequential `f64` fold.
    #[test]
    fn reductions_match_the_sequential_fold(
        dims in dims(),
        dim in 0usize..4,
        transposed in any::<bool>(),
        op in prop::sample::select(vec![ReduceOp::Sum, ReduceOp::Prod, ReduceOp::Max, ReduceOp::Min, ReduceOp::ArgMax, ReduceOp::ArgMin]),
        seed in any::<u64>(),
    ) {
        let dim = dim % dims.len();
        let vals: Vec<f64> = (0..dims.iter().product()).map(|i| value(i, seed)).collect();
        let result = Cpu::reduce_dim(op, operand(&vals, &dims, transposed), dim);
        let got = match op {
            ReduceOp::ArgMax | ReduceOp::ArgMin => values::<i64>(result).into_iter().map(|i| i as f64).collect(),
            _ => values::<f64>(result),
        };
        let mut out = dims.clone();
        out[dim] = 1;
        prop_assert_eq!(got.len(), out.iter().product::<usize>());
        for (at, &g) in got.iter().enumerate() {
            let mut index = unravel(at, &out);
            let lane: Vec<f64> = (0..dims[dim]).map(|i| { index[dim] = i; vals[ravel(&index, &dims)] }).collect();
            let first_best = |better: fn(f64, f64) -> bool| {
                (1..lane.len()).fold(0, |best, i| if better(lane[i], lane[best]) { i } else { best })
            };
            let (expected, exact) = match op {
                ReduceOp::Sum => (lane.iter().sum::<f64>(), false),
                ReduceOp::Prod => (lane.iter().product::<f64>(), false),
                ReduceOp::Max => (lane[first_best(|a, b| a > b)], true),
                ReduceOp::Min => (lane[first_best(|a, b| a < b)], true),
                ReduceOp::ArgMax => (first_best(|a, b| a > b) as f64, true),
                ReduceOp::ArgMin => (first_best(|a, b| a < b) as f64, true),
            };
            let ok = if exact { same(g, expected) } else { close(g, expected, 1e-12) };
            prop_assert!(ok, "{:?} along {} at {:?}: {} vs {}", op, dim, unravel(at, &out), g, expected);
        }
    }

    /// Batched `matmul` of `[b, m, k]` by `[b, k, n]`, either operand transposed
    /// (a view), within 1e-12 of the naive triple loop.
    #[test]
    fn matmul_matches_the_triple_loop(
        (b, m, k, n) in (1usize..=3, 1usize..=7, 1usize..=7, 1usize..=7),
        transposed in (any::<bool>(), any::<bool>()),
        seed in any::<u64>(),
    ) {
        let va: Vec<f64> = (0..b * m * k).map(|i| value(i, seed)).collect();
        let vb: Vec<f64> = (0..b * k * n).map(|i| value(i, !seed)).collect();
        let got = values::<f64>(Cpu::matmul(operand(&va, &[b, m, k], transposed.0), operand(&vb, &[b, k, n], transposed.1)));
        for (at, &g) in got.iter().enumerate() {
            let (p, i, j) = (at / (m * n), at / n % m, at % n);
            let expected: f64 = (0..k).map(|t| va[(p * m + i) * k + t] * vb[(p * k + t) * n + j]).sum();
            prop_assert!(close(g, expected, 1e-12), "[{}, {}, {}]: {} vs {}", p, i, j, g, expected);
        }
    }

    /// `softmax` and `log_softmax` along any dim, within 1e-12 of the formula in
    /// `f64`.
    #[test]
    fn softmax_matches_the_formula(
        dims in dims(),
        dim in 0usize..4,
        transposed in any::<bool>(),
        log in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let dim = dim % dims.len();
        let vals: Vec<f64> = (0..dims.iter().product()).map(|i| value(i, seed)).collect();
        let x = operand(&vals, &dims, transposed);
        let got = values::<f64>(if log { Cpu::log_softmax(x, dim) } else { Cpu::softmax(x, dim) });
        for (at, &g) in got.iter().enumerate() {
            let mut index = unravel(at, &dims);
            let own = vals[at];
            let lane: Vec<f64> = (0..dims[dim]).map(|i| { index[dim] = i; vals[ravel(&index, &dims)] }).collect();
            let max = lane.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let sum: f64 = lane.iter().map(|v| (v - max).exp()).sum();
            let expected = if log { own - max - sum.ln() } else { (own - max).exp() / sum };
            prop_assert!(close(g, expected, 1e-12), "along {} at {}: {} vs {}", dim, at, g, expected);
        }
    }

    /// `f32` `exp` and `tanh` of a view (contiguous, transposed or broadcast) within
    /// 1 and 2 ulp of the `f64` value rounded, as the crate docs say; the `f64` ops
    /// exactly the standard library's.
    #[test]
    fn float_functions_keep_their_accuracy_on_any_view(
        dims in dims(),
        transposed in any::<bool>(),
        tanh in any::<bool>(),
        seed in any::<u64>(),
        scale in 0.01f64..10.0,
    ) {
        let vals: Vec<f64> = (0..dims.iter().product()).map(|i| value(i, seed) * scale).collect();
        let op = if tanh { UnaryOp::Tanh } else { UnaryOp::Exp };
        let wide = operand(&vals, &dims, transposed);
        let narrow = Cpu::cast(wide.clone(), DType::F32);
        let exact = values::<f64>(Cpu::unary(op, wide));
        let got = values::<f32>(Cpu::unary(op, narrow));
        let ulps = if tanh { 2 } else { 1 };
        for (at, (&g, &e)) in got.iter().zip(&exact).enumerate() {
            let x = vals[at];
            let reference = if tanh { x.tanh() } else { x.exp() };
            prop_assert!(same(e, reference), "f64 {:?} of {}: {} vs {}", op, x, e, reference);
            // The f32 kernel sees the input rounded to f32.
            let narrow_x = f64::from(x as f32);
            let rounded = (if tanh { narrow_x.tanh() } else { narrow_x.exp() }) as f32;
            let apart = (g.to_bits() as i64 - rounded.to_bits() as i64).unsigned_abs();
            prop_assert!(same(f64::from(g), f64::from(rounded)) || apart <= ulps, "f32 {:?} of {}: {} vs {} ({} ulp)", op, x, g, rounded, apart);
        }
        // The same values read through a broadcast view.
        let row = floats(Cpu::unary(op, Cpu::expand(tensor(vals[..1].to_vec(), &[1]), seam_backend::Shape::from([3]))));
        prop_assert!(row.iter().all(|&v| same(v, exact[0])));
    }
}
