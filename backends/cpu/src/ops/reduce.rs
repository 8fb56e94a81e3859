//! Reductions along one dim: `Sum`, `Prod`, `Max`, `Min`, `ArgMax` and `ArgMin`.
//!
//! The output positions are walked in runs ([`Runs`]) of the view with the reduced
//! dim dropped to size 1, so each run starts one lane (the elements along the dim)
//! per output element. A run is reduced in one of three ways:
//!
//! - the lanes are contiguous (the dim has stride 1): each lane is folded as a
//!   slice, in [`LANES`](crate::lanes::LANES) independent accumulators that LLVM vectorises;
//! - the run itself is contiguous in the input (stride 1 across output elements):
//!   whole input rows, one per index along the dim, are folded into the output run
//!   in order, an axpy-style loop over slices;
//! - otherwise each lane is gathered into a scratch buffer and folded as a slice.
//!
//! When all the outputs are one contiguous run (dim 0 of a matrix) and the op is
//! large enough for threads, the rows are split into one band per thread instead of
//! the outputs: each thread reads its band of the input once, in order, into a row
//! of partial results, and the bands' rows are then folded in order (strictly
//! better later values win, so ties and `NaN`s come out as in one scan).
//!
//! `Max`, `Min` and the `Arg` ops give exactly what a sequential scan gives: the
//! first of equal elements wins, and the first `NaN` wins over every number, as in
//! numpy (`max` of a lane holding a `NaN` is `NaN`, `argmax` its first index).
//! `Sum` and `Prod` of contiguous float lanes round differently from a sequential
//! fold (they add in [`LANES`](crate::lanes::LANES) interleaved partial sums), as any vectorised sum does.

use crate::CpuTensor;
use crate::element::{CpuElement, Numeric};
use crate::lanes::{Best, Largest, Smallest, best_index, best_value, fold_lane};
use crate::layout::{Layout, Runs};
use crate::parallel::{fill_chunks, threads, threshold};
use crate::pool::output;
use crate::storage::dispatch;
use rayon::prelude::*;
use seam_backend::{Dims, ReduceOp};

/// `op` over `tensor` along `dim`, which is kept with size 1: elements of the
/// input's dtype, or `i64` indices for the `Arg` ops.
pub(crate) fn reduce_dim(op: ReduceOp, tensor: CpuTensor, dim: usize) -> CpuTensor {
    let layout = tensor.layout();
    let rank = layout.dims.len();
    let name = op.name();
    debug_assert!(dim < rank, "{name}: dim {dim} must be < rank {rank}");
    let needs_elements = !matches!(op, ReduceOp::Sum | ReduceOp::Prod);
    debug_assert!(
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
fn reduce_kernel<T: Numeric>(op: ReduceOp, buf: &[T], layout: &Layout, dim: usize, dims: Dims) -> CpuTensor {
    let lanes = Lanes::new(buf, layout, dim);
    match op {
        ReduceOp::Sum => CpuTensor::new(lanes.reduce(Fold::new(T::ZERO, T::add)), dims),
        ReduceOp::Prod => CpuTensor::new(lanes.reduce(Fold::new(T::ONE, T::mul)), dims),
        ReduceOp::Max => CpuTensor::new(lanes.reduce(Extreme(Largest)), dims),
        ReduceOp::Min => CpuTensor::new(lanes.reduce(Extreme(Smallest)), dims),
        ReduceOp::ArgMax => CpuTensor::new(lanes.reduce(ArgExtreme(Largest)), dims),
        ReduceOp::ArgMin => CpuTensor::new(lanes.reduce(ArgExtreme(Smallest)), dims),
    }
}

/// A reduction of a lane to one output element, in the three forms the module docs
/// describe.
trait Reduction<T>: Sync {
    /// The output element type.
    type Out: CpuElement;
    /// The reduction of a lane held as a slice.
    fn lane(&self, xs: &[T]) -> Self::Out;
    /// The reductions of `out.len()` lanes side by side: `row(j)` is the slice of
    /// the lanes' elements at index `j` along the dim, for `j` in `0..size`.
    fn rows<'a>(&self, out: &mut [Self::Out], size: usize, row: impl Fn(usize) -> &'a [T])
    where
        T: 'a;
    /// Folds `later`, the [`Reduction::rows`] of rows after those `acc` holds, into
    /// `acc`, as if all had been folded in one pass; `row` as in `rows`.
    fn combine<'a>(&self, acc: &mut [Self::Out], later: &[Self::Out], row: impl Fn(usize) -> &'a [T])
    where
        T: 'a;
    /// A [`Reduction::rows`] result of rows numbered from 0, moved to start at row
    /// `first` (the `Arg` ops' indices; nothing for the others).
    fn shift(&self, _out: &mut [Self::Out], _first: usize) {}
}

