//! The tracked form of each op of `seam_backend::for_each_tensor_op!`: the op's
//! value on `B` and, where an input the op differentiates is tracked, its node with
//! the op's backward rule (`rules.rs`). The untracked form is generated in
//! `backend.rs`; an op reaches here when any of its tensors is tracked.

use super::{AutodiffTensor, record, tracks};
use crate::rules;
use core::ops::Range;
use seam_backend::{Backend, BinaryOp, CompareOp, DType, ReduceOp, Scalar, ScanOp, Shape, UnaryOp};

pub(super) fn cast<B: Backend>(tensor: AutodiffTensor<B>, dtype: DType) -> AutodiffTensor<B> {
    let from = B::dtype(&tensor.primal);
    let out = B::cast(tensor.primal, dtype);
    if !(from.is_float() && dtype.is_float()) {
        // Integers and booleans carry no gradient.
        return AutodiffTensor::new(out);
    }
    record(out, [&tensor.node], rules::cast::<B>(from))
}

pub(super) fn unary<B: Backend>(op: UnaryOp, tensor: AutodiffTensor<B>) -> AutodiffTensor<B> {
    let x = tensor.primal;
    let out = B::unary(op, x.clone());
    let y = out.clone();
    record(out, [&tensor.node], rules::unary::<B>(op, x, y))
}

pub(super) fn binary<B: Backend>(
    op: BinaryOp,
    lhs: AutodiffTensor<B>,
    rhs: AutodiffTensor<B>,
) -> AutodiffTensor<B> {
    let (a, b) = (lhs.primal, rhs.primal);
    let out = B::binary(op, a.clone(), b.clone());
    let y = out.clone();
    record(out, [&lhs.node, &rhs.node], rules::binary::<B>(op, a, b, y))
}

pub(super) fn binary_scalar<B: Backend>(
    op: BinaryOp,
    lhs: AutodiffTensor<B>,
    rhs: Scalar,
) -> AutodiffTensor<B> {
    let x = lhs.primal;
    let out = B::binary_scalar(op, x.clone(), rhs);
    record(out, [&lhs.node], rules::binary_scalar::<B>(op, x, rhs))
}

pub(super) fn compare<B: Backend>(
    op: CompareOp,
    lhs: AutodiffTensor<B>,
    rhs: AutodiffTensor<B>,
) -> AutodiffTensor<B> {
    AutodiffTensor::new(B::compare(op, lhs.primal, rhs.primal))
}

pub(super) fn compare_scalar<B: Backend>(
    op: CompareOp,
    lhs: AutodiffTensor<B>,
    rhs: Scalar,
) -> AutodiffTensor<B> {
    AutodiffTensor::new(B::compare_scalar(op, lhs.primal, rhs))
}

pub(super) fn mask_where<B: Backend>(
    mask: AutodiffTensor<B>,
    on_true: AutodiffTensor<B>,
    on_false: AutodiffTensor<B>,
) -> AutodiffTensor<B> {
    if !tracks([&on_true.node, &on_false.node]) {
        return AutodiffTensor::new(B::mask_where(mask.primal, on_true.primal, on_false.primal));
    }
    let m = mask.primal;
    let (a, b) = (on_true.primal, on_false.primal);
    let (sa, sb) = (B::shape(&a), B::shape(&b));
    let out = B::mask_where(m.clone(), a, b);
    record(
        out,
        [&on_true.node, &on_false.node],
        rules::mask_where::<B>(m, sa, sb),
    )
}

pub(super) fn matmul<B: Backend>(lhs: AutodiffTensor<B>, rhs: AutodiffTensor<B>) -> AutodiffTensor<B> {
    let (a, b) = (lhs.primal, rhs.primal);
    let out = B::matmul(a.clone(), b.clone());
    record(out, [&lhs.node, &rhs.node], rules::matmul::<B>(a, b))
}

pub(super) fn reduce_dim<B: Backend>(
    op: ReduceOp,
    tensor: AutodiffTensor<B>,
    dim: usize,
) -> AutodiffTensor<B> {
    if op.is_arg() {
        return AutodiffTensor::new(B::reduce_dim(op, tensor.primal, dim));
    }
    let x = tensor.primal;
    let out = B::reduce_dim(op, x.clone(), dim);
    let y = out.clone();
    record(out, [&tensor.node], rules::reduce_dim::<B>(op, x, y, dim))
}

