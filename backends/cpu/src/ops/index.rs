//! Indexing along one dim: `gather` and its reverse, `scatter_add`.

use crate::CpuTensor;
use crate::element::Numeric;
use crate::layout::Layout;
use crate::ops::same_dtype;
use crate::storage::{Storage, dispatch};

/// `out[.., i, ..] = tensor[.., indices[.., i, ..], ..]` along `dim`, with the shape
/// of `indices` (an `i32` or `i64` tensor of the same rank, no longer than `tensor`
/// along the other dims).
pub(crate) fn gather(dim: usize, tensor: CpuTensor, indices: CpuTensor) -> CpuTensor {
    let (tensor, indices) = (&tensor, &indices);
    let idx = index_values("gather", indices);
    let lanes = lanes("gather", dim, tensor.layout(), &indices.layout().dims);
    let along = Along::of(tensor.layout(), dim);
    let dims = indices.layout().dims.clone();
    dispatch!(&tensor.storage; F32 | F64 | I32 | I64 | Bool
        => |buf| {
            let out = lanes
                .indices()
                .zip(indices.layout().indices())
                .map(|(start, k)| buf[start + along.offset("gather", idx[k])])
                .collect::<Vec<_>>();
            CpuTensor::new(out, dims)
        };
        else unreachable!())
}

/// A contiguous copy of `tensor` with each element of `values` added where
/// `gather` would have read it: at its own position, with its `dim` coordinate
/// replaced by the matching element of `indices` (same shape as `values`).
/// Repeated indices accumulate.
pub(crate) fn scatter_add(dim: usize, tensor: CpuTensor, indices: CpuTensor, values: CpuTensor) -> CpuTensor {
    let (tensor, indices, values) = (&tensor, &indices, &values);
    let idx = index_values("scatter", indices);
    debug_assert_eq!(
        indices.layout().dims,
        values.layout().dims,
        "scatter: indices of shape {:?} and values of shape {:?} must have one shape",
        indices.layout().dims,
        values.layout().dims
    );
    let dims = tensor.layout().dims.clone();
    let out_layout = Layout::contiguous(dims.clone(), 0);
    let lanes = lanes("scatter", dim, &out_layout, &indices.layout().dims);
    let along = Along::of(&out_layout, dim);
    let dtype = tensor.dtype();
    dispatch!((&tensor.storage, &values.storage); F32 | F64 | I32 | I64
    => |buf, v| {
        let mut out = crate::loops::gather(buf, tensor.layout());
        let targets = lanes.indices().zip(indices.layout().indices());
        for ((start, k), j) in targets.zip(values.layout().indices()) {
            let at = start + along.offset("scatter", idx[k]);
            out[at] = Numeric::add(out[at], v[j]);
        }
        CpuTensor::new(out, dims)
    };
    else {
        same_dtype("scatter_add", tensor, values);
        panic!("scatter_add needs a numeric dtype, got {dtype}")
    })
}

/// One dim of a layout: which, its size and its stride.
#[derive(Clone, Copy)]
struct Along {
    dim: usize,
    size: usize,
    stride: usize,
}

impl Along {
    /// Dim `dim` of `layout`.
    fn of(layout: &Layout, dim: usize) -> Self {
        Self {
            dim,
            size: layout.dims[dim],
            stride: layout.strides[dim],
        }
    }

    /// The buffer step to position `index` along the dim; panics (naming `what`)
    /// if `index` is out of range.
    #[track_caller]
    fn offset(self, what: &str, index: i64) -> usize {
        match usize::try_from(index) {
            Ok(i) if i < self.size => i * self.stride,
            _ => panic!(
                "{what}: index {index} is out of range for dim {} of size {}",
                self.dim, self.size
            ),
        }
    }
}

/// The elements of `indices`' buffer as `i64` (read through its layout by the
/// callers): borrowed from an `i64` buffer, widened from an `i32` one.
fn index_values<'a>(what: &str, indices: &'a CpuTensor) -> std::borrow::Cow<'a, [i64]> {
    match &indices.storage {
        Storage::I64(buf) => std::borrow::Cow::Borrowed(&buf[..]),
        Storage::I32(buf) => std::borrow::Cow::Owned(buf.iter().map(|&i| i64::from(i)).collect()),
        _ => panic!(
            "{what}: indices need an integer dtype (i32 or i64), got {}",
            indices.dtype()
        ),
    }
}

/// The buffer index of element `[p0, .., 0 (at dim), ..]` of `layout`, for each
/// position `p` of `index_dims` row-major: `layout` with `index_dims` and stride 0
/// along `dim`. The element at index `i` along `dim` is `i * strides[dim]` further.
fn lanes(what: &str, dim: usize, layout: &Layout, index_dims: &[usize]) -> Layout {
    let dims = &layout.dims;
    debug_assert!(
        dim < dims.len()
            && index_dims.len() == dims.len()
            && index_dims
                .iter()
                .zip(dims)
                .enumerate()
                .all(|(d, (&i, &n))| d == dim || i <= n),
        "{what}: indices of shape {index_dims:?} do not fit a tensor of shape {dims:?} along dim {dim} \
         (same rank, no longer along the other dims)"
    );
    let mut strides = layout.strides.clone();
    strides[dim] = 0;
    Layout {
        dims: index_dims.into(),
        strides,
        offset: layout.offset,
    }
}