/// The lanes of a view along one dim.
struct Lanes<'a, T> {
    buf: &'a [T],
    /// The view with the dim at size 1: one element per lane, at its start.
    starts: Layout,
    /// The lane length and step.
    size: usize,
    stride: usize,
}

impl<'a, T: Copy + Sync> Lanes<'a, T> {
    fn new(buf: &'a [T], layout: &Layout, dim: usize) -> Self {
        let mut starts = layout.clone();
        starts.dims[dim] = 1;
        Self {
            buf,
            starts,
            size: layout.dims[dim],
            stride: layout.strides[dim],
        }
    }

    /// `reduction` of each lane, row-major.
    fn reduce<R: Reduction<T>>(&self, reduction: R) -> Vec<R::Out> {
        let runs = Runs::new(&self.starts.dims, [&self.starts]);
        let [step] = runs.inner_strides();
        let (buf, size, stride) = (self.buf, self.size, self.stride);
        let mut out = output(&self.starts.dims);
        let mut single = None;
        runs.for_each(0, runs.len(), |_, [start], len| single = Some((start, len)));
        if let Some((start, len)) = single.filter(|&(_, len)| len == out.len())
            && step == 1
            && stride != 1
            && size > 1
            && threads() > 1
            && out.len().saturating_mul(size) >= threshold()
        {
            // One contiguous run of outputs, such as dim 0 of a matrix: each thread
            // folds a contiguous band of rows, reading its part of the input once, in
            // order; the bands' results are then folded in order.
            let row = |j: usize| &buf[start + j * stride..][..len];
            let bands = threads().min(size);
            let band = size.div_ceil(bands);
            let partials: Vec<Vec<R::Out>> = (0..bands)
                .into_par_iter()
                .map(|b| {
                    let first = b * band;
                    let rows = band.min(size - first);
                    let mut part = output(&[len]);
                    reduction.rows(&mut part, rows, |j| row(first + j));
                    reduction.shift(&mut part, first);
                    part
                })
                .collect();
            let mut partials = partials.into_iter();
            let mut acc = partials.next().expect("at least one band");
            for later in partials {
                reduction.combine(&mut acc, &later, row);
            }
            return acc;
        }
        fill_chunks(&mut out, size, |lo, chunk| {
            let mut scratch = Vec::new();
            runs.for_each(lo, lo + chunk.len(), |at, [start], len| {
                let out = &mut chunk[at..at + len];
                if size == 0 {
                    out.fill(reduction.lane(&[]));
                } else if stride == 1 || size == 1 {
                    for (j, o) in out.iter_mut().enumerate() {
                        let first = start + j * step;
                        *o = reduction.lane(&buf[first..first + size]);
                    }
                } else if step == 1 {
                    reduction.rows(out, size, |j| &buf[start + j * stride..][..len]);
                } else {
                    for (k, o) in out.iter_mut().enumerate() {
                        let first = start + k * step;
                        scratch.clear();
                        scratch.extend((0..size).map(|j| buf[first + j * stride]));
                        *o = reduction.lane(&scratch);
                    }
                }
            });
        });
        out
    }
}

/// A fold from an identity with an associative `step` (`Sum`, `Prod`).
struct Fold<T, F> {
    identity: T,
    step: F,
}

