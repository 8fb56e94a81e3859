//! `matmul` of strided views (transposed, sliced, expanded, broadcast batches) in
//! `f32` and `f64`, against a plain loop over the views' row-major values, for
//! shapes with `m`, `k` or `n` of 1 or 0 and products large enough to run on
//! several threads.

mod common;

use common::{dims, expand, floats, swap_dims};
use seam_backend::{Backend, BinaryOp, DType, Scalar, Shape, TensorData};
use seam_cpu::{Cpu, CpuDevice, CpuTensor};

/// A contiguous `dtype` tensor of `dims` holding small, distinct, exactly
/// representable values (`seed` varies them).
fn filled(dims: &[usize], dtype: DType, seed: usize) -> CpuTensor {
    let len: usize = dims.iter().product();
    let values: Vec<f64> = (0..len)
        .map(|i| ((i * 7 + seed * 13) % 23) as f64 * 0.25 - 2.5)
        .collect();
    Cpu::cast(
        Cpu::from_data(TensorData::new(values, dims.to_vec()), &CpuDevice),
        dtype,
    )
}

/// The product of row-major `[batch.., m, k]` and `[batch.., k, n]` data with
/// broadcast batch dims, the slow obvious way, in `f64`.
fn reference(a: &[f64], ad: &[usize], b: &[f64], bd: &[usize]) -> (Vec<f64>, Vec<usize>) {
    let r = ad.len();
    let (m, k, n) = (ad[r - 2], ad[r - 1], bd[r - 1]);
    let batch: Vec<usize> = (0..r - 2)
        .map(|d| if ad[d] == 1 { bd[d] } else { ad[d] })
        .collect();
    let mut out = Vec::new();
    for flat in 0..batch.iter().product() {
        let mut idx = vec![0; batch.len()];
        let mut rest = flat;
        for d in (0..batch.len()).rev() {
            idx[d] = rest % batch[d];
            rest /= batch[d];
        }
        // The start of this batch position's matrix; a size-1 dim repeats.
        let start = |dims: &[usize], mat: usize| {
            (0..batch.len()).fold(0, |s, d| s * dims[d] + if dims[d] == 1 { 0 } else { idx[d] }) * mat
        };
        let (sa, sb) = (start(ad, m * k), start(bd, k * n));
        for i in 0..m {
            for j in 0..n {
                out.push((0..k).map(|p| a[sa + i * k + p] * b[sb + p * n + j]).sum());
            }
        }
    }
    let mut dims = batch;
    dims.extend([m, n]);
    (out, dims)
}

/// Asserts that `matmul(lhs, rhs)` of the two views equals the reference product of
/// their row-major values, within a tolerance that suits `dtype` and `k`.
fn check(lhs: CpuTensor, rhs: CpuTensor, dtype: DType) {
    let (ld, rd) = (dims(&lhs), dims(&rhs));
    let (expected, expected_dims) = reference(&floats(lhs.clone()), &ld, &floats(rhs.clone()), &rd);
    let out = Cpu::matmul(lhs, rhs);
    assert_eq!(Cpu::dtype(&out), dtype);
    assert!(out.is_contiguous());
    assert_eq!(dims(&out), expected_dims, "shapes {ld:?} @ {rd:?}");
    let k = ld[ld.len() - 1] as f64;
    let tolerance = match dtype {
        DType::F32 => 1e-5 * k.max(1.0),
        DType::F64 => 1e-12 * k.max(1.0),
        _ => 0.0,
    };
    let actual = floats(out);
    assert_eq!(actual.len(), expected.len());
    for (i, (a, e)) in actual.iter().zip(&expected).enumerate() {
        assert!(
            (a - e).abs() <= tolerance * e.abs().max(1.0),
            "shapes {ld:?} @ {rd:?}, {dtype}: element {i} is {a}, expected {e}"
        );
    }
}

/// Both float dtypes.
const FLOATS: [DType; 2] = [DType::F32, DType::F64];

/// `(m, k, n)` triples: 1s in every position, odd sizes, and one big enough for
/// gemm's threads (`m * k * n` at least 64³).
const SIZES: [(usize, usize, usize); 9] = [
    (1, 1, 1),
    (1, 5, 3),
    (4, 1, 3),
    (4, 5, 1),
    (1, 7, 1),
    (3, 4, 5),
    (17, 9, 33),
    (40, 64, 24),
    (70, 80, 90),
];

#[test]
fn contiguous_operands() {
    for dtype in FLOATS {
        for (m, k, n) in SIZES {
            check(filled(&[m, k], dtype, 1), filled(&[k, n], dtype, 2), dtype);
        }
    }
}

#[test]
fn transposed_operands() {
    for dtype in FLOATS {
        for (m, k, n) in SIZES {
            // Each stored as its transpose and viewed back: column-major operands.
            let at = swap_dims(filled(&[k, m], dtype, 3), 0, 1);
            let bt = swap_dims(filled(&[n, k], dtype, 4), 0, 1);
            assert!(!at.is_contiguous() || m == 1 || k == 1);
            check(at.clone(), filled(&[k, n], dtype, 5), dtype);
            check(filled(&[m, k], dtype, 6), bt.clone(), dtype);
            check(at, bt, dtype);
        }
    }
}

