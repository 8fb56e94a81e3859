//! Every rule on user input, in one place: the op bodies and `ops/support.rs` raise
//! no error of their own, and the backends below may assume what is checked here
//! (the `Backend` trait's preconditions). Each check returns a [`TensorError`] that names
//! the op, the shapes or dims involved, and the rule that was broken; a panicking
//! method unwraps it with [`OrPanic`](crate::error::OrPanic), its `try_` form returns
//! it. They are plain functions, called from outlined (non-generic) bodies, so they
//! compile once.

use crate::error::{TensorError, TensorErrorKind};
use crate::kind::Kind;
use core::ops::Range;
use seam_backend::{DType, Dims, ReduceOp, Scalar, Shape, same_items};

type Check<T = ()> = Result<T, TensorError>;

/// `dim` must be a dim of `shape`.
pub(crate) fn dim(op: &'static str, shape: &Shape, dim: usize) -> Check {
    if dim >= shape.rank() {
        let rule = match shape.rank() {
            0 => "a rank-0 tensor has no dims".to_string(),
            rank => format!("dims go from 0 to {}", rank - 1),
        };
        return Err(TensorError::new(
            op,
            TensorErrorKind::Dim,
            format!("dim {dim} is out of range for a tensor of shape {shape}; {rule}"),
        ));
    }
    Ok(())
}

/// The shape `dims`, whose element count must fit in a `usize`: a product that wraps
/// would give a tensor with the wrong number of elements, and unsafe code below
/// trusts the count. Every check that makes a result's shape ends here.
pub(crate) fn counted(op: &'static str, dims: impl Into<Dims>) -> Check<Shape> {
    let shape = Shape::new(dims);
    if shape.checked_num_elements().is_none() {
        return Err(TensorError::new(
            op,
            TensorErrorKind::Size,
            format!(
                "shape {shape} has more elements than a usize counts (the product of its dims \
                 overflows {}); use smaller dims",
                usize::MAX
            ),
        ));
    }
    Ok(shape)
}

/// A shape a user gives a new tensor: `rank` dims, whose element count fits in a
/// `usize`.
pub(crate) fn new_shape(op: &'static str, shape: &Shape, rank: usize) -> Check {
    self::rank(op, shape, rank)?;
    counted(op, shape.dims().to_vec()).map(drop)
}

/// A size `a * b` (a dim repeated, a matrix of `a` rows and `b` columns) that must
/// fit in a `usize`.
pub(crate) fn product(op: &'static str, a: usize, b: usize, what: &str) -> Check<usize> {
    a.checked_mul(b).ok_or_else(|| {
        TensorError::new(
            op,
            TensorErrorKind::Size,
            format!("{what} of {a} x {b} overflows a usize; use smaller sizes"),
        )
    })
}

/// `shape` must have `rank` dims.
pub(crate) fn rank(op: &'static str, shape: &Shape, rank: usize) -> Check {
    if shape.rank() != rank {
        return Err(TensorError::new(
            op,
            TensorErrorKind::Dim,
            format!(
                "shape {shape} has {} dims but the tensor has rank {rank}; give {rank} dims",
                shape.rank()
            ),
        ));
    }
    Ok(())
}

/// The shape that `spec` gives a tensor of shape `from`: as many elements, with at
/// most one `-1`, which stands for the size that makes the counts equal.
pub(crate) fn reshape(from: &Shape, spec: &[i64]) -> Check<Shape> {
    let error = |message: String| Err(TensorError::new("reshape", TensorErrorKind::Reshape, message));
    let shown = format!("{spec:?}");
    if spec.iter().filter(|&&d| d == -1).count() > 1 || spec.iter().any(|&d| d < -1) {
        return error(format!(
            "shape {shown} is not a shape: each size must be 0 or more, and at most one may be -1 (inferred)"
        ));
    }
    let sizes: Vec<usize> = spec.iter().filter(|&&d| d >= 0).map(|&d| d as usize).collect();
    // The sizes given must count their elements without overflow, as every shape must.
    let known = counted("reshape", sizes)?.num_elements();
    let count = from.num_elements();
    let dims: Vec<usize> = match spec.iter().position(|&d| d == -1) {
        None => spec.iter().map(|&d| d as usize).collect(),
        Some(_) if known == 0 || !count.is_multiple_of(known) => {
            return error(format!(
                "a tensor of shape {from} ({count} elements) cannot be read as shape {shown}: no size for -1 \
                 makes {count} elements"
            ));
        }
        Some(i) => {
            let mut dims: Vec<usize> = spec.iter().map(|&d| d.max(0) as usize).collect();
            dims[i] = count / known;
            dims
        }
    };
    let to = Shape::new(dims);
    if to.num_elements() != count {
        return error(format!(
            "a tensor of shape {from} ({count} elements) cannot be read as shape {to} ({} elements); \
             the new shape must have as many elements",
            to.num_elements()
        ));
    }
    Ok(to)
}

