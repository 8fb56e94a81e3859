//! The plain-loop product, for the integer dtypes (and for floats under Miri).

use super::Plan;
use crate::element::Numeric;

/// `out = a @ b` for the strided matrices `plan.lhs` of `a` and `plan.rhs` of `b`
/// starting at `starts`, into the row-major `out` (whose old values are
/// overwritten), in i-k-j order so that the inner loop runs along a row of `b` and
/// of `out`. Each row of `out` is zeroed, then accumulated into.
pub(super) fn product<T: Numeric>(a: &[T], b: &[T], starts: (usize, usize), plan: &Plan, out: &mut [T]) {
    let (lhs, rhs) = (plan.lhs, plan.rhs);
    let n = rhs.cols;
    for (i, out_row) in out.chunks_exact_mut(n).enumerate() {
        out_row.fill(T::ZERO);
        let a_row = starts.0 + i * lhs.row_stride;
        for p in 0..lhs.cols {
            let x = a[a_row + p * lhs.col_stride];
            let b_row = starts.1 + p * rhs.row_stride;
            if rhs.col_stride == 1 {
                for (o, &y) in out_row.iter_mut().zip(&b[b_row..b_row + n]) {
                    *o = o.add(x.mul(y));
                }
            } else {
                for (j, o) in out_row.iter_mut().enumerate() {
                    *o = o.add(x.mul(b[b_row + j * rhs.col_stride]));
                }
            }
        }
    }
}
