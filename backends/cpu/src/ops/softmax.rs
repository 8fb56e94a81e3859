//! Softmax and log-softmax along one dim, fused: each lane is read from memory once
//! and written once, where composing `max_dim`, `sub`, `exp`, `sum_dim` and `div`
//! reads the tensor five times and writes it three times.
//!
//! The input, made row-major first if it is a view, is seen as `[outer, n, inner]`
//! with `n` the dim's size. With `inner == 1` each lane is a slice: its maximum,
//! then `e = exp(x - max)` written out and summed, then `e / sum` (or, for the log,
//! `x - max - ln(sum)`), three passes over a lane that stays in cache. With
//! `inner > 1` the same three passes run over the block of `n` rows of `inner`
//! elements, a row of maxima and a row of sums beside it. Blocks (lanes or row
//! blocks) are split across threads; when there are fewer blocks than threads
//! (softmax along dim 0 of a matrix), each block's rows are split in bands instead,
//! the bands' maxima and sums combined between the passes.
//!
//! The formulas are those of the composed ops, element by element, so the special
//! values come out the same: a `NaN` in a lane makes the lane `NaN`, a lane of
//! `-inf` is `NaN` (`-inf - -inf`), and `+inf` makes its lane `NaN`. The sums add in
//! another order than `sum_dim`'s.

use crate::CpuTensor;
use crate::element::Float;
use crate::lanes::{Best, Largest, best_value, lane_sum};
use crate::layout::Layout;
use crate::loops::gather;
use crate::ops::float_only;
use crate::parallel::{TRANSCENDENTAL, fill_blocks, threads, threshold};
use crate::pool::output;
use crate::storage::dispatch;
use crate::wide::{Assign, wide};
use rayon::prelude::*;

/// Which of the two is computed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `exp(x - max) / sum`.
    Softmax,
    /// `x - max - ln(sum)`.
    LogSoftmax,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Softmax => "softmax",
            Kind::LogSoftmax => "log_softmax",
        }
    }
}

/// The softmax of `tensor` along `dim`, a float tensor whose `dim` is not empty.
pub(crate) fn softmax(tensor: CpuTensor, dim: usize) -> CpuTensor {
    fused(Kind::Softmax, &tensor, dim)
}

/// The log-softmax of `tensor` along `dim`, as [`softmax`].
pub(crate) fn log_softmax(tensor: CpuTensor, dim: usize) -> CpuTensor {
    fused(Kind::LogSoftmax, &tensor, dim)
}

/// `kind` of `tensor` along `dim`, a float tensor whose `dim` is not empty.
fn fused(kind: Kind, tensor: &CpuTensor, dim: usize) -> CpuTensor {
    let layout = tensor.layout();
    let name = kind.name();
    debug_assert!(dim < layout.dims.len(), "{name}: dim {dim} out of range");
    debug_assert!(layout.dims[dim] > 0, "{name}: dim {dim} is empty");
    dispatch!(&tensor.storage; F32 | F64
        => |buf| CpuTensor::new(kernel(kind, buf, layout, dim), layout.dims.clone());
        else float_only(name, tensor.dtype()))
}

fn kernel<T: Float>(kind: Kind, buf: &[T], layout: &Layout, dim: usize) -> Vec<T> {
    let copy;
    let x: &[T] = match layout.contiguous_range() {
        Some(range) => &buf[range],
        None => {
            copy = gather(buf, layout);
            &copy
        }
    };
    let n = layout.dims[dim];
    let inner: usize = layout.dims[dim + 1..].iter().product();
    let block = n * inner;
    let mut out = output::<T>(&layout.dims);
    if out.is_empty() {
        // An empty dim after `dim` (`[3, 0]` along 0): nothing to compute.
        return out;
    }
    // Each element is read three times (in cache) and has its exponential taken.
    let work = TRANSCENDENTAL + 3;
    let blocks = x.len() / block;
    if inner > 1 && n > 1 && blocks < threads() && x.len().saturating_mul(work) >= threshold() {
        // Fewer blocks than threads (dim 0 of a matrix): each block's rows are split
        // in bands instead, one per thread.
        for (x, out) in x.chunks_exact(block).zip(out.chunks_exact_mut(block)) {
            rows_in_bands(kind, x, out, inner);
        }
        return out;
    }
    fill_blocks(&mut out, block, work, |lo, chunk| {
        for (i, out) in chunk.chunks_exact_mut(block).enumerate() {
            let start = lo + i * block;
            let x = &x[start..start + block];
            if inner == 1 {
                lane(kind, x, out);
            } else {
                rows(kind, x, out, inner);
            }
        }
    });
    out
}

