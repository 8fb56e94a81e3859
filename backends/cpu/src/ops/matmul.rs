//! Batched matrix product with broadcast batch dims.
//!
//! The operands are read through their strides: a transposed, permuted, sliced or
//! expanded view is multiplied as it is, without a copy. Each batch position is one
//! product of two strided matrices into the contiguous result; `f32` and `f64` go
//! to the `gemm` crate's kernels ([`gemm`]), the integer dtypes to a plain loop
//! ([`naive`]).

mod gemm;
mod naive;

use crate::CpuTensor;
use crate::element::Numeric;
use crate::layout::{Layout, StridedIndex, broadcast_dims};
use crate::ops::numeric_pair_mismatch;
use crate::parallel;
use crate::pool::output;
use crate::storage::dispatch;

/// `lhs [.., m, k] @ rhs [.., k, n]`, contiguous `[broadcast batch.., m, n]`.
pub(crate) fn matmul(lhs: CpuTensor, rhs: CpuTensor) -> CpuTensor {
    let (lhs, rhs) = (&lhs, &rhs);
    let (ld, rd) = (&lhs.layout().dims, &rhs.layout().dims);
    let rank = ld.len();
    debug_assert!(
        rank >= 2 && rd.len() == rank,
        "matmul: needs two tensors of the same rank >= 2, got shapes {ld:?} and {rd:?}"
    );
    let (m, k, n) = (ld[rank - 2], ld[rank - 1], rd[rank - 1]);
    debug_assert_eq!(
        rd[rank - 2],
        k,
        "matmul: inner dims differ, shapes {ld:?} and {rd:?}"
    );
    let batch = broadcast_dims("matmul", &ld[..rank - 2], &rd[..rank - 2]);
    let count = seam_backend::count(&batch);
    let plan = Plan {
        lhs: Matrix::of(lhs.layout()),
        rhs: Matrix::of(rhs.layout()),
        side_by_side: count >= parallel::threads(),
    };
    let starts = || batch_starts(lhs.layout(), rhs.layout(), &batch);
    let mut dims = batch.clone();
    dims.extend([m, n]);
    let (l, r) = (&lhs.storage, &rhs.storage);
    dispatch!((l, r); F32 | F64
        => |a, b| CpuTensor::new(batched(a, b, &plan, starts(), gemm::product, &dims), dims);
        else dispatch!((l, r); I32 | I64
            => |a, b| CpuTensor::new(batched(a, b, &plan, starts(), naive::product, &dims), dims);
            else numeric_pair_mismatch("matmul", lhs, rhs)))
}

/// The buffer index where each batch position's matrix starts in `lhs` and in
/// `rhs`, in row-major batch order; a broadcast batch dim has stride 0 and repeats
/// its matrix.
fn batch_starts(lhs: &Layout, rhs: &Layout, batch: &[usize]) -> core::iter::Zip<StridedIndex, StridedIndex> {
    let rank = batch.len();
    let a = lhs.leading(rank).broadcast_to(batch).indices();
    let b = rhs.leading(rank).broadcast_to(batch).indices();
    a.zip(b)
}

/// What every batch position's product shares: the two operands' matrix layouts
/// and how the batch positions run.
struct Plan {
    /// The `[m, k]` matrix of the left operand.
    lhs: Matrix,
    /// The `[k, n]` matrix of the right operand.
    rhs: Matrix,
    /// Whether the products run side by side, one a thread, none split: there are
    /// at least as many as threads. Otherwise they run one after another, and a
    /// large one splits itself across the threads.
    side_by_side: bool,
}

/// The last two dims of a layout, one matrix per batch position: its size and its
/// buffer steps, in elements.
#[derive(Clone, Copy, Debug)]
pub(super) struct Matrix {
    /// The number of rows.
    pub(super) rows: usize,
    /// The number of columns.
    pub(super) cols: usize,
    /// The buffer step from one row to the next.
    pub(super) row_stride: usize,
    /// The buffer step from one column to the next.
    pub(super) col_stride: usize,
}

impl Matrix {
    /// The matrix of the last two dims of `layout`, whose rank is at least 2.
    fn of(layout: &Layout) -> Self {
        let r = layout.dims.len();
        Self {
            rows: layout.dims[r - 2],
            cols: layout.dims[r - 1],
            row_stride: layout.strides[r - 2],
            col_stride: layout.strides[r - 1],
        }
    }

    /// Whether the matrix has no elements.
    fn is_empty(&self) -> bool {
        self.rows == 0 || self.cols == 0
    }

    /// The buffer index of the matrix's last element when it starts at `start`, or
    /// `None` if it overflows `usize`; the matrix must not be empty.
    pub(super) fn last_index(&self, start: usize) -> Option<usize> {
        let down = (self.rows - 1).checked_mul(self.row_stride)?;
        let across = (self.cols - 1).checked_mul(self.col_stride)?;
        start.checked_add(down)?.checked_add(across)
    }
}

/// A kernel for one product: `out = a @ b` for the matrices `plan.lhs` of `a` at
/// the first start and `plan.rhs` of `b` at the second, into the row-major `out`
/// (`[m, n]`, holding stale values that the kernel overwrites, never reads).
/// Called only when `m`, `k` and `n` are all at least 1.
type Kernel<T> = fn(&[T], &[T], (usize, usize), &Plan, &mut [T]);

/// Every batch position's product, concatenated row-major.
///
/// Side by side, one a thread, or one after another ([`Plan::side_by_side`]).
/// Splitting each small product costs more than it gains: 16 products
/// of 128x128 took 878.5 us one after another, each split, and 408.6 us side by
/// side (bench/peers, 2 threads).
fn batched<T: Numeric>(
    a: &[T],
    b: &[T],
    plan: &Plan,
    starts: impl Iterator<Item = (usize, usize)>,
    kernel: Kernel<T>,
    dims: &[usize],
) -> Vec<T> {
    let (m, n) = (plan.lhs.rows, plan.rhs.cols);
    // Possibly a pooled buffer, holding an earlier tensor's values; `dims`, the
    // result's (the batch dims, then `m` x `n`), for a refusal's message.
    let mut out = output(dims);
    // An empty product is all zeros (k = 0) or has no elements (m = 0 or n = 0).
    if plan.lhs.is_empty() || plan.rhs.is_empty() {
        out.fill(T::ZERO);
        return out;
    }
    let size = m * n;
    if !plan.side_by_side {
        for (out, starts) in out.chunks_exact_mut(size).zip(starts) {
            kernel(a, b, starts, plan, out);
        }
        return out;
    }
    let starts: Vec<(usize, usize)> = starts.collect();
    // Each output element of a product costs `k` multiply-adds.
    parallel::fill_blocks(&mut out, size, plan.lhs.cols, |lo, part| {
        for (i, out) in part.chunks_exact_mut(size).enumerate() {
            kernel(a, b, starts[lo / size + i], plan, out);
        }
    });
    out
}
