//! The checks burn-tensor makes before calling its bridge, made here inside the
//! helpers (plain functions, compiled once). Each panic names the op, the shapes or
//! dims at fault and what would be valid.

use burn_backend::TensorMetadata;
use burn_dispatch::DispatchTensor;
use burn_std::{DType, Shape};

/// `index` as a dim of a rank-`rank` tensor: negative ones count from the end.
pub(crate) fn dim(op: &str, index: isize, rank: usize) -> usize {
    wrapped(index, rank).unwrap_or_else(|| {
        panic!("{op}: dim {index} is out of range for a tensor of rank {rank} (valid: -{rank}..{rank})")
    })
}

/// `index` in `0..len`, negative ones counting from the end, if it is in range.
fn wrapped(index: isize, len: usize) -> Option<usize> {
    let wrapped = if index < 0 { index.checked_add_unsigned(len)? } else { index };
    (0..len as isize).contains(&wrapped).then_some(wrapped as usize)
}

/// Panics unless `lhs` and `rhs` broadcast together, dim by dim.
fn broadcast(op: &str, lhs: &Shape, rhs: &Shape) {
    let (a, b) = (lhs.as_slice(), rhs.as_slice());
    let fits = a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y || *x == 1 || *y == 1);
    assert!(
        fits,
        "{op}: shapes {a:?} and {b:?} do not broadcast: each dim must be equal, or 1 in one of them"
    );
}

/// Panics unless `lhs` and `rhs` are on one device and their shapes broadcast: an
/// element-wise op of two tensors.
pub(crate) fn binary(op: &str, lhs: &DispatchTensor, rhs: &DispatchTensor) {
    same_device(op, lhs, rhs);
    broadcast(op, &lhs.shape(), &rhs.shape());
}

/// Panics unless `lhs` and `rhs` are on one device (whether each records gradients
/// aside, as devices compare).
pub(crate) fn same_device(op: &str, lhs: &DispatchTensor, rhs: &DispatchTensor) {
    let (a, b) = (lhs.device(), rhs.device());
    assert!(a == b, "{op}: the tensors are on different devices, {a:?} and {b:?}; move one there with to_device");
}

/// Panics unless `lhs @ rhs` is defined: one device, the inner dims agree and the
/// batch dims broadcast.
pub(crate) fn matmul(lhs: &DispatchTensor, rhs: &DispatchTensor) {
    same_device("matmul", lhs, rhs);
    let (lhs, rhs) = (lhs.shape(), rhs.shape());
    let (x, y) = (lhs.as_slice(), rhs.as_slice());
    let n = x.len();
    let fits = n >= 2
        && n == y.len()
        && x[n - 1] == y[n - 2]
        && x[..n - 2].iter().zip(&y[..n - 2]).all(|(p, q)| p == q || *p == 1 || *q == 1);
    assert!(
        fits,
        "matmul: shapes {x:?} and {y:?} do not multiply: the last dim of the left must equal the \
         second-to-last of the right, and the batch dims broadcast"
    );
}

/// Panics unless a shape created for a rank-`D` tensor has `D` dims.
pub(crate) fn creation(op: &str, shape: &Shape, rank: usize) {
    assert!(
        shape.num_dims() == rank,
        "{op}: a shape of {} dims ({:?}) for a tensor of rank {rank}",
        shape.num_dims(),
        shape.as_slice()
    );
}

/// `index` as an entry of a dim of size `size`: negative ones count from the end.
pub(crate) fn index(op: &str, index: isize, size: usize) -> usize {
    wrapped(index, size).unwrap_or_else(|| {
        panic!("{op}: index {index} is out of range for a dim of size {size} (valid: -{size}..{size})")
    })
}