impl<T, F> Fold<T, F> {
    fn new(identity: T, step: F) -> Self {
        Self { identity, step }
    }
}

impl<T: Numeric, F: Fn(T, T) -> T + Sync> Reduction<T> for Fold<T, F> {
    type Out = T;

    fn lane(&self, xs: &[T]) -> T {
        fold_lane(self.identity, &self.step, xs)
    }

    fn rows<'a>(&self, out: &mut [T], size: usize, row: impl Fn(usize) -> &'a [T])
    where
        T: 'a,
    {
        let step = &self.step;
        out.fill(self.identity);
        for j in 0..size {
            for (o, &x) in out.iter_mut().zip(row(j)) {
                *o = step(*o, x);
            }
        }
    }

    fn combine<'a>(&self, acc: &mut [T], later: &[T], _row: impl Fn(usize) -> &'a [T])
    where
        T: 'a,
    {
        for (a, &x) in acc.iter_mut().zip(later) {
            *a = (self.step)(*a, x);
        }
    }
}

/// `Max` or `Min`: the first of the best elements.
struct Extreme<B>(B);

impl<T: Numeric, B: Best> Reduction<T> for Extreme<B> {
    type Out = T;

    fn lane(&self, xs: &[T]) -> T {
        let best = best_value::<T, B>(xs);
        // A number other than zero is the sequential scan's answer as it is; which
        // zero (-0.0 or 0.0) came first takes the index.
        if best == T::ZERO {
            xs[best_index::<T, B>(xs)]
        } else {
            best
        }
    }

    fn rows<'a>(&self, out: &mut [T], size: usize, row: impl Fn(usize) -> &'a [T])
    where
        T: 'a,
    {
        // Plain comparisons and one `NaN` flag, as in `best_value`; rows holding a
        // `NaN` are scanned again by the scan's own rule.
        out.copy_from_slice(row(0));
        let mut nan = out.iter().any(|x| x.is_nan());
        for j in 1..size {
            for (o, &x) in out.iter_mut().zip(row(j)) {
                *o = if B::beats(x, *o) { x } else { *o };
                nan |= x.is_nan();
            }
        }
        if nan {
            out.copy_from_slice(row(0));
            for j in 1..size {
                for (o, &x) in out.iter_mut().zip(row(j)) {
                    if B::keeps(x, *o) {
                        *o = x;
                    }
                }
            }
        }
    }

    fn combine<'a>(&self, acc: &mut [T], later: &[T], _row: impl Fn(usize) -> &'a [T])
    where
        T: 'a,
    {
        // Only a strictly better later value wins: the first of equals stays.
        for (a, &x) in acc.iter_mut().zip(later) {
            if B::keeps(x, *a) {
                *a = x;
            }
        }
    }
}

/// `ArgMax` or `ArgMin`: the index along the dim of the first of the best elements.
struct ArgExtreme<B>(B);

impl<T: Numeric, B: Best> Reduction<T> for ArgExtreme<B> {
    type Out = i64;

    fn lane(&self, xs: &[T]) -> i64 {
        best_index::<T, B>(xs) as i64
    }

    fn rows<'a>(&self, out: &mut [i64], size: usize, row: impl Fn(usize) -> &'a [T])
    where
        T: 'a,
    {
        let mut best = row(0).to_vec();
        out.fill(0);
        for j in 1..size {
            for ((o, b), &x) in out.iter_mut().zip(&mut best).zip(row(j)) {
                if B::keeps(x, *b) {
                    *b = x;
                    *o = j as i64;
                }
            }
        }
    }

    fn combine<'a>(&self, acc: &mut [i64], later: &[i64], row: impl Fn(usize) -> &'a [T])
    where
        T: 'a,
    {
        for (k, (a, &x)) in acc.iter_mut().zip(later).enumerate() {
            if B::keeps(row(x as usize)[k], row(*a as usize)[k]) {
                *a = x;
            }
        }
    }

    fn shift(&self, out: &mut [i64], first: usize) {
        out.iter_mut().for_each(|o| *o += first as i64);
    }
}

