//! `scan_dim` (the running sums and products behind `cumsum` and `cumprod`) against
//! a naive loop: every dim of a rank-3 tensor, both directions, contiguous and
//! strided inputs, `i64` (wrapping) and `f64`, an empty dim, and a tensor large
//! enough that its blocks are split across threads.

mod common;

use common::*;
use seam_backend::{Backend, DType, ScanOp};
use seam_cpu::Cpu;

/// The running `op` along `dim` of row-major `xs` of `dims` (from the end back when
/// `reverse`), one element at a time, with `step` for the op.
fn reference<T: Copy>(
    xs: &[T],
    dims: &[usize],
    dim: usize,
    reverse: bool,
    step: impl Fn(T, T) -> T,
) -> Vec<T> {
    let inner: usize = dims[dim + 1..].iter().product();
    let size = dims[dim];
    let mut out = xs.to_vec();
    // Walked in the scan's direction, so the neighbour read is already final.
    let order: Vec<usize> = if reverse {
        (0..xs.len()).rev().collect()
    } else {
        (0..xs.len()).collect()
    };
    for flat in order {
        let j = flat / inner % size;
        if reverse && j + 1 < size {
            out[flat] = step(out[flat + inner], out[flat]);
        } else if !reverse && j > 0 {
            out[flat] = step(out[flat - inner], out[flat]);
        }
    }
    out
}

const DIMS: [usize; 3] = [3, 4, 5];

fn ints() -> Vec<i64> {
    (0..60).map(|i| (i * 37 % 11) - 5).collect()
}

#[test]
fn int_sums_and_products_along_each_dim_both_ways() {
    let xs = ints();
    for dim in 0..3 {
        for reverse in [false, true] {
            let sum = Cpu::scan_dim(ScanOp::Sum, tensor(xs.clone(), &DIMS), dim, reverse);
            assert_eq!(
                values::<i64>(sum),
                reference(&xs, &DIMS, dim, reverse, i64::wrapping_add),
                "sum {dim} {reverse}"
            );
            let prod = Cpu::scan_dim(ScanOp::Prod, tensor(xs.clone(), &DIMS), dim, reverse);
            assert_eq!(
                values::<i64>(prod),
                reference(&xs, &DIMS, dim, reverse, i64::wrapping_mul),
                "prod {dim} {reverse}"
            );
        }
    }
}

#[test]
fn strided_inputs_are_read_through_their_layout() {
    // [3, 4, 5] with dims 0 and 2 swapped: [5, 4, 3], read through permuted strides.
    let xs = ints();
    let swapped = swap_dims(tensor(xs.clone(), &DIMS), 0, 2);
    let dims = [5, 4, 3];
    let row_major = values::<i64>(swapped.clone());
    for dim in 0..3 {
        for reverse in [false, true] {
            let got = values::<i64>(Cpu::scan_dim(ScanOp::Sum, swapped.clone(), dim, reverse));
            assert_eq!(got, reference(&row_major, &dims, dim, reverse, i64::wrapping_add));
        }
    }
}

#[test]
fn floats_fold_in_order_and_ints_wrap() {
    let xs = [1.0f64, 2.0, 0.5, -1.0, 4.0, 0.25];
    let got = values::<f64>(Cpu::scan_dim(ScanOp::Prod, tensor(xs.to_vec(), &[6]), 0, false));
    assert_eq!(got, vec![1.0, 2.0, 1.0, -1.0, -4.0, -1.0]);
    let got = values::<f64>(Cpu::scan_dim(ScanOp::Sum, tensor(xs.to_vec(), &[2, 3]), 1, true));
    assert_eq!(got, vec![3.5, 2.5, 0.5, 3.25, 4.25, 0.25]);
    let wrap = Cpu::scan_dim(ScanOp::Sum, tensor(vec![i64::MAX, 1], &[2]), 0, false);
    assert_eq!(values::<i64>(wrap), vec![i64::MAX, i64::MIN]);
    let wrap = Cpu::scan_dim(ScanOp::Prod, tensor(vec![2i32, 1 << 30], &[2]), 0, true);
    assert_eq!(values::<i32>(wrap), vec![i32::MIN, 1 << 30]);
}

#[test]
fn empty_and_single_dims_keep_the_shape() {
    for dim in 0..3 {
        let empty = Cpu::scan_dim(ScanOp::Sum, arange(&[2, 0, 3], DType::F32), dim, false);
        assert_eq!(dims(&empty), vec![2, 0, 3]);
    }
    let single = Cpu::scan_dim(ScanOp::Prod, tensor(vec![7i64, 8], &[2, 1]), 1, true);
    assert_eq!(values::<i64>(single), vec![7, 8]);
}

#[test]
fn a_scan_past_the_threshold_splits_its_blocks_across_threads_as_one() {
    // 300,000 elements, past the default thread threshold (and the 4096 a mutation
    // run sets); several blocks along dim 1, one along dim 0.
    let dims = [6, 250, 200];
    let xs: Vec<i64> = (0..300_000).map(|i| i % 7 - 3).collect();
    for dim in 0..3 {
        for reverse in [false, true] {
            let got = values::<i64>(Cpu::scan_dim(
                ScanOp::Sum,
                tensor(xs.clone(), &dims),
                dim,
                reverse,
            ));
            assert_eq!(
                got,
                reference(&xs, &dims, dim, reverse, i64::wrapping_add),
                "dim {dim} {reverse}"
            );
        }
    }
}

#[test]
fn bool_is_refused() {
    let message = seam_test_support::panic_message(|| {
        Cpu::scan_dim(ScanOp::Sum, tensor(vec![true], &[1]), 0, false);
    });
    assert!(
        message.contains("cumsum needs a numeric dtype, got bool"),
        "{message}"
    );
}