/// `dtype` must be one of `kind`'s dtypes.
pub(crate) fn kind(op: &'static str, dtype: DType, kind: Kind) -> Check {
    if Kind::of(dtype) != kind {
        return Err(TensorError::new(
            op,
            TensorErrorKind::Data,
            format!(
                "{dtype} data cannot make {} {kind} tensor; give {} data or use a Tensor<_, {}>",
                article(kind),
                kind.usual_dtype(),
                Kind::of(dtype)
            ),
        ));
    }
    Ok(())
}

/// "a" or "an", before the kind's name.
fn article(kind: Kind) -> &'static str {
    if kind == Kind::Int { "an" } else { "a" }
}

/// `cast` keeps a tensor's kind: `dtype` must be one of `kind`'s.
pub(crate) fn cast(dtype: DType, kind: Kind) -> Check {
    let to = Kind::of(dtype);
    if to != kind {
        let method = match to {
            Kind::Float => "float",
            Kind::Int => "int",
            Kind::Bool => "bool",
        };
        let then = if dtype == to.usual_dtype() {
            String::new()
        } else {
            format!(" and then .cast(DType::{dtype:?})")
        };
        return Err(TensorError::new(
            "cast",
            TensorErrorKind::DType,
            format!(
                "{dtype} is a dtype of {to} tensors and this is {} {kind} tensor; cast converts within a kind, \
                 use .{method}(){then} to make {} {to} tensor",
                article(kind),
                article(to)
            ),
        ));
    }
    Ok(())
}

/// A scalar divisor of an `Int` tensor, which the backend truncates toward zero,
/// must not be 0 there.
pub(crate) fn int_divisor(op: &'static str, kind: Kind, divisor: Scalar) -> Check {
    if kind == Kind::Int && divisor.to_i64() == 0 {
        let truncated = match divisor {
            Scalar::Float(v) if v != 0.0 => format!(" ({v} truncates to 0 for an Int tensor)"),
            _ => String::new(),
        };
        return Err(TensorError::new(
            op,
            TensorErrorKind::Value,
            format!(
                "integer {} by zero{truncated}; divide by a nonzero integer, or call .float() first to divide as floats",
                if op.starts_with("rem") {
                    "remainder"
                } else {
                    "division"
                }
            ),
        ));
    }
    Ok(())
}

/// The mean of an `Int` tensor needs at least one element: an integer has no `NaN`
/// for the mean of none.
pub(crate) fn int_mean(op: &'static str, kind: Kind, count: usize) -> Check {
    if kind == Kind::Int && count == 0 {
        return Err(TensorError::new(
            op,
            TensorErrorKind::Value,
            "the mean of no elements is undefined for an Int tensor (a Float tensor's is NaN, as numpy's); \
             call .float() first for a NaN"
                .to_string(),
        ));
    }
    Ok(())
}

/// Every index must be in `0..size`, the size of `dim`.
pub(crate) fn indices(op: &'static str, indices: &[i64], dim: usize, size: usize) -> Check {
    if let Some(bad) = indices
        .iter()
        .find(|&&i| !usize::try_from(i).is_ok_and(|i| i < size))
    {
        return Err(TensorError::new(
            op,
            TensorErrorKind::Value,
            format!(
                "index {bad} is out of range for dim {dim} of size {size}; indices go from 0 to the size less 1"
            ),
        ));
    }
    Ok(())
}

/// Both operands of `op` must have the same dtype.
pub(crate) fn same_dtype(op: &'static str, lhs: DType, rhs: DType) -> Check {
    if lhs != rhs {
        return Err(TensorError::new(
            op,
            TensorErrorKind::DType,
            format!(
                "operands have different dtypes ({lhs} and {rhs}); convert one so both have the same dtype"
            ),
        ));
    }
    Ok(())
}

/// That two shapes of equal rank broadcast ([`broadcast`]), for an op whose backend
/// works out the broadcast shape itself: equal shapes pass with nothing built.
pub(crate) fn broadcasts(op: &'static str, lhs: &[usize], rhs: &[usize]) -> Check {
    if same_items(lhs, rhs) {
        return Ok(());
    }
    broadcast(op, lhs, rhs).map(drop)
}

/// The broadcast of two shapes of equal rank, by numpy's rules. Each is the shape of
/// a tensor (or one this check gave), so its element count fits: equal shapes (most
/// operands) are their own broadcast, with nothing counted again.
pub(crate) fn broadcast(op: &'static str, lhs: &[usize], rhs: &[usize]) -> Check<Shape> {
    if same_items(lhs, rhs) {
        return Ok(Shape::from(lhs));
    }
    let mut dims = Dims::new();
    for (i, (&l, &r)) in lhs.iter().zip(rhs).enumerate() {
        dims.push(match (l, r) {
            _ if l == r => l,
            (1, r) => r,
            (l, 1) => l,
            _ => {
                return Err(TensorError::new(
                    op,
                    TensorErrorKind::Shape,
                    format!(
                        "shapes {} and {} do not broadcast: dim {i} has sizes {l} and {r}; \
                         sizes along each dim must be equal or 1",
                        Shape::from(lhs),
                        Shape::from(rhs)
                    ),
                ));
            }
        });
    }
    counted(op, dims)
}

