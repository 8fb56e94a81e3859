//! The dims of a tensor.

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
    dims: Vec<usize>,
}

impl Shape {
    /// A shape with the given dims.
    pub fn new(dims: impl Into<Vec<usize>>) -> Self {
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
    pub fn num_elements(&self) -> usize {
        self.dims.iter().product()
    }

    /// Row-major strides, in elements, of a contiguous tensor of this shape.
    pub fn contiguous_strides(&self) -> Vec<usize> {
        let mut strides = vec![1; self.dims.len()];
        for i in (0..self.dims.len().saturating_sub(1)).rev() {
            strides[i] = strides[i + 1] * self.dims[i + 1];
        }
        strides
    }

    /// The dims, consuming the shape.
    pub fn into_dims(self) -> Vec<usize> {
        self.dims
    }
}

impl<const D: usize> From<[usize; D]> for Shape {
    fn from(dims: [usize; D]) -> Self {
        Self::new(dims.to_vec())
    }
}

impl From<&[usize]> for Shape {
    fn from(dims: &[usize]) -> Self {
        Self::new(dims.to_vec())
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
