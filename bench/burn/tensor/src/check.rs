//! The checks burn-tensor makes before calling its bridge, made here inside the
//! helpers (plain functions, compiled once). Each panic names the op, the shapes or
//! dims at fault and what would be valid.

use burn_backend::TensorMetadata;
use burn_dispatch::DispatchTensor;
use burn_std::{DType, IndexingUpdateOp, Shape};
#[cfg(feature = "extension")]
use crate::bridge::Kind;

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

/// Panics unless the result's rank `rank` is larger than the source's `from` (a dim
/// inserted, then dims of size 1 up to `rank`).
pub(crate) fn larger_rank(op: &str, from: usize, rank: usize) {
    assert!(
        rank > from,
        "{op}: a rank-{from} tensor cannot become rank {rank}; the result's rank must be larger (use `cat` to join along an existing dim)"
    );
}

/// Panics unless there is at least one tensor to `action` (`count` of them).
pub(crate) fn some_tensors(op: &str, count: usize, action: &str) {
    assert!(count != 0, "{op}: no tensors to {action}; pass at least one");
}

/// Panics unless every tensor of rank `rank` has the first one's shape outside `dim`.
pub(crate) fn cat_shapes(op: &str, tensors: &[DispatchTensor], dim: usize, rank: usize) {
    let first = tensors[0].shape();
    for t in &tensors[1..] {
        let shape = t.shape();
        let fits = (0..rank).all(|d| d == dim || shape[d] == first[d]);
        assert!(
            fits,
            "{op}: shapes {:?} and {:?} differ outside dim {dim}",
            first.as_slice(),
            shape.as_slice()
        );
    }
}

/// Panics unless `shape` has `rank` dims and as many elements as `source`.
pub(crate) fn reshape_to(source: &Shape, shape: &Shape, rank: usize) {
    assert!(
        shape.num_dims() == rank && shape.num_elements() == source.num_elements(),
        "reshape: {:?} to {:?}: a Tensor<{rank}> needs {rank} dims and as many elements",
        source.as_slice(),
        shape.as_slice()
    );
}

/// Panics unless a rank-`rank` tensor can gain dims in front up to rank `target`.
pub(crate) fn unsqueeze(op: &str, rank: usize, target: usize) {
    assert!(target >= rank, "{op}: a rank-{rank} tensor cannot become rank {target}; D2 must be at least {rank}");
}

/// Panics unless removing the dims of size 1 from `shape` leaves `kept` = `target` dims.
pub(crate) fn squeeze(op: &str, shape: &Shape, kept: usize, target: usize) {
    assert!(kept == target, "{op}: {:?} has {kept} dims other than 1, not {target}", shape.as_slice());
}

/// Panics unless a rank-`rank` tensor less one dim is of rank `target`.
pub(crate) fn one_dim_less(op: &str, rank: usize, target: usize) {
    assert!(target + 1 == rank, "{op}: a rank-{rank} tensor becomes rank {}, not {target}", rank - 1);
}

/// Panics unless a rank-`rank` tensor, which `becomes` (unfolds, encodes) one dim
/// more, is asked for as rank `target`.
pub(crate) fn one_dim_more(op: &str, rank: usize, target: usize, becomes: &str) {
    assert!(target == rank + 1, "{op}: a rank-{rank} tensor {becomes} to rank {}, not {target}", rank + 1);
}

/// Panics unless dim `dim` of `dims` has size 1, to be removed.
pub(crate) fn size_one(op: &str, dims: &[usize], dim: usize) {
    assert!(dims[dim] == 1, "{op}: dim {dim} of {dims:?} has size {}, not 1", dims[dim]);
}

/// Panics unless `start..=end` are dims in order, which merged leave a rank-`rank`
/// tensor of rank `target`.
pub(crate) fn flatten(op: &str, start: usize, end: usize, rank: usize, target: usize) {
    assert!(start <= end, "{op}: start dim {start} is after end dim {end}");
    assert!(
        target == rank - (end - start),
        "{op}: dims {start}..={end} of a rank-{rank} tensor leave rank {}, not {target}",
        rank - (end - start)
    );
}

