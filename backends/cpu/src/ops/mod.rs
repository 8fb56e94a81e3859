//! The kernels, one op family per module. Each takes [`CpuTensor`](crate::CpuTensor)s,
//! reads them through their layouts, and is generic over the element type.

pub(crate) mod creation;
pub(crate) mod elementwise;
pub(crate) mod layout;
pub(crate) mod matmul;
pub(crate) mod reduce;

use crate::CpuTensor;

/// Panics for a two-tensor op whose operands are not two numeric tensors of one dtype.
#[track_caller]
pub(crate) fn numeric_pair_mismatch(op: &str, lhs: &CpuTensor, rhs: &CpuTensor) -> ! {
    let (l, r) = (lhs.dtype(), rhs.dtype());
    if l != r {
        panic!("{op}: operands have different dtypes ({l} and {r}); convert one of them first");
    }
    panic!("{op} needs a numeric dtype, got {l}");
}