#[cfg(test)]
mod tests {
    use crate::parallel::threshold;
    use crate::storage::Storage;
    use crate::{Cpu, CpuDevice, CpuTensor};
    use seam_backend::{Backend, ReduceOp, TensorData};

    const OPS: [ReduceOp; 6] = [
        ReduceOp::Sum,
        ReduceOp::Prod,
        ReduceOp::Max,
        ReduceOp::Min,
        ReduceOp::ArgMax,
        ReduceOp::ArgMin,
    ];

    /// numpy's rule for a scan's best: a larger (smaller) number, or the first NaN,
    /// which beats every number; written here apart from the kernels' own.
    fn above(x: f32, b: f32) -> bool {
        x > b || (x.is_nan() && !b.is_nan())
    }

    /// See [`above`].
    fn below(x: f32, b: f32) -> bool {
        x < b || (x.is_nan() && !b.is_nan())
    }

    /// `op` along `dim` by a sequential scan of each lane, as `f64`s (`Arg` ops:
    /// the index), row-major: the reference.
    fn naive(op: ReduceOp, t: &CpuTensor, dim: usize) -> Vec<f64> {
        let Storage::F32(buf) = &t.storage else { panic!() };
        let mut starts = t.layout().clone();
        starts.dims[dim] = 1;
        let (size, stride) = (t.layout().dims[dim], t.layout().strides[dim]);
        starts
            .indices()
            .map(|s| {
                let lane: Vec<f32> = (0..size).map(|j| buf[s + j * stride]).collect();
                let best = |better: fn(f32, f32) -> bool| {
                    let mut b = 0;
                    for j in 1..size {
                        if better(lane[j], lane[b]) {
                            b = j;
                        }
                    }
                    b
                };
                match op {
                    ReduceOp::Sum => lane.iter().fold(0.0f32, |a, &x| a + x) as f64,
                    ReduceOp::Prod => lane.iter().fold(1.0f32, |a, &x| a * x) as f64,
                    ReduceOp::Max => lane[best(above)] as f64,
                    ReduceOp::Min => lane[best(below)] as f64,
                    ReduceOp::ArgMax => best(above) as f64,
                    ReduceOp::ArgMin => best(below) as f64,
                }
            })
            .collect()
    }

    fn reduced(op: ReduceOp, t: &CpuTensor, dim: usize) -> Vec<f64> {
        let data = Cpu::into_data(Cpu::reduce_dim(op, t.clone(), dim));
        match op {
            ReduceOp::ArgMax | ReduceOp::ArgMin => {
                data.to_vec::<i64>().unwrap().iter().map(|&i| i as f64).collect()
            }
            _ => data.to_vec::<f32>().unwrap().iter().map(|&x| x as f64).collect(),
        }
    }

    /// Small integers (exact sums in any order), with ties, signed zeros and `NaN`s.
    fn values(n: usize) -> Vec<f32> {
        (0..n)
            .map(|i| match (i * 7919) % 23 {
                0 => f32::NAN,
                1 => -0.0,
                2 => 0.0,
                k => (k % 5) as f32 - 2.0,
            })
            .collect()
    }