#[test]
fn sliced_operands() {
    for dtype in FLOATS {
        for (m, k, n) in SIZES {
            // Interior blocks of larger tensors: an offset, and rows longer than the view.
            let a = Cpu::slice(filled(&[m + 3, k + 2], dtype, 7), &[2..m + 2, 1..k + 1]);
            let b = Cpu::slice(filled(&[k + 1, n + 4], dtype, 8), &[1..k + 1, 3..n + 3]);
            assert!(a.offset() > 0 && b.offset() > 0);
            check(a.clone(), b.clone(), dtype);
            // A slice of a transposed view: offset and column-major at once.
            let bt = Cpu::slice(
                swap_dims(filled(&[n + 2, k + 1], dtype, 9), 0, 1),
                &[1..k + 1, 2..n + 2],
            );
            check(a, bt, dtype);
        }
    }
}

#[test]
fn expanded_matrix_dims() {
    for dtype in FLOATS {
        // A row repeated down the rows, a column repeated across the columns: stride 0
        // inside the matrix.
        let a = expand(filled(&[1, 6], dtype, 10), &[5, 6]);
        let b = expand(filled(&[6, 1], dtype, 11), &[6, 4]);
        check(a.clone(), b.clone(), dtype);
        check(a, filled(&[6, 70], dtype, 12), dtype);
        check(filled(&[65, 6], dtype, 13), b, dtype);
        // Big enough for threads: a [96, 96] row-repeat times a column-repeat.
        let a = expand(filled(&[1, 96], dtype, 14), &[96, 96]);
        let b = expand(filled(&[96, 1], dtype, 15), &[96, 96]);
        check(a, b, dtype);
    }
}

#[test]
fn broadcast_batches() {
    for dtype in FLOATS {
        for (m, k, n) in [(1, 1, 1), (2, 3, 4), (5, 1, 2), (1, 4, 1), (33, 40, 50)] {
            // Size-1 batch dims against full ones, both ways.
            check(
                filled(&[2, 1, m, k], dtype, 16),
                filled(&[1, 3, k, n], dtype, 17),
                dtype,
            );
            // Batch dims expanded to stride 0 (one matrix shared by every position).
            let a = expand(filled(&[1, 1, m, k], dtype, 18), &[2, 3, m, k]);
            check(a.clone(), filled(&[2, 3, k, n], dtype, 19), dtype);
            let b = expand(filled(&[1, k, n], dtype, 20), &[4, k, n]);
            check(filled(&[4, m, k], dtype, 21), b.clone(), dtype);
            // A permuted batch: the batch dim innermost in the buffer.
            let p = Cpu::permute(filled(&[m, k, 3], dtype, 22), &[2, 0, 1]);
            check(p, expand(filled(&[1, k, n], dtype, 23), &[3, k, n]), dtype);
            // Sliced batches: an offset on each matrix.
            let s = Cpu::slice(filled(&[5, m, k], dtype, 24), &[1..5, 0..m, 0..k]);
            check(s, b, dtype);
        }
    }
}

/// At least as many products as threads, with work enough to split: the products
/// run side by side, one a thread, each on its own batch position's matrices (the
/// integer ones too, whose kernel is the plain loop).
#[test]
fn many_products_side_by_side() {
    for dtype in [DType::F32, DType::F64, DType::I32, DType::I64] {
        check(
            filled(&[8, 40, 48], dtype, 37),
            filled(&[8, 48, 56], dtype, 38),
            dtype,
        );
        let shared = expand(filled(&[1, 1, 48, 56], dtype, 39), &[2, 3, 48, 56]);
        check(filled(&[2, 3, 40, 48], dtype, 40), shared, dtype);
    }
}

#[test]
fn empty_dims() {
    for dtype in FLOATS {
        for (m, k, n) in [(0, 3, 4), (3, 0, 4), (3, 4, 0), (0, 0, 0), (1, 0, 1)] {
            check(filled(&[m, k], dtype, 25), filled(&[k, n], dtype, 26), dtype);
            check(
                swap_dims(filled(&[k, m], dtype, 27), 0, 1),
                filled(&[k, n], dtype, 28),
                dtype,
            );
            check(
                filled(&[2, m, k], dtype, 29),
                filled(&[1, k, n], dtype, 30),
                dtype,
            );
        }
        // An empty batch, and an empty slice (offset reset to 0).
        check(
            filled(&[0, 2, 3], dtype, 31),
            filled(&[1, 3, 4], dtype, 32),
            dtype,
        );
        let a = Cpu::slice(filled(&[4, 3], dtype, 33), &[2..2, 0..3]);
        check(a, filled(&[3, 5], dtype, 34), dtype);
        // k = 0 still gives zeros of the full shape.
        let out = Cpu::matmul(filled(&[2, 3, 0], dtype, 35), filled(&[2, 0, 4], dtype, 36));
        assert_eq!(dims(&out), vec![2, 3, 4]);
        assert_eq!(floats(out), vec![0.0; 24]);
    }
}

/// A contiguous integer tensor of `dims`: [`filled`]'s values times 4, exact.
fn filled_int(dims: &[usize], dtype: DType, seed: usize) -> CpuTensor {
    let four = Cpu::binary_scalar(BinaryOp::Mul, filled(dims, DType::F64, seed), Scalar::Float(4.0));
    Cpu::cast(four, dtype)
}

#[test]
fn ints_of_strided_views() {
    for dtype in [DType::I32, DType::I64] {
        let at = swap_dims(filled_int(&[5, 4], dtype, 37), 0, 1);
        let b = Cpu::slice(filled_int(&[6, 8], dtype, 38), &[1..6, 2..5]);
        check(at, b.clone(), dtype);
        let a = expand(filled_int(&[1, 4, 5], dtype, 39), &[3, 4, 5]);
        check(
            a,
            expand(Cpu::reshape(b, Shape::from([1, 5, 3])), &[3, 5, 3]),
            dtype,
        );
    }
}
