//! [`TensorError`]: what the `try_` methods return when their input breaks a rule.

use core::fmt;

/// Which rule an input broke; see [`TensorError::kind`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum TensorErrorKind {
    /// Shapes that do not fit together (broadcast, matmul, index and value shapes).
    Shape,
    /// A dim index out of range, or a rank that does not match.
    Dim,
    /// A reshape to a different number of elements, or a bad `-1`.
    Reshape,
    /// A slice range outside its dim, or decreasing.
    Slice,
    /// Tensors that cannot be concatenated or stacked.
    Cat,
    /// Data of the wrong rank, dtype or length.
    Data,
    /// A dtype that the op does not take, or two operands of different dtypes.
    DType,
    /// A shape with more elements than a `usize` counts (the product of its dims
    /// overflows).
    Size,
    /// A value the op cannot take: an integer divisor of zero, an index out of range.
    Value,
}

/// A broken rule: the op, the kind of rule, and a message that names the shapes or
/// dims involved and what to do.
///
/// Every panicking method prints the same message as its `try_` form returns.
///
/// ```
/// use seam_tensor::{Device, Tensor, TensorErrorKind};
/// let t = Tensor::<2>::zeros([2, 3], &Device::default());
/// let err = t.try_reshape::<2>([4, 2]).unwrap_err();
/// assert_eq!(err.kind(), TensorErrorKind::Reshape);
/// assert_eq!(err.op(), "reshape");
/// assert!(err.to_string().starts_with("reshape: a tensor of shape [2, 3] (6 elements)"));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TensorError {
    op: &'static str,
    kind: TensorErrorKind,
    message: String,
}

impl TensorError {
    /// An error of `op`, breaking a rule of `kind`, explained by `message`.
    pub(crate) fn new(op: &'static str, kind: TensorErrorKind, message: impl Into<String>) -> Self {
        Self {
            op,
            kind,
            message: message.into(),
        }
    }

    /// The op that refused its input, as the API spells it.
    pub fn op(&self) -> &'static str {
        self.op
    }

    /// The kind of rule that was broken.
    pub fn kind(&self) -> TensorErrorKind {
        self.kind
    }

    /// The explanation, without the op's name.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for TensorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.op, self.message)
    }
}

impl std::error::Error for TensorError {}

/// `Result::unwrap` for the checks, panicking with the error's message (not its
/// `Debug` form) at the caller's location.
pub(crate) trait OrPanic<T> {
    /// The value, or a panic with the error's message.
    fn or_panic(self) -> T;
}

impl<T> OrPanic<T> for Result<T, TensorError> {
    #[track_caller]
    fn or_panic(self) -> T {
        match self {
            Ok(value) => value,
            Err(err) => panic!("{err}"),
        }
    }
}
