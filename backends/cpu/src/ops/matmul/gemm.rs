//! The `f32` and `f64` product: the `gemm` crate's kernels (pure Rust, SIMD picked at
//! run time), given the operands' strides so that views are read in place.

use super::{Matrix, Plan};
use crate::element::Numeric;
use ::gemm::Parallelism;

/// Products of at least this many multiply-adds (`m * k * n`, here 64³) run on
/// gemm's rayon threads; smaller ones run on the calling thread, where starting
/// the threads would cost more than they save.
const PARALLEL_WORK: usize = 64 * 64 * 64;

/// An element type the `gemm` crate multiplies: `f32` and `f64`.
pub(super) trait GemmFloat: Numeric + 'static {}

impl GemmFloat for f32 {}
impl GemmFloat for f64 {}

/// `out = a @ b` for the strided matrices `plan.lhs` of `a` and `plan.rhs` of `b`
/// starting at `starts`, into the row-major `out`; `m`, `k` and `n` are at least 1.
///
/// Under Miri, which cannot run gemm's CPU feature detection and SIMD, this is the
/// plain loop instead.
///
/// # Panics
///
/// If either matrix reaches past the end of its buffer, or `out` does not hold
/// `m * n` elements.
pub(super) fn product<T: GemmFloat>(a: &[T], b: &[T], starts: (usize, usize), plan: &Plan, out: &mut [T]) {
    if cfg!(miri) {
        return super::naive::product(a, b, starts, plan, out);
    }
    let (lhs, rhs) = (plan.lhs, plan.rhs);
    let (m, k, n) = (lhs.rows, lhs.cols, rhs.cols);
    debug_assert!(m > 0 && k > 0 && n > 0 && rhs.rows == k);
    assert!(
        lhs.last_index(starts.0) < a.len(),
        "matmul: lhs view past its buffer"
    );
    assert!(
        rhs.last_index(starts.1) < b.len(),
        "matmul: rhs view past its buffer"
    );
    assert_eq!(out.len(), m * n, "matmul: output of the wrong size");
    let (lhs_rs, lhs_cs) = steps(lhs);
    let (rhs_rs, rhs_cs) = steps(rhs);
    let parallelism = if m * k * n >= PARALLEL_WORK {
        Parallelism::Rayon(0)
    } else {
        Parallelism::None
    };
    // SAFETY: `T` is `f32` or `f64`, which gemm supports. Every element gemm reads is
    // `start + i * row_stride + j * col_stride` for `i < rows`, `j < cols` (a step
    // of a size-1 dim is never taken), at most the last index, which the asserts
    // above put inside `a` and `b`; the steps are those indices' strides, which
    // fit in `isize` as the indices do. `out` is an exclusively borrowed row-major
    // `[m, n]` (row step `n`, column step 1), and with `read_dst = false` gemm writes
    // it without reading it.
    unsafe {
        ::gemm::gemm(
            m,
            n,
            k,
            out.as_mut_ptr(),
            1,
            isize_of(n),
            false,
            a.as_ptr().add(starts.0),
            lhs_cs,
            lhs_rs,
            b.as_ptr().add(starts.1),
            rhs_cs,
            rhs_rs,
            T::ZERO,
            T::ONE,
            false,
            false,
            false,
            parallelism,
        );
    }
}

/// The row and column steps of `matrix` as gemm takes them. The step of a size-1
/// dim is never taken, and may be anything (a sliced or reshaped view keeps an old
/// one); it becomes the step a row-major matrix would have, so that gemm sees
/// in-bounds steps and its contiguous fast paths still apply.
fn steps(matrix: Matrix) -> (isize, isize) {
    let col = if matrix.cols == 1 { 1 } else { matrix.col_stride };
    let row = if matrix.rows == 1 {
        matrix.cols * col
    } else {
        matrix.row_stride
    };
    (isize_of(row), isize_of(col))
}

/// `value` as an `isize`; buffer indices and steps always fit.
fn isize_of(value: usize) -> isize {
    isize::try_from(value).expect("matmul: a stride does not fit in isize")
}
