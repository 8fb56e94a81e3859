//! The kernels, one op family per module. Each takes [`CpuTensor`](crate::CpuTensor)s,
//! reads them through their layouts, and is generic over the element type.
//!
//! The modules are the families of `seam_backend::for_each_tensor_op!`: each listed
//! op's entry point is the function of its family's module named as the op, taking
//! the trait's arguments, and `impl Backend for Cpu` forwards to it (generated).

pub(crate) mod cast;
pub(crate) mod cat;
pub(crate) mod compare;
pub(crate) mod creation;
pub(crate) mod elementwise;
pub(crate) mod index;
pub(crate) mod layout;
pub(crate) mod mask;
pub(crate) mod matmul;
pub(crate) mod reduce;
pub(crate) mod scan;
pub(crate) mod slice;
pub(crate) mod softmax;

use crate::CpuTensor;
use seam_backend::DType;

/// Panics for a two-tensor op whose operands are not two numeric tensors of one dtype.
#[track_caller]
pub(crate) fn numeric_pair_mismatch(op: &str, lhs: &CpuTensor, rhs: &CpuTensor) -> ! {
    let dtype = same_dtype(op, lhs, rhs);
    panic!("{op} needs a numeric dtype, got {dtype}");
}

/// Panics for a two-tensor op whose operands are not two float tensors of one dtype.
#[track_caller]
pub(crate) fn float_pair_mismatch(op: &str, lhs: &CpuTensor, rhs: &CpuTensor) -> ! {
    float_only(op, same_dtype(op, lhs, rhs))
}

/// The dtype of both operands of a two-tensor op; panics if they differ.
#[track_caller]
pub(crate) fn same_dtype(op: &str, lhs: &CpuTensor, rhs: &CpuTensor) -> DType {
    let (l, r) = (lhs.dtype(), rhs.dtype());
    if l != r {
        panic!("{op}: operands have different dtypes ({l} and {r}); convert one of them first");
    }
    l
}

/// Panics for a float-only op given a tensor of the non-float `dtype`.
#[track_caller]
pub(crate) fn float_only(op: &str, dtype: DType) -> ! {
    panic!("{op} needs a float dtype, got {dtype}; convert the tensor to a float dtype first")
}
