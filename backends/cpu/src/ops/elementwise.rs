//! Elementwise ops: `unary`, `binary` (with broadcasting) and `binary_scalar`.

use crate::CpuTensor;
use crate::element::{CpuElement, Float, Numeric};
use crate::layout::{Layout, broadcast_dims};
use crate::ops::numeric_pair_mismatch;
use crate::storage::dispatch;
use seam_backend::{BinaryOp, Scalar, UnaryOp};

/// `op` applied to each element of `tensor`.
pub(crate) fn unary(op: UnaryOp, tensor: &CpuTensor) -> CpuTensor {
    let layout = &tensor.layout;
    let dims = layout.dims.clone();
    let dtype = tensor.dtype();
    match op {
        UnaryOp::Neg => dispatch!(&tensor.storage; F32 | F64 | I32 | I64
            => |buf| CpuTensor::new(map(buf, layout, Numeric::neg), dims);
            else panic!("neg needs a numeric dtype, got {dtype}")),
        UnaryOp::Exp => dispatch!(&tensor.storage; F32 | F64
            => |buf| CpuTensor::new(map(buf, layout, Float::exp), dims);
            else panic!("exp needs a float dtype, got {dtype}; convert the tensor to a float dtype first")),
        UnaryOp::Log => dispatch!(&tensor.storage; F32 | F64
            => |buf| CpuTensor::new(map(buf, layout, Float::ln), dims);
            else panic!("log needs a float dtype, got {dtype}; convert the tensor to a float dtype first")),
        _ => todo!("cpu {op:?}"),
    }
}

/// `op` applied elementwise to `lhs` and `rhs`, broadcast to a common shape.
pub(crate) fn binary(op: BinaryOp, lhs: &CpuTensor, rhs: &CpuTensor) -> CpuTensor {
    let dims = broadcast_dims(op.name(), &lhs.layout.dims, &rhs.layout.dims);
    let lhs_layout = lhs.layout.broadcast_to(&dims);
    let rhs_layout = rhs.layout.broadcast_to(&dims);
    dispatch!((&lhs.storage, &rhs.storage); F32 | F64 | I32 | I64
        => |a, b| CpuTensor::new(binary_kernel(op, a, &lhs_layout, b, &rhs_layout), dims);
        else numeric_pair_mismatch(op.name(), lhs, rhs))
}

/// `op` applied to each element of `lhs`, with `rhs` converted to its dtype on the right.
pub(crate) fn binary_scalar(op: BinaryOp, lhs: &CpuTensor, rhs: Scalar) -> CpuTensor {
    let layout = &lhs.layout;
    let dims = layout.dims.clone();
    let dtype = lhs.dtype();
    dispatch!(&lhs.storage; F32 | F64 | I32 | I64
        => |buf| CpuTensor::new(scalar_kernel(op, buf, layout, CpuElement::from_scalar(rhs)), dims);
        else panic!("{} (scalar) needs a numeric dtype, got {dtype}", op.name()))
}

fn binary_kernel<T: Numeric>(op: BinaryOp, a: &[T], la: &Layout, b: &[T], lb: &Layout) -> Vec<T> {
    // One instantiation per op keeps the op out of the inner loop.
    match op {
        BinaryOp::Add => zip_map(a, la, b, lb, T::add),
        BinaryOp::Sub => zip_map(a, la, b, lb, T::sub),
        BinaryOp::Mul => zip_map(a, la, b, lb, T::mul),
        BinaryOp::Div => zip_map(a, la, b, lb, T::div),
        _ => todo!("cpu {op:?}"),
    }
}

fn scalar_kernel<T: Numeric>(op: BinaryOp, buf: &[T], layout: &Layout, rhs: T) -> Vec<T> {
    match op {
        BinaryOp::Add => map(buf, layout, |x| x.add(rhs)),
        BinaryOp::Sub => map(buf, layout, |x| x.sub(rhs)),
        BinaryOp::Mul => map(buf, layout, |x| x.mul(rhs)),
        BinaryOp::Div => map(buf, layout, |x| x.div(rhs)),
        _ => todo!("cpu {op:?}"),
    }
}

/// `f` of each element of the view, row-major.
fn map<T: Copy>(buf: &[T], layout: &Layout, f: impl Fn(T) -> T) -> Vec<T> {
    match layout.contiguous_range() {
        Some(range) => buf[range].iter().map(|&x| f(x)).collect(),
        None => layout.indices().map(|i| f(buf[i])).collect(),
    }
}

/// `f` of each pair of elements of two views of the same dims, row-major.
fn zip_map<T: Copy>(a: &[T], la: &Layout, b: &[T], lb: &Layout, f: impl Fn(T, T) -> T) -> Vec<T> {
    match (la.contiguous_range(), lb.contiguous_range()) {
        (Some(ra), Some(rb)) => a[ra].iter().zip(&b[rb]).map(|(&x, &y)| f(x, y)).collect(),
        _ => la
            .indices()
            .zip(lb.indices())
            .map(|(i, j)| f(a[i], b[j]))
            .collect(),
    }
}
