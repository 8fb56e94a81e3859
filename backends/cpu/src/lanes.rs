//! The folds of a contiguous lane that the reductions (`ops/reduce.rs`) and softmax
//! (`ops/softmax.rs`) share: a fold in [`LANES`] interleaved accumulators, and the
//! scan for the best element ([`Best`]) that gives exactly numpy's answer (the first
//! of equal elements, or the first `NaN`) by plain comparisons that vectorise. Below
//! the op families, as [`crate::loops`] is.

use crate::element::Numeric;

/// The independent accumulators of a contiguous lane's fold.
pub(crate) const LANES: usize = 16;

/// `xs` folded from `identity` by the associative `step`, in [`LANES`] interleaved
/// accumulators that LLVM vectorises, combined pairwise (16 to 8, 4, 2, 1), then the
/// remainder in order.
pub(crate) fn fold_lane<T: Copy>(identity: T, step: impl Fn(T, T) -> T, xs: &[T]) -> T {
    let mut acc = fold_chunks(identity, &step, xs);
    let rest = xs.chunks_exact(LANES).remainder();
    let mut width = LANES;
    while width > 1 {
        width /= 2;
        for i in 0..width {
            acc[i] = step(acc[i], acc[i + width]);
        }
    }
    rest.iter().fold(acc[0], |a, &x| step(a, x))
}

/// The [`LANES`] accumulators of [`fold_lane`] over the whole chunks of `xs`.
///
/// Not inlined: inlined beside the pairwise combine, LLVM's SLP vectoriser pairs
/// the accumulators two by two and loads 8 bytes at a time (f32 `sum_dim` along a
/// contiguous dim ran at three quarters of the speed).
#[inline(never)]
fn fold_chunks<T: Copy>(identity: T, step: &impl Fn(T, T) -> T, xs: &[T]) -> [T; LANES] {
    let mut acc = [identity; LANES];
    for chunk in xs.chunks_exact(LANES) {
        for (a, &x) in acc.iter_mut().zip(chunk) {
            *a = step(*a, x);
        }
    }
    acc
}

/// Which end of the order a scan for the best element looks for. The scan is
/// numpy's: it keeps a strictly better number, or the first `NaN`, which then stays
/// (so `max` of a lane holding a `NaN` is `NaN`, and the first of equals wins).
pub(crate) trait Best: Copy + Sync {
    /// Whether `x` is a strictly better number than `best` (false if either is
    /// `NaN`): the plain comparison, which vectorises to one instruction.
    fn beats<T: PartialOrd>(x: T, best: T) -> bool;

    /// Whether the scan keeps `x` over `best`: [`Best::beats`], or `x` is the
    /// first `NaN`.
    fn keeps<T: Numeric>(x: T, best: T) -> bool {
        Self::beats(x, best) || (x.is_nan() && !best.is_nan())
    }
}

/// The maximum.
#[derive(Clone, Copy)]
pub(crate) struct Largest;

impl Best for Largest {
    fn beats<T: PartialOrd>(x: T, best: T) -> bool {
        x > best
    }
}

/// The minimum.
#[derive(Clone, Copy)]
pub(crate) struct Smallest;

impl Best for Smallest {
    fn beats<T: PartialOrd>(x: T, best: T) -> bool {
        x < best
    }
}

/// Where the scan of [`Best`] ends in `xs` (non-empty): the index of the first
/// element equal to the best one, or of the first `NaN` when there is one.
pub(crate) fn best_index<T: Numeric, B: Best>(xs: &[T]) -> usize {
    let best = best_value::<T, B>(xs);
    if best.is_nan() {
        // No element equals a NaN: the first NaN is the one the scan kept.
        return xs.iter().position(|&x| x.is_nan()).unwrap_or(0);
    }
    xs.iter().position(|&x| x == best).unwrap_or(0)
}

/// The value the scan of [`Best`] ends with in `xs` (non-empty).
///
/// It is found in [`LANES`] interleaved scans that each start from `xs[0]` and
/// compare plainly ([`Best::beats`]), while flags note whether any element is a
/// `NaN`; LLVM vectorises both. The scans agree with the sequential one on the value
/// when there is no `NaN`; when there is, the answer is the first `NaN`.
pub(crate) fn best_value<T: Numeric, B: Best>(xs: &[T]) -> T {
    let pick = |b: T, x: T| if B::beats(x, b) { x } else { b };
    let (acc, nan) = best_chunks::<T, B>(xs);
    let rest = xs.chunks_exact(LANES).remainder();
    // `xs[0]` is in the whole chunks or, when there are none, in `rest`.
    if nan || rest.iter().any(|x| x.is_nan()) {
        return xs.iter().copied().find(|x| x.is_nan()).unwrap_or(xs[0]);
    }
    rest.iter()
        .fold(acc.into_iter().fold(xs[0], pick), |b, &x| pick(b, x))
}

/// The [`LANES`] scans of [`best_value`] over the whole chunks of `xs`, and whether
/// those chunks hold a `NaN`. One `NaN` flag per accumulator, so that the flags stay
/// in vector registers; not inlined, for the reason [`fold_chunks`] gives.
#[inline(never)]
fn best_chunks<T: Numeric, B: Best>(xs: &[T]) -> ([T; LANES], bool) {
    let mut acc = [xs[0]; LANES];
    let mut nan = [false; LANES];
    for chunk in xs.chunks_exact(LANES) {
        for ((a, n), &x) in acc.iter_mut().zip(&mut nan).zip(chunk) {
            *a = if B::beats(x, *a) { x } else { *a };
            *n |= x.is_nan();
        }
    }
    (acc, nan.contains(&true))
}

/// The sum of `xs` as `sum_dim` adds a contiguous lane: in [`LANES`] interleaved
/// partial sums.
pub(crate) fn lane_sum<T: Numeric>(xs: &[T]) -> T {
    fold_lane(T::ZERO, T::add, xs)
}
