//! Elementwise comparisons, between two tensors (broadcast through strides) or with a
//! scalar; the result is a `bool` tensor (`u32` 0 or 1 on the device).

use super::args::{broadcast_arg, out_arg};
use super::{elementwise_launch, strided};
use crate::element::{FromScalar, with_elem};
use crate::runtime::CubeRuntime;
use crate::tensor::{self, CubeTensor};
use cubecl::prelude::*;
use seam_backend::{CompareOp, DType, Scalar};

seam_backend::compare_ops!(kernel_op, Compare from);

/// `a op b` as the `u32` 1 or 0.
#[cube]
fn holds<E: Numeric>(a: E, b: E, #[comptime] op: Compare) -> u32 {
    let yes = match op {
        Compare::Equal => a == b,
        Compare::Greater => a > b,
        Compare::GreaterEqual => a >= b,
        Compare::Lower => a < b,
        Compare::LowerEqual => a <= b,
    };
    select(yes, 1u32, 0u32)
}

/// `lhs op rhs` per element, both read broadcast through their strides.
#[cube(launch)]
fn compare_kernel<E: Numeric>(
    lhs: &Tensor<E>,
    rhs: &Tensor<E>,
    out: &mut Tensor<u32>,
    #[comptime] op: Compare,
) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    let a = lhs[strided::offset(lhs, ABSOLUTE_POS)];
    let b = rhs[strided::offset(rhs, ABSOLUTE_POS)];
    out[ABSOLUTE_POS] = holds::<E>(a, b, op);
}

/// `lhs op rhs` per element of `lhs`, with the scalar `rhs`.
#[cube(launch)]
fn compare_scalar_kernel<E: Numeric + LaunchArg>(
    lhs: &Tensor<E>,
    rhs: E,
    out: &mut Tensor<u32>,
    #[comptime] op: Compare,
) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    let a = lhs[strided::offset(lhs, ABSOLUTE_POS)];
    out[ABSOLUTE_POS] = holds::<E>(a, rhs, op);
}

/// `op` applied elementwise to `lhs` and `rhs`, broadcast together.
pub(crate) fn compare<R: CubeRuntime>(
    op: CompareOp,
    lhs: CubeTensor<R>,
    rhs: CubeTensor<R>,
) -> CubeTensor<R> {
    let dims = tensor::broadcast_dims(&[&lhs, &rhs]);
    let (lhs, rhs) = (&lhs, &rhs);
    let out = lhs.empty_like(dims, DType::Bool);
    let len = out.num_elements();
    if len == 0 {
        return out;
    }
    let (count, dim) = elementwise_launch(&out.client, len);
    with_elem!(lhs.dtype, E => compare_kernel::launch::<E>(
        &out.client,
        count,
        dim,
        broadcast_arg(lhs, &out.dims),
        broadcast_arg(rhs, &out.dims),
        out_arg(&out),
        Compare::from(op),
    ));
    out
}

/// `op` applied to each element of `lhs` with `rhs` (converted to `lhs`'s dtype) on
/// the right.
pub(crate) fn compare_scalar<R: CubeRuntime>(
    op: CompareOp,
    lhs: CubeTensor<R>,
    rhs: Scalar,
) -> CubeTensor<R> {
    let lhs = &lhs;
    let out = lhs.empty_like(lhs.dims.clone(), DType::Bool);
    let len = out.num_elements();
    if len == 0 {
        return out;
    }
    let (count, dim) = elementwise_launch(&out.client, len);
    with_elem!(lhs.dtype, E => compare_scalar_kernel::launch::<E>(
        &out.client,
        count,
        dim,
        broadcast_arg(lhs, &out.dims),
        E::from_scalar(rhs),
        out_arg(&out),
        Compare::from(op),
    ));
    out
}
