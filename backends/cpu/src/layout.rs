//! Where a tensor's elements sit in its buffer: dims, strides and an offset, and the
//! iterator that walks them in row-major order.

use core::ops::Range;
use seam_backend::Dims;
use std::borrow::Cow;

/// A strided view: element `[i0, i1, ..]` of the tensor is element
/// `offset + i0 * strides[0] + i1 * strides[1] + ..` of the buffer.
///
/// Strides are in elements and never negative; a stride of 0 repeats one element
/// along a dim (broadcasting).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Layout {
    /// The size of each dim, outermost first.
    pub(crate) dims: Dims,
    /// The buffer step of each dim, in elements.
    pub(crate) strides: Dims,
    /// The buffer index of the first element.
    pub(crate) offset: usize,
}

impl Layout {
    /// The row-major layout of `dims`, starting at `offset`.
    #[inline]
    pub(crate) fn contiguous(dims: impl Into<Dims>, offset: usize) -> Self {
        let dims = dims.into();
        let strides = seam_backend::strides::contiguous(&dims);
        Self {
            dims,
            strides,
            offset,
        }
    }

    /// The number of elements in the view.
    #[inline]
    pub(crate) fn num_elements(&self) -> usize {
        seam_backend::count(&self.dims)
    }

    /// Whether the view is a row-major run of the buffer (strides of size-1 dims do
    /// not matter).
    #[inline]
    pub(crate) fn is_contiguous(&self) -> bool {
        seam_backend::strides::is_contiguous(&self.dims, &self.strides)
    }

    /// The buffer range of the view, if it is contiguous.
    #[inline]
    pub(crate) fn contiguous_range(&self) -> Option<Range<usize>> {
        let len = seam_backend::strides::contiguous_count(&self.dims, &self.strides)?;
        Some(self.offset..self.offset + len)
    }

    /// Whether the view is all of a buffer of `len` elements, row-major from index 0
    /// (contiguity and count found in one pass).
    #[inline]
    pub(crate) fn is_whole(&self, len: usize) -> bool {
        self.contiguous_range() == Some(0..len)
    }

    /// The buffer index of each element, in row-major order.
    pub(crate) fn indices(&self) -> StridedIndex {
        StridedIndex::new(self, &[])
    }

    /// The view broadcast to `dims`, which has the same rank: a size-1 dim that
    /// `dims` makes longer gets stride 0. The view itself when it has `dims` already
    /// (most operands of an elementwise op), with nothing computed or copied.
    #[inline]
    pub(crate) fn broadcast_to(&self, dims: &[usize]) -> Cow<'_, Layout> {
        if seam_backend::same_items(&self.dims, dims) {
            Cow::Borrowed(self)
        } else {
            Cow::Owned(self.stretched_to(dims))
        }
    }

    /// The view broadcast to `dims`, which differ from its own (out of line: most
    /// operands take [`Self::broadcast_to`]'s borrowed path).
    fn stretched_to(&self, dims: &[usize]) -> Layout {
        Layout {
            dims: dims.into(),
            strides: seam_backend::strides::broadcast(&self.dims, &self.strides, dims),
            offset: self.offset,
        }
    }

    /// The part of the view at `ranges`, one per dim: the offset moves to the
    /// part's first element, the dims shrink, the strides stay. `what` names the op
    /// in the message.
    ///
    /// # Panics
    ///
    /// In a debug build, if there is not one range per dim, or a range decreases or
    /// ends past its dim (the `Backend` preconditions of `slice` and `slice_assign`).
    pub(crate) fn slice(&self, what: &str, ranges: &[Range<usize>]) -> Layout {
        debug_assert_eq!(
            ranges.len(),
            self.dims.len(),
            "{what}: {ranges:?} must give one range per dim of shape {:?}",
            self.dims
        );
        let mut part = self.clone();
        for (d, range) in ranges.iter().enumerate() {
            debug_assert!(
                range.start <= range.end && range.end <= self.dims[d],
                "{what}: range {range:?} is not within dim {d} of size {}",
                self.dims[d]
            );
            part.dims[d] = range.len();
            part.offset += range.start * self.strides[d];
        }
        if part.num_elements() == 0 {
            // An empty view reads nothing; keep its offset inside the buffer.
            part.offset = 0;
        }
        part
    }

    /// The view of the first `rank` dims only, at the same offset.
    pub(crate) fn leading(&self, rank: usize) -> Layout {
        Layout {
            dims: self.dims[..rank].into(),
            strides: self.strides[..rank].into(),
            offset: self.offset,
        }
    }
}

