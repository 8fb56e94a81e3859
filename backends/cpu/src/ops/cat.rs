//! `cat`: tensors joined along one dim, in one pass that writes each element of the
//! result once.

use crate::CpuTensor;
use crate::element::CpuElement;
use crate::layout::Layout;
use crate::ops::same_dtype;
use crate::parallel::{fill_chunks, serial};
use crate::pool;
use crate::storage::dispatch;
use seam_backend::{Dims, vec_with_capacity};
use std::borrow::Cow;

/// `tensors` (at least one, of one dtype, with equal dims but along `dim`) joined
/// along `dim`, contiguous.
///
/// The result is built row by row of the dims before `dim`: each row is every
/// part's block for that row in turn, copied as a slice. Below the thread threshold
/// no zeroed buffer is written first; above it the output is split across threads
/// as the elementwise ops' is. A strided part is gathered into a contiguous copy
/// once.
///
/// # Panics
///
/// If the tensors' dtypes differ, and in a debug build if their dims differ
/// elsewhere than along `dim` (a `Backend` precondition).
pub(crate) fn cat(tensors: &[CpuTensor], dim: usize) -> CpuTensor {
    let first = &tensors[0];
    let mut dims = first.layout().dims.clone();
    dims[dim] = 0;
    for t in tensors {
        same_dtype("cat", first, t);
        let d = &t.layout().dims;
        let matches = d.len() == dims.len() && (0..d.len()).all(|i| i == dim || d[i] == dims[i]);
        debug_assert!(
            matches,
            "cat: the tensors' dims {d:?} and {:?} differ along a dim other than {dim}",
            first.layout().dims
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
            (contiguous(values, t.layout()), t.layout().dims[dim] * inner)
        })
        .collect();
    let row_len: usize = parts.iter().map(|(_, block)| block).sum();
    let pieces = |lo, hi, copy: &mut dyn FnMut(usize, &[T])| for_each_piece(&parts, row_len, lo, hi, copy);
    let out = if serial(len, 1) {
        // A pooled buffer of this length is refilled; otherwise a new one is only
        // reserved, never zeroed.
        let mut out = match pool::take::<T>(len) {
            Some(mut buf) => {
                buf.clear();
                buf
            }
            None => vec_with_capacity(len, &pool::Refused::<T>::new(&dims)),
        };
        pieces(0, len, &mut |_, piece| out.extend_from_slice(piece));
        out
    } else {
        let mut out = pool::output(&dims);
        fill_chunks(&mut out, 1, |lo, chunk| {
            pieces(lo, lo + chunk.len(), &mut |at, piece| {
                chunk[at..at + piece.len()].copy_from_slice(piece);
            });
        });
        out
    };
    debug_assert_eq!(out.len(), len);
    CpuTensor::new(out, dims)
}

/// Calls `copy(position, piece)` for the pieces of the result's elements `lo..hi`
/// (row-major positions), in order: each is one part's block of one row, or the
/// part of it inside `lo..hi`, and `position` is where it starts, less `lo`. A row
/// of the result is every part's block in turn, `row_len` elements in all.
fn for_each_piece<T: Clone>(
    parts: &[(Cow<'_, [T]>, usize)],
    row_len: usize,
    lo: usize,
    hi: usize,
    copy: &mut dyn FnMut(usize, &[T]),
) {
    let mut at = lo;
    while at < hi {
        let (row, mut skip) = (at / row_len, at % row_len);
        for (values, block) in parts {
            if skip >= *block {
                skip -= block;
                continue;
            }
            let len = (block - skip).min(hi - at);
            copy(at - lo, &values[row * block + skip..][..len]);
            at += len;
            skip = 0;
            if at == hi {
                return;
            }
        }
    }
}

/// The values of the view `layout` of `buf`, row-major: borrowed where the view is
/// a contiguous range of the buffer, else gathered.
fn contiguous<'a, T: CpuElement>(buf: &'a [T], layout: &Layout) -> Cow<'a, [T]> {
    match layout.contiguous_range() {
        Some(range) => Cow::Borrowed(&buf[range]),
        None => Cow::Owned(crate::loops::gather(buf, layout).into_vec()),
    }
}

#[cfg(test)]
mod tests {
    use crate::parallel::threshold;
    use crate::{Cpu, CpuDevice, CpuTensor};
    use seam_backend::{Backend, TensorData};

    /// A `[rows, n, 3]` tensor whose elements are distinct across parts (`part`).
    fn part(rows: usize, n: usize, part: usize) -> (Vec<f32>, CpuTensor) {
        let values: Vec<f32> = (0..rows * n * 3).map(|i| (part * 1_000_000 + i) as f32).collect();
        let t = Cpu::from_data(TensorData::new(values.clone(), vec![rows, n, 3]), &CpuDevice);
        (values, t)
    }

    /// `cat` above the thread threshold (split across four threads, so that chunks
    /// start and end inside a part's block) along each dim, against the element
    /// each position should hold.
    #[test]
    fn cat_above_the_threshold_matches_the_reference() {
        let sizes = [5, 1, 7];
        let rows = threshold() / 13 / 3 + 11;
        crate::parallel::on_four_threads(|| {
            let parts: Vec<_> = sizes.iter().enumerate().map(|(p, &n)| part(rows, n, p)).collect();
            let got = Cpu::into_data(Cpu::cat(parts.iter().map(|(_, t)| t.clone()).collect(), 1));
            let mut expected = Vec::new();
            for r in 0..rows {
                for ((values, _), &n) in parts.iter().zip(&sizes) {
                    expected.extend_from_slice(&values[r * n * 3..(r + 1) * n * 3]);
                }
            }
            assert_eq!(got.to_vec::<f32>().unwrap(), expected, "dim 1");
            let parts: Vec<_> = [rows, 1, rows + 3]
                .iter()
                .enumerate()
                .map(|(p, &r)| part(r, 5, p))
                .collect();
            let got = Cpu::into_data(Cpu::cat(parts.iter().map(|(_, t)| t.clone()).collect(), 0));
            let expected: Vec<f32> = parts.iter().flat_map(|(v, _)| v.clone()).collect();
            assert_eq!(got.to_vec::<f32>().unwrap(), expected, "dim 0");
        });
    }
}