/// Panics unless there are at most `rank` sizes, one per dim.
pub(crate) fn repeat(op: &str, sizes: usize, rank: usize) {
    assert!(sizes <= rank, "{op}: {sizes} sizes for a tensor of rank {rank}");
}

/// Panics unless `chunks` is 1 or more.
pub(crate) fn chunks(op: &str, chunks: usize) {
    assert!(chunks > 0, "{op}: 0 chunks; ask for 1 or more");
}

/// Panics unless `split_size` is 1 or more.
pub(crate) fn split_size(op: &str, split_size: usize) {
    assert!(split_size > 0, "{op}: a split size of 0; ask for 1 or more");
}

/// Panics unless `sizes` add up to `size`, that of dim `dim`.
pub(crate) fn split_sizes(op: &str, sizes: &[usize], dim: usize, size: usize) {
    let total: usize = sizes.iter().sum();
    assert!(total == size, "{op}: sizes {sizes:?} add up to {total}, not dim {dim}'s {size}");
}

/// Panics unless `shape` less the dims `gone` has `kept` = `target` dims.
pub(crate) fn rank_without(op: &str, shape: &[usize], gone: &[usize], kept: usize, target: usize) {
    assert!(kept == target, "{op}: {shape:?} without dims {gone:?} has rank {kept}, not {target}");
}

/// Panics unless a rank-`rank` tensor with `new` dims inserted is of rank `target`.
pub(crate) fn unsqueeze_dims(op: &str, rank: usize, new: usize, target: usize) {
    assert!(
        rank + new == target,
        "{op}: rank {rank} with {new} new dims is rank {}, not {target}",
        rank + new
    );
}

/// Panics unless the places `at` (sorted, each after the last) are dims of rank `rank`.
pub(crate) fn places_fit(op: &str, at: &[usize], rank: usize) {
    assert!(at.last().is_none_or(|&last| last < rank), "{op}: axes {at:?} do not fit a tensor of rank {rank}");
}

/// The end of `length` elements from `start`, unless it is past `size`, that of dim `dim`.
pub(crate) fn narrow(op: &str, dim: usize, start: usize, length: usize, size: usize) -> usize {
    let end = start.checked_add(length).filter(|end| *end <= size);
    let Some(end) = end else {
        panic!("{op}: {start}..{start}+{length} is outside dim {dim} of size {size}");
    };
    end
}

/// Panics unless `weights` weights fit a tensor of `shape` (rank `rank`): one, or one
/// per channel (dim 1).
pub(crate) fn prelu(op: &str, weights: usize, shape: &Shape, rank: usize) {
    let channels = if rank >= 2 { shape[1] } else { 1 };
    assert!(
        weights == 1 || (rank >= 2 && weights == channels && weights > 0),
        "{op}: {weights} weights for a tensor of shape {:?}; give 1, or one per channel (dim 1, {channels})",
        shape.as_slice()
    );
}

/// Panics unless dim `dim`, of size `size`, splits in halves.
pub(crate) fn even(op: &str, dim: usize, size: usize) {
    assert!(size.is_multiple_of(2), "{op}: dim {dim} has size {size}, which does not split in halves; give an even size");
}

/// Panics unless the tensor is tracked (`tracked`), which a backward pass starts from.
#[cfg(feature = "autodiff")]
pub(crate) fn tracked(op: &str, tracked: bool) {
    assert!(
        tracked,
        "{op}: the tensor is not tracked; call `autodiff().require_grad()` on the leaf it is computed from"
    );
}

/// Panics unless the tensor is on an autodiff context (`autodiff`).
#[cfg(feature = "autodiff")]
pub(crate) fn autodiff(op: &str, autodiff: bool) {
    assert!(autodiff, "{op}: the tensor is not on an autodiff context; call `autodiff()` first");
}

