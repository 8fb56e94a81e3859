//! Comparisons: `compare` (with broadcasting) and `compare_scalar`, for every dtype.

use crate::CpuTensor;
use crate::element::CpuElement;
use crate::layout::{Layout, broadcast_dims};
use crate::loops::{map, zip};
use crate::ops::same_dtype;
use crate::storage::dispatch;
use seam_backend::{CompareOp, Scalar};

/// `op` applied elementwise to `lhs` and `rhs`, broadcast to a common shape; a
/// `bool` tensor.
pub(crate) fn compare(op: CompareOp, lhs: CpuTensor, rhs: CpuTensor) -> CpuTensor {
    let (lhs, rhs) = (&lhs, &rhs);
    let dims = broadcast_dims(op.name(), &lhs.layout().dims, &rhs.layout().dims);
    let la = lhs.layout().broadcast_to(&dims);
    let lb = rhs.layout().broadcast_to(&dims);
    dispatch!((&lhs.storage, &rhs.storage); F32 | F64 | I32 | I64 | Bool
    => |a, b| compare_kernel(op, a, &la, b, &lb);
    else {
        same_dtype(op.name(), lhs, rhs);
        unreachable!("every dtype compares")
    })
}

/// `op` applied to each element of `lhs`, with `rhs` converted to its dtype on the
/// right.
pub(crate) fn compare_scalar(op: CompareOp, lhs: CpuTensor, rhs: Scalar) -> CpuTensor {
    let layout = lhs.layout();
    dispatch!(&lhs.storage; F32 | F64 | I32 | I64 | Bool
        => |buf| compare_scalar_kernel(op, buf, layout, CpuElement::from_scalar(rhs));
        else unreachable!("every dtype compares"))
}

/// `op` of each element of the view and `y`, row-major.
fn compare_scalar_kernel<T: CpuElement>(op: CompareOp, a: &[T], la: &Layout, y: T) -> CpuTensor {
    match op {
        CompareOp::Equal => map(a, la, 1, move |x| x == y),
        CompareOp::Greater => map(a, la, 1, move |x| x > y),
        CompareOp::GreaterEqual => map(a, la, 1, move |x| x >= y),
        CompareOp::Lower => map(a, la, 1, move |x| x < y),
        CompareOp::LowerEqual => map(a, la, 1, move |x| x <= y),
    }
}

/// `op` of each pair of elements of two views of the same dims, row-major.
fn compare_kernel<T: CpuElement>(op: CompareOp, a: &[T], la: &Layout, b: &[T], lb: &Layout) -> CpuTensor {
    match op {
        CompareOp::Equal => zip(a, la, b, lb, |x, y| x == y),
        CompareOp::Greater => zip(a, la, b, lb, |x, y| x > y),
        CompareOp::GreaterEqual => zip(a, la, b, lb, |x, y| x >= y),
        CompareOp::Lower => zip(a, la, b, lb, |x, y| x < y),
        CompareOp::LowerEqual => zip(a, la, b, lb, |x, y| x <= y),
    }
}
