//! Batched matrix product with broadcast batch dims.

use crate::CpuTensor;
use crate::element::Numeric;
use crate::layout::{Layout, broadcast_dims};
use crate::ops::numeric_pair_mismatch;
use crate::storage::dispatch;

/// `lhs [.., m, k] @ rhs [.., k, n]`, contiguous `[broadcast batch.., m, n]`.
pub(crate) fn matmul(lhs: &CpuTensor, rhs: &CpuTensor) -> CpuTensor {
    let (ld, rd) = (&lhs.layout.dims, &rhs.layout.dims);
    let rank = ld.len();
    assert!(
        rank >= 2 && rd.len() == rank,
        "matmul: needs two tensors of the same rank >= 2, got shapes {ld:?} and {rd:?}"
    );
    let (m, k, n) = (ld[rank - 2], ld[rank - 1], rd[rank - 1]);
    assert_eq!(
        rd[rank - 2],
        k,
        "matmul: inner dims differ, shapes {ld:?} and {rd:?}"
    );
    let batch = broadcast_dims("matmul", &ld[..rank - 2], &rd[..rank - 2]);
    let mut dims = batch.clone();
    dims.extend([m, n]);
    let sizes = MatSizes { m, k, n };
    dispatch!((&lhs.storage, &rhs.storage); F32 | F64 | I32 | I64
        => |a, b| CpuTensor::new(batched(a, &lhs.layout, b, &rhs.layout, &batch, sizes), dims);
        else numeric_pair_mismatch("matmul", lhs, rhs))
}

/// The matrix dims of one product: `[m, k] @ [k, n]`.
#[derive(Clone, Copy)]
struct MatSizes {
    m: usize,
    k: usize,
    n: usize,
}

/// Every batch's product, concatenated row-major.
fn batched<T: Numeric>(a: &[T], la: &Layout, b: &[T], lb: &Layout, batch: &[usize], s: MatSizes) -> Vec<T> {
    let MatSizes { m, n, .. } = s;
    let rank = la.dims.len();
    // Where each batch's matrix starts, with broadcast batch dims at stride 0.
    let a_starts = la.leading(rank - 2).broadcast_to(batch).indices();
    let b_starts = lb.leading(rank - 2).broadcast_to(batch).indices();
    let a_mat = Matrix::of(la);
    let b_mat = Matrix::of(lb);

    let mut out = Vec::with_capacity(batch.iter().product::<usize>() * m * n);
    let (mut a_buf, mut b_buf) = (Vec::new(), Vec::new());
    let (mut a_last, mut b_last) = (None, None);
    for (a_start, b_start) in a_starts.zip(b_starts) {
        // A broadcast operand repeats its start; gather it once.
        if a_last != Some(a_start) {
            a_mat.gather(a, a_start, &mut a_buf);
            a_last = Some(a_start);
        }
        if b_last != Some(b_start) {
            b_mat.gather(b, b_start, &mut b_buf);
            b_last = Some(b_start);
        }
        let from = out.len();
        out.resize(from + m * n, T::ZERO);
        product(&a_buf, &b_buf, &mut out[from..], s);
    }
    out
}

/// The last two dims of a layout: one matrix per batch position.
struct Matrix {
    rows: usize,
    cols: usize,
    row_stride: usize,
    col_stride: usize,
}

impl Matrix {
    fn of(layout: &Layout) -> Self {
        let r = layout.dims.len();
        Self {
            rows: layout.dims[r - 2],
            cols: layout.dims[r - 1],
            row_stride: layout.strides[r - 2],
            col_stride: layout.strides[r - 1],
        }
    }

    /// Copies the matrix starting at buffer index `start` into `out`, row-major.
    fn gather<T: Copy>(&self, buf: &[T], start: usize, out: &mut Vec<T>) {
        out.clear();
        let len = self.rows * self.cols;
        if len == 0 {
            return;
        }
        if self.col_stride == 1 && (self.row_stride == self.cols || self.rows <= 1) {
            out.extend_from_slice(&buf[start..start + len]);
        } else {
            for i in 0..self.rows {
                let row = start + i * self.row_stride;
                out.extend((0..self.cols).map(|j| buf[row + j * self.col_stride]));
            }
        }
    }
}

/// `out += a @ b` for row-major `a [m, k]`, `b [k, n]`, `out [m, n]`, in i-k-j order
/// so the inner loop runs along rows of `b` and `out`.
fn product<T: Numeric>(a: &[T], b: &[T], out: &mut [T], s: MatSizes) {
    let MatSizes { k, n, .. } = s;
    if n == 0 {
        return;
    }
    for (a_row, out_row) in a.chunks_exact(k.max(1)).zip(out.chunks_exact_mut(n)) {
        for (&x, b_row) in a_row.iter().zip(b.chunks_exact(n)) {
            for (o, &y) in out_row.iter_mut().zip(b_row) {
                *o = o.add(x.mul(y));
            }
        }
    }
}