/// The shape two shapes broadcast to, under numpy's rules for equal ranks.
///
/// # Panics
///
/// If a pair of dims is unequal with neither being 1, and in a debug build if the
/// ranks differ (a `Backend` precondition); `what` names the op in the message.
pub(crate) fn broadcast_dims(what: &str, lhs: &[usize], rhs: &[usize]) -> Dims {
    debug_assert_eq!(
        lhs.len(),
        rhs.len(),
        "{what}: shapes {lhs:?} and {rhs:?} have different ranks; the cpu backend broadcasts equal ranks only"
    );
    if seam_backend::same_items(lhs, rhs) {
        // Most operands: one copy, not a push per dim.
        return Dims::from(lhs);
    }
    lhs.iter()
        .zip(rhs)
        .map(|(&l, &r)| match (l, r) {
            _ if l == r => l,
            (1, _) => r,
            (_, 1) => l,
            _ => panic!("{what}: shapes {lhs:?} and {rhs:?} do not broadcast (dims {l} and {r})"),
        })
        .collect()
}

/// `K` views of the same dims walked together in row-major order, one run of the
/// innermost dim at a time instead of one element at a time.
///
/// Dims of size 1 are dropped and neighbouring dims merged wherever every view
/// steps through them as one (a contiguous view collapses to a single dim, and so
/// does a run of broadcast dims), so the innermost dim is as long as it can be and
/// each run is a slice (inner stride 1), one repeated element (inner stride 0), or
/// an evenly strided sequence.
pub(crate) struct Runs<const K: usize> {
    /// The merged dims, outermost first; never empty.
    dims: Dims,
    /// The buffer step of each merged dim, per view: `strides[k][d]`.
    strides: [Dims; K],
    /// The buffer index of each view's first element.
    offsets: [usize; K],
}

impl<const K: usize> Runs<K> {
    /// The runs of `layouts`, which all have the dims `dims`.
    pub(crate) fn new(dims: &[usize], layouts: [&Layout; K]) -> Self {
        debug_assert!(layouts.iter().all(|l| l.dims == dims));
        let mut merged = Dims::new();
        let mut strides: [Dims; K] = core::array::from_fn(|_| Dims::new());
        for (d, &size) in dims.iter().enumerate() {
            if size == 1 {
                continue;
            }
            let step: [usize; K] = core::array::from_fn(|k| layouts[k].strides[d]);
            // The previous (outer) dim merges into this one when, for every view,
            // one step of it is `size` steps of this one.
            if let Some(outer) = merged.last_mut()
                && (0..K).all(|k| strides[k].last() == Some(&(step[k] * size)))
            {
                *outer *= size;
                for (own, step) in strides.iter_mut().zip(step) {
                    *own.last_mut().expect("a stride per merged dim") = step;
                }
                continue;
            }
            merged.push(size);
            for (own, step) in strides.iter_mut().zip(step) {
                own.push(step);
            }
        }
        if merged.is_empty() {
            // One element (or a rank-0 view): a single run of length 1.
            merged.push(dims.iter().product());
            for own in &mut strides {
                own.push(1);
            }
        }
        Self {
            dims: merged,
            strides,
            offsets: core::array::from_fn(|k| layouts[k].offset),
        }
    }

    /// The number of elements.
    pub(crate) fn len(&self) -> usize {
        seam_backend::count(&self.dims)
    }