/// `from` broadcast to `to`, which has at least its rank: `from` is aligned to the
/// right of `to`, and each of its sizes equals `to`'s or is 1. Gives `from` with
/// leading 1s up to `to`'s rank.
pub(crate) fn expand(from: &Shape, to: &Shape) -> Check<Shape> {
    let error = |rule: String| Err(TensorError::new("expand", TensorErrorKind::Shape, rule));
    if to.rank() < from.rank() {
        return error(format!(
            "a tensor of shape {from} cannot expand to {to}, which has fewer dims; expand keeps or adds dims"
        ));
    }
    let lead = to.rank() - from.rank();
    for (i, &size) in from.dims().iter().enumerate() {
        let want = to.dims()[lead + i];
        if size != want && size != 1 {
            return error(format!(
                "a tensor of shape {from} cannot expand to {to}: dim {i} has size {size}, not 1 or {want}"
            ));
        }
    }
    counted("expand", to.dims().to_vec())?;
    let mut dims = vec![1; lead];
    dims.extend_from_slice(from.dims());
    Ok(Shape::new(dims))
}

/// The operands of a matrix product: `[.., m, k] @ [.., k, n]` with broadcast batch
/// dims, or two vectors of equal length at rank 1.
pub(crate) fn matmul(lhs: &Shape, rhs: &Shape) -> Check {
    let error = |rule: String| Err(TensorError::new("matmul", TensorErrorKind::Shape, rule));
    let r = lhs.rank();
    if r == 0 {
        return error(format!(
            "shapes {lhs} and {rhs} are scalars; matmul needs rank 1 (vectors) or more"
        ));
    }
    if r == 1 {
        if lhs.dims()[0] != rhs.dims()[0] {
            return error(format!(
                "vectors of shapes {lhs} and {rhs} have different lengths; a dot product needs equal lengths"
            ));
        }
        return Ok(());
    }
    let (k1, k2) = (lhs.dims()[r - 1], rhs.dims()[r - 2]);
    if k1 != k2 {
        return error(format!(
            "shapes {lhs} and {rhs} cannot be multiplied: lhs has {k1} columns (dim {}) but rhs \
             has {k2} rows (dim {}); they must be equal",
            r - 1,
            r - 2
        ));
    }
    let batch = broadcast("matmul (batch dims)", &lhs.dims()[..r - 2], &rhs.dims()[..r - 2])?;
    let mut dims = batch.into_dims();
    dims.extend([lhs.dims()[r - 2], rhs.dims()[r - 1]]);
    counted("matmul", dims).map(drop)
}

/// `axes` must list each dim of a rank-`rank` tensor once.
pub(crate) fn permute(axes: &[usize], rank: usize) -> Check {
    let mut seen = vec![false; rank];
    for &a in axes {
        if a >= rank || std::mem::replace(&mut seen[a], true) {
            return Err(TensorError::new(
                "permute",
                TensorErrorKind::Dim,
                format!("axes {axes:?} are not a permutation of the dims 0..{rank}; list each dim once"),
            ));
        }
    }
    Ok(())
}

/// Each range must lie within its dim of `shape` and not decrease.
pub(crate) fn slice(op: &'static str, shape: &Shape, ranges: &[Range<usize>]) -> Check {
    for (i, (range, &size)) in ranges.iter().zip(shape.dims()).enumerate() {
        if range.start > range.end || range.end > size {
            return Err(TensorError::new(
                op,
                TensorErrorKind::Slice,
                format!(
                    "range {range:?} for dim {i} is outside the dim (size {size}) of a tensor of shape {shape}; \
                     ranges must satisfy start <= end <= size"
                ),
            ));
        }
    }
    Ok(())
}

/// The range `start..start + length` of dim `dim` of `shape` for `narrow`, whose
/// end must not overflow and must lie within the dim; the error quotes the user's
/// own `start` and `length`.
pub(crate) fn narrow(shape: &Shape, dim: usize, start: usize, length: usize) -> Check<Range<usize>> {
    self::dim("narrow", shape, dim)?;
    let size = shape.dims()[dim];
    match start.checked_add(length) {
        Some(end) if end <= size => Ok(start..end),
        _ => Err(TensorError::new(
            "narrow",
            TensorErrorKind::Slice,
            format!(
                "start {start} and length {length} along dim {dim} reach past its end (size {size}) in a \
                 tensor of shape {shape}; start + length must be at most {size}"
            ),
        )),
    }
}

/// The shape of the part of a tensor that `ranges` select.
pub(crate) fn sliced_shape(ranges: &[Range<usize>]) -> Shape {
    Shape::new(ranges.iter().map(|r| r.end - r.start).collect::<Vec<_>>())
}