/// A panic: the device has no autodiff, which gradient checkpointing needs.
#[cfg(feature = "autodiff")]
pub(crate) fn checkpointing_device(op: &str) -> ! {
    panic!("{op}: the device has no autodiff; call Device::autodiff() first, then .{op}()")
}

/// Panics unless a rank-`rank` tensor (a `what`: mask or tensor) has rows and columns.
pub(crate) fn matrix_rank(op: &str, rank: usize, what: &str) {
    assert!(rank >= 2, "{op}: a rank-{rank} {what} has no rows and columns; use rank 2 or more");
}

/// Panics unless a tensor has exactly one element (`count`).
pub(crate) fn one_element(op: &str, count: usize) {
    assert!(count == 1, "{op}: a tensor of {count} elements; it needs exactly one");
}

/// The elements read as `dtype`, or a panic naming why they cannot be.
pub(crate) fn read_as(
    op: &str,
    dtype: DType,
    read: Result<burn_std::TensorData, burn_std::TensorReadError>,
) -> burn_std::TensorData {
    read.unwrap_or_else(|e| panic!("{op}: the elements cannot be read as {dtype:?}: {e}"))
}

/// Panics unless `count` operands, at least one, are given for `subscripts` input
/// subscripts of `equation`.
pub(crate) fn einsum_operands(equation: &str, subscripts: usize, count: usize) {
    assert!(count != 0, "einsum: no operands; pass one per input subscript");
    assert!(
        subscripts == count,
        "einsum: {equation:?} has {subscripts} input subscripts for {count} operands"
    );
}

/// Panics unless `equation`'s result, of rank `got`, is of rank `rank`.
pub(crate) fn einsum_rank(equation: &str, got: usize, rank: usize) {
    assert!(got == rank, "einsum: {equation:?} gives a rank-{got} result, not rank {rank}");
}

/// Panics unless the output's `letter` is not among the `before` it.
pub(crate) fn einsum_output_once(equation: &str, before: &[u8], letter: u8) {
    assert!(
        !before.contains(&letter),
        "einsum: {equation:?}: the output names '{}' twice",
        letter as char
    );
}

/// Panics unless the output's `letter` is in an input (`in_input`).
pub(crate) fn einsum_output_in_input(equation: &str, letter: u8, in_input: bool) {
    assert!(in_input, "einsum: {equation:?}: the output's '{}' is in no input", letter as char);
}

/// Panics if the subscript `text` already has an ellipsis (`seen`).
pub(crate) fn einsum_one_ellipsis(equation: &str, text: &str, seen: bool) {
    assert!(!seen, "einsum: {equation:?}: two ellipses in {text:?}");
}

/// Panics unless `c` is a label: a letter.
pub(crate) fn einsum_label(equation: &str, c: char) {
    assert!(c.is_ascii_alphabetic(), "einsum: {equation:?}: {c:?} is not a label; labels are letters, and `...`");
}

/// Panics unless the two dims `dims` of operand `k` that repeat `label` (described)
/// have one size, `sizes` being theirs.
pub(crate) fn einsum_diagonal(k: usize, label: &str, sizes: (usize, usize), dims: (usize, usize)) {
    assert!(
        sizes.0 == sizes.1,
        "einsum: operand {k}: repeated subscripts must have equal dimensions; {label} has sizes {} and {} \
         (dims {} and {}), where a diagonal needs one size",
        sizes.0,
        sizes.1,
        dims.0,
        dims.1
    );
}

/// A panic: `label` (described) has size `known` in operand `from` and `size` in
/// operand `k`, neither 1.
pub(crate) fn einsum_sizes(label: &str, from: usize, known: usize, k: usize, size: usize) -> ! {
    panic!("einsum: {label}: operand {from} has size {known}, operand {k} has size {size}; sizes must match or be 1")
}

