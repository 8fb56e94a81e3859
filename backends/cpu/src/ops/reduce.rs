//! Reductions along one dim: `Sum`, `Prod`, `Max`, `Min`, `ArgMax` and `ArgMin`,
//! all through one loop ([`reduce_lanes`]).

use crate::CpuTensor;
use crate::element::Numeric;
use crate::layout::Layout;
use crate::storage::dispatch;
use seam_backend::ReduceOp;

/// `op` over `tensor` along `dim`, which is kept with size 1: elements of the
/// input's dtype, or `i64` indices for the `Arg` ops.
pub(crate) fn reduce_dim(op: ReduceOp, tensor: &CpuTensor, dim: usize) -> CpuTensor {
    let layout = &tensor.layout;
    let rank = layout.dims.len();
    let name = op.name();
    assert!(dim < rank, "{name}: dim {dim} must be < rank {rank}");
    let needs_elements = !matches!(op, ReduceOp::Sum | ReduceOp::Prod);
    assert!(
        !needs_elements || layout.dims[dim] > 0,
        "{name}: dim {dim} of shape {:?} is empty; {name} needs at least one element",
        layout.dims
    );
    let mut dims = layout.dims.clone();
    dims[dim] = 1;
    let dtype = tensor.dtype();
    dispatch!(&tensor.storage; F32 | F64 | I32 | I64
        => |buf| reduce_kernel(op, buf, layout, dim, dims);
        else panic!("{name} needs a numeric dtype, got {dtype}"))
}

/// `op` along `dim` of the view, as a tensor of `dims`.
fn reduce_kernel<T: Numeric>(
    op: ReduceOp,
    buf: &[T],
    layout: &Layout,
    dim: usize,
    dims: Vec<usize>,
) -> CpuTensor {
    // The lane is known non-empty for all but `Sum` and `Prod` (checked above).
    let first = |best: Option<T>| best.expect("non-empty lane");
    let arg = |best: Option<(usize, T)>| best.expect("non-empty lane").0 as i64;
    let values = match op {
        ReduceOp::Sum => reduce_lanes(buf, layout, dim, T::ZERO, |acc, _, x| acc.add(x), |acc| acc),
        ReduceOp::Prod => reduce_lanes(buf, layout, dim, T::ONE, |acc, _, x| acc.mul(x), |acc| acc),
        ReduceOp::Max => reduce_lanes(
            buf,
            layout,
            dim,
            None,
            |best, _, x| Some(keep(best, x, |x, b| x > b)),
            first,
        ),
        ReduceOp::Min => reduce_lanes(
            buf,
            layout,
            dim,
            None,
            |best, _, x| Some(keep(best, x, |x, b| x < b)),
            first,
        ),
        ReduceOp::ArgMax => {
            let found = reduce_lanes(
                buf,
                layout,
                dim,
                None,
                |best, j, x| keep_arg(best, j, x, |x, b| x > b),
                arg,
            );
            return CpuTensor::new(found, dims);
        }
        ReduceOp::ArgMin => {
            let found = reduce_lanes(
                buf,
                layout,
                dim,
                None,
                |best, j, x| keep_arg(best, j, x, |x, b| x < b),
                arg,
            );
            return CpuTensor::new(found, dims);
        }
    };
    CpuTensor::new(values, dims)
}

/// `x` if there is no best yet or `better(x, best)`, else the best so far: the
/// first of equal elements wins.
fn keep<T: Copy>(best: Option<T>, x: T, better: impl Fn(T, T) -> bool) -> T {
    match best {
        Some(b) if !better(x, b) => b,
        _ => x,
    }
}

/// As [`keep`], for (index, element) pairs compared by element.
fn keep_arg<T: Copy>(
    best: Option<(usize, T)>,
    j: usize,
    x: T,
    better: impl Fn(T, T) -> bool,
) -> Option<(usize, T)> {
    match best {
        Some((_, b)) if !better(x, b) => best,
        _ => Some((j, x)),
    }
}

/// For each lane along `dim` (one per position of the other dims, row-major), `init`
/// folded with `step(acc, index along dim, element)` over the lane's elements, then
/// `finish`ed.
fn reduce_lanes<T: Copy, A: Copy, O>(
    buf: &[T],
    layout: &Layout,
    dim: usize,
    init: A,
    step: impl Fn(A, usize, T) -> A,
    finish: impl Fn(A) -> O,
) -> Vec<O> {
    let size = layout.dims[dim];
    let stride = layout.strides[dim];
    let mut starts = layout.clone();
    starts.dims[dim] = 1;
    starts
        .indices()
        .map(|start| finish((0..size).fold(init, |acc, j| step(acc, j, buf[start + j * stride]))))
        .collect()
}
