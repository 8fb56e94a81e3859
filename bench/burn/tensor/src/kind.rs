//! The kinds a `Tensor<D, K>` holds (`Float`, `Int`, `Bool`), and what each does on
//! burn-dispatch's `DispatchTensor`: a closed set, sealed. Generic code names an op
//! as `K::add(a, b)`; inside an outlined body, where `K` is a run-time value, the
//! macros turn that call into a `match` over the kinds each trait lists in its
//! `#[outline(kinds(..))]`. This file is what a kind costs by hand: one function
//! per op and kind, each one call into burn-dispatch.

// ---- BEGIN KINDS ---- (counted with the boundary, as Burn's `bridge/kind.rs` is)
use crate::check;
use burn_backend::AutodiffBackend;
pub use crate::bridge::Kind;
use seam_macros::outline;
use burn_backend::TensorMetadata;
use burn_backend::ops::{BoolTensorOps, FloatTensorOps, IntTensorOps, QTensorOps};
use burn_backend::{ExecutionError, Scalar, TensorData, try_read_sync};
use burn_std::{IndexingUpdateOp, PadMode};
use burn_dispatch::{Dispatch, DispatchDevice, DispatchTensor};
use burn_std::{BoolDType, DType, Distribution, FloatDType, IntDType, Shape, Slice};

mod sealed {
    /// Only this crate's kinds implement the kind traits.
    pub trait Sealed {}
    impl Sealed for super::Float {}
    impl Sealed for super::Int {}
    impl Sealed for super::Bool {}
}


/// Every kind: its run-time value.
pub trait TensorKind: sealed::Sealed + Clone + core::fmt::Debug + Send + Sync + 'static {
    /// The kind, as a value.
    const KIND: Kind;
}

/// Floating-point tensors (the default kind).
#[derive(Clone, Debug)]
pub struct Float;

/// Integer tensors.
#[derive(Clone, Debug)]
pub struct Int;

/// Boolean tensors.
#[derive(Clone, Debug)]
pub struct Bool;

impl TensorKind for Float {
    const KIND: Kind = Kind::Float;
}

impl TensorKind for Int {
    const KIND: Kind = Kind::Int;
}

impl TensorKind for Bool {
    const KIND: Kind = Kind::Bool;
}