/// The width of operand `k`'s ellipsis (0 without one, `ellipsis`), unless its rank
/// `rank` does not fit the `named` dims of its subscript.
pub(crate) fn einsum_operand_rank(k: usize, rank: usize, named: usize, ellipsis: bool) -> usize {
    if ellipsis {
        return rank
            .checked_sub(named)
            .unwrap_or_else(|| panic!("einsum: operand {k} has rank {rank} but its subscript names {named} dims"));
    }
    assert!(rank == named, "einsum: operand {k} has rank {rank} but its subscript names {named} dims");
    0
}

/// Panics unless an erased tensor of `kind` and rank `rank` is a `Tensor<target_rank,
/// target>`.
#[cfg(feature = "extension")]
pub(crate) fn from_bridge(op: &str, kind: Kind, rank: usize, target: Kind, target_rank: usize) {
    assert!(
        kind == target && rank == target_rank,
        "{op}: a rank-{rank} {} tensor where a Tensor<{target_rank}, {}> was asked for",
        kind.name(),
        target.name()
    );
}

/// The kind of a tensor of `dtype`, unless it is `target`'s, or no kind's.
#[cfg(feature = "extension")]
pub(crate) fn dispatch_kind(op: &str, dtype: DType, target: Kind) -> Kind {
    let kind = match dtype {
        d if d.is_float() => Kind::Float,
        d if d.is_int() || d.is_uint() => Kind::Int,
        d if d.is_bool() => Kind::Bool,
        d => panic!("{op}: a tensor of dtype {d:?}, which no kind of this crate's holds"),
    };
    assert!(kind == target, "{op}: a tensor of dtype {dtype:?} where a {} tensor was asked for", target.name());
    kind
}

/// Panics unless a tensor of rank `rank` is of rank `target`.
#[cfg(feature = "extension")]
pub(crate) fn dispatch_rank(op: &str, rank: usize, target: usize) {
    assert!(rank == target, "{op}: a rank-{rank} tensor where rank {target} was asked for");
}

/// Panics unless `tensor` is on an autodiff device where its gradient is to be
/// tracked (`require_grad`).
pub(crate) fn require_grad(op: &str, tensor: &DispatchTensor, require_grad: bool) {
    assert!(
        !require_grad || tensor.autodiff != burn_dispatch::DispatchAutodiffContext::Disabled,
        "{op}: the tensor is not on an autodiff device, so nothing can track its \
         gradient; call `autodiff()` on it (or create it on an autodiff device) first"
    );
}

/// The count less one of dim `dim`, of size `size`, unless it is empty.
pub(crate) fn unbiased(op: &str, dim: usize, size: usize) -> usize {
    size.checked_sub(1).unwrap_or_else(|| {
        panic!("{op}: dim {dim} is empty; the unbiased variance needs at least one element")
    })
}

/// Panics unless dim `dim`, of size `size`, has an element to take the median of.
pub(crate) fn median(op: &str, dim: usize, size: usize) {
    assert!(size > 0, "{op}: dim {dim} is empty; a median needs at least one element");
}

/// Panics unless dim `dim` of `lhs` and `rhs` has size 3 in both.
pub(crate) fn cross_dim(op: &str, lhs: &Shape, rhs: &Shape, dim: usize) {
    assert!(
        lhs[dim] == 3 && rhs[dim] == 3,
        "{op}: dim {dim} of {:?} and {:?} must have size 3 in both",
        lhs.as_slice(),
        rhs.as_slice()
    );
}

/// Panics unless `lhs` and `rhs` (rank `rank`) broadcast outside dim `dim`.
pub(crate) fn broadcast_outside(op: &str, lhs: &Shape, rhs: &Shape, dim: usize, rank: usize) {
    let fits = (0..rank).all(|d| d == dim || lhs[d] == rhs[d] || lhs[d] == 1 || rhs[d] == 1);
    assert!(fits, "{op}: shapes {:?} and {:?} do not broadcast outside dim {dim}", lhs.as_slice(), rhs.as_slice());
}