pub(super) fn scan_dim<B: Backend>(
    op: ScanOp,
    tensor: AutodiffTensor<B>,
    dim: usize,
    reverse: bool,
) -> AutodiffTensor<B> {
    let x = tensor.primal;
    let out = B::scan_dim(op, x.clone(), dim, reverse);
    let y = out.clone();
    record(out, [&tensor.node], rules::scan_dim::<B>(op, x, y, dim, reverse))
}

pub(super) fn softmax<B: Backend>(tensor: AutodiffTensor<B>, dim: usize) -> AutodiffTensor<B> {
    let out = B::softmax(tensor.primal, dim);
    let y = out.clone();
    record(out, [&tensor.node], rules::softmax::<B>(y, dim))
}

pub(super) fn log_softmax<B: Backend>(tensor: AutodiffTensor<B>, dim: usize) -> AutodiffTensor<B> {
    let out = B::log_softmax(tensor.primal, dim);
    let y = out.clone();
    record(out, [&tensor.node], rules::log_softmax::<B>(y, dim))
}

pub(super) fn reshape<B: Backend>(tensor: AutodiffTensor<B>, shape: Shape) -> AutodiffTensor<B> {
    let from = B::shape(&tensor.primal);
    let out = B::reshape(tensor.primal, shape);
    record(out, [&tensor.node], rules::reshape::<B>(from))
}

pub(super) fn permute<B: Backend>(tensor: AutodiffTensor<B>, axes: &[usize]) -> AutodiffTensor<B> {
    let out = B::permute(tensor.primal, axes);
    let axes = axes.to_vec();
    record(out, [&tensor.node], rules::permute::<B>(axes))
}

pub(super) fn expand<B: Backend>(tensor: AutodiffTensor<B>, shape: Shape) -> AutodiffTensor<B> {
    let from = B::shape(&tensor.primal);
    let out = B::expand(tensor.primal, shape);
    record(out, [&tensor.node], rules::sum_back::<B>(from))
}

pub(super) fn slice<B: Backend>(tensor: AutodiffTensor<B>, ranges: &[Range<usize>]) -> AutodiffTensor<B> {
    let from = B::shape(&tensor.primal);
    let out = B::slice(tensor.primal, ranges);
    let ranges = ranges.to_vec();
    record(out, [&tensor.node], rules::slice::<B>(from, ranges))
}

pub(super) fn slice_assign<B: Backend>(
    tensor: AutodiffTensor<B>,
    ranges: &[Range<usize>],
    value: AutodiffTensor<B>,
) -> AutodiffTensor<B> {
    let out = B::slice_assign(tensor.primal, ranges, value.primal);
    let ranges = ranges.to_vec();
    record(out, [&tensor.node, &value.node], rules::slice_assign::<B>(ranges))
}

pub(super) fn gather<B: Backend>(
    dim: usize,
    tensor: AutodiffTensor<B>,
    indices: AutodiffTensor<B>,
) -> AutodiffTensor<B> {
    if !tracks([&tensor.node]) {
        return AutodiffTensor::new(B::gather(dim, tensor.primal, indices.primal));
    }
    let from = B::shape(&tensor.primal);
    let idx = indices.primal;
    let out = B::gather(dim, tensor.primal, idx.clone());
    record(out, [&tensor.node], rules::gather::<B>(dim, from, idx))
}

pub(super) fn scatter_add<B: Backend>(
    dim: usize,
    tensor: AutodiffTensor<B>,
    indices: AutodiffTensor<B>,
    values: AutodiffTensor<B>,
) -> AutodiffTensor<B> {
    if !tracks([&tensor.node, &values.node]) {
        return AutodiffTensor::new(B::scatter_add(dim, tensor.primal, indices.primal, values.primal));
    }
    let idx = indices.primal;
    let out = B::scatter_add(dim, tensor.primal, idx.clone(), values.primal);
    record(
        out,
        [&tensor.node, &values.node],
        rules::scatter_add::<B>(dim, idx),
    )
}