/// One contiguous lane: its maximum and its sum as `max_dim` and `sum_dim` find
/// them (interleaved scans, which vectorise), and the exponentials in a loop of
/// their own, 16 or 8 wide where the CPU has AVX-512 or AVX2.
fn lane<T: Float>(kind: Kind, x: &[T], out: &mut [T]) {
    let max = best_value::<T, Largest>(x);
    wide(Assign(out, x.iter().map(|&v| v.sub(max).exp())));
    let sum = lane_sum(out);
    match kind {
        Kind::Softmax => out.iter_mut().for_each(|o| *o = o.div(sum)),
        Kind::LogSoftmax => {
            let log_sum = sum.ln();
            for (o, &v) in out.iter_mut().zip(x) {
                *o = v.sub(max).sub(log_sum);
            }
        }
    }
}

/// A block of `n` rows of `inner` elements, reduced across the rows: the maxima of
/// the columns, then the exponentials and their sums, then the result.
fn rows<T: Float>(kind: Kind, x: &[T], out: &mut [T], inner: usize) {
    let max = column_max(x, inner);
    let sum = exponentials(x, out, &max);
    finish(kind, x, out, &max, &totals(kind, sum));
}

/// [`rows`] with the rows split in one band per thread: each of the three steps
/// runs over the bands in parallel, and the bands' maxima and sums are combined in
/// order between them.
fn rows_in_bands<T: Float>(kind: Kind, x: &[T], out: &mut [T], inner: usize) {
    let n = x.len() / inner;
    let band = n.div_ceil(threads().min(n)) * inner;
    let maxima: Vec<Vec<T>> = x.par_chunks(band).map(|x| column_max(x, inner)).collect();
    let mut maxima = maxima.into_iter();
    let mut max = maxima.next().expect("at least one band");
    for later in maxima {
        for (m, v) in max.iter_mut().zip(later) {
            if Largest::keeps(v, *m) {
                *m = v;
            }
        }
    }
    let sums: Vec<Vec<T>> = x
        .par_chunks(band)
        .zip(out.par_chunks_mut(band))
        .map(|(x, out)| exponentials(x, out, &max))
        .collect();
    let mut sums = sums.into_iter();
    let mut sum = sums.next().expect("at least one band");
    for later in sums {
        sum.iter_mut().zip(later).for_each(|(s, v)| *s = s.add(v));
    }
    let totals = totals(kind, sum);
    x.par_chunks(band)
        .zip(out.par_chunks_mut(band))
        .for_each(|(x, out)| finish(kind, x, out, &max, &totals));
}

/// The maxima of the columns of `x`, rows of `inner` elements.
fn column_max<T: Float>(x: &[T], inner: usize) -> Vec<T> {
    let mut max = x[..inner].to_vec();
    for row in x.chunks_exact(inner).skip(1) {
        for (m, &v) in max.iter_mut().zip(row) {
            if Largest::keeps(v, *m) {
                *m = v;
            }
        }
    }
    max
}

/// Writes `exp(x - max)` of each row of `x` to `out` and returns the columns' sums.
fn exponentials<T: Float>(x: &[T], out: &mut [T], max: &[T]) -> Vec<T> {
    let inner = max.len();
    let mut sum = vec![T::ZERO; inner];
    for (row, out) in x.chunks_exact(inner).zip(out.chunks_exact_mut(inner)) {
        wide(Assign(out, row.iter().zip(max).map(|(&v, &m)| v.sub(m).exp())));
        for (s, &e) in sum.iter_mut().zip(&*out) {
            *s = s.add(e);
        }
    }
    sum
}

/// What [`finish`] needs of the columns' sums: the sums, or for the log their logs.
fn totals<T: Float>(kind: Kind, mut sum: Vec<T>) -> Vec<T> {
    if kind == Kind::LogSoftmax {
        sum.iter_mut().for_each(|s| *s = s.ln());
    }
    sum
}

