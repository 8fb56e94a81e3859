//! Elementwise ops: `unary`, `binary` (with broadcasting) and `binary_scalar`, and
//! the two loops every elementwise kernel runs: [`map`] and [`zip_map`].

use crate::CpuTensor;
use crate::element::{CpuElement, Float, Numeric};
use crate::layout::{Layout, broadcast_dims};
use crate::ops::{float_only, float_pair_mismatch, numeric_pair_mismatch};
use crate::storage::dispatch;
use seam_backend::{BinaryOp, Scalar, UnaryOp};

/// `op` applied to each element of `tensor`.
pub(crate) fn unary(op: UnaryOp, tensor: &CpuTensor) -> CpuTensor {
    let layout = &tensor.layout;
    let dims = layout.dims.clone();
    let dtype = tensor.dtype();
    if op.is_float_only() {
        dispatch!(&tensor.storage; F32 | F64
            => |buf| CpuTensor::new(float_unary(op, buf, layout), dims);
            else float_only(op.name(), dtype))
    } else {
        dispatch!(&tensor.storage; F32 | F64 | I32 | I64
            => |buf| CpuTensor::new(numeric_unary(op, buf, layout), dims);
            else panic!("{} needs a numeric dtype, got {dtype}", op.name()))
    }
}

/// `op` applied elementwise to `lhs` and `rhs`, broadcast to a common shape.
pub(crate) fn binary(op: BinaryOp, lhs: &CpuTensor, rhs: &CpuTensor) -> CpuTensor {
    let dims = broadcast_dims(op.name(), &lhs.layout.dims, &rhs.layout.dims);
    let la = lhs.layout.broadcast_to(&dims);
    let lb = rhs.layout.broadcast_to(&dims);
    if op == BinaryOp::Pow {
        dispatch!((&lhs.storage, &rhs.storage); F32 | F64
            => |a, b| CpuTensor::new(zip_map(a, &la, b, &lb, Float::powf), dims);
            else float_pair_mismatch(op.name(), lhs, rhs))
    } else {
        dispatch!((&lhs.storage, &rhs.storage); F32 | F64 | I32 | I64
            => |a, b| CpuTensor::new(numeric_binary(op, a, &la, b, &lb), dims);
            else numeric_pair_mismatch(op.name(), lhs, rhs))
    }
}

/// `op` applied to each element of `lhs`, with `rhs` converted to its dtype on the
/// right: the binary kernel, with `rhs` as a one-element buffer repeated over
/// `lhs`'s dims.
pub(crate) fn binary_scalar(op: BinaryOp, lhs: &CpuTensor, rhs: Scalar) -> CpuTensor {
    let layout = &lhs.layout;
    let dims = layout.dims.clone();
    let repeated = Layout::repeated(dims.clone());
    let dtype = lhs.dtype();
    if op == BinaryOp::Pow {
        dispatch!(&lhs.storage; F32 | F64
            => |buf| CpuTensor::new(zip_map(buf, layout, &[CpuElement::from_scalar(rhs)], &repeated, Float::powf), dims);
            else float_only(op.name(), dtype))
    } else {
        dispatch!(&lhs.storage; F32 | F64 | I32 | I64
            => |buf| CpuTensor::new(numeric_binary(op, buf, layout, &[CpuElement::from_scalar(rhs)], &repeated), dims);
            else panic!("{} (scalar) needs a numeric dtype, got {dtype}", op.name()))
    }
}

/// A unary op of numeric dtypes (`Neg`, `Abs`) over a view.
fn numeric_unary<T: Numeric>(op: UnaryOp, buf: &[T], layout: &Layout) -> Vec<T> {
    // One instantiation per op keeps the op out of the inner loop.
    match op {
        UnaryOp::Neg => map(buf, layout, T::neg),
        UnaryOp::Abs => map(buf, layout, T::abs),
        _ => unreachable!("{op:?} is float-only"),
    }
}

/// A float-only unary op over a view.
fn float_unary<T: Float>(op: UnaryOp, buf: &[T], layout: &Layout) -> Vec<T> {
    match op {
        UnaryOp::Exp => map(buf, layout, T::exp),
        UnaryOp::Log => map(buf, layout, T::ln),
        UnaryOp::Log1p => map(buf, layout, T::ln_1p),
        UnaryOp::Sqrt => map(buf, layout, T::sqrt),
        UnaryOp::Sin => map(buf, layout, T::sin),
        UnaryOp::Cos => map(buf, layout, T::cos),
        UnaryOp::Tanh => map(buf, layout, T::tanh),
        UnaryOp::Erf => map(buf, layout, T::erf),
        UnaryOp::Recip => map(buf, layout, T::recip),
        UnaryOp::Neg | UnaryOp::Abs => numeric_unary(op, buf, layout),
    }
}

/// A binary op of numeric dtypes over two views of the same dims (`Pow` is
/// float-only and handled by the callers).
fn numeric_binary<T: Numeric>(op: BinaryOp, a: &[T], la: &Layout, b: &[T], lb: &Layout) -> Vec<T> {
    match op {
        BinaryOp::Add => zip_map(a, la, b, lb, T::add),
        BinaryOp::Sub => zip_map(a, la, b, lb, T::sub),
        BinaryOp::Mul => zip_map(a, la, b, lb, T::mul),
        BinaryOp::Div => zip_map(a, la, b, lb, T::div),
        BinaryOp::Rem => zip_map(a, la, b, lb, T::rem),
        BinaryOp::Max => zip_map(a, la, b, lb, T::max),
        BinaryOp::Min => zip_map(a, la, b, lb, T::min),
        BinaryOp::Pow => unreachable!("pow is float-only"),
    }
}

/// `f` of each element of the view, row-major.
pub(crate) fn map<T: Copy, O>(buf: &[T], layout: &Layout, f: impl Fn(T) -> O) -> Vec<O> {
    match layout.contiguous_range() {
        Some(range) => buf[range].iter().map(|&x| f(x)).collect(),
        None => layout.indices().map(|i| f(buf[i])).collect(),
    }
}

/// `f` of each pair of elements of two views of the same dims, called in row-major
/// order (so `f` may consume a row-major iterator of a third operand).
pub(crate) fn zip_map<A: Copy, B: Copy, O>(
    a: &[A],
    la: &Layout,
    b: &[B],
    lb: &Layout,
    mut f: impl FnMut(A, B) -> O,
) -> Vec<O> {
    let repeats_one = |l: &Layout| l.strides.iter().all(|&s| s == 0);
    match (la.contiguous_range(), lb.contiguous_range()) {
        (Some(ra), Some(rb)) => a[ra].iter().zip(&b[rb]).map(|(&x, &y)| f(x, y)).collect(),
        // A scalar (or a fully broadcast operand) on the right.
        (Some(ra), None) if repeats_one(lb) && !ra.is_empty() => {
            let y = b[lb.offset];
            a[ra].iter().map(|&x| f(x, y)).collect()
        }
        _ => la
            .indices()
            .zip(lb.indices())
            .map(|(i, j)| f(a[i], b[j]))
            .collect(),
    }
}
