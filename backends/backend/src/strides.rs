//! Stride arithmetic that every backend with strided views shares.

use crate::Dims;

/// Row-major strides, in elements, of a contiguous tensor of `dims`.
///
/// Dims whose count fits a `usize` have strides that fit too; an empty tensor (a
/// zero dim) may have huge other dims, and its strides, which address no element,
/// saturate instead of overflowing.
pub fn contiguous(dims: &[usize]) -> Dims {
    let mut strides = Dims::filled(1, dims.len());
    // One borrow of the items for the whole loop, not a `DerefMut` per index.
    let items = strides.as_mut_slice();
    for i in (1..dims.len()).rev() {
        items[i - 1] = items[i].saturating_mul(dims[i]);
    }
    strides
}

/// Whether a view with `dims` and `strides` (in elements) is a row-major run of its
/// buffer. Strides of size-1 dims do not matter.
pub fn is_contiguous(dims: &[usize], strides: &[usize]) -> bool {
    let mut expected = 1;
    for (&dim, &stride) in dims.iter().zip(strides).rev() {
        if dim != 1 && stride != expected {
            return false;
        }
        // Saturating: an empty view may have huge other dims.
        expected = expected.saturating_mul(dim);
    }
    true
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
    fn broadcast_zeroes_the_stretched_dims() {
        assert_eq!(broadcast(&[1, 3], &[3, 1], &[4, 3]), vec![0, 1]);
        assert_eq!(broadcast(&[2, 1], &[1, 2], &[2, 5]), vec![1, 0]);
    }
}