/// `got` (what `got_name` names) must have the shape `want` (what `want_name`
/// names), for an op whose operands must match.
pub(crate) fn same_shape(
    op: &'static str,
    (want_name, want): (&str, &Shape),
    (got_name, got): (&str, &Shape),
) -> Check {
    if want != got {
        return Err(TensorError::new(
            op,
            TensorErrorKind::Shape,
            format!("{got_name} has shape {got} but {want_name} has shape {want}; they must be equal"),
        ));
    }
    Ok(())
}

/// The shape of the concatenation along `dim` of tensors of `shapes` and `dtypes`:
/// at least one (a `Cat` rule), `dim` one of their dims (`Dim`), one dtype (`DType`),
/// equal sizes along every other dim (`Cat`).
pub(crate) fn cat(op: &'static str, shapes: &[Shape], dtypes: &[DType], dim: usize) -> Check<Shape> {
    let error = |rule: String| Err(TensorError::new(op, TensorErrorKind::Cat, rule));
    let Some(first) = shapes.first() else {
        return error("no tensors were given; give at least one".to_string());
    };
    crate::check::dim(op, first, dim)?;
    let mut total = 0;
    for (i, (shape, &dtype)) in shapes.iter().zip(dtypes).enumerate() {
        if dtype != dtypes[0] {
            return Err(TensorError::new(
                op,
                TensorErrorKind::DType,
                format!(
                    "tensor {i} has dtype {dtype} but tensor 0 has {}; convert them to one dtype",
                    dtypes[0]
                ),
            ));
        }
        let differs = (0..shape.rank()).find(|&d| d != dim && shape.dims()[d] != first.dims()[d]);
        if let Some(d) = differs {
            return error(format!(
                "tensor {i} has shape {shape} but tensor 0 has {first}: they differ in dim {d}; \
                 every dim but {dim} must be equal"
            ));
        }
        total = joined_len(op, total, shape.dims()[dim])?;
    }
    let mut dims = first.dims().to_vec();
    dims[dim] = total;
    counted(op, dims)
}

/// `total + size`, the length of a joined dim, which must fit in a `usize`.
fn joined_len(op: &'static str, total: usize, size: usize) -> Check<usize> {
    total.checked_add(size).ok_or_else(|| {
        TensorError::new(
            op,
            TensorErrorKind::Size,
            format!(
                "the joined dim would have more than {} elements; join fewer",
                usize::MAX
            ),
        )
    })
}

/// `indices` must fit `shape` for an indexing op along `dim`: equal rank, and along
/// every other dim no larger.
pub(crate) fn index_shape(op: &'static str, shape: &Shape, indices: &Shape, dim: usize) -> Check {
    crate::check::dim(op, shape, dim)?;
    let fits = indices.rank() == shape.rank()
        && (0..shape.rank()).all(|d| d == dim || indices.dims()[d] <= shape.dims()[d]);
    if !fits {
        return Err(TensorError::new(
            op,
            TensorErrorKind::Shape,
            format!(
                "indices of shape {indices} do not fit a tensor of shape {shape} along dim {dim}; \
                 along every other dim the indices may be no larger than the tensor"
            ),
        ));
    }
    Ok(())
}

/// Dim `dim` of `shape` must have size 1, for `squeeze`.
pub(crate) fn squeeze(shape: &Shape, dim: usize) -> Check {
    crate::check::dim("squeeze", shape, dim)?;
    if shape.dims()[dim] != 1 {
        return Err(TensorError::new(
            "squeeze",
            TensorErrorKind::Shape,
            format!(
                "dim {dim} of shape {shape} has size {}; only a dim of size 1 can be removed",
                shape.dims()[dim]
            ),
        ));
    }
    Ok(())
}

/// `op`'s result rank `got` must be `want`, the rank the caller asked for.
pub(crate) fn result_rank(op: &'static str, want: usize, got: usize, rule: &str) -> Check {
    if want != got {
        return Err(TensorError::new(
            op,
            TensorErrorKind::Dim,
            format!("the result has rank {got} but rank {want} was asked for; {rule}"),
        ));
    }
    Ok(())
}

/// A tensor of `shape` must have one element to be a scalar.
pub(crate) fn scalar(shape: &Shape) -> Check {
    let n = shape.num_elements();
    if n != 1 {
        return Err(TensorError::new(
            "into_scalar",
            TensorErrorKind::Shape,
            format!("the tensor has shape {shape} ({n} elements); only a tensor of one element is a scalar"),
        ));
    }
    Ok(())
}

/// `start` must not be after `end`, for an op over the dims `start..=end`.
pub(crate) fn dim_order(op: &'static str, start: usize, end: usize) -> Check {
    if start > end {
        return Err(TensorError::new(
            op,
            TensorErrorKind::Dim,
            format!("start dim {start} is after end dim {end}; give start <= end"),
        ));
    }
    Ok(())
}

/// A rank-`from` tensor can only gain dims to become rank `to`.
pub(crate) fn adds_dims(op: &'static str, from: usize, to: usize) -> Check {
    if to < from {
        return Err(TensorError::new(
            op,
            TensorErrorKind::Dim,
            format!("a rank-{from} tensor cannot become rank {to}; {op} only adds dims"),
        ));
    }
    Ok(())
}