/// What every kind does.
#[outline(kinds(crate::Float, crate::Int, crate::Bool))]
pub trait Basic: TensorKind {
    /// An uninitialised tensor.
    fn empty(shape: Shape, device: &DispatchDevice, dtype: DType) -> DispatchTensor;
    /// A tensor of zeros (false).
    fn zeros(shape: Shape, device: &DispatchDevice, dtype: DType) -> DispatchTensor;
    /// A tensor of ones (true).
    fn ones(shape: Shape, device: &DispatchDevice, dtype: DType) -> DispatchTensor;
    /// A tensor of `value`.
    fn full(shape: Shape, value: Scalar, device: &DispatchDevice, dtype: DType) -> DispatchTensor;
    /// A tensor holding `data`, converted to `dtype`.
    fn from_data(data: TensorData, device: &DispatchDevice, dtype: DType) -> DispatchTensor;
    /// The elements, read back synchronously.
    fn into_data(tensor: DispatchTensor) -> TensorData {
        read(Self::read_data(tensor))
    }
    /// The same elements in another shape.
    fn reshape(tensor: DispatchTensor, shape: Shape) -> DispatchTensor;
    /// Two dims swapped.
    fn swap_dims(tensor: DispatchTensor, dim1: usize, dim2: usize) -> DispatchTensor;
    /// The dims reordered.
    fn permute(tensor: DispatchTensor, axes: &[usize]) -> DispatchTensor;
    /// A sub-tensor.
    fn slice(tensor: DispatchTensor, slices: &[Slice]) -> DispatchTensor;
    /// The tensor on another device.
    fn to_device(tensor: DispatchTensor, device: &DispatchDevice) -> DispatchTensor;
    /// The tensors joined along `dim`.
    fn cat(tensors: Vec<DispatchTensor>, dim: usize) -> DispatchTensor;
    /// Element-wise `==`, as booleans of `out`.
    fn equal(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor;
    /// Element-wise `!=`, as booleans of `out`.
    fn not_equal(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor;
    /// The tensor broadcast to `shape`.
    fn expand(tensor: DispatchTensor, shape: Shape) -> DispatchTensor;
    /// `times` copies along `dim`.
    fn repeat_dim(tensor: DispatchTensor, dim: usize, times: usize) -> DispatchTensor;
    /// The entries of `dim` at `indices`.
    fn select(tensor: DispatchTensor, dim: usize, indices: DispatchTensor) -> DispatchTensor;
    /// `value` where `mask` holds, `tensor` elsewhere.
    fn mask_where(tensor: DispatchTensor, mask: DispatchTensor, value: DispatchTensor) -> DispatchTensor;
    /// `value` where `mask` holds.
    fn mask_fill(tensor: DispatchTensor, mask: DispatchTensor, value: Scalar) -> DispatchTensor;
    /// The elements at `indices` along `dim`.
    fn gather(dim: usize, tensor: DispatchTensor, indices: DispatchTensor) -> DispatchTensor;
    /// The dims `axes` reversed.
    fn flip(tensor: DispatchTensor, axes: &[usize]) -> DispatchTensor;
    /// Element-wise `== value`.
    fn equal_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor;
    /// Element-wise `!= value`.
    fn not_equal_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor;
    /// Whether any element is non-zero, a one-element tensor.
    fn any(tensor: DispatchTensor, out: BoolDType) -> DispatchTensor;
    /// Whether any element along `dim` is non-zero.
    fn any_dim(tensor: DispatchTensor, dim: usize, out: BoolDType) -> DispatchTensor;
    /// Whether every element is non-zero, a one-element tensor.
    fn all(tensor: DispatchTensor, out: BoolDType) -> DispatchTensor;
    /// Whether every element along `dim` is non-zero.
    fn all_dim(tensor: DispatchTensor, dim: usize, out: BoolDType) -> DispatchTensor;
    /// `value` written over the region `slices`.
    fn slice_assign(tensor: DispatchTensor, slices: &[Slice], value: DispatchTensor) -> DispatchTensor;
    /// `value`'s entries written at (or combined by `update` with) `indices` of `dim`.
    fn select_assign(
        tensor: DispatchTensor,
        dim: usize,
        indices: DispatchTensor,
        value: DispatchTensor,
        update: IndexingUpdateOp,
    ) -> DispatchTensor;
    /// `value`'s elements written at (or combined by `update` with) `indices` along `dim`.
    fn scatter(
        dim: usize,
        tensor: DispatchTensor,
        indices: DispatchTensor,
        value: DispatchTensor,
        update: IndexingUpdateOp,
    ) -> DispatchTensor;
    /// `values` written at the multi-indices `indices`.
    fn scatter_nd(
        tensor: DispatchTensor,
        indices: DispatchTensor,
        values: DispatchTensor,
        update: IndexingUpdateOp,
    ) -> DispatchTensor;
    /// The slices at the multi-indices `indices`.
    fn gather_nd(tensor: DispatchTensor, indices: DispatchTensor) -> DispatchTensor;
    /// The windows of `size` along `dim`, `step` apart, as a new last dim.
    fn unfold(tensor: DispatchTensor, dim: usize, size: usize, step: usize) -> DispatchTensor;
    /// The elements where `mask` holds, flattened.
    fn mask_select(tensor: DispatchTensor, mask: DispatchTensor) -> Pending<DispatchTensor>;
    /// The elements, read back when the future is polled.
    fn read_data(tensor: DispatchTensor) -> Pending<Result<TensorData, ExecutionError>>;
    /// The elements converted to `dtype`: a float dtype gives a float tensor, an
    /// integer one an integer tensor.
    fn cast(tensor: DispatchTensor, dtype: DType) -> DispatchTensor;
    /// The tensor without its autodiff context.
    fn inner(tensor: DispatchTensor) -> DispatchTensor;
    /// The tensor with the device's autodiff context.
    fn from_inner(tensor: DispatchTensor) -> DispatchTensor;
}

/// The kinds with arithmetic.
#[outline(kinds(crate::Float, crate::Int))]
pub trait Numeric: Basic {
    /// Element-wise `x * x`.
    fn square(tensor: DispatchTensor) -> DispatchTensor;
    /// `lhs + rhs`.
    fn add(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor;
    /// `lhs + rhs`, a scalar.
    fn add_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor;
    /// `lhs - rhs`.
    fn sub(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor;
    /// `lhs - rhs`, a scalar.
    fn sub_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor;
    /// `lhs * rhs`.
    fn mul(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor;
    /// `lhs * rhs`, a scalar.
    fn mul_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor;
    /// `lhs / rhs`.
    fn div(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor;
    /// `lhs / rhs`, a scalar.
    fn div_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor;
    /// `-tensor`.
    fn neg(tensor: DispatchTensor) -> DispatchTensor;
    /// `|tensor|`.
    fn abs(tensor: DispatchTensor) -> DispatchTensor;
    /// The sum of all elements, a one-element tensor.
    fn sum(tensor: DispatchTensor) -> DispatchTensor;
    /// The sum along `dim`, kept with size 1.
    fn sum_dim(tensor: DispatchTensor, dim: usize) -> DispatchTensor;
    /// The mean of all elements, a one-element tensor.
    fn mean(tensor: DispatchTensor) -> DispatchTensor;
    /// The mean along `dim`, kept with size 1.
    fn mean_dim(tensor: DispatchTensor, dim: usize) -> DispatchTensor;
    /// The product of all elements, a one-element tensor.
    fn prod(tensor: DispatchTensor) -> DispatchTensor;
    /// The product along `dim`, kept with size 1.
    fn prod_dim(tensor: DispatchTensor, dim: usize) -> DispatchTensor;
    /// The matrix product over the last two dims.
    fn matmul(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor;
    /// The sign of each element: -1, 0 or 1.
    fn sign(tensor: DispatchTensor) -> DispatchTensor;
    /// Element-wise floor remainder.
    fn remainder(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor;
    /// Element-wise floor remainder by a scalar.
    fn remainder_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor;
    /// Element-wise `lhs ^ rhs`, `rhs` integers.
    fn powi(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor;
    /// Element-wise `lhs ^ rhs`, an integer scalar.
    fn powi_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor;
    /// Cumulative sums along `dim`.
    fn cumsum(tensor: DispatchTensor, dim: usize) -> DispatchTensor;
    /// Cumulative products along `dim`.
    fn cumprod(tensor: DispatchTensor, dim: usize) -> DispatchTensor;
    /// The tensor with `padding[d]` elements added before and after each dim `d`.
    fn pad(tensor: DispatchTensor, padding: &[(usize, usize)], mode: PadMode) -> DispatchTensor;
    /// Random elements drawn from `distribution`.
    fn random(shape: Shape, distribution: Distribution, device: &DispatchDevice, dtype: DType) -> DispatchTensor;
}


impl Basic for Float {
    fn empty(shape: Shape, device: &DispatchDevice, dtype: DType) -> DispatchTensor {
        Dispatch::float_empty(shape, device, FloatDType::from(dtype))
    }
    fn zeros(shape: Shape, device: &DispatchDevice, dtype: DType) -> DispatchTensor {
        Dispatch::float_zeros(shape, device, FloatDType::from(dtype))
    }
    fn ones(shape: Shape, device: &DispatchDevice, dtype: DType) -> DispatchTensor {
        Dispatch::float_ones(shape, device, FloatDType::from(dtype))
    }
    fn full(shape: Shape, value: Scalar, device: &DispatchDevice, dtype: DType) -> DispatchTensor {
        Dispatch::float_full(shape, value, device, FloatDType::from(dtype))
    }
    // Quantized data stays quantized: it converts to no float dtype.
    fn from_data(data: TensorData, device: &DispatchDevice, dtype: DType) -> DispatchTensor {
        match data.dtype() {
            DType::QFloat(_) => Dispatch::q_from_data(data, device),
            _ => Dispatch::float_from_data(data.convert_dtype(dtype), device),
        }
    }
    // The layout ops keep a quantized tensor quantized, as burn-tensor's do.
    fn reshape(tensor: DispatchTensor, shape: Shape) -> DispatchTensor {
        match quantized(&tensor) {
            true => Dispatch::q_reshape(tensor, shape),
            false => Dispatch::float_reshape(tensor, shape),
        }
    }
    fn swap_dims(tensor: DispatchTensor, dim1: usize, dim2: usize) -> DispatchTensor {
        match quantized(&tensor) {
            true => Dispatch::q_swap_dims(tensor, dim1, dim2),
            false => Dispatch::float_swap_dims(tensor, dim1, dim2),
        }
    }
    fn permute(tensor: DispatchTensor, axes: &[usize]) -> DispatchTensor {
        match quantized(&tensor) {
            true => Dispatch::q_permute(tensor, axes),
            false => Dispatch::float_permute(tensor, axes),
        }
    }
    fn slice(tensor: DispatchTensor, slices: &[Slice]) -> DispatchTensor {
        match quantized(&tensor) {
            true => Dispatch::q_slice(tensor, slices),
            false => Dispatch::float_slice(tensor, slices),
        }
    }
    fn to_device(tensor: DispatchTensor, device: &DispatchDevice) -> DispatchTensor {
        match quantized(&tensor) {
            true => Dispatch::q_to_device(tensor, device),
            false => Dispatch::float_to_device(tensor, device),
        }
    }
    fn cat(tensors: Vec<DispatchTensor>, dim: usize) -> DispatchTensor {
        match tensors.iter().all(quantized) {
            true => Dispatch::q_cat(tensors, dim),
            false => Dispatch::float_cat(tensors.into_iter().map(crate::bridge::dequantized).collect(), dim),
        }
    }
    fn equal(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor {
        Dispatch::float_equal(lhs, rhs, out)
    }
    fn not_equal(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor {
        Dispatch::float_not_equal(lhs, rhs, out)
    }
    fn expand(tensor: DispatchTensor, shape: Shape) -> DispatchTensor {
        Dispatch::float_expand(tensor, shape)
    }
    fn repeat_dim(tensor: DispatchTensor, dim: usize, times: usize) -> DispatchTensor {
        match quantized(&tensor) {
            true => Dispatch::q_repeat_dim(tensor, dim, times),
            false => Dispatch::float_repeat_dim(tensor, dim, times),
        }
    }
    fn select(tensor: DispatchTensor, dim: usize, indices: DispatchTensor) -> DispatchTensor {
        match quantized(&tensor) {
            true => Dispatch::q_select(tensor, dim, indices),
            false => Dispatch::float_select(tensor, dim, indices),
        }
    }
    fn mask_where(tensor: DispatchTensor, mask: DispatchTensor, value: DispatchTensor) -> DispatchTensor {
        Dispatch::float_mask_where(tensor, mask, value)
    }
    fn mask_fill(tensor: DispatchTensor, mask: DispatchTensor, value: Scalar) -> DispatchTensor {
        Dispatch::float_mask_fill(tensor, mask, value)
    }
    fn gather(dim: usize, tensor: DispatchTensor, indices: DispatchTensor) -> DispatchTensor {
        match quantized(&tensor) {
            true => Dispatch::q_gather(dim, tensor, indices),
            false => Dispatch::float_gather(dim, tensor, indices),
        }
    }
    fn flip(tensor: DispatchTensor, axes: &[usize]) -> DispatchTensor {
        match quantized(&tensor) {
            true => Dispatch::q_flip(tensor, axes),
            false => Dispatch::float_flip(tensor, axes),
        }
    }
    fn equal_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor {
        Dispatch::float_equal_elem(lhs, rhs, out)
    }
    fn not_equal_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor {
        Dispatch::float_not_equal_elem(lhs, rhs, out)
    }
    fn any(tensor: DispatchTensor, out: BoolDType) -> DispatchTensor {
        Dispatch::float_any(tensor, out)
    }
    fn any_dim(tensor: DispatchTensor, dim: usize, out: BoolDType) -> DispatchTensor {
        Dispatch::float_any_dim(tensor, dim, out)
    }
    fn all(tensor: DispatchTensor, out: BoolDType) -> DispatchTensor {
        Dispatch::float_all(tensor, out)
    }
    fn all_dim(tensor: DispatchTensor, dim: usize, out: BoolDType) -> DispatchTensor {
        Dispatch::float_all_dim(tensor, dim, out)
    }
    fn slice_assign(tensor: DispatchTensor, slices: &[Slice], value: DispatchTensor) -> DispatchTensor {
        Dispatch::float_slice_assign(tensor, slices, value)
    }
    fn select_assign(
        tensor: DispatchTensor,
        dim: usize,
        indices: DispatchTensor,
        value: DispatchTensor,
        update: IndexingUpdateOp,
    ) -> DispatchTensor {
        Dispatch::float_select_assign(tensor, dim, indices, value, update)
    }
    fn scatter(
        dim: usize,
        tensor: DispatchTensor,
        indices: DispatchTensor,
        value: DispatchTensor,
        update: IndexingUpdateOp,
    ) -> DispatchTensor {
        Dispatch::float_scatter(dim, tensor, indices, value, update)
    }
    fn scatter_nd(
        tensor: DispatchTensor,
        indices: DispatchTensor,
        values: DispatchTensor,
        update: IndexingUpdateOp,
    ) -> DispatchTensor {
        Dispatch::float_scatter_nd(tensor, indices, values, update)
    }
    fn gather_nd(tensor: DispatchTensor, indices: DispatchTensor) -> DispatchTensor {
        Dispatch::float_gather_nd(tensor, indices)
    }
    fn unfold(tensor: DispatchTensor, dim: usize, size: usize, step: usize) -> DispatchTensor {
        Dispatch::float_unfold(tensor, dim, size, step)
    }
    fn mask_select(tensor: DispatchTensor, mask: DispatchTensor) -> Pending<DispatchTensor> {
        Box::pin(Dispatch::float_mask_select(tensor, mask))
    }
    // A quantized tensor reads back its quantized values and parameters.
    fn read_data(tensor: DispatchTensor) -> Pending<Result<TensorData, ExecutionError>> {
        match tensor.dtype() {
            DType::QFloat(_) => Box::pin(Dispatch::q_into_data(tensor)),
            _ => Box::pin(Dispatch::float_into_data(tensor)),
        }
    }
    fn cast(tensor: DispatchTensor, dtype: DType) -> DispatchTensor {
        match dtype.is_float() {
            true => Dispatch::float_cast(tensor, FloatDType::from(dtype)),
            false => Dispatch::float_into_int(tensor, IntDType::from(dtype)),
        }
    }
    // A quantized tensor stays quantized, on and off the autodiff context.
    fn inner(tensor: DispatchTensor) -> DispatchTensor {
        match tensor.dtype() {
            DType::QFloat(_) => Dispatch::q_inner(tensor),
            _ => Dispatch::inner(tensor),
        }
    }
    fn from_inner(tensor: DispatchTensor) -> DispatchTensor {
        match tensor.dtype() {
            DType::QFloat(_) => Dispatch::q_from_inner(tensor),
            _ => Dispatch::from_inner(tensor),
        }
    }
}

impl Basic for Int {
    fn empty(shape: Shape, device: &DispatchDevice, dtype: DType) -> DispatchTensor {
        Dispatch::int_empty(shape, device, IntDType::from(dtype))
    }
    fn zeros(shape: Shape, device: &DispatchDevice, dtype: DType) -> DispatchTensor {
        Dispatch::int_zeros(shape, device, IntDType::from(dtype))
    }
    fn ones(shape: Shape, device: &DispatchDevice, dtype: DType) -> DispatchTensor {
        Dispatch::int_ones(shape, device, IntDType::from(dtype))
    }
    fn full(shape: Shape, value: Scalar, device: &DispatchDevice, dtype: DType) -> DispatchTensor {
        Dispatch::int_full(shape, value, device, IntDType::from(dtype))
    }
    fn from_data(data: TensorData, device: &DispatchDevice, dtype: DType) -> DispatchTensor {
        Dispatch::int_from_data(data.convert_dtype(dtype), device)
    }
    fn reshape(tensor: DispatchTensor, shape: Shape) -> DispatchTensor {
        Dispatch::int_reshape(tensor, shape)
    }
    fn swap_dims(tensor: DispatchTensor, dim1: usize, dim2: usize) -> DispatchTensor {
        Dispatch::int_swap_dims(tensor, dim1, dim2)
    }
    fn permute(tensor: DispatchTensor, axes: &[usize]) -> DispatchTensor {
        Dispatch::int_permute(tensor, axes)
    }
    fn slice(tensor: DispatchTensor, slices: &[Slice]) -> DispatchTensor {
        Dispatch::int_slice(tensor, slices)
    }
    fn to_device(tensor: DispatchTensor, device: &DispatchDevice) -> DispatchTensor {
        Dispatch::int_to_device(tensor, device)
    }
    fn cat(tensors: Vec<DispatchTensor>, dim: usize) -> DispatchTensor {
        Dispatch::int_cat(tensors, dim)
    }
    fn equal(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor {
        Dispatch::int_equal(lhs, rhs, out)
    }
    fn not_equal(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor {
        Dispatch::int_not_equal(lhs, rhs, out)
    }
    fn expand(tensor: DispatchTensor, shape: Shape) -> DispatchTensor {
        Dispatch::int_expand(tensor, shape)
    }
    fn repeat_dim(tensor: DispatchTensor, dim: usize, times: usize) -> DispatchTensor {
        Dispatch::int_repeat_dim(tensor, dim, times)
    }
    fn select(tensor: DispatchTensor, dim: usize, indices: DispatchTensor) -> DispatchTensor {
        Dispatch::int_select(tensor, dim, indices)
    }
    fn mask_where(tensor: DispatchTensor, mask: DispatchTensor, value: DispatchTensor) -> DispatchTensor {
        Dispatch::int_mask_where(tensor, mask, value)
    }
    fn mask_fill(tensor: DispatchTensor, mask: DispatchTensor, value: Scalar) -> DispatchTensor {
        Dispatch::int_mask_fill(tensor, mask, value)
    }
    fn gather(dim: usize, tensor: DispatchTensor, indices: DispatchTensor) -> DispatchTensor {
        Dispatch::int_gather(dim, tensor, indices)
    }
    fn flip(tensor: DispatchTensor, axes: &[usize]) -> DispatchTensor {
        Dispatch::int_flip(tensor, axes)
    }
    fn equal_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor {
        Dispatch::int_equal_elem(lhs, rhs, out)
    }
    fn not_equal_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor {
        Dispatch::int_not_equal_elem(lhs, rhs, out)
    }
    fn any(tensor: DispatchTensor, out: BoolDType) -> DispatchTensor {
        Dispatch::int_any(tensor, out)
    }
    fn any_dim(tensor: DispatchTensor, dim: usize, out: BoolDType) -> DispatchTensor {
        Dispatch::int_any_dim(tensor, dim, out)
    }
    fn all(tensor: DispatchTensor, out: BoolDType) -> DispatchTensor {
        Dispatch::int_all(tensor, out)
    }
    fn all_dim(tensor: DispatchTensor, dim: usize, out: BoolDType) -> DispatchTensor {
        Dispatch::int_all_dim(tensor, dim, out)
    }
    fn slice_assign(tensor: DispatchTensor, slices: &[Slice], value: DispatchTensor) -> DispatchTensor {
        Dispatch::int_slice_assign(tensor, slices, value)
    }
    fn select_assign(
        tensor: DispatchTensor,
        dim: usize,
        indices: DispatchTensor,
        value: DispatchTensor,
        update: IndexingUpdateOp,
    ) -> DispatchTensor {
        Dispatch::int_select_assign(tensor, dim, indices, value, update)
    }
    fn scatter(
        dim: usize,
        tensor: DispatchTensor,
        indices: DispatchTensor,
        value: DispatchTensor,
        update: IndexingUpdateOp,
    ) -> DispatchTensor {
        Dispatch::int_scatter(dim, tensor, indices, value, update)
    }
    fn scatter_nd(
        tensor: DispatchTensor,
        indices: DispatchTensor,
        values: DispatchTensor,
        update: IndexingUpdateOp,
    ) -> DispatchTensor {
        Dispatch::int_scatter_nd(tensor, indices, values, update)
    }
    fn gather_nd(tensor: DispatchTensor, indices: DispatchTensor) -> DispatchTensor {
        Dispatch::int_gather_nd(tensor, indices)
    }
    fn unfold(tensor: DispatchTensor, dim: usize, size: usize, step: usize) -> DispatchTensor {
        Dispatch::int_unfold(tensor, dim, size, step)
    }
    fn mask_select(tensor: DispatchTensor, mask: DispatchTensor) -> Pending<DispatchTensor> {
        Box::pin(Dispatch::int_mask_select(tensor, mask))
    }
    fn read_data(tensor: DispatchTensor) -> Pending<Result<TensorData, ExecutionError>> {
        Box::pin(Dispatch::int_into_data(tensor))
    }
    fn cast(tensor: DispatchTensor, dtype: DType) -> DispatchTensor {
        match dtype.is_float() {
            true => Dispatch::int_into_float(tensor, FloatDType::from(dtype)),
            false => Dispatch::int_cast(tensor, IntDType::from(dtype)),
        }
    }
    fn inner(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::int_inner(tensor)
    }
    fn from_inner(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::int_from_inner(tensor)
    }
}

impl Basic for Bool {
    fn empty(shape: Shape, device: &DispatchDevice, dtype: DType) -> DispatchTensor {
        Dispatch::bool_empty(shape, device, BoolDType::from(dtype))
    }
    fn zeros(shape: Shape, device: &DispatchDevice, dtype: DType) -> DispatchTensor {
        Dispatch::bool_zeros(shape, device, BoolDType::from(dtype))
    }
    fn ones(shape: Shape, device: &DispatchDevice, dtype: DType) -> DispatchTensor {
        Dispatch::bool_ones(shape, device, BoolDType::from(dtype))
    }
    fn full(shape: Shape, value: Scalar, device: &DispatchDevice, dtype: DType) -> DispatchTensor {
        Dispatch::bool_from_data(TensorData::full_dtype(shape, value, dtype), device)
    }
    fn from_data(data: TensorData, device: &DispatchDevice, dtype: DType) -> DispatchTensor {
        Dispatch::bool_from_data(data.convert_dtype(dtype), device)
    }
    fn reshape(tensor: DispatchTensor, shape: Shape) -> DispatchTensor {
        Dispatch::bool_reshape(tensor, shape)
    }
    fn swap_dims(tensor: DispatchTensor, dim1: usize, dim2: usize) -> DispatchTensor {
        Dispatch::bool_swap_dims(tensor, dim1, dim2)
    }
    fn permute(tensor: DispatchTensor, axes: &[usize]) -> DispatchTensor {
        Dispatch::bool_permute(tensor, axes)
    }
    fn slice(tensor: DispatchTensor, slices: &[Slice]) -> DispatchTensor {
        Dispatch::bool_slice(tensor, slices)
    }
    fn to_device(tensor: DispatchTensor, device: &DispatchDevice) -> DispatchTensor {
        Dispatch::bool_to_device(tensor, device)
    }
    fn cat(tensors: Vec<DispatchTensor>, dim: usize) -> DispatchTensor {
        Dispatch::bool_cat(tensors, dim)
    }
    // Bool results of bools keep their operands' storage: `out` is for other kinds.
    fn equal(lhs: DispatchTensor, rhs: DispatchTensor, _out: BoolDType) -> DispatchTensor {
        Dispatch::bool_equal(lhs, rhs)
    }
    fn not_equal(lhs: DispatchTensor, rhs: DispatchTensor, _out: BoolDType) -> DispatchTensor {
        Dispatch::bool_not_equal(lhs, rhs)
    }
    fn expand(tensor: DispatchTensor, shape: Shape) -> DispatchTensor {
        Dispatch::bool_expand(tensor, shape)
    }
    fn repeat_dim(tensor: DispatchTensor, dim: usize, times: usize) -> DispatchTensor {
        Dispatch::bool_repeat_dim(tensor, dim, times)
    }
    fn select(tensor: DispatchTensor, dim: usize, indices: DispatchTensor) -> DispatchTensor {
        Dispatch::bool_select(tensor, dim, indices)
    }
    fn mask_where(tensor: DispatchTensor, mask: DispatchTensor, value: DispatchTensor) -> DispatchTensor {
        Dispatch::bool_mask_where(tensor, mask, value)
    }
    fn mask_fill(tensor: DispatchTensor, mask: DispatchTensor, value: Scalar) -> DispatchTensor {
        Dispatch::bool_mask_fill(tensor, mask, value)
    }
    fn gather(dim: usize, tensor: DispatchTensor, indices: DispatchTensor) -> DispatchTensor {
        Dispatch::bool_gather(dim, tensor, indices)
    }
    fn flip(tensor: DispatchTensor, axes: &[usize]) -> DispatchTensor {
        Dispatch::bool_flip(tensor, axes)
    }
    fn equal_elem(lhs: DispatchTensor, rhs: Scalar, _out: BoolDType) -> DispatchTensor {
        Dispatch::bool_equal_elem(lhs, rhs)
    }
    fn not_equal_elem(lhs: DispatchTensor, rhs: Scalar, _out: BoolDType) -> DispatchTensor {
        Dispatch::bool_not_equal_elem(lhs, rhs)
    }
    fn any(tensor: DispatchTensor, _out: BoolDType) -> DispatchTensor {
        Dispatch::bool_any(tensor)
    }
    fn any_dim(tensor: DispatchTensor, dim: usize, _out: BoolDType) -> DispatchTensor {
        Dispatch::bool_any_dim(tensor, dim)
    }
    fn all(tensor: DispatchTensor, _out: BoolDType) -> DispatchTensor {
        Dispatch::bool_all(tensor)
    }
    fn all_dim(tensor: DispatchTensor, dim: usize, _out: BoolDType) -> DispatchTensor {
        Dispatch::bool_all_dim(tensor, dim)
    }
    // Bool tensors combine only by logical or (`IndexingUpdateOp::Add`).
    fn slice_assign(tensor: DispatchTensor, slices: &[Slice], value: DispatchTensor) -> DispatchTensor {
        Dispatch::bool_slice_assign(tensor, slices, value)
    }
    fn select_assign(
        tensor: DispatchTensor,
        dim: usize,
        indices: DispatchTensor,
        value: DispatchTensor,
        update: IndexingUpdateOp,
    ) -> DispatchTensor {
        check::or_only("select_assign", update);
        Dispatch::bool_select_or(tensor, dim, indices, value)
    }
    fn scatter(
        dim: usize,
        tensor: DispatchTensor,
        indices: DispatchTensor,
        value: DispatchTensor,
        update: IndexingUpdateOp,
    ) -> DispatchTensor {
        check::or_only("scatter", update);
        Dispatch::bool_scatter_or(dim, tensor, indices, value)
    }
    fn scatter_nd(_: DispatchTensor, _: DispatchTensor, _: DispatchTensor, _: IndexingUpdateOp) -> DispatchTensor {
        check::not_bool("scatter_nd")
    }
    fn gather_nd(_: DispatchTensor, _: DispatchTensor) -> DispatchTensor {
        check::not_bool("gather_nd")
    }
    fn unfold(tensor: DispatchTensor, dim: usize, size: usize, step: usize) -> DispatchTensor {
        Dispatch::bool_unfold(tensor, dim, size, step)
    }
    fn mask_select(tensor: DispatchTensor, mask: DispatchTensor) -> Pending<DispatchTensor> {
        Box::pin(Dispatch::bool_mask_select(tensor, mask))
    }
    fn read_data(tensor: DispatchTensor) -> Pending<Result<TensorData, ExecutionError>> {
        Box::pin(Dispatch::bool_into_data(tensor))
    }
    fn cast(tensor: DispatchTensor, dtype: DType) -> DispatchTensor {
        match dtype.is_float() {
            true => Dispatch::bool_into_float(tensor, FloatDType::from(dtype)),
            false => Dispatch::bool_into_int(tensor, IntDType::from(dtype)),
        }
    }
    fn inner(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::bool_inner(tensor)
    }
    fn from_inner(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::bool_from_inner(tensor)
    }
}

impl Numeric for Float {
    fn square(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_mul(tensor.clone(), tensor)
    }
    fn add(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        Dispatch::float_add(lhs, rhs)
    }
    fn add_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor {
        Dispatch::float_add_scalar(lhs, rhs)
    }
    fn sub(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        Dispatch::float_sub(lhs, rhs)
    }
    fn sub_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor {
        Dispatch::float_sub_scalar(lhs, rhs)
    }
    fn mul(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        Dispatch::float_mul(lhs, rhs)
    }
    fn mul_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor {
        Dispatch::float_mul_scalar(lhs, rhs)
    }
    fn div(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        Dispatch::float_div(lhs, rhs)
    }
    fn div_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor {
        Dispatch::float_div_scalar(lhs, rhs)
    }
    fn neg(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_neg(tensor)
    }
    fn abs(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_abs(tensor)
    }
    fn sum(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_sum(tensor)
    }
    fn sum_dim(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::float_sum_dim(tensor, dim)
    }
    fn mean(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_mean(tensor)
    }
    fn mean_dim(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::float_mean_dim(tensor, dim)
    }
    fn prod(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_prod(tensor)
    }
    fn prod_dim(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::float_prod_dim(tensor, dim)
    }
    fn matmul(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        Dispatch::float_matmul(lhs, rhs)
    }
    fn sign(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_sign(tensor)
    }
    fn remainder(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        Dispatch::float_remainder(lhs, rhs)
    }
    fn remainder_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor {
        Dispatch::float_remainder_scalar(lhs, rhs)
    }
    fn powi(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        Dispatch::float_powf(lhs, rhs)
    }
    fn powi_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor {
        Dispatch::float_powi_scalar(lhs, rhs)
    }
    fn cumsum(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::float_cumsum(tensor, dim)
    }
    fn cumprod(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::float_cumprod(tensor, dim)
    }
    fn random(shape: Shape, distribution: Distribution, device: &DispatchDevice, dtype: DType) -> DispatchTensor {
        Dispatch::float_random(shape, distribution, device, FloatDType::from(dtype))
    }
    fn pad(tensor: DispatchTensor, padding: &[(usize, usize)], mode: PadMode) -> DispatchTensor {
        Dispatch::float_pad(tensor, padding, mode)
    }
}

impl Numeric for Int {
    fn square(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::int_square(tensor)
    }
    fn add(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        Dispatch::int_add(lhs, rhs)
    }
    fn add_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor {
        Dispatch::int_add_scalar(lhs, rhs)
    }
    fn sub(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        Dispatch::int_sub(lhs, rhs)
    }
    fn sub_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor {
        Dispatch::int_sub_scalar(lhs, rhs)
    }
    fn mul(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        Dispatch::int_mul(lhs, rhs)
    }
    fn mul_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor {
        Dispatch::int_mul_scalar(lhs, rhs)
    }
    fn div(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        Dispatch::int_div(lhs, rhs)
    }
    fn div_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor {
        Dispatch::int_div_scalar(lhs, rhs)
    }
    fn neg(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::int_neg(tensor)
    }
    fn abs(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::int_abs(tensor)
    }
    fn sum(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::int_sum(tensor)
    }
    fn sum_dim(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::int_sum_dim(tensor, dim)
    }
    fn mean(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::int_mean(tensor)
    }
    fn mean_dim(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::int_mean_dim(tensor, dim)
    }
    fn prod(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::int_prod(tensor)
    }
    fn prod_dim(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::int_prod_dim(tensor, dim)
    }
    fn matmul(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        Dispatch::int_matmul(lhs, rhs)
    }
    fn sign(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::int_sign(tensor)
    }
    fn remainder(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        Dispatch::int_remainder(lhs, rhs)
    }
    fn remainder_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor {
        Dispatch::int_remainder_scalar(lhs, rhs)
    }
    fn powi(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        Dispatch::int_powi(lhs, rhs)
    }
    fn powi_scalar(lhs: DispatchTensor, rhs: Scalar) -> DispatchTensor {
        Dispatch::int_powi_scalar(lhs, rhs)
    }
    fn cumsum(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::int_cumsum(tensor, dim)
    }
    fn cumprod(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::int_cumprod(tensor, dim)
    }
    fn random(shape: Shape, distribution: Distribution, device: &DispatchDevice, dtype: DType) -> DispatchTensor {
        Dispatch::int_random(shape, distribution, device, IntDType::from(dtype))
    }
    fn pad(tensor: DispatchTensor, padding: &[(usize, usize)], mode: PadMode) -> DispatchTensor {
        Dispatch::int_pad(tensor, padding, mode)
    }
}


/// The kinds with an order.
#[outline(kinds(crate::Float, crate::Int))]
pub trait Ordered: Numeric {
    /// Element-wise `greater`.
    fn greater(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor;
    /// Element-wise `greater` with a scalar.
    fn greater_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor;
    /// Element-wise `greater_equal`.
    fn greater_equal(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor;
    /// Element-wise `greater_equal` with a scalar.
    fn greater_equal_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor;
    /// Element-wise `lower`.
    fn lower(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor;
    /// Element-wise `lower` with a scalar.
    fn lower_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor;
    /// Element-wise `lower_equal`.
    fn lower_equal(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor;
    /// Element-wise `lower_equal` with a scalar.
    fn lower_equal_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor;
    /// The largest element, a one-element tensor.
    fn max(tensor: DispatchTensor) -> DispatchTensor;
    /// The smallest element, a one-element tensor.
    fn min(tensor: DispatchTensor) -> DispatchTensor;
    /// The largest along `dim`, kept with size 1.
    fn max_dim(tensor: DispatchTensor, dim: usize) -> DispatchTensor;
    /// The smallest along `dim`, kept with size 1.
    fn min_dim(tensor: DispatchTensor, dim: usize) -> DispatchTensor;
    /// The index of the largest along `dim`, as integers of `out`.
    fn argmax(tensor: DispatchTensor, dim: usize, out: IntDType) -> DispatchTensor;
    /// The index of the smallest along `dim`, as integers of `out`.
    fn argmin(tensor: DispatchTensor, dim: usize, out: IntDType) -> DispatchTensor;
    /// Each element clamped to `min..=max`.
    fn clamp(tensor: DispatchTensor, min: Scalar, max: Scalar) -> DispatchTensor;
    /// Each element at least `min`.
    fn clamp_min(tensor: DispatchTensor, min: Scalar) -> DispatchTensor;
    /// Each element at most `max`.
    fn clamp_max(tensor: DispatchTensor, max: Scalar) -> DispatchTensor;
    /// Sorted along `dim`.
    fn sort(tensor: DispatchTensor, dim: usize, descending: bool) -> DispatchTensor;
    /// The indices that sort along `dim`, as integers of `out`.
    fn argsort(tensor: DispatchTensor, dim: usize, descending: bool, out: IntDType) -> DispatchTensor;
    /// The running minimum along `dim`.
    fn cummin(tensor: DispatchTensor, dim: usize) -> DispatchTensor;
    /// The running maximum along `dim`.
    fn cummax(tensor: DispatchTensor, dim: usize) -> DispatchTensor;
    /// Sorted along `dim`, with the indices that sort, as integers of `out`.
    fn sort_with_indices(tensor: DispatchTensor, dim: usize, descending: bool, out: IntDType) -> (DispatchTensor, DispatchTensor);
    /// The largest along `dim` and where it is.
    fn max_dim_with_indices(tensor: DispatchTensor, dim: usize, out: IntDType) -> (DispatchTensor, DispatchTensor);
    /// The smallest along `dim` and where it is.
    fn min_dim_with_indices(tensor: DispatchTensor, dim: usize, out: IntDType) -> (DispatchTensor, DispatchTensor);
    /// The indices of the `k` largest elements along `dim`, largest first.
    fn argtopk(tensor: DispatchTensor, dim: usize, k: usize, out: IntDType) -> DispatchTensor;
}

impl Ordered for Float {
    fn greater(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor {
        Dispatch::float_greater(lhs, rhs, out)
    }
    fn greater_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor {
        Dispatch::float_greater_elem(lhs, rhs, out)
    }
    fn greater_equal(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor {
        Dispatch::float_greater_equal(lhs, rhs, out)
    }
    fn greater_equal_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor {
        Dispatch::float_greater_equal_elem(lhs, rhs, out)
    }
    fn lower(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor {
        Dispatch::float_lower(lhs, rhs, out)
    }
    fn lower_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor {
        Dispatch::float_lower_elem(lhs, rhs, out)
    }
    fn lower_equal(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor {
        Dispatch::float_lower_equal(lhs, rhs, out)
    }
    fn lower_equal_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor {
        Dispatch::float_lower_equal_elem(lhs, rhs, out)
    }
    fn max(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_max(tensor)
    }
    fn min(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_min(tensor)
    }
    fn max_dim(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::float_max_dim(tensor, dim)
    }
    fn min_dim(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::float_min_dim(tensor, dim)
    }
    fn argmax(tensor: DispatchTensor, dim: usize, out: IntDType) -> DispatchTensor {
        Dispatch::float_argmax(tensor, dim, out)
    }
    fn argmin(tensor: DispatchTensor, dim: usize, out: IntDType) -> DispatchTensor {
        Dispatch::float_argmin(tensor, dim, out)
    }
    fn clamp(tensor: DispatchTensor, min: Scalar, max: Scalar) -> DispatchTensor {
        Dispatch::float_clamp(tensor, min, max)
    }
    fn clamp_min(tensor: DispatchTensor, min: Scalar) -> DispatchTensor {
        Dispatch::float_clamp_min(tensor, min)
    }
    fn clamp_max(tensor: DispatchTensor, max: Scalar) -> DispatchTensor {
        Dispatch::float_clamp_max(tensor, max)
    }
    fn sort(tensor: DispatchTensor, dim: usize, descending: bool) -> DispatchTensor {
        Dispatch::float_sort(tensor, dim, descending)
    }
    fn argsort(tensor: DispatchTensor, dim: usize, descending: bool, out: IntDType) -> DispatchTensor {
        Dispatch::float_argsort(tensor, dim, descending, out)
    }
    fn cummin(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::float_cummin(tensor, dim)
    }
    fn cummax(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::float_cummax(tensor, dim)
    }
    fn sort_with_indices(tensor: DispatchTensor, dim: usize, descending: bool, out: IntDType) -> (DispatchTensor, DispatchTensor) {
        Dispatch::float_sort_with_indices(tensor, dim, descending, out)
    }
    fn max_dim_with_indices(tensor: DispatchTensor, dim: usize, out: IntDType) -> (DispatchTensor, DispatchTensor) {
        Dispatch::float_max_dim_with_indices(tensor, dim, out)
    }
    fn min_dim_with_indices(tensor: DispatchTensor, dim: usize, out: IntDType) -> (DispatchTensor, DispatchTensor) {
        Dispatch::float_min_dim_with_indices(tensor, dim, out)
    }
    fn argtopk(tensor: DispatchTensor, dim: usize, k: usize, out: IntDType) -> DispatchTensor {
        Dispatch::float_argtopk(tensor, dim, k, out)
    }
}

impl Ordered for Int {
    fn greater(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor {
        Dispatch::int_greater(lhs, rhs, out)
    }
    fn greater_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor {
        Dispatch::int_greater_elem(lhs, rhs, out)
    }
    fn greater_equal(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor {
        Dispatch::int_greater_equal(lhs, rhs, out)
    }
    fn greater_equal_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor {
        Dispatch::int_greater_equal_elem(lhs, rhs, out)
    }
    fn lower(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor {
        Dispatch::int_lower(lhs, rhs, out)
    }
    fn lower_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor {
        Dispatch::int_lower_elem(lhs, rhs, out)
    }
    fn lower_equal(lhs: DispatchTensor, rhs: DispatchTensor, out: BoolDType) -> DispatchTensor {
        Dispatch::int_lower_equal(lhs, rhs, out)
    }
    fn lower_equal_elem(lhs: DispatchTensor, rhs: Scalar, out: BoolDType) -> DispatchTensor {
        Dispatch::int_lower_equal_elem(lhs, rhs, out)
    }
    fn max(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::int_max(tensor)
    }
    fn min(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::int_min(tensor)
    }
    fn max_dim(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::int_max_dim(tensor, dim)
    }
    fn min_dim(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::int_min_dim(tensor, dim)
    }
    fn argmax(tensor: DispatchTensor, dim: usize, _out: IntDType) -> DispatchTensor {
        Dispatch::int_argmax(tensor, dim)
    }
    fn argmin(tensor: DispatchTensor, dim: usize, _out: IntDType) -> DispatchTensor {
        Dispatch::int_argmin(tensor, dim)
    }
    fn clamp(tensor: DispatchTensor, min: Scalar, max: Scalar) -> DispatchTensor {
        Dispatch::int_clamp(tensor, min, max)
    }
    fn clamp_min(tensor: DispatchTensor, min: Scalar) -> DispatchTensor {
        Dispatch::int_clamp_min(tensor, min)
    }
    fn clamp_max(tensor: DispatchTensor, max: Scalar) -> DispatchTensor {
        Dispatch::int_clamp_max(tensor, max)
    }
    fn sort(tensor: DispatchTensor, dim: usize, descending: bool) -> DispatchTensor {
        Dispatch::int_sort(tensor, dim, descending)
    }
    fn argsort(tensor: DispatchTensor, dim: usize, descending: bool, _out: IntDType) -> DispatchTensor {
        Dispatch::int_argsort(tensor, dim, descending)
    }
    fn cummin(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::int_cummin(tensor, dim)
    }
    fn cummax(tensor: DispatchTensor, dim: usize) -> DispatchTensor {
        Dispatch::int_cummax(tensor, dim)
    }
    fn sort_with_indices(tensor: DispatchTensor, dim: usize, descending: bool, _out: IntDType) -> (DispatchTensor, DispatchTensor) {
        Dispatch::int_sort_with_indices(tensor, dim, descending)
    }
    fn max_dim_with_indices(tensor: DispatchTensor, dim: usize, _out: IntDType) -> (DispatchTensor, DispatchTensor) {
        Dispatch::int_max_dim_with_indices(tensor, dim)
    }
    fn min_dim_with_indices(tensor: DispatchTensor, dim: usize, _out: IntDType) -> (DispatchTensor, DispatchTensor) {
        Dispatch::int_min_dim_with_indices(tensor, dim)
    }
    // burn-backend's integer argtopk takes the device's integer dtype itself.
    fn argtopk(tensor: DispatchTensor, dim: usize, k: usize, _out: IntDType) -> DispatchTensor {
        Dispatch::int_argtopk(tensor, dim, k)
    }
}

/// The kinds with floating-point math (`Float`).
#[outline(kinds(crate::Float))]
pub trait FloatMath: Numeric {
    /// Element-wise `exp`.
    fn exp(tensor: DispatchTensor) -> DispatchTensor;
    /// Element-wise `log1p`.
    fn log1p(tensor: DispatchTensor) -> DispatchTensor;
    /// Element-wise `log`.
    fn log(tensor: DispatchTensor) -> DispatchTensor;
    /// Element-wise `sqrt`.
    fn sqrt(tensor: DispatchTensor) -> DispatchTensor;
    /// Element-wise `cos`.
    fn cos(tensor: DispatchTensor) -> DispatchTensor;
    /// Element-wise `sin`.
    fn sin(tensor: DispatchTensor) -> DispatchTensor;
    /// Element-wise `tan`.
    fn tan(tensor: DispatchTensor) -> DispatchTensor;
    /// Element-wise `cosh`.
    fn cosh(tensor: DispatchTensor) -> DispatchTensor;
    /// Element-wise `sinh`.
    fn sinh(tensor: DispatchTensor) -> DispatchTensor;
    /// Element-wise `tanh`.
    fn tanh(tensor: DispatchTensor) -> DispatchTensor;
    /// Element-wise `acos`.
    fn acos(tensor: DispatchTensor) -> DispatchTensor;
    /// Element-wise `acosh`.
    fn acosh(tensor: DispatchTensor) -> DispatchTensor;
    /// Element-wise `asin`.
    fn asin(tensor: DispatchTensor) -> DispatchTensor;
    /// Element-wise `asinh`.
    fn asinh(tensor: DispatchTensor) -> DispatchTensor;
    /// Element-wise `atan`.
    fn atan(tensor: DispatchTensor) -> DispatchTensor;
    /// Element-wise `atanh`.
    fn atanh(tensor: DispatchTensor) -> DispatchTensor;
    /// Element-wise `atan2(lhs, rhs)`.
    fn atan2(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor;
}

impl FloatMath for Float {
    fn exp(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_exp(tensor)
    }
    fn log1p(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_log1p(tensor)
    }
    fn log(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_log(tensor)
    }
    fn sqrt(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_sqrt(tensor)
    }
    fn cos(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_cos(tensor)
    }
    fn sin(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_sin(tensor)
    }
    fn tan(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_tan(tensor)
    }
    fn cosh(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_cosh(tensor)
    }
    fn sinh(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_sinh(tensor)
    }
    fn tanh(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_tanh(tensor)
    }
    fn acos(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_acos(tensor)
    }
    fn acosh(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_acosh(tensor)
    }
    fn asin(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_asin(tensor)
    }
    fn asinh(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_asinh(tensor)
    }
    fn atan(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_atan(tensor)
    }
    fn atanh(tensor: DispatchTensor) -> DispatchTensor {
        Dispatch::float_atanh(tensor)
    }
    fn atan2(lhs: DispatchTensor, rhs: DispatchTensor) -> DispatchTensor {
        Dispatch::float_atan2(lhs, rhs)
    }
}

/// The kinds that convert to integers (`Float` truncates, `Bool` is 0 or 1).
#[outline(kinds(crate::Float, crate::Bool))]
pub trait IntoInt: Basic {
    /// The elements as integers of `dtype`.
    fn into_int(tensor: DispatchTensor, dtype: IntDType) -> DispatchTensor;
}

/// The kinds that convert to floats (`Int`, and `Bool` as 0.0 or 1.0).
#[outline(kinds(crate::Int, crate::Bool))]
pub trait IntoFloat: Basic {
    /// The elements as floats of `dtype`.
    fn into_float(tensor: DispatchTensor, dtype: FloatDType) -> DispatchTensor;
}

impl IntoInt for Float {
    fn into_int(tensor: DispatchTensor, dtype: IntDType) -> DispatchTensor {
        Dispatch::float_into_int(tensor, dtype)
    }
}

impl IntoInt for Bool {
    fn into_int(tensor: DispatchTensor, dtype: IntDType) -> DispatchTensor {
        Dispatch::bool_into_int(tensor, dtype)
    }
}

impl IntoFloat for Int {
    fn into_float(tensor: DispatchTensor, dtype: FloatDType) -> DispatchTensor {
        Dispatch::int_into_float(tensor, dtype)
    }
}

impl IntoFloat for Bool {
    fn into_float(tensor: DispatchTensor, dtype: FloatDType) -> DispatchTensor {
        Dispatch::bool_into_float(tensor, dtype)
    }
}

/// Whether a float tensor is stored quantized.
fn quantized(tensor: &DispatchTensor) -> bool {
    matches!(tensor.dtype(), DType::QFloat(_))
}

/// A future made by a kind's op, boxed so that every kind's has one type.
pub type Pending<T> = core::pin::Pin<Box<dyn core::future::Future<Output = T> + Send>>;

/// A tensor's elements, read synchronously.
fn read(
    data: impl core::future::Future<Output = Result<TensorData, burn_backend::ExecutionError>> + Send,
) -> TensorData {
    try_read_sync(data)
        .expect("into_data: this platform cannot read a tensor synchronously")
        .expect("into_data: the device failed to read the tensor")
}
// ---- END KINDS ----

/// The kinds burn-tensor's transactions read back (every kind), by burn-tensor's
/// name, for generic code written over it.
pub trait Transaction: Basic {}
impl<K: Basic> Transaction for K {}

/// The kinds with the autodiff methods (every kind), by burn-tensor's name, for
/// generic code written over it (`K: Autodiff`).
pub trait Autodiff: Basic {}
impl<K: Basic> Autodiff for K {}

/// The erased form of every tensor, by burn-tensor's name (`into_bridge` gives it).
#[cfg(feature = "extension")]
pub use crate::bridge::Bridge as BridgeTensor;