/// Panics unless `num_samples` is 1 or more.
pub(crate) fn samples(op: &str, num_samples: usize) {
    assert!(num_samples > 0, "{op}: 0 samples; draw 1 or more");
}

/// Panics unless a tensor of `shape` has weights to draw from.
pub(crate) fn weights(op: &str, shape: &Shape) {
    assert!(
        shape.num_elements() > 0,
        "{op}: a tensor of shape {:?} has no weights to draw from; give each row one or more",
        shape.as_slice()
    );
}

/// Panics unless the parameters give a per-tensor scale (`given`) exactly when
/// `scheme` takes one (`takes`).
pub(crate) fn global_scale(op: &str, scheme: &burn_std::quantization::QuantScheme, takes: bool, given: bool) {
    assert!(
        takes == given,
        "{op}: {scheme:?} {} a per-tensor scale, and the parameters {} one",
        if takes { "takes" } else { "takes no" },
        if given { "give" } else { "give no" },
    );
}

/// Panics unless a per-tensor scale is one f32 element.
pub(crate) fn global_scale_shape(op: &str, global: &DispatchTensor) {
    let (shape, dtype) = (global.shape(), global.dtype());
    assert!(
        shape.as_slice() == [1] && dtype == DType::F32,
        "{op}: the per-tensor scale must be one f32 element, not {:?} of {dtype:?}",
        shape.as_slice()
    );
}

/// Panics unless every vector has a value: `sizes` are their sizes.
pub(crate) fn grid_vectors(op: &str, sizes: &[usize]) {
    if let Some(empty) = sizes.iter().position(|&size| size == 0) {
        panic!("{op}: vector {empty} is empty, and a grid takes one value or more per vector");
    }
}

/// Panics unless `vectors` vectors stack to rank `target`.
pub(crate) fn grid_stack_rank(op: &str, vectors: usize, target: usize) {
    assert!(target == vectors + 1, "{op}: {vectors} vectors stack to rank {}, not {target}", vectors + 1);
}

/// Panics unless `values` has the shape of `region`, the part of `shape` written over.
pub(crate) fn region_values(op: &str, region: &Shape, shape: &Shape, values: &Shape) {
    assert!(
        values == region,
        "{op}: the region {:?} of {:?} takes values of that shape, not {:?}",
        region.as_slice(),
        shape.as_slice(),
        values.as_slice()
    );
}

/// Panics unless `values` (rank `rank`) have the count of `indices` along dim `dim`
/// and `shape`'s sizes elsewhere.
pub(crate) fn select_values(op: &str, shape: &Shape, indices: &Shape, values: &Shape, dim: usize, rank: usize) {
    let fits = (0..rank).all(|d| if d == dim { values[d] == indices[0] } else { values[d] == shape[d] });
    assert!(
        fits,
        "{op}: values of shape {:?} for {} indices along dim {dim} of {:?}; \
         they need the indices' count along dim {dim} and the tensor's sizes elsewhere",
        values.as_slice(),
        indices[0],
        shape.as_slice()
    );
}

/// Panics unless `indices` and `values` have one shape, `shape`'s outside dim `dim`
/// (rank `rank`).
pub(crate) fn scatter(op: &str, shape: &Shape, indices: &Shape, values: &Shape, dim: usize, rank: usize) {
    let fits = indices == values && (0..rank).all(|d| d == dim || indices[d] == shape[d]);
    assert!(
        fits,
        "{op}: indices of shape {:?} and values of shape {:?} into {:?} along dim {dim}; \
         indices and values need one shape, equal to the tensor's outside dim {dim}",
        indices.as_slice(),
        values.as_slice(),
        shape.as_slice()
    );
}

