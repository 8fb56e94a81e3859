//! Results written into recycled buffers: before each op, a tensor of the op's
//! output length and dtype, full of values no result holds (`NaN`, -7, `true`), is
//! dropped, so that the op's output is that buffer (large buffers are pooled), and
//! the result must not show any of its old values.

#![allow(clippy::single_range_in_vec_init)]

mod common;

use common::{arange, swap_dims, tensor, values};
use seam_backend::{Backend, BinaryOp, CompareOp, DType, ReduceOp, Scalar, Shape, UnaryOp};
use seam_cpu::{Cpu, CpuDevice, CpuTensor};

/// Drops a tensor of `len` elements of `dtype`, each a value that no result below
/// holds, so that its buffer goes to the pool.
fn stale(len: usize, dtype: DType) {
    let junk = match dtype {
        DType::F32 | DType::F64 => Scalar::from(f64::NAN),
        DType::I32 | DType::I64 => Scalar::from(-7i64),
        DType::Bool => Scalar::from(true),
    };
    drop(full(&[len], junk, dtype));
}

fn full(dims: &[usize], value: Scalar, dtype: DType) -> CpuTensor {
    Cpu::full(Shape::from(dims.to_vec()), value, dtype, &CpuDevice)
}

/// Large enough to pool: 2^18 + 3 four-byte elements (over 1 MiB).
const N: usize = (1 << 18) + 3;

#[test]
fn elementwise_ops_overwrite_every_element() {
    let a = arange(&[N], DType::F32);
    let expected: Vec<f32> = (0..N).map(|i| i as f32).collect();

    stale(N, DType::F32);
    let sum = Cpu::binary(BinaryOp::Add, a.clone(), a.clone());
    assert_eq!(
        values::<f32>(sum),
        expected.iter().map(|x| x + x).collect::<Vec<_>>()
    );

    stale(N, DType::F32);
    let half = Cpu::binary_scalar(BinaryOp::Mul, a.clone(), Scalar::from(0.5));
    assert_eq!(
        values::<f32>(half),
        expected.iter().map(|x| x * 0.5).collect::<Vec<_>>()
    );

    stale(N, DType::F32);
    let neg = Cpu::unary(UnaryOp::Neg, a.clone());
    assert_eq!(
        values::<f32>(neg),
        expected.iter().map(|x| -x).collect::<Vec<_>>()
    );

    // A broadcast operand: one row repeated.
    let row = arange(&[1, 1 << 10], DType::F32);
    let ones = full(&[256, 1 << 10], Scalar::from(1.0), DType::F32);
    stale(1 << 18, DType::F32);
    let rows = Cpu::binary(BinaryOp::Add, ones.clone(), row);
    let got = values::<f32>(rows);
    assert!(got.iter().enumerate().all(|(i, &x)| x == (i % 1024) as f32 + 1.0));

    stale(N, DType::I32);
    let ints = Cpu::cast(a.clone(), DType::I32);
    assert_eq!(values::<i32>(ints), (0..N as i32).collect::<Vec<_>>());

    // `N` bools are under 1 MiB; 2^20 + 5 are over it.
    let big = arange(&[(1 << 20) + 5], DType::I32);
    stale((1 << 20) + 5, DType::Bool);
    let odd = Cpu::compare_scalar(CompareOp::Greater, big.clone(), Scalar::from(1 << 19));
    let odd = values::<bool>(odd);
    assert!(odd.iter().enumerate().all(|(i, &b)| b == (i > 1 << 19)));
    stale((1 << 20) + 5, DType::Bool);
    let eq = Cpu::compare(CompareOp::Equal, big.clone(), big);
    assert!(values::<bool>(eq).iter().all(|&b| b));

    let mask = Cpu::compare_scalar(CompareOp::Lower, a.clone(), Scalar::from(100.0));
    stale(N, DType::F32);
    let picked = Cpu::mask_where(mask, a.clone(), full(&[N], Scalar::from(-1.0), DType::F32));
    let picked = values::<f32>(picked);
    assert!(
        picked
            .iter()
            .enumerate()
            .all(|(i, &x)| x == if i < 100 { i as f32 } else { -1.0 })
    );
}

