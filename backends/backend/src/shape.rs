//! The dims of a tensor.

use crate::{DType, Dims};
use core::fmt;

/// The size of each dim of a tensor, outermost first.
///
/// ```
/// use seam_backend::Shape;
/// let shape = Shape::from([2, 3, 4]);
/// assert_eq!(shape.rank(), 3);
/// assert_eq!(shape.num_elements(), 24);
/// assert_eq!(shape.to_string(), "[2, 3, 4]");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Shape {
    dims: Dims,
}

impl Shape {
    /// A shape with the given dims.
    pub fn new(dims: impl Into<Dims>) -> Self {
        Self { dims: dims.into() }
    }

    /// The number of dims.
    pub fn rank(&self) -> usize {
        self.dims.len()
    }

    /// The dims, outermost first.
    pub fn dims(&self) -> &[usize] {
        &self.dims
    }

    /// The product of the dims (1 for a rank-0 shape).
    ///
    /// # Panics
    ///
    /// If the product overflows `usize`, naming the shape: use
    /// [`Shape::checked_num_elements`] to get `None` instead. The tensor layer
    /// checks every shape it makes, so a backend never sees such a shape.
    #[track_caller]
    pub fn num_elements(&self) -> usize {
        count(&self.dims)
    }

    /// The product of the dims, or `None` if it overflows `usize` (a shape with a
    /// zero dim has 0 elements, whatever its other dims).
    ///
    /// ```
    /// use seam_backend::Shape;
    /// assert_eq!(Shape::from([1 << 40, 1 << 40]).checked_num_elements(), None);
    /// assert_eq!(Shape::from([1 << 40, 1 << 40, 0]).checked_num_elements(), Some(0));
    /// ```
    pub fn checked_num_elements(&self) -> Option<usize> {
        checked_count(&self.dims)
    }

    /// The bytes a contiguous tensor of this shape and `dtype` takes, or `None` if
    /// that is more than a Rust allocation may hold (`isize::MAX` bytes).
    ///
    /// ```
    /// use seam_backend::{DType, Shape};
    /// assert_eq!(Shape::from([2, 3]).checked_bytes(DType::F64), Some(48));
    /// assert_eq!(Shape::from([1 << 62]).checked_bytes(DType::F32), None);
    /// ```
    pub fn checked_bytes(&self, dtype: DType) -> Option<usize> {
        self.checked_num_elements()?
            .checked_mul(dtype.size())
            .filter(|&bytes| isize::try_from(bytes).is_ok())
    }

    /// Row-major strides, in elements, of a contiguous tensor of this shape (see
    /// [`strides::contiguous`](crate::strides::contiguous)).
    pub fn contiguous_strides(&self) -> Dims {
        crate::strides::contiguous(&self.dims)
    }

    /// The dims, consuming the shape (inline up to [`INLINE_RANK`](crate::INLINE_RANK)
    /// dims; `.into_vec()` gives a `Vec`).
    pub fn into_dims(self) -> Dims {
        self.dims
    }
}

/// The number of elements of a tensor of `dims`, or `None` if it overflows `usize`
/// (0 if any dim is 0, whatever the others): the one element count that every
/// shape, buffer and kernel entry uses.
#[inline]
pub fn checked_count(dims: &[usize]) -> Option<usize> {
    // One pass: a zero dim makes the count 0 even after an overflow.
    let (mut count, mut overflowed) = (1usize, false);
    for &d in dims {
        if d == 0 {
            return Some(0);
        }
        let (product, o) = count.overflowing_mul(d);
        count = product;
        overflowed |= o;
    }
    (!overflowed).then_some(count)
}

/// [`checked_count`], for dims the tensor layer has already checked.
///
/// # Panics
///
/// If the count overflows `usize`, naming the dims (in release builds too).
#[track_caller]
#[inline]
pub fn count(dims: &[usize]) -> usize {
    checked_count(dims).unwrap_or_else(|| panic!("shape {dims:?} has more elements than a usize counts"))
}

impl<const D: usize> From<[usize; D]> for Shape {
    fn from(dims: [usize; D]) -> Self {
        Self::new(dims)
    }
}

impl From<&[usize]> for Shape {
    fn from(dims: &[usize]) -> Self {
        Self::new(dims)
    }
}

impl From<Dims> for Shape {
    fn from(dims: Dims) -> Self {
        Self { dims }
    }
}

impl From<Vec<usize>> for Shape {
    fn from(dims: Vec<usize>) -> Self {
        Self::new(dims)
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, d) in self.dims.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{d}")?;
        }
        f.write_str("]")
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strides_are_row_major() {
        assert_eq!(Shape::from([2, 3, 4]).contiguous_strides(), vec![12, 4, 1]);
        assert_eq!(Shape::from([5]).contiguous_strides(), vec![1]);
        assert_eq!(Shape::new(vec![]).contiguous_strides(), Vec::<usize>::new());
        assert_eq!(Shape::new(vec![]).num_elements(), 1);
    }
}
