//! Input checks shared by the op bodies. Each panics with a message that names the
//! op, the shapes or dims involved, and the rule that was broken. They are plain
//! functions, called from outlined (non-generic) bodies, so they compile once.

use crate::kind::Kind;
use seam_backend::{DType, Shape};

/// `dim` must be a dim of `shape`.
#[track_caller]
pub(crate) fn dim(op: &str, shape: &Shape, dim: usize) {
    if dim >= shape.rank() {
        panic!(
            "{op}: dim {dim} is out of range for a tensor of shape {shape}; dims go from 0 to {}",
            shape.rank().saturating_sub(1)
        );
    }
}

/// `shape` must have `rank` dims.
#[track_caller]
pub(crate) fn rank(op: &str, shape: &Shape, rank: usize) {
    if shape.rank() != rank {
        panic!(
            "{op}: shape {shape} has {} dims but the tensor has rank {rank}; give {rank} dims",
            shape.rank()
        );
    }
}

/// A tensor of shape `from` can be read as shape `to`: both have as many elements.
#[track_caller]
pub(crate) fn reshape(from: &Shape, to: &Shape) {
    if from.num_elements() != to.num_elements() {
        panic!(
            "reshape: a tensor of shape {from} ({} elements) cannot be read as shape {to} ({} elements); \
             the new shape must have as many elements",
            from.num_elements(),
            to.num_elements()
        );
    }
}

/// `dtype` must be one of `kind`'s dtypes.
#[track_caller]
pub(crate) fn kind(op: &str, dtype: DType, kind: Kind) {
    if Kind::of(dtype) != kind {
        panic!(
            "{op}: {dtype} data cannot make a {kind} tensor; give {} data or use a Tensor<_, {}>",
            kind.default_dtype(),
            Kind::of(dtype)
        );
    }
}

/// Both operands of `op` must have the same dtype.
#[track_caller]
pub(crate) fn same_dtype(op: &str, lhs: DType, rhs: DType) {
    if lhs != rhs {
        panic!(
            "{op}: operands have different dtypes ({lhs} and {rhs}); convert one so both have the same dtype"
        );
    }
}

/// The broadcast of two shapes of equal rank, by numpy's rules.
#[track_caller]
pub(crate) fn broadcast(op: &str, lhs: &Shape, rhs: &Shape) -> Shape {
    let dims = lhs
        .dims()
        .iter()
        .zip(rhs.dims())
        .enumerate()
        .map(|(i, (&l, &r))| match (l, r) {
            _ if l == r => l,
            (1, r) => r,
            (l, 1) => l,
            _ => panic!(
                "{op}: shapes {lhs} and {rhs} do not broadcast: dim {i} has sizes {l} and {r}; \
                 sizes along each dim must be equal or 1"
            ),
        })
        .collect::<Vec<_>>();
    Shape::new(dims)
}

/// The operands of a matrix product: `[.., m, k] @ [.., k, n]` with broadcast batch
/// dims, or two vectors of equal length at rank 1.
#[track_caller]
pub(crate) fn matmul(lhs: &Shape, rhs: &Shape) {
    let r = lhs.rank();
    if r == 0 {
        panic!("matmul: shapes {lhs} and {rhs} are scalars; matmul needs rank 1 (vectors) or more");
    }
    if r == 1 {
        if lhs.dims()[0] != rhs.dims()[0] {
            panic!(
                "matmul: vectors of shapes {lhs} and {rhs} have different lengths; a dot product needs equal lengths"
            );
        }
        return;
    }
    let (k1, k2) = (lhs.dims()[r - 1], rhs.dims()[r - 2]);
    if k1 != k2 {
        panic!(
            "matmul: shapes {lhs} and {rhs} cannot be multiplied: lhs has {k1} columns (dim {}) but rhs \
             has {k2} rows (dim {}); they must be equal",
            r - 1,
            r - 2
        );
    }
    broadcast(
        "matmul (batch dims)",
        &Shape::new(&lhs.dims()[..r - 2]),
        &Shape::new(&rhs.dims()[..r - 2]),
    );
}
