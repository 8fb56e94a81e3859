//! Errors from building or reading [`TensorData`](crate::TensorData).

use crate::{DType, Shape};
use core::fmt;

/// Why a [`TensorData`](crate::TensorData) could not be built or read.
#[derive(Clone, PartialEq, Debug)]
pub enum DataError {
    /// The data holds another dtype than the one asked for.
    DTypeMismatch {
        /// The dtype that was asked for.
        expected: DType,
        /// The dtype the data holds.
        found: DType,
    },
    /// The number of values (or bytes) does not match the shape.
    LengthMismatch {
        /// The shape the data was given.
        shape: Shape,
        /// The dtype of the data.
        dtype: DType,
        /// How many elements the shape needs.
        expected: usize,
        /// How many elements were given (a byte count that is not a multiple of the
        /// dtype's size is rounded down).
        found: usize,
    },
    /// The shape has more elements or bytes than a Rust allocation may hold.
    TooLarge {
        /// The shape the data was given.
        shape: Shape,
        /// The dtype of the data.
        dtype: DType,
    },
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::DTypeMismatch { expected, found } => write!(
                f,
                "tensor data holds {found} values but {expected} was asked for; \
                 read it as {found}, or convert the tensor first"
            ),
            DataError::LengthMismatch {
                shape,
                dtype,
                expected,
                found,
            } => write!(
                f,
                "shape {shape} needs {expected} {dtype} values but {found} were given; \
                 pass a shape whose dims multiply to {found}, or {expected} values"
            ),
            DataError::TooLarge { shape, dtype } => write!(
                f,
                "shape {shape} of {dtype} has more than isize::MAX bytes ({} elements), more \
                 than any allocation holds; use smaller dims",
                shape
                    .checked_num_elements()
                    .map_or_else(|| "more than usize::MAX".to_owned(), |n| n.to_string())
            ),
        }
    }
}

impl std::error::Error for DataError {}