/// A new dim may be inserted at `dim`, `0..=rank`, of a rank-`rank` tensor.
pub(crate) fn insert_at(op: &'static str, dim_index: usize, rank: usize) -> Check {
    if dim_index > rank {
        return Err(TensorError::new(
            op,
            TensorErrorKind::Dim,
            format!("dim {dim_index} is out of range for a rank-{rank} tensor; insert at 0 to {rank}"),
        ));
    }
    Ok(())
}

/// A count or size that must be at least 1 (`chunks`, a part's `size`, a step),
/// with the rule `rule` when it is 0.
pub(crate) fn at_least_one(op: &'static str, value: usize, rule: impl FnOnce() -> String) -> Check {
    if value == 0 {
        return Err(TensorError::new(op, TensorErrorKind::Value, rule()));
    }
    Ok(())
}

/// The number of integers of `range` taken every `step` (at least 1), which must fit
/// a `usize`. Counted in `i128`: `end - start` may not fit an `i64`.
pub(crate) fn arange_count(range: &Range<i64>, step: usize) -> Check<usize> {
    let span = (i128::from(range.end) - i128::from(range.start)).max(0) as u128;
    usize::try_from(span.div_ceil(step as u128)).map_err(|_| {
        TensorError::new(
            "arange",
            TensorErrorKind::Size,
            format!("{range:?} has more than {} integers", usize::MAX),
        )
    })
}

/// `dtype` must be a float dtype, for an op that only floats have.
pub(crate) fn float_only(op: &'static str, dtype: DType) -> Check {
    if !dtype.is_float() {
        return Err(TensorError::new(
            op,
            TensorErrorKind::DType,
            format!("needs a float dtype, got {dtype}; convert the tensor with `float()` first"),
        ));
    }
    Ok(())
}

/// `op` along `dim` of `shape`: `dim` must be a dim of it and, for an op without an
/// identity (`Max`, `Min`, the `Arg` ops), not empty.
pub(crate) fn reduce_dim(op: ReduceOp, shape: &Shape, dim_index: usize) -> Check {
    dim(op.name(), shape, dim_index)?;
    if shape.dims()[dim_index] == 0 && !has_identity(op) {
        let what = if op.is_arg() { "index" } else { "element" };
        return Err(TensorError::new(
            op.name(),
            TensorErrorKind::Shape,
            format!("dim {dim_index} of shape {shape} is empty; it has no {what} to give"),
        ));
    }
    Ok(())
}

/// `op` over all elements of `shape` (the method `name`): for an op without an
/// identity, not empty.
pub(crate) fn reduce_all(op: ReduceOp, name: &'static str, shape: &Shape) -> Check {
    if shape.num_elements() == 0 && !has_identity(op) {
        return Err(TensorError::new(
            name,
            TensorErrorKind::Shape,
            format!("the tensor of shape {shape} is empty; it has no element to give"),
        ));
    }
    Ok(())
}

/// Whether `op` has a value over no elements (a sum 0, a product 1).
fn has_identity(op: ReduceOp) -> bool {
    matches!(op, ReduceOp::Sum | ReduceOp::Prod)
}

