//! Where a tensor's elements sit in its buffer: dims, strides and an offset, and the
//! iterator that walks them in row-major order.

use core::ops::Range;

/// A strided view: element `[i0, i1, ..]` of the tensor is element
/// `offset + i0 * strides[0] + i1 * strides[1] + ..` of the buffer.
///
/// Strides are in elements and never negative; a stride of 0 repeats one element
/// along a dim (broadcasting).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Layout {
    /// The size of each dim, outermost first.
    pub(crate) dims: Vec<usize>,
    /// The buffer step of each dim, in elements.
    pub(crate) strides: Vec<usize>,
    /// The buffer index of the first element.
    pub(crate) offset: usize,
}

impl Layout {
    /// The row-major layout of `dims`, starting at `offset`.
    pub(crate) fn contiguous(dims: Vec<usize>, offset: usize) -> Self {
        let mut strides = vec![1; dims.len()];
        for i in (1..dims.len()).rev() {
            strides[i - 1] = strides[i] * dims[i];
        }
        Self {
            dims,
            strides,
            offset,
        }
    }

    /// The number of elements in the view.
    pub(crate) fn num_elements(&self) -> usize {
        self.dims.iter().product()
    }

    /// Whether the view is a row-major run of the buffer (strides of size-1 dims do
    /// not matter).
    pub(crate) fn is_contiguous(&self) -> bool {
        seam_backend::strides::is_contiguous(&self.dims, &self.strides)
    }

    /// The buffer range of the view, if it is contiguous.
    pub(crate) fn contiguous_range(&self) -> Option<Range<usize>> {
        self.is_contiguous()
            .then(|| self.offset..self.offset + self.num_elements())
    }

    /// The buffer index of each element, in row-major order.
    pub(crate) fn indices(&self) -> StridedIndex {
        StridedIndex::new(self)
    }

    /// The view's elements, row-major, copied out of `buf`.
    pub(crate) fn gather<T: Copy>(&self, buf: &[T]) -> Vec<T> {
        match self.contiguous_range() {
            Some(range) => buf[range].to_vec(),
            None => self.indices().map(|i| buf[i]).collect(),
        }
    }

    /// The view broadcast to `dims`, which has the same rank: a size-1 dim that
    /// `dims` makes longer gets stride 0.
    pub(crate) fn broadcast_to(&self, dims: &[usize]) -> Layout {
        let strides = seam_backend::strides::broadcast(&self.dims, &self.strides, dims);
        Layout {
            dims: dims.to_vec(),
            strides,
            offset: self.offset,
        }
    }

    /// The view of `dims` that repeats the buffer's element 0 everywhere (all
    /// strides 0): a scalar broadcast to `dims`.
    pub(crate) fn repeated(dims: Vec<usize>) -> Layout {
        let strides = vec![0; dims.len()];
        Layout {
            dims,
            strides,
            offset: 0,
        }
    }

    /// The part of the view at `ranges`, one per dim: the offset moves to the
    /// part's first element, the dims shrink, the strides stay. `what` names the op
    /// in the message.
    ///
    /// # Panics
    ///
    /// If there is not one range per dim, or a range decreases or ends past its dim.
    pub(crate) fn slice(&self, what: &str, ranges: &[Range<usize>]) -> Layout {
        assert_eq!(
            ranges.len(),
            self.dims.len(),
            "{what}: {ranges:?} must give one range per dim of shape {:?}",
            self.dims
        );
        let mut part = self.clone();
        for (d, range) in ranges.iter().enumerate() {
            assert!(
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
            dims: self.dims[..rank].to_vec(),
            strides: self.strides[..rank].to_vec(),
            offset: self.offset,
        }
    }
}

/// The shape two shapes broadcast to, under numpy's rules for equal ranks.
///
/// # Panics
///
/// If the ranks differ or a pair of dims is unequal with neither being 1; `what`
/// names the op in the message.
pub(crate) fn broadcast_dims(what: &str, lhs: &[usize], rhs: &[usize]) -> Vec<usize> {
    assert_eq!(
        lhs.len(),
        rhs.len(),
        "{what}: shapes {lhs:?} and {rhs:?} have different ranks; the cpu backend broadcasts equal ranks only"
    );
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

/// The buffer indices of a [`Layout`]'s elements, in row-major order.
pub(crate) struct StridedIndex {
    dims: Vec<usize>,
    strides: Vec<usize>,
    /// The position of the next element, one counter per dim.
    position: Vec<usize>,
    /// The buffer index of the next element.
    next: usize,
    remaining: usize,
}

impl StridedIndex {
    fn new(layout: &Layout) -> Self {
        Self {
            dims: layout.dims.clone(),
            strides: layout.strides.clone(),
            position: vec![0; layout.dims.len()],
            next: layout.offset,
            remaining: layout.num_elements(),
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
                    self.next += self.strides[d];
                    break;
                }
                self.position[d] = 0;
                self.next -= self.strides[d] * (self.dims[d] - 1);
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
            dims: vec![3, 2],
            strides: vec![1, 3],
            offset: 0,
        };
        assert!(!layout.is_contiguous());
        assert_eq!(layout.indices().collect::<Vec<_>>(), vec![0, 3, 1, 4, 2, 5]);
    }

    #[test]
    fn broadcast_and_offset() {
        let layout = Layout::contiguous(vec![2, 1], 5).broadcast_to(&[2, 3]);
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
            dims: vec![1, 3],
            strides: vec![99, 1],
            offset: 1,
        };
        assert_eq!(layout.contiguous_range(), Some(1..4));
    }

    #[test]
    #[should_panic(expected = "do not broadcast")]
    fn incompatible_dims_panic() {
        broadcast_dims("add", &[2, 3], &[3, 3]);
    }
}