#[test]
fn creation_and_copies_overwrite_every_element() {
    let n = N + 2;
    stale(n, DType::F32);
    assert!(
        values::<f32>(full(&[n], Scalar::from(0.0), DType::F32))
            .iter()
            .all(|&x| x == 0.0)
    );
    stale(n, DType::I64);
    assert!(
        values::<i64>(full(&[n], Scalar::from(3), DType::I64))
            .iter()
            .all(|&x| x == 3)
    );

    // `slice_assign` of a shared tensor copies it first.
    let a = arange(&[n], DType::F32);
    stale(n, DType::F32);
    let set = Cpu::slice_assign(a.clone(), &[1..2], tensor(vec![-5.0f32], &[1]));
    let set = values::<f32>(set);
    assert!(
        set.iter()
            .enumerate()
            .all(|(i, &x)| x == if i == 1 { -5.0 } else { i as f32 })
    );

    // Reshaping a transposed view copies it (gathered through the strides).
    let (rows, cols) = (512, 520);
    let t = swap_dims(arange(&[rows, cols], DType::F32), 0, 1);
    stale(rows * cols, DType::F32);
    let flat = values::<f32>(Cpu::reshape(t, Shape::from(vec![rows * cols])));
    assert!(
        flat.iter()
            .enumerate()
            .all(|(i, &x)| x == ((i % rows) * cols + i / rows) as f32)
    );

    // `scatter_add` starts from a copy of the tensor.
    let base = full(&[n], Scalar::from(1), DType::I32);
    let idx = tensor(vec![0i64, 0, 5], &[3]);
    let add = tensor(vec![10i32, 20, 30], &[3]);
    stale(n, DType::I32);
    let scattered = values::<i32>(Cpu::scatter_add(0, base, idx, add));
    assert!(scattered.iter().enumerate().all(|(i, &x)| x
        == match i {
            0 => 31,
            5 => 31,
            _ => 1,
        }));
}

#[test]
fn reductions_overwrite_every_element() {
    let (rows, cols) = (N + 4, 3);
    let m = arange(&[rows, cols], DType::F32);
    for (op, dim) in [(ReduceOp::Sum, 1), (ReduceOp::Max, 1), (ReduceOp::Min, 1)] {
        stale(rows, DType::F32);
        let got = values::<f32>(Cpu::reduce_dim(op, m.clone(), dim));
        let expected = |r: usize| match op {
            ReduceOp::Sum => (3 * r * cols + 3) as f32,
            ReduceOp::Max => (r * cols + 2) as f32,
            _ => (r * cols) as f32,
        };
        assert!(got.iter().enumerate().all(|(r, &x)| x == expected(r)), "{op:?}");
    }
    // The row-by-row form (an outer dim) and `i64` indices.
    let wide = arange(&[2, rows], DType::I32);
    stale(rows, DType::I32);
    let got = values::<i32>(Cpu::reduce_dim(ReduceOp::Sum, wide.clone(), 0));
    assert!(got.iter().enumerate().all(|(j, &x)| x == (2 * j + rows) as i32));
    let n64 = (1 << 17) + 9;
    let wide = arange(&[2, n64], DType::I32);
    stale(n64, DType::I64);
    let got = values::<i64>(Cpu::reduce_dim(ReduceOp::ArgMax, wide, 0));
    assert!(got.iter().all(|&x| x == 1));
}

#[test]
fn matmul_overwrites_every_element() {
    let (m, k, n) = (520, 3, 512);
    // `a[i][p] = i + p`, `b[p][j] = p * j`: `(a @ b)[i][j] = j * (3i + 5)`.
    let expected = |i: usize, j: usize| (j * (3 * i + 5)) as f64;
    let ai: Vec<i64> = (0..m * k).map(|x| (x / k + x % k) as i64).collect();
    let bi: Vec<i64> = (0..k * n).map(|x| ((x / n) * (x % n)) as i64).collect();
    for dtype in [DType::F32, DType::I32, DType::F64, DType::I64] {
        let a = Cpu::cast(tensor(ai.clone(), &[m, k]), dtype);
        let b = Cpu::cast(tensor(bi.clone(), &[k, n]), dtype);
        stale(m * n, dtype);
        let got = values::<f64>(Cpu::cast(Cpu::matmul(a, b), DType::F64));
        assert!(
            got.iter().enumerate().all(|(x, &v)| v == expected(x / n, x % n)),
            "{dtype}"
        );
    }
    // An empty inner dim: all zeros.
    for dtype in [DType::F32, DType::I32] {
        stale(m * n, dtype);
        let a = full(&[m, 0], Scalar::from(1), dtype);
        let b = full(&[0, n], Scalar::from(1), dtype);
        let got = values::<f64>(Cpu::cast(Cpu::matmul(a, b), DType::F64));
        assert!(got.iter().all(|&v| v == 0.0), "{dtype}");
    }
}