/// Panics unless `values` have the shape `expected` that `indices` pick from `shape`.
pub(crate) fn nd_values(op: &str, shape: &Shape, indices: &Shape, values: &Shape, expected: &[usize]) {
    assert!(
        values.as_slice() == expected,
        "{op}: values of shape {:?} for indices of shape {:?} into {:?}; they need shape {expected:?}",
        values.as_slice(),
        indices.as_slice(),
        shape.as_slice()
    );
}

/// Panics unless `step` is 1 or more, to reach the end of `range`.
pub(crate) fn arange_step(op: &str, range: &core::ops::Range<i64>, step: usize) {
    assert!(step > 0, "{op}: a step of 0 never reaches the end of {range:?}; pass a step of 1 or more");
}

/// Panics unless a grid of rank `rank` is asked for as rank `target`, one more.
pub(crate) fn grid_rank(op: &str, rank: usize, target: usize) {
    assert!(target == rank + 1, "{op}: a grid of rank {rank} gives rank {}, not {target}", rank + 1);
}

/// Panics unless `update` is `Add`, the one way bool tensors combine (logical or).
pub(crate) fn or_only(op: &str, update: IndexingUpdateOp) {
    assert!(
        matches!(update, IndexingUpdateOp::Add),
        "{op}: bool tensors combine only by logical or, IndexingUpdateOp::Add; got {update:?}"
    );
}

/// A panic: bool tensors have no `op`.
pub(crate) fn not_bool(op: &str) -> ! {
    panic!("{op}: bool tensors have no {op}; convert with `.int()` first")
}

/// Panics unless there are as many source dims `src` as destinations `dst`.
pub(crate) fn movedim(op: &str, src: &[usize], dst: &[usize]) {
    assert!(
        src.len() == dst.len(),
        "{op}: {} source dims {src:?} for {} destinations {dst:?}; give as many of each",
        src.len(),
        dst.len()
    );
}

/// Panics unless there is one shift per dim.
pub(crate) fn roll(op: &str, shifts: usize, dims: usize) {
    assert!(shifts == dims, "{op}: {shifts} shifts for {dims} dims; give one shift per dim");
}

/// Panics unless `step` is 1 or more.
pub(crate) fn window_step(op: &str, step: usize) {
    assert!(step > 0, "{op}: a step of 0; windows need a step of 1 or more");
}

/// Panics unless rank `rank` by indices of rank `indices` is asked for as rank `target`.
pub(crate) fn take(op: &str, rank: usize, indices: usize, target: usize) {
    assert!(
        target == rank + indices - 1,
        "{op}: rank {rank} by indices of rank {indices} gives rank {}, not {target}",
        rank + indices - 1
    );
}

/// Panics unless the input's `channels` are what the convolution's weight takes:
/// `expected`. Burn's wording, which tests match.
pub(crate) fn channels(op: &str, channels: usize, expected: usize) {
    assert!(
        channels == expected,
        "{op}: Number of channels in input tensor and input channels of convolution must be equal. \
         got: {channels}, expected: {expected}"
    );
}

/// Panics unless a per-channel parameter `name` of batch norm, of `shape`, has
/// `channels` elements.
pub(crate) fn per_channel(op: &str, name: &str, shape: &Shape, channels: usize) {
    assert!(
        shape.as_slice() == [channels],
        "{op}: {name} has shape {:?}; it takes one value per channel, [{channels}]",
        shape.as_slice()
    );
}

/// Panics unless a rank-`rank` input has a channel dim (dim 1).
pub(crate) fn channel_dim(op: &str, rank: usize) {
    assert!(rank >= 2, "{op}: a rank-{rank} input has no channel dim; use rank 2 or more ([batch, channels, ..])");
}

/// Panics unless `options` pad symmetrically.
pub(crate) fn symmetric_padding<const N: usize>(op: &str, options: &burn_std::ops::ConvOptions<N>) {
    assert!(
        !options.is_asymmetric(),
        "{op}: asymmetric padding {:?} is not supported; pad the input with `Tensor::pad` first",
        options.padding
    );
}