    /// The buffer step of each view along the innermost dim.
    pub(crate) fn inner_strides(&self) -> [usize; K] {
        self.step(self.dims.len() - 1)
    }

    /// The buffer step of each view along merged dim `d`.
    fn step(&self, d: usize) -> [usize; K] {
        core::array::from_fn(|k| self.strides[k][d])
    }

    /// Calls `f(position, starts, len)` for each run of elements `lo..hi` (row-major
    /// positions), in order: `position` is the run's first position less `lo`,
    /// `starts` the buffer index of its first element in each view, `len` its length.
    /// Consecutive elements of a run are [`inner_strides`](Self::inner_strides) apart.
    pub(crate) fn for_each(&self, lo: usize, hi: usize, mut f: impl FnMut(usize, [usize; K], usize)) {
        if lo >= hi {
            return;
        }
        let outer = self.dims.len() - 1;
        let inner = self.dims[outer];
        let inner_step = self.step(outer);
        // The outer position of `lo`, as one counter per outer dim.
        let mut counters = Dims::filled(0, outer);
        let mut base = self.offsets;
        let mut rest = lo / inner;
        for d in (0..outer).rev() {
            counters[d] = rest % self.dims[d];
            rest /= self.dims[d];
            for (b, s) in base.iter_mut().zip(self.step(d)) {
                *b += counters[d] * s;
            }
        }
        let mut col = lo % inner;
        let mut at = lo;
        loop {
            let len = (inner - col).min(hi - at);
            f(
                at - lo,
                core::array::from_fn(|k| base[k] + col * inner_step[k]),
                len,
            );
            at += len;
            if at >= hi {
                return;
            }
            col = 0;
            // Odometer step over the outer dims.
            for d in (0..outer).rev() {
                counters[d] += 1;
                if counters[d] < self.dims[d] {
                    for (b, s) in base.iter_mut().zip(self.step(d)) {
                        *b += s;
                    }
                    break;
                }
                counters[d] = 0;
                for (b, s) in base.iter_mut().zip(self.step(d)) {
                    *b -= s * (self.dims[d] - 1);
                }
            }
        }
    }
}

impl Runs<1> {
    /// The view walked in square tiles when it is transposed: its innermost merged
    /// dim strided (neither 1 nor 0) and the next one out of step 1. Row by row, each
    /// element read would be a new cache line (and, for a power-of-two stride, in the
    /// same few cache sets, so that a line is evicted before its next element is
    /// read); a tile reads [`TILE`] consecutive elements of each of [`TILE`] lines.
    pub(crate) fn tiles(&self) -> Option<Tiles> {
        let n = self.dims.len();
        let strides = &self.strides[0];
        if n < 2 || strides[n - 2] != 1 || strides[n - 1] <= 1 || self.dims.contains(&0) {
            return None;
        }
        Some(Tiles {
            outer_dims: self.dims[..n - 2].into(),
            outer_strides: strides[..n - 2].into(),
            offset: self.offsets[0],
            rows: self.dims[n - 2],
            cols: self.dims[n - 1],
            col_step: strides[n - 1],
        })
    }
}

/// The side of a [`Tiles`] tile, in elements: a tile of `f32`s reads one 64-byte
/// cache line from each of 16 lines of the buffer (the fastest of 16, 32 and 64 in
/// bench/peers' `transpose + copy`; the figures are in `docs/benchmarks.md`).
pub(crate) const TILE: usize = 16;

/// A transposed view ([`Runs::tiles`]) as planes of `rows` x `cols` elements (one
/// per position of the outer dims), whose element `(i, j)` is `i + j * col_step`
/// from the plane's first in the buffer, cut into tiles of at most [`TILE`] x
/// [`TILE`].
pub(crate) struct Tiles {
    outer_dims: Dims,
    outer_strides: Dims,
    offset: usize,
    rows: usize,
    cols: usize,
    col_step: usize,
}

impl Tiles {
    /// The length of a row: the output's innermost dim.
    pub(crate) fn cols(&self) -> usize {
        self.cols
    }

