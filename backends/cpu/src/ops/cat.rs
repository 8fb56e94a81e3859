//! `cat`: tensors joined along one dim, in one pass that writes each element of the
//! result once.

use crate::CpuTensor;
use crate::element::CpuElement;
use crate::layout::Layout;
use crate::ops::same_dtype;
use crate::pool;
use crate::storage::dispatch;
use seam_backend::{Dims, vec_with_capacity};
use std::borrow::Cow;

/// `tensors` (at least one, of one dtype, with equal dims but along `dim`) joined
/// along `dim`, contiguous.
///
/// The result is built row by row of the dims before `dim`: each row is every
/// part's block for that row in turn, copied as a slice. No zeroed buffer is written
/// first, and a strided part is gathered into a contiguous copy once.
///
/// # Panics
///
/// If the tensors' dtypes differ, or their dims differ elsewhere than along `dim`.
pub(crate) fn cat(tensors: &[CpuTensor], dim: usize) -> CpuTensor {
    let first = &tensors[0];
    let mut dims = first.layout.dims.clone();
    dims[dim] = 0;
    for t in tensors {
        same_dtype("cat", first, t);
        let d = &t.layout.dims;
        let matches = d.len() == dims.len() && (0..d.len()).all(|i| i == dim || d[i] == dims[i]);
        assert!(
            matches,
            "cat: the tensors' dims {d:?} and {:?} differ along a dim other than {dim}",
            first.layout.dims
        );
        dims[dim] += d[dim];
    }
    dispatch!(&first.storage; F32 | F64 | I32 | I64 | Bool => |buf| join(buf, tensors, dims, dim);
    else unreachable!("every dtype can be joined"))
}

/// [`cat`] for the element type of the first tensor's buffer (`_first`, which only
/// names the type).
fn join<T: CpuElement>(_first: &[T], tensors: &[CpuTensor], dims: Dims, dim: usize) -> CpuTensor {
    let inner: usize = dims[dim + 1..].iter().product();
    let rows: usize = dims[..dim].iter().product();
    let len = rows * dims[dim] * inner;
    let parts: Vec<(Cow<'_, [T]>, usize)> = tensors
        .iter()
        .map(|t| {
            let values = T::values(&t.storage).expect("cat checked the dtypes");
            (contiguous(values, &t.layout), t.layout.dims[dim] * inner)
        })
        .collect();
    // A pooled buffer of this length is refilled; otherwise a new one is only
    // reserved, never zeroed.
    let mut out = match pool::take::<T>(len) {
        Some(mut buf) => {
            buf.clear();
            buf
        }
        None => vec_with_capacity(len, &format_args!("cat, a tensor of {len} {}", T::DTYPE)),
    };
    for row in 0..rows {
        for (values, block) in &parts {
            out.extend_from_slice(&values[row * block..(row + 1) * block]);
        }
    }
    debug_assert_eq!(out.len(), len);
    CpuTensor::new(out, dims)
}

/// The values of the view `layout` of `buf`, row-major: borrowed where the view is
/// a contiguous range of the buffer, else gathered.
fn contiguous<'a, T: CpuElement>(buf: &'a [T], layout: &Layout) -> Cow<'a, [T]> {
    match layout.contiguous_range() {
        Some(range) => Cow::Borrowed(&buf[range]),
        None => Cow::Owned(layout.gather(buf).into_vec()),
    }
}
