//! The op trait every backend implements.

use crate::{BinaryOp, DType, Scalar, Shape, TensorData, UnaryOp};
use core::fmt::Debug;

/// A tensor backend: its tensor and device types, and the ops on them.
///
/// Every method is an associated function (no `self`): a backend is a type-level
/// choice, and `seam-dispatch` picks one at run time by matching on its enums.
///
/// # Preconditions
///
/// The tensor layer validates every input before calling a backend. Methods may
/// therefore assume: dims are in range, shapes are compatible as each method says,
/// both operands of a binary op have the same dtype and live on the same device.
/// A backend may panic when a precondition is broken, but must never cause undefined
/// behaviour.
///
/// # Adding an op
///
/// Add it here with its preconditions, implement it in every backend, forward it in
/// `seam-dispatch`, and expose it with one `#[outline]` method in `seam-tensor`.
pub trait Backend: 'static {
    /// A tensor of this backend: a handle to data plus its layout and dtype.
    type Tensor: Clone + Debug + Send + Sync + 'static;
    /// Where this backend's tensors live.
    type Device: Clone + PartialEq + Debug + Default + Send + Sync + 'static;

    /// The backend's name, for messages.
    fn name() -> &'static str;

    /// The device `tensor` lives on.
    fn device(tensor: &Self::Tensor) -> Self::Device;
    /// The shape of `tensor`.
    fn shape(tensor: &Self::Tensor) -> Shape;
    /// The dtype of `tensor`.
    fn dtype(tensor: &Self::Tensor) -> DType;

    /// A tensor holding `data`, on `device`.
    fn from_data(data: TensorData, device: &Self::Device) -> Self::Tensor;
    /// The contents of `tensor`, row-major.
    fn into_data(tensor: Self::Tensor) -> TensorData;
    /// A tensor of `shape` and `dtype` with every element `value`.
    fn full(shape: Shape, value: Scalar, dtype: DType, device: &Self::Device) -> Self::Tensor;

    /// `op` applied to each element. `Exp` and `Log` need a float dtype.
    fn unary(op: UnaryOp, tensor: Self::Tensor) -> Self::Tensor;
    /// `op` applied elementwise. The shapes have equal rank and broadcast: along each
    /// dim the sizes are equal or one of them is 1. The result has the broadcast shape.
    fn binary(op: BinaryOp, lhs: Self::Tensor, rhs: Self::Tensor) -> Self::Tensor;
    /// `op` applied to each element with `rhs` (converted to the tensor's dtype) on
    /// the right.
    fn binary_scalar(op: BinaryOp, lhs: Self::Tensor, rhs: Scalar) -> Self::Tensor;

    /// Batched matrix product. Both have the same rank `r >= 2`; `lhs` is
    /// `[.., m, k]`, `rhs` is `[.., k, n]`, and the `r - 2` batch dims broadcast as in
    /// [`Backend::binary`]. The result is `[broadcast batch.., m, n]`.
    fn matmul(lhs: Self::Tensor, rhs: Self::Tensor) -> Self::Tensor;

    /// `tensor` with dims `dim1` and `dim2` exchanged (both `< rank`).
    fn swap_dims(tensor: Self::Tensor, dim1: usize, dim2: usize) -> Self::Tensor;
    /// `tensor` read row-major into `shape`, which has the same number of elements.
    fn reshape(tensor: Self::Tensor, shape: Shape) -> Self::Tensor;
    /// The sum along `dim` (`< rank`), which is kept with size 1. Needs a numeric
    /// dtype; the sum has the input's dtype.
    fn sum_dim(tensor: Self::Tensor, dim: usize) -> Self::Tensor;
}