/// Stacking tensors of `shapes`, each of rank `rank`, along a new dim `dim`: `dim`
/// at most `rank`, and one shape for all.
pub(crate) fn stack(shapes: &[Shape], dim_index: usize, rank: usize) -> Check {
    if dim_index > rank {
        return Err(TensorError::new(
            "stack",
            TensorErrorKind::Dim,
            format!("dim {dim_index} is out of range for stacking rank-{rank} tensors; give 0 to {rank}"),
        ));
    }
    if let Some((i, s)) = shapes.iter().enumerate().find(|(_, s)| *s != &shapes[0]) {
        return Err(TensorError::new(
            "stack",
            TensorErrorKind::Cat,
            format!(
                "tensor {i} has shape {s} but tensor 0 has {}; stacked tensors must have one shape",
                shapes[0]
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! The checks on their own, so that `cargo test -p seam-tensor` protects them (the
    //! tensor suite in `tests/ops` reaches them through the ops too).

    use super::*;

    fn shape(dims: &[usize]) -> Shape {
        Shape::new(dims.to_vec())
    }

    #[track_caller]
    fn refused<T: core::fmt::Debug>(check: Check<T>, kind: TensorErrorKind, says: &str) {
        let error = check.expect_err("the check must refuse this");
        assert_eq!(error.kind(), kind, "{error}");
        assert!(error.message().contains(says), "{error} does not say {says:?}");
    }

    #[test]
    fn reshape_infers_one_minus_one_and_refuses_the_rest() {
        let from = shape(&[2, 3, 4]);
        assert_eq!(reshape(&from, &[6, -1]).unwrap().dims(), [6, 4]);
        assert_eq!(reshape(&from, &[-1]).unwrap().dims(), [24]);
        assert_eq!(reshape(&from, &[4, 3, 2]).unwrap().dims(), [4, 3, 2]);
        refused(
            reshape(&from, &[-1, -1]),
            TensorErrorKind::Reshape,
            "at most one may be -1",
        );
        refused(
            reshape(&from, &[-1, 4, -1]),
            TensorErrorKind::Reshape,
            "at most one may be -1",
        );
        refused(reshape(&from, &[-2, 12]), TensorErrorKind::Reshape, "0 or more");
        refused(
            reshape(&from, &[5, -1]),
            TensorErrorKind::Reshape,
            "no size for -1",
        );
        refused(
            reshape(&from, &[0, -1]),
            TensorErrorKind::Reshape,
            "no size for -1",
        );
        refused(
            reshape(&from, &[5, 5]),
            TensorErrorKind::Reshape,
            "as many elements",
        );
        assert_eq!(reshape(&shape(&[0, 3]), &[3, 0]).unwrap().dims(), [3, 0]);
    }

    #[test]
    fn permute_needs_each_dim_once() {
        assert!(permute(&[2, 0, 1], 3).is_ok());
        refused(permute(&[0, 0, 1], 3), TensorErrorKind::Dim, "list each dim once");
        refused(permute(&[1, 1], 2), TensorErrorKind::Dim, "not a permutation");
        refused(permute(&[0, 3, 1], 3), TensorErrorKind::Dim, "not a permutation");
    }

    #[test]
    fn matmul_needs_matching_inner_dims_and_broadcast_batches() {
        assert!(matmul(&shape(&[3]), &shape(&[3])).is_ok());
        refused(
            matmul(&shape(&[3]), &shape(&[4])),
            TensorErrorKind::Shape,
            "different lengths",
        );
        refused(
            matmul(&shape(&[]), &shape(&[])),
            TensorErrorKind::Shape,
            "scalars",
        );
        assert!(matmul(&shape(&[2, 3]), &shape(&[3, 5])).is_ok());
        refused(
            matmul(&shape(&[2, 3]), &shape(&[4, 5])),
            TensorErrorKind::Shape,
            "3 columns",
        );
        assert!(matmul(&shape(&[4, 1, 2, 3]), &shape(&[1, 5, 3, 2])).is_ok());
        refused(
            matmul(&shape(&[2, 2, 3]), &shape(&[3, 3, 2])),
            TensorErrorKind::Shape,
            "do not broadcast",
        );
    }

    #[test]
    fn broadcast_expand_and_slice_follow_their_rules() {
        assert_eq!(broadcast("add", &[2, 1], &[1, 3]).unwrap().dims(), [2, 3]);
        assert_eq!(broadcast("add", &[2, 3], &[2, 3]).unwrap().dims(), [2, 3]);
        refused(
            broadcast("add", &[2, 3], &[3, 3]),
            TensorErrorKind::Shape,
            "dim 0",
        );
        assert_eq!(
            expand(&shape(&[3, 1]), &shape(&[2, 3, 4])).unwrap().dims(),
            [1, 3, 1]
        );
        refused(
            expand(&shape(&[3, 2]), &shape(&[3, 4])),
            TensorErrorKind::Shape,
            "dim 1 has size 2",
        );
        refused(
            expand(&shape(&[1, 1, 1]), &shape(&[1, 1])),
            TensorErrorKind::Shape,
            "fewer dims",
        );
        assert!(slice("slice", &shape(&[4, 5]), &[1..3, 0..5]).is_ok());
        assert!(slice("slice", &shape(&[4, 5]), &[4..4, 0..0]).is_ok());
        refused(
            slice("slice", &shape(&[4, 5]), &[1..5, 0..5]),
            TensorErrorKind::Slice,
            "dim 0",
        );
        #[allow(clippy::reversed_empty_ranges)]
        let backwards = [3..1, 0..5];
        refused(
            slice("slice", &shape(&[4, 5]), &backwards),
            TensorErrorKind::Slice,
            "start <= end",
        );
    }

    #[test]
    fn cast_stays_within_a_kind_and_names_the_method_across() {
        assert!(cast(DType::F64, Kind::Float).is_ok());
        assert!(cast(DType::I32, Kind::Int).is_ok());
        // Across kinds: the method to call, with the extra cast where the dtype is
        // not the kind's default, and "a"/"an" before each kind.
        let error = cast(DType::I64, Kind::Float).unwrap_err();
        assert_eq!(error.kind(), TensorErrorKind::DType);
        assert!(
            error.message().contains(
                "this is a Float tensor; cast converts within a kind, use .int() to make an Int tensor"
            ),
            "{error}"
        );
        let error = cast(DType::F64, Kind::Int).unwrap_err();
        assert!(
            error
                .message()
                .contains("this is an Int tensor; cast converts within a kind, use .float() and then .cast(DType::F64) to make a Float tensor"),
            "{error}"
        );
        refused(
            cast(DType::Bool, Kind::Int),
            TensorErrorKind::DType,
            "use .bool()",
        );
    }

    #[test]
    fn an_int_divisor_of_zero_and_an_int_mean_of_nothing_are_refused() {
        let zero = Scalar::Int(0);
        refused(
            int_divisor("div_scalar", Kind::Int, zero),
            TensorErrorKind::Value,
            "integer division by zero; divide",
        );
        refused(
            int_divisor("rem_scalar", Kind::Int, zero),
            TensorErrorKind::Value,
            "integer remainder by zero",
        );
        refused(
            int_divisor("div_scalar", Kind::Int, Scalar::Float(0.5)),
            TensorErrorKind::Value,
            "by zero (0.5 truncates to 0 for an Int tensor)",
        );
        let plain = int_divisor("div_scalar", Kind::Int, Scalar::Float(0.0)).unwrap_err();
        assert!(
            plain.message().starts_with("integer division by zero; "),
            "{plain}"
        );
        assert!(int_divisor("div_scalar", Kind::Float, zero).is_ok());
        assert!(int_divisor("div_scalar", Kind::Int, Scalar::Int(2)).is_ok());
        assert!(int_divisor("div_scalar", Kind::Int, Scalar::Float(1.5)).is_ok());
        refused(
            int_mean("mean", Kind::Int, 0),
            TensorErrorKind::Value,
            "no elements",
        );
        assert!(int_mean("mean", Kind::Float, 0).is_ok());
        assert!(int_mean("mean", Kind::Int, 1).is_ok());
    }

    #[test]
    fn indices_lie_in_their_dim() {
        assert!(indices("gather", &[0, 2, 1], 1, 3).is_ok());
        assert!(indices("gather", &[], 0, 0).is_ok());
        refused(
            indices("gather", &[0, 3], 1, 3),
            TensorErrorKind::Value,
            "index 3 is out of range for dim 1 of size 3",
        );
        refused(indices("gather", &[-1], 0, 3), TensorErrorKind::Value, "index -1");
        let shape34 = shape(&[3, 4]);
        assert!(index_shape("gather", &shape34, &shape(&[5, 4]), 0).is_ok());
        assert!(index_shape("gather", &shape34, &shape(&[2, 3]), 1).is_ok());
        refused(
            index_shape("gather", &shape34, &shape(&[3, 5]), 0),
            TensorErrorKind::Shape,
            "indices of shape [3, 5] do not fit a tensor of shape [3, 4] along dim 0",
        );
        refused(
            index_shape("gather", &shape34, &shape(&[3]), 0),
            TensorErrorKind::Shape,
            "do not fit",
        );
        refused(
            index_shape("gather", &shape34, &shape(&[1, 1]), 2),
            TensorErrorKind::Dim,
            "dim 2",
        );
    }

    #[test]
    fn matmul_names_the_dims_it_compares() {
        refused(
            matmul(&shape(&[3, 4]), &shape(&[5, 6])),
            TensorErrorKind::Shape,
            "lhs has 4 columns (dim 1) but rhs has 5 rows (dim 0)",
        );
        // Rank 2 has no batch dims to broadcast; rank 5 has three.
        assert!(matmul(&shape(&[2, 3]), &shape(&[3, 4])).is_ok());
        assert!(matmul(&shape(&[2, 1, 3, 4, 5]), &shape(&[1, 7, 3, 5, 6])).is_ok());
        // The result's size is counted from the right dims: [1, 2^30] fits where
        // [2^40, 2^30] would not; [1, 1, 2^40, 2^20, 2^20] does not fit where the
        // same without one of its batch dims would.
        assert!(matmul(&shape(&[1, 1 << 40]), &shape(&[1 << 40, 1 << 30])).is_ok());
        refused(
            matmul(
                &shape(&[1, 1, 1 << 40, 1 << 20, 1]),
                &shape(&[1, 1, 1 << 40, 1, 1 << 20]),
            ),
            TensorErrorKind::Size,
            "more elements than a usize counts",
        );
    }

    #[test]
    fn joined_and_sliced_shapes_and_equal_shapes() {
        assert_eq!(sliced_shape(&[1..3, 4..4, 0..5]).dims(), [2, 0, 5]);
        let (a, b) = (shape(&[2, 3]), shape(&[2, 4]));
        assert!(same_shape("slice_assign", ("the part", &a), ("the value", &a)).is_ok());
        refused(
            same_shape("slice_assign", ("the part", &a), ("the value", &b)),
            TensorErrorKind::Shape,
            "the value has shape [2, 4] but the part has shape [2, 3]",
        );
        let dtypes = [DType::F32; 3];
        let shapes = [a.clone(), b.clone(), shape(&[2, 1])];
        assert_eq!(cat("cat", &shapes, &dtypes, 1).unwrap().dims(), [2, 8]);
        refused(
            cat("cat", &shapes, &dtypes, 0),
            TensorErrorKind::Cat,
            "tensor 1 has shape [2, 4] but tensor 0 has [2, 3]: they differ in dim 1",
        );
        refused(
            cat("cat", &[a.clone(), a], &[DType::F32, DType::F64], 0),
            TensorErrorKind::DType,
            "tensor 1 has dtype f64",
        );
        refused(cat("cat", &[], &[], 0), TensorErrorKind::Cat, "no tensors");
    }

    #[test]
    fn squeeze_and_result_rank() {
        assert!(squeeze(&shape(&[2, 1, 3]), 1).is_ok());
        refused(
            squeeze(&shape(&[2, 1, 3]), 2),
            TensorErrorKind::Shape,
            "dim 2 of shape [2, 1, 3] has size 3",
        );
        assert!(result_rank("unsqueeze", 3, 3, "adds one dim").is_ok());
        refused(
            result_rank("unsqueeze", 2, 3, "adds one dim"),
            TensorErrorKind::Dim,
            "adds one dim",
        );
    }

    #[test]
    fn reductions_refuse_empty_dims_only_without_an_identity() {
        let empty = shape(&[2, 0]);
        assert!(reduce_dim(ReduceOp::Sum, &empty, 1).is_ok());
        assert!(reduce_dim(ReduceOp::Prod, &empty, 1).is_ok());
        assert!(reduce_dim(ReduceOp::Max, &empty, 0).is_ok());
        refused(
            reduce_dim(ReduceOp::Max, &empty, 1),
            TensorErrorKind::Shape,
            "dim 1 of shape [2, 0] is empty; it has no element to give",
        );
        refused(
            reduce_dim(ReduceOp::ArgMin, &empty, 1),
            TensorErrorKind::Shape,
            "no index to give",
        );
        refused(
            reduce_dim(ReduceOp::Sum, &empty, 2),
            TensorErrorKind::Dim,
            "dim 2",
        );
        assert!(reduce_all(ReduceOp::Sum, "sum", &empty).is_ok());
        assert!(reduce_all(ReduceOp::Max, "max", &shape(&[1])).is_ok());
        refused(
            reduce_all(ReduceOp::Min, "min", &empty),
            TensorErrorKind::Shape,
            "the tensor of shape [2, 0] is empty",
        );
    }

    #[test]
    fn stack_dims_and_shapes() {
        let (a, b) = (shape(&[2]), shape(&[3]));
        assert!(stack(&[a.clone(), a.clone()], 1, 1).is_ok());
        refused(
            stack(std::slice::from_ref(&a), 2, 1),
            TensorErrorKind::Dim,
            "give 0 to 1",
        );
        refused(
            stack(&[a, b], 0, 1),
            TensorErrorKind::Cat,
            "tensor 1 has shape [3] but tensor 0 has [2]",
        );
    }

    #[test]
    fn dtypes_scalars_dims_and_counts() {
        assert!(float_only("pow", DType::F64).is_ok());
        refused(float_only("pow", DType::I64), TensorErrorKind::DType, "got i64");
        assert!(scalar(&shape(&[1, 1])).is_ok());
        refused(scalar(&shape(&[2])), TensorErrorKind::Shape, "(2 elements)");
        assert!(dim_order("flatten", 1, 1).is_ok());
        refused(
            dim_order("flatten", 2, 1),
            TensorErrorKind::Dim,
            "start dim 2 is after end dim 1",
        );
        assert!(adds_dims("unsqueeze", 2, 2).is_ok());
        refused(
            adds_dims("unsqueeze", 3, 2),
            TensorErrorKind::Dim,
            "cannot become rank 2",
        );
        assert!(insert_at("unsqueeze_dim", 2, 2).is_ok());
        refused(
            insert_at("unsqueeze_dim", 3, 2),
            TensorErrorKind::Dim,
            "insert at 0 to 2",
        );
        assert!(at_least_one("chunk", 1, || unreachable!()).is_ok());
        refused(
            at_least_one("chunk", 0, || "zero".into()),
            TensorErrorKind::Value,
            "zero",
        );
        assert_eq!(arange_count(&(0..7), 3).unwrap(), 3);
        assert_eq!(arange_count(&Range { start: 5, end: 2 }, 1).unwrap(), 0);
        assert_eq!(arange_count(&(i64::MIN..i64::MAX), usize::MAX).unwrap(), 1);
        if usize::BITS < 64 {
            refused(
                arange_count(&(i64::MIN..i64::MAX), 1),
                TensorErrorKind::Size,
                "integers",
            );
        }
    }

    #[test]
    fn narrow_takes_a_range_up_to_the_dims_end_and_refuses_past_it() {
        let t = shape(&[2, 5]);
        assert_eq!(narrow(&t, 1, 1, 3).unwrap(), 1..4);
        assert_eq!(narrow(&t, 1, 2, 3).unwrap(), 2..5);
        assert_eq!(narrow(&t, 1, 5, 0).unwrap(), 5..5);
        refused(
            narrow(&t, 1, 3, 3),
            TensorErrorKind::Slice,
            "start 3 and length 3 along dim 1",
        );
        refused(narrow(&t, 0, 1, usize::MAX), TensorErrorKind::Slice, "at most 2");
        refused(narrow(&t, 2, 0, 1), TensorErrorKind::Dim, "dim 2");
    }
}