/// `slices` (one per dim of `shape`, clamped by `SliceArg`) and the shape of the
/// region they pick, unless one has a step of 0.
pub(crate) fn slices(op: &str, slices: Vec<burn_std::Slice>, shape: &Shape) -> (Vec<burn_std::Slice>, Shape) {
    for (dim, slice) in slices.iter().enumerate() {
        assert!(slice.step() != 0, "{op}: a step of 0 in dim {dim}; steps are non-zero");
    }
    let region: Vec<usize> = slices.iter().zip(shape.iter()).map(|(s, &n)| s.output_size(n)).collect();
    (slices, Shape::from(region))
}

/// Panics unless `lhs` and `rhs` are the same shape.
pub(crate) fn same_shape(op: &str, lhs: &Shape, rhs: &Shape) {
    assert!(
        lhs == rhs,
        "{op}: shapes {:?} and {:?} differ; they must be equal",
        lhs.as_slice(),
        rhs.as_slice()
    );
}

/// The shape of what `indices` (rank `m`, multi-indices in its last dim) pick from a
/// tensor of `shape`, after checking it has rank `dv`.
pub(crate) fn nd(op: &str, shape: &Shape, indices: &Shape, m: usize, dv: usize) -> Vec<usize> {
    let depth = indices[m - 1];
    assert!(
        depth <= shape.num_dims(),
        "{op}: multi-indices of {depth} entries into a tensor of rank {}",
        shape.num_dims()
    );
    let picked: Vec<usize> = indices.as_slice()[..m - 1].iter().chain(&shape.as_slice()[depth..]).copied().collect();
    assert!(
        picked.len() == dv,
        "{op}: indices of shape {:?} into {:?} pick rank {}, not {dv}",
        indices.as_slice(),
        shape.as_slice(),
        picked.len()
    );
    picked
}

/// The shape `dims` ask of a tensor of shape `source` (`-1` inferred from the element
/// count, `0` keeping the source's dim), or a panic naming both.
pub(crate) fn reshape(source: &Shape, dims: Vec<isize>) -> Shape {
    match source.reshape(&dims) {
        Ok(target) => target,
        Err(e) => panic!("reshape: {:?} to {dims:?}: {e:?}", source.as_slice()),
    }
}

/// `dtype` is not quantized, or a panic naming `op`, which makes a tensor of its
/// input's dtype and cannot make a quantized one.
pub(crate) fn not_quantized(op: &str, dtype: &DType) {
    assert!(
        !matches!(dtype, DType::QFloat(_)),
        "{op}: the tensor is quantized ({dtype:?}), which {op} cannot make; dequantize it first"
    );
}

/// The `k` largest of dim `dim` of `shape` exist, or a panic naming `op`.
pub(crate) fn top_k(op: &str, k: usize, shape: &Shape, dim: usize) {
    let size = shape[dim];
    assert!(k <= size, "{op}: k = {k} is more than the {size} elements of dim {dim}; ask for at most {size}");
}

/// `dims` as dims of a rank-`rank` tensor, none named twice.
pub(crate) fn distinct_dims(op: &str, dims: &[isize], rank: usize) -> Vec<usize> {
    let dims: Vec<usize> = dims.iter().map(|&d| dim(op, d, rank)).collect();
    for (i, d) in dims.iter().enumerate() {
        assert!(!dims[..i].contains(d), "{op}: dim {d} appears twice in {dims:?}; name each dim once");
    }
    dims
}

/// Panics unless `source` broadcasts to `target`: aligned from the last dim, each
/// source dim equals the target's or is 1, and the target has at least as many dims.
pub(crate) fn expand(op: &str, source: &Shape, target: &Shape) {
    let (from, to) = (source.as_slice(), target.as_slice());
    let fits = to.len() >= from.len()
        && from.iter().rev().zip(to.iter().rev()).all(|(f, t)| f == t || *f == 1 || *t == 1);
    assert!(
        fits,
        "{op}: shape {from:?} does not broadcast to {to:?}: aligned from the last dim, each dim \
         must be equal, or 1 in the source"
    );
}