/// The result from the exponentials in `out` ([`exponentials`]) and [`totals`].
fn finish<T: Float>(kind: Kind, x: &[T], out: &mut [T], max: &[T], totals: &[T]) {
    let inner = max.len();
    match kind {
        Kind::Softmax => {
            for out in out.chunks_exact_mut(inner) {
                for (o, &s) in out.iter_mut().zip(totals) {
                    *o = o.div(s);
                }
            }
        }
        Kind::LogSoftmax => {
            for (row, out) in x.chunks_exact(inner).zip(out.chunks_exact_mut(inner)) {
                for (((o, &v), &m), &l) in out.iter_mut().zip(row).zip(max).zip(totals) {
                    *o = v.sub(m).sub(l);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::parallel::threshold;
    use crate::{Cpu, CpuDevice, CpuTensor};
    use seam_backend::{Backend, TensorData};

    fn tensor(values: Vec<f32>, dims: &[usize]) -> CpuTensor {
        Cpu::from_data(TensorData::new(values, dims.to_vec()), &CpuDevice)
    }

    /// The softmax (or log-softmax) of row-major `x` of `dims` along `dim`, in `f64`.
    fn reference(x: &[f32], dims: &[usize], dim: usize, log: bool) -> Vec<f64> {
        let n = dims[dim];
        let inner: usize = dims[dim + 1..].iter().product();
        let mut out = vec![0.0; x.len()];
        for block in 0..x.len() / (n * inner) {
            for c in 0..inner {
                let at = |j: usize| block * n * inner + j * inner + c;
                let max = (0..n)
                    .map(|j| f64::from(x[at(j)]))
                    .fold(f64::NEG_INFINITY, f64::max);
                let sum: f64 = (0..n).map(|j| (f64::from(x[at(j)]) - max).exp()).sum();
                for j in 0..n {
                    let s = f64::from(x[at(j)]) - max;
                    out[at(j)] = if log { s - sum.ln() } else { s.exp() / sum };
                }
            }
        }
        out
    }

    fn check(dims: &[usize]) {
        let len = dims.iter().product();
        let x: Vec<f32> = (0..len).map(|i| ((i * 37) % 101) as f32 * 0.173 - 8.0).collect();
        for dim in 0..dims.len() {
            for log in [false, true] {
                let t = tensor(x.clone(), dims);
                let got = if log {
                    Cpu::log_softmax(t, dim)
                } else {
                    Cpu::softmax(t, dim)
                };
                let got = Cpu::into_data(got).to_vec::<f32>().unwrap();
                for (i, (g, w)) in got.iter().zip(reference(&x, dims, dim, log)).enumerate() {
                    let tolerance = 1e-5 * w.abs().max(1.0);
                    assert!(
                        (f64::from(*g) - w).abs() <= tolerance,
                        "{dims:?} dim {dim} log {log} at {i}: {g} against {w}"
                    );
                }
            }
        }
    }

    #[test]
    fn lanes_and_row_blocks_match_a_reference() {
        check(&[7]);
        check(&[3, 5]);
        check(&[2, 3, 4]);
        check(&[1, 6, 1]);
        // An empty dim after the softmax's: an empty result.
        let t = tensor(Vec::new(), &[3, 0]);
        assert_eq!(Cpu::shape(&Cpu::softmax(t, 0)).dims(), [3, 0]);
    }

    #[test]
    fn views_are_read_through_their_layout() {
        let x: Vec<f32> = (0..12).map(|i| i as f32 * 0.5).collect();
        let t = Cpu::permute(tensor(x.clone(), &[3, 4]), &[1, 0]);
        let got = Cpu::into_data(Cpu::softmax(t, 1)).to_vec::<f32>().unwrap();
        // Row r of the transpose is column r of x.
        let col: Vec<f32> = (0..3).map(|i| x[i * 4]).collect();
        let want = reference(&col, &[3], 0, false);
        for (g, w) in got[..3].iter().zip(want) {
            assert!((f64::from(*g) - w).abs() < 1e-6);
        }
    }

    #[test]
    fn blocks_above_the_threshold_split_across_threads() {
        crate::parallel::on_four_threads(|| {
            check(&[threshold() / 64 + 3, 64]);
            check(&[threshold() / 256 + 1, 16, 16]);
        });
    }

    #[test]
    fn special_values_follow_the_composed_formula() {
        let t = tensor(
            vec![1.0, f32::NAN, 2.0, f32::NEG_INFINITY, f32::NEG_INFINITY, 0.0],
            &[2, 3],
        );
        let got = Cpu::into_data(Cpu::softmax(t, 1)).to_vec::<f32>().unwrap();
        assert!(
            got[..3].iter().all(|v| v.is_nan()),
            "a NaN makes its lane NaN: {got:?}"
        );
        assert_eq!(&got[3..], &[0.0, 0.0, 1.0]);
        let t = tensor(vec![f32::NEG_INFINITY; 2], &[2]);
        let got = Cpu::into_data(Cpu::log_softmax(t, 0)).to_vec::<f32>().unwrap();
        assert!(got.iter().all(|v| v.is_nan()), "-inf - -inf: {got:?}");
    }
}