    /// The buffer step from one element of a row to the next.
    pub(crate) fn col_step(&self) -> usize {
        self.col_step
    }

    /// Calls `f(position, start, rows, cols)` for each tile of rows `lo..hi` (row
    /// numbers counted across the planes, row-major), so that a band of rows is
    /// walked tile by tile: `position` is the tile's first element's row-major
    /// position less `lo`'s, `start` its buffer index. The tile's element `(i, j)`
    /// is at position `position + i * cols() + j` and at `start + i + j * col_step()`
    /// in the buffer.
    pub(crate) fn for_each(&self, lo: usize, hi: usize, mut f: impl FnMut(usize, usize, usize, usize)) {
        let mut row = lo;
        while row < hi {
            let (plane, r) = (row / self.rows, row % self.rows);
            let band = TILE.min(self.rows - r).min(hi - row);
            let mut start = self.offset + r;
            let mut rest = plane;
            for (&size, &step) in self.outer_dims.iter().zip(&self.outer_strides).rev() {
                start += rest % size * step;
                rest /= size;
            }
            for c in (0..self.cols).step_by(TILE) {
                let width = TILE.min(self.cols - c);
                f((row - lo) * self.cols + c, start + c * self.col_step, band, width);
            }
            row += band;
        }
    }
}

/// The buffer indices of a [`Layout`]'s elements, in row-major order, optionally
/// with some dims read backwards (`flip`).
pub(crate) struct StridedIndex {
    dims: Dims,
    /// The step along each dim: the stride, or its two's-complement negation along a
    /// reversed dim (the index moves by wrapping adds, so it steps back there).
    strides: Dims,
    /// The position of the next element, one counter per dim.
    position: Dims,
    /// The buffer index of the next element.
    next: usize,
    remaining: usize,
}

impl StridedIndex {
    /// The indices of `layout` with the dims of `reversed` read backwards (a dim
    /// listed twice is reversed once): the first is the last element along each.
    pub(crate) fn new(layout: &Layout, reversed: &[usize]) -> Self {
        let mut strides = layout.strides.clone();
        let mut next = layout.offset;
        let remaining = layout.num_elements();
        for d in 0..layout.dims.len() {
            if remaining > 0 && reversed.contains(&d) {
                next += (layout.dims[d] - 1) * layout.strides[d];
                strides[d] = strides[d].wrapping_neg();
            }
        }
        Self {
            dims: layout.dims.clone(),
            strides,
            position: Dims::filled(0, layout.dims.len()),
            next,
            remaining,
        }
    }
}

