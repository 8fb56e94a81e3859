//! Stride arithmetic that every backend with strided views shares.

use crate::Dims;

/// Row-major strides, in elements, of a contiguous tensor of `dims`.
///
/// Dims whose count fits a `usize` have strides that fit too; an empty tensor (a
/// zero dim) may have huge other dims, and its strides, which address no element,
/// saturate instead of overflowing.
#[inline]
pub fn contiguous(dims: &[usize]) -> Dims {
    let mut strides = Dims::filled(0, dims.len());
    let mut step = 1usize;
    // One borrow of the items for the whole loop, and no index to check.
    for (stride, &dim) in strides.as_mut_slice().iter_mut().zip(dims).rev() {
        *stride = step;
        step = step.saturating_mul(dim);
    }
    strides
}

/// Whether a view with `dims` and `strides` (in elements) is a row-major run of its
/// buffer. Strides of size-1 dims do not matter.
#[inline]
pub fn is_contiguous(dims: &[usize], strides: &[usize]) -> bool {
    contiguous_count(dims, strides).is_some()
}

/// The number of elements of a view with `dims` and `strides` (in elements) if it
/// is a row-major run of its buffer ([`is_contiguous`]), else `None`: the length of
/// the run, found in the same pass as the contiguity.
///
/// The count is exact for the dims of any tensor (their count fits a `usize`), and 0
/// when a dim is 0.
#[inline]
pub fn contiguous_count(dims: &[usize], strides: &[usize]) -> Option<usize> {
    let mut expected = 1usize;
    for (&dim, &stride) in dims.iter().zip(strides).rev() {
        if dim != 1 && stride != expected {
            return None;
        }
        // Saturating: an empty view may have huge other dims (and then the product
        // still ends at 0, as a zero dim makes it 0 whatever comes before or after).
        expected = expected.saturating_mul(dim);
    }
    Some(expected)
}

/// The strides that read a view with `dims` and `strides` as if broadcast to
/// `target` (same rank): 0 along each dim where the view has size 1 and `target`
/// more, its own stride elsewhere.
pub fn broadcast(dims: &[usize], strides: &[usize], target: &[usize]) -> Dims {
    debug_assert_eq!(dims.len(), target.len());
    dims.iter()
        .zip(strides)
        .zip(target)
        .map(|((&own, &stride), &target)| if own == target { stride } else { 0 })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contiguity_ignores_size_1_dims() {
        assert!(is_contiguous(&[2, 3], &[3, 1]));
        assert!(is_contiguous(&[2, 1, 3], &[3, 99, 1]));
        assert!(!is_contiguous(&[2, 3], &[1, 2]));
        assert!(is_contiguous(&[], &[]));
    }

    #[test]
    fn a_contiguous_view_counts_its_elements() {
        assert_eq!(contiguous_count(&[2, 1, 3], &[3, 99, 1]), Some(6));
        assert_eq!(contiguous_count(&[], &[]), Some(1));
        assert_eq!(contiguous_count(&[2, 3], &[1, 2]), None);
        // An empty view with a huge dim: the product saturates, then the zero dim
        // brings it to 0, before or after the huge one.
        assert_eq!(contiguous_count(&[usize::MAX, 2, 0], &[0, 0, 1]), Some(0));
        assert_eq!(
            contiguous_count(&[0, usize::MAX, 2], &[usize::MAX, 2, 1]),
            Some(0)
        );
    }

    #[test]
    fn broadcast_zeroes_the_stretched_dims() {
        assert_eq!(broadcast(&[1, 3], &[3, 1], &[4, 3]), vec![0, 1]);
        assert_eq!(broadcast(&[2, 1], &[1, 2], &[2, 5]), vec![1, 0]);
    }
}