    /// Equal as the reference, with `NaN` equal to `NaN` and `-0.0` unequal to `0.0`.
    fn same(a: &[f64], b: &[f64]) -> bool {
        a.len() == b.len()
            && a.iter()
                .zip(b)
                .all(|(x, y)| x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()))
    }

    fn check_every_dim(t: &CpuTensor) {
        for dim in 0..t.dims().len() {
            for op in OPS {
                let (got, want) = (reduced(op, t, dim), naive(op, t, dim));
                assert!(
                    same(&got, &want),
                    "{op:?} along {dim} of {t:?}:\n{got:?}\n{want:?}"
                );
            }
        }
    }

    #[test]
    fn every_dim_of_permuted_3d_tensors() {
        let t = Cpu::from_data(TensorData::new(values(5 * 7 * 37), vec![5, 7, 37]), &CpuDevice);
        for axes in [[0, 1, 2], [2, 0, 1], [1, 2, 0], [2, 1, 0], [0, 2, 1]] {
            check_every_dim(&Cpu::permute(t.clone(), &axes));
        }
        // A broadcast dim and an offset view.
        let row = Cpu::from_data(TensorData::new(values(37), vec![1, 1, 37]), &CpuDevice);
        check_every_dim(&Cpu::expand(row, seam_backend::Shape::from(vec![3, 4, 37])));
        check_every_dim(&Cpu::slice(t, &[1..4, 2..7, 3..30]));
    }

    #[test]
    fn every_dim_above_the_parallel_threshold() {
        crate::parallel::on_four_threads(|| {
            let (a, b) = (3, threshold() / 3 / 40 + 1);
            let t = Cpu::from_data(TensorData::new(values(a * b * 41), vec![a, b, 41]), &CpuDevice);
            check_every_dim(&t);
            check_every_dim(&Cpu::permute(t, &[2, 0, 1]));
        });
    }

    #[test]
    fn an_outer_dim_above_the_threshold_is_split_in_bands() {
        // Dim 0 of a tall matrix: one run of outputs, folded in a band of rows per
        // thread and the bands combined in order (ties and NaNs as a sequential scan).
        crate::parallel::on_four_threads(|| {
            let (rows, cols) = (97, threshold() / 97 + 5);
            let t = Cpu::from_data(TensorData::new(values(rows * cols), vec![rows, cols]), &CpuDevice);
            for op in OPS {
                let (got, want) = (reduced(op, &t, 0), naive(op, &t, 0));
                assert!(same(&got, &want), "{op:?} along 0 of {rows}x{cols}");
            }
            // Without the NaNs, which make nearly every column's sum NaN, so that
            // a band folded twice or left out changes the sums.
            let finite = values(rows * cols)
                .into_iter()
                .map(|x| if x.is_nan() { 1.0 } else { x });
            let t = Cpu::from_data(TensorData::new(finite.collect(), vec![rows, cols]), &CpuDevice);
            let (got, want) = (reduced(ReduceOp::Sum, &t, 0), naive(ReduceOp::Sum, &t, 0));
            assert!(same(&got, &want), "Sum along 0 of {rows}x{cols} without NaNs");
            // One run of outputs too, but every other element of the buffer: its
            // rows are not slices, so it is not split in bands (read as slices,
            // they would give the wrong elements).
            let pairs = TensorData::new(values(rows * cols * 2), vec![rows, cols, 2]);
            let t = Cpu::slice(Cpu::from_data(pairs, &CpuDevice), &[0..rows, 0..cols, 1..2]);
            for op in OPS {
                let (got, want) = (reduced(op, &t, 0), naive(op, &t, 0));
                assert!(same(&got, &want), "{op:?} along 0 of every other element");
            }
        });
    }

    #[test]
    fn dim_0_of_wide_matrices() {
        // Rows longer than the L1 cache (12,295 floats): on the calling thread, and
        // split in bands.
        let cols = 3 * 4096 + 7;
        let check = |rows: usize| {
            let t = Cpu::from_data(TensorData::new(values(rows * cols), vec![rows, cols]), &CpuDevice);
            for op in OPS {
                let (got, want) = (reduced(op, &t, 0), naive(op, &t, 0));
                assert!(same(&got, &want), "{op:?} along 0 of {rows}x{cols}");
            }
        };
        check(5);
        crate::parallel::on_four_threads(|| check(threshold() / cols + 3));
    }

    #[test]
    fn float_sums_round_close_to_a_sequential_sum() {
        let xs: Vec<f32> = (0..10_000).map(|i| (i as f32 * 0.37).sin()).collect();
        let t = Cpu::from_data(TensorData::new(xs.clone(), vec![10_000]), &CpuDevice);
        let got = reduced(ReduceOp::Sum, &t, 0)[0];
        let exact: f64 = xs.iter().map(|&x| x as f64).sum();
        assert!((got - exact).abs() < 1e-3, "{got} vs {exact}");
    }
}