impl Iterator for StridedIndex {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.remaining == 0 {
            return None;
        }
        let current = self.next;
        self.remaining -= 1;
        if self.remaining > 0 {
            // Odometer step: bump the innermost dim, carrying outward.
            for d in (0..self.dims.len()).rev() {
                self.position[d] += 1;
                if self.position[d] < self.dims[d] {
                    self.next = self.next.wrapping_add(self.strides[d]);
                    break;
                }
                self.position[d] = 0;
                self.next = self
                    .next
                    .wrapping_sub(self.strides[d].wrapping_mul(self.dims[d] - 1));
            }
        }
        Some(current)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for StridedIndex {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contiguous_strides_are_row_major() {
        let layout = Layout::contiguous(vec![2, 3, 4], 0);
        assert_eq!(layout.strides, vec![12, 4, 1]);
        assert!(layout.is_contiguous());
        assert_eq!(layout.indices().collect::<Vec<_>>(), (0..24).collect::<Vec<_>>());
    }

    #[test]
    fn transposed_indices() {
        // A [2, 3] buffer viewed as its [3, 2] transpose.
        let layout = Layout {
            dims: [3, 2].into(),
            strides: [1, 3].into(),
            offset: 0,
        };
        assert!(!layout.is_contiguous());
        assert_eq!(layout.indices().collect::<Vec<_>>(), vec![0, 3, 1, 4, 2, 5]);
    }

    #[test]
    fn broadcast_and_offset() {
        let layout = Layout::contiguous(vec![2, 1], 5)
            .broadcast_to(&[2, 3])
            .into_owned();
        assert_eq!(layout.strides, vec![1, 0]);
        assert_eq!(layout.indices().collect::<Vec<_>>(), vec![5, 5, 5, 6, 6, 6]);
        assert_eq!(broadcast_dims("t", &[2, 1, 4], &[1, 3, 4]), vec![2, 3, 4]);
        assert_eq!(broadcast_dims("t", &[1, 0], &[3, 1]), vec![3, 0]);
    }

    #[test]
    fn rank_zero_and_empty() {
        let scalar = Layout::contiguous(vec![], 2);
        assert_eq!(scalar.indices().collect::<Vec<_>>(), vec![2]);
        let empty = Layout::contiguous(vec![2, 0, 3], 0);
        assert_eq!(empty.indices().count(), 0);
    }

    #[test]
    fn size_one_dims_ignore_strides() {
        let layout = Layout {
            dims: [1, 3].into(),
            strides: [99, 1].into(),
            offset: 1,
        };
        assert_eq!(layout.contiguous_range(), Some(1..4));
    }

    /// The buffer indices `Runs` visits for `lo..hi`, per view, as `indices` would.
    fn run_indices<const K: usize>(runs: &Runs<K>, lo: usize, hi: usize) -> Vec<[usize; K]> {
        let mut seen = Vec::new();
        let step = runs.inner_strides();
        runs.for_each(lo, hi, |position, starts, len| {
            assert_eq!(position, seen.len());
            for j in 0..len {
                seen.push(core::array::from_fn(|k| starts[k] + j * step[k]));
            }
        });
        seen
    }

    #[test]
    fn runs_match_indices() {
        let transposed = Layout {
            dims: [3, 4, 2].into(),
            strides: [1, 6, 3].into(),
            offset: 2,
        };
        let contiguous = Layout::contiguous(vec![3, 4, 2], 1);
        let broadcast = Layout::contiguous(vec![3, 1, 2], 0)
            .broadcast_to(&[3, 4, 2])
            .into_owned();
        let layouts = [&transposed, &contiguous, &broadcast];
        let runs = Runs::new(&[3, 4, 2], layouts);
        let expected: Vec<[usize; 3]> = {
            let mut its = layouts.map(|l| l.indices());
            (0..24)
                .map(|_| its.each_mut().map(|it| it.next().unwrap()))
                .collect()
        };
        for (lo, hi) in [(0, 24), (0, 5), (5, 13), (7, 8), (23, 24), (3, 3)] {
            assert_eq!(run_indices(&runs, lo, hi), expected[lo..hi], "{lo}..{hi}");
        }
    }

    #[test]
    fn runs_merge_dims() {
        let contiguous = Layout::contiguous(vec![2, 1, 3, 4], 0);
        let runs = Runs::new(&[2, 1, 3, 4], [&contiguous]);
        assert_eq!(
            (runs.dims.clone().into_vec(), runs.inner_strides()),
            (vec![24], [1])
        );
        let repeated = Layout {
            dims: [2, 3].into(),
            strides: [0, 0].into(),
            offset: 0,
        };
        let scalars = [&Layout::contiguous(vec![], 0), &Layout::contiguous(vec![], 3)];
        let runs = Runs::new(&[], scalars);
        assert_eq!(run_indices(&runs, 0, 1), vec![[0, 3]]);
        let runs = Runs::new(&[2, 3], [&repeated, &Layout::contiguous(vec![2, 3], 0)]);
        assert_eq!(
            (runs.dims.clone().into_vec(), runs.inner_strides()),
            (vec![6], [0, 1])
        );
        assert_eq!(run_indices(&runs, 0, 6).len(), 6);
    }

    #[test]
    #[should_panic(expected = "do not broadcast")]
    fn incompatible_dims_panic() {
        broadcast_dims("add", &[2, 3], &[3, 3]);
    }
}
