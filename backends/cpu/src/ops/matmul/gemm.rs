//! The `f32` and `f64` product: the `gemm` crate's kernels (pure Rust, SIMD picked at
//! run time, AVX-512 included: its `x86-v4` feature), given the operands' strides so
//! that views are read in place.

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
/// A product of at least [`PARALLEL_WORK`] runs on gemm's rayon threads, unless the
/// products run side by side ([`Plan::side_by_side`]).
///
/// Under Miri, which cannot run gemm's CPU feature detection and SIMD, this is the
/// plain loop instead.
///
/// # Panics
///
/// If either matrix reaches past the end of its buffer, or `out` does not hold
/// `m * n` elements.
pub(super) fn product<T: GemmFloat>(a: &[T], b: &[T], starts: (usize, usize), plan: &Plan, out: &mut [T]) {
    let (lhs, rhs) = (plan.lhs, plan.rhs);
    let (m, k, n) = (lhs.rows, lhs.cols, rhs.cols);
    debug_assert!(m > 0 && k > 0 && n > 0 && rhs.rows == k);
    // gemm's preconditions, checked in release with arithmetic that cannot wrap: a
    // wrapped index or size would pass a plain comparison and let gemm write past
    // `out`.
    assert!(
        lhs.last_index(starts.0).is_some_and(|last| last < a.len()),
        "matmul: lhs view past its buffer"
    );
    assert!(
        rhs.last_index(starts.1).is_some_and(|last| last < b.len()),
        "matmul: rhs view past its buffer"
    );
    assert_eq!(
        Some(out.len()),
        m.checked_mul(n),
        "matmul: output of the wrong size"
    );
    if cfg!(miri) {
        return super::naive::product(a, b, starts, plan, out);
    }
    let (lhs_rs, lhs_cs) = steps(lhs);
    let (rhs_rs, rhs_cs) = steps(rhs);
    let parallelism = if !plan.side_by_side && m.saturating_mul(k).saturating_mul(n) >= PARALLEL_WORK {
        Parallelism::Rayon(0)
    } else {
        Parallelism::None
    };
    // SAFETY: `T` is `f32` or `f64`, which gemm supports. Every element gemm reads is
    // `start + i * row_stride + j * col_stride` for `i < rows`, `j < cols` (a step
    // of a size-1 dim is never taken), at most the last index, which the asserts
    // above computed without overflow and put inside `a` and `b`; the steps are those
    // indices' strides, which fit in `isize` as the indices do. `out` is an exclusively borrowed row-major
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
        matrix
            .cols
            .checked_mul(col)
            .expect("matmul: a stride does not fit in isize")
    } else {
        matrix.row_stride
    };
    (isize_of(row), isize_of(col))
}

/// `value` as an `isize`; buffer indices and steps always fit.
fn isize_of(value: usize) -> isize {
    isize::try_from(value).expect("matmul: a stride does not fit in isize")
}

#[cfg(test)]
mod tests {
    use super::super::{Matrix, Plan};

    /// A view whose last index wraps around `usize` would pass an unchecked bound
    /// (the index lands small) and gemm would read and write past the buffers; the
    /// checked bound refuses it before the unsafe call.
    #[test]
    #[should_panic(expected = "matmul: lhs view past its buffer")]
    fn a_view_whose_last_index_wraps_is_refused() {
        let wrapping = Matrix {
            rows: (1 << 63) + 1,
            cols: 2,
            row_stride: 2,
            col_stride: 1,
        };
        assert_eq!(wrapping.last_index(0), None);
        let ones = Matrix {
            rows: 2,
            cols: 2,
            row_stride: 2,
            col_stride: 1,
        };
        let plan = Plan {
            lhs: wrapping,
            rhs: ones,
            side_by_side: false,
        };
        let mut out = vec![0.0f32; 4];
        super::product(&[1.0f32; 2], &[1.0f32; 4], (0, 0), &plan, &mut out);
    }
}