/// `size` (a dim of size `input` times `scale`), unless it overflows a size.
pub(crate) fn scaled_size(op: &str, input: usize, scale: f32) -> usize {
    let size = input as f64 * scale as f64;
    assert!(
        size <= usize::MAX as f64,
        "{op}: scale factor {} on a dim of size {} overflows the size",
        scale,
        input
    );
    size as usize
}

/// A panic: options set both an output size and a scale factor (`both`), or neither.
pub(crate) fn size_or_scale(op: &str, both: bool) -> ! {
    match both {
        true => panic!("{op}: options set both output_size and scale_factor; set one"),
        false => panic!("{op}: options set neither output_size nor scale_factor; set one"),
    }
}

/// Panics unless a sum that removes the dims of `shape` keeps at least one (`kept`).
pub(crate) fn some_dim_left(op: &str, shape: &Shape, kept: usize) {
    assert!(
        kept != 0,
        "{op}: removing every dim of {:?} leaves rank 0; keep at least one",
        shape.as_slice()
    );
}

/// Panics unless vectors of `lhs` and `rhs` are of one length.
pub(crate) fn dot(op: &str, lhs: &Shape, rhs: &Shape) {
    assert!(lhs == rhs, "{op}: vectors of lengths {} and {} differ", lhs[0], rhs[0]);
}

/// Panics unless `k` is below `size`, that of dim `dim`.
pub(crate) fn argtopk(op: &str, k: usize, dim: usize, size: usize) {
    assert!(k < size, "{op}: k = {k} for dim {dim} of size {size}; k must be below the size");
}

/// Panics unless a one-hot encoding of `num_classes` classes has at least 2.
pub(crate) fn classes(op: &str, num_classes: usize) {
    assert!(num_classes > 1, "{op}: {num_classes} classes; a one-hot encoding needs at least 2");
}

/// The class of `value` (negative ones counting from the end), unless it is not one
/// of `num_classes`.
pub(crate) fn class(op: &str, value: i64, num_classes: usize) -> i64 {
    let classes = num_classes as i64;
    let class = if value < 0 { value + classes } else { value };
    assert!(
        (0..classes).contains(&class),
        "{op}: the value {value} is not a class of {num_classes} (valid: -{num_classes}..{num_classes})"
    );
    class
}

/// Panics unless `count` (before, after) pairs fit a rank-`rank` tensor.
pub(crate) fn pad_pairs(op: &str, count: usize, rank: usize) {
    assert!(count <= rank, "{op}: {count} (before, after) pairs for a rank-{rank} tensor; pass at most one pair per dim");
}

/// Panics if `dtype` is quantized: a range is calibrated on the float tensor.
pub(crate) fn calibrated(op: &str, dtype: &DType) {
    assert!(
        !matches!(dtype, DType::QFloat(_)),
        "{op}: the tensor is already quantized; calibrate the float tensor before quantizing it"
    );
}

/// Panics unless `count` sizes give at least one per dim of `shape`.
pub(crate) fn expand_sizes(op: &str, count: usize, shape: &Shape) {
    assert!(
        count >= shape.num_dims(),
        "{op}: {count} sizes for a tensor of rank {}; give at least one per dim",
        shape.num_dims()
    );
}

/// The size `size` asks at dim `i`, `lead` dims in front of `shape` (`-1` keeps the
/// source's), unless it is not positive or keeps a dim the source lacks.
pub(crate) fn expand_size(op: &str, i: usize, size: isize, lead: usize, shape: &Shape) -> usize {
    match size {
        -1 if i >= lead => shape[i - lead],
        -1 => panic!("{op}: -1 at dim {i}, which the source of shape {:?} lacks", shape.as_slice()),
        n if n > 0 => n as usize,
        n => panic!("{op}: size {n} at dim {i}; sizes are positive, or -1 to keep the source's"),
    }
}
