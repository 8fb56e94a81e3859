//! The op trait every backend implements, and the list of its tensor ops that the
//! backends forwarding to others (`seam-dispatch`, `seam-autodiff`) generate their
//! forwarders from: a new op is declared on the trait and listed beside it.

use crate::{BinaryOp, CompareOp, DType, DeviceInfo, ReduceOp, Scalar, ScanOp, Shape, TensorData, UnaryOp};
use core::fmt::Debug;
use core::ops::Range;
use core::pin::Pin;

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
/// behaviour. Backends check their preconditions with `debug_assert!` only: a debug
/// build names the broken rule, a release build relies on the tensor layer's checks
/// (safe code, so a broken precondition there is a wrong result or a bounds panic).
/// A check that keeps a backend's `unsafe` code sound (the bounds seam-cpu hands to
/// its matrix-product kernel) is not a precondition and runs in release too.
///
/// # Adding an op
///
/// Add it here with its preconditions, and its entry to
/// [`for_each_tensor_op!`](crate::for_each_tensor_op) beside the trait, naming its
/// family: every backend's forwarder, `seam-dispatch`'s and `seam-autodiff`'s
/// untracked path are generated from there. Then write its entry point in each
/// backend's module of that family (`seam-cpu`'s `ops/<family>.rs`, `seam-cubecl`'s
/// `kernels/<family>.rs`, a function named as the op with the trait's arguments), its
/// tracked form and backward rule in `seam-autodiff`'s `rules.rs`, its check in
/// `seam-tensor`'s `check.rs` (when no existing rule covers it) and its `#[outline]`
/// method there: six files (`flip`'s). A new family adds a module to each backend
/// (its `mod` line), and an op enum here when it has one. A new op of an existing
/// family (an elementwise unary or binary op, a comparison, a reduction, a scan) is
/// an entry of its list, [`unary_ops!`](crate::unary_ops),
/// [`binary_ops!`](crate::binary_ops), [`compare_ops!`](crate::compare_ops),
/// [`reduce_ops!`](crate::reduce_ops) or [`scan_ops!`](crate::scan_ops) (seam-cubecl's
/// kernel enums follow), its arm in each backend's kernel and in the family's
/// backward rule, and its public method: six files (`cumprod`'s). A float function
/// (a unary op such as `tanh`) also needs its method of seam-cpu's `Float` element
/// trait (`element.rs`) and its row of seam-cubecl's `f64` host table
/// (`f64_on_host` in `kernels/elementwise.rs`). `seam-tensor`'s crate docs list the
/// files of each case.
pub trait Backend: 'static {
    /// A tensor of this backend: a handle to data plus its layout and dtype.
    type Tensor: Clone + Debug + Send + Sync + 'static;
    /// Where this backend's tensors live.
    type Device: Clone + PartialEq + Debug + Default + Send + Sync + 'static;

    /// The backend's name, for messages.
    fn name() -> &'static str;

    /// What `device` is (graphics API, adapter) and which dtypes it can hold.
    fn describe(device: &Self::Device) -> DeviceInfo;

    /// The device `tensor` lives on.
    fn device(tensor: &Self::Tensor) -> Self::Device;
    /// The size of each dim of `tensor`, outermost first, borrowed: what the checks
    /// in front of every op read, with nothing copied.
    fn dims(tensor: &Self::Tensor) -> &[usize];
    /// The shape of `tensor`: its [`dims`](Backend::dims), owned.
    fn shape(tensor: &Self::Tensor) -> Shape {
        Shape::from(Self::dims(tensor))
    }
    /// The dtype of `tensor`.
    fn dtype(tensor: &Self::Tensor) -> DType;

    /// A tensor holding `data`, on `device`.
    fn from_data(data: TensorData, device: &Self::Device) -> Self::Tensor;
    /// The contents of `tensor`, row-major.
    fn into_data(tensor: Self::Tensor) -> TensorData;
    /// A tensor of `shape` and `dtype` with every element `value`.
    fn full(shape: Shape, value: Scalar, dtype: DType, device: &Self::Device) -> Self::Tensor;

    /// The contents of `tensor`, row-major, read without blocking the caller: a GPU
    /// backend waits for its device inside the future.
    fn into_data_async(tensor: Self::Tensor) -> DataFuture;
    /// `tensor`'s elements converted to `dtype`: floats to integers truncate toward
    /// zero (out-of-range values are backend-defined), numbers to `bool` are
    /// "not zero", `bool` to numbers is 0 or 1.
    fn cast(tensor: Self::Tensor, dtype: DType) -> Self::Tensor;

    /// `op` applied to each element. `Neg` and `Abs` take numeric dtypes, the others
    /// float dtypes ([`UnaryOp::is_float_only`]).
    fn unary(op: UnaryOp, tensor: Self::Tensor) -> Self::Tensor;
    /// `op` applied elementwise to two numeric tensors of one dtype (`Pow`: a float
    /// dtype). The shapes have equal rank and broadcast: along each dim the sizes are
    /// equal or one of them is 1. The result has the broadcast shape.
    fn binary(op: BinaryOp, lhs: Self::Tensor, rhs: Self::Tensor) -> Self::Tensor;
    /// `op` applied to each element with `rhs` (converted to the tensor's dtype) on
    /// the right.
    fn binary_scalar(op: BinaryOp, lhs: Self::Tensor, rhs: Scalar) -> Self::Tensor;
    /// `op` applied elementwise to two tensors of one dtype (any dtype; `false <
    /// true`), broadcast as in [`Backend::binary`]. The result has dtype `bool`.
    fn compare(op: CompareOp, lhs: Self::Tensor, rhs: Self::Tensor) -> Self::Tensor;
    /// `op` applied to each element with `rhs` (converted to the tensor's dtype) on
    /// the right. The result has dtype `bool`.
    fn compare_scalar(op: CompareOp, lhs: Self::Tensor, rhs: Scalar) -> Self::Tensor;
    /// For each element, `on_true` where `mask` (dtype `bool`) holds and `on_false`
    /// where it does not. The three have equal rank and broadcast together;
    /// `on_true` and `on_false` have one dtype, which the result has.
    fn mask_where(mask: Self::Tensor, on_true: Self::Tensor, on_false: Self::Tensor) -> Self::Tensor;

    /// Batched matrix product. Both have the same rank `r >= 2`; `lhs` is
    /// `[.., m, k]`, `rhs` is `[.., k, n]`, and the `r - 2` batch dims broadcast as in
    /// [`Backend::binary`]. The result is `[broadcast batch.., m, n]`.
    fn matmul(lhs: Self::Tensor, rhs: Self::Tensor) -> Self::Tensor;

    /// `op` along `dim` (`< rank`), which is kept with size 1. Needs a numeric dtype;
    /// the result has the input's dtype, or for the `Arg` ops the device's integer
    /// dtype ([`DeviceInfo::int_dtype`](crate::DeviceInfo::int_dtype): `i64`, or `i32`
    /// on a device without it). `Max`, `Min` and the `Arg` ops need `dim` to be
    /// non-empty.
    fn reduce_dim(op: ReduceOp, tensor: Self::Tensor, dim: usize) -> Self::Tensor;

    /// `op` running along `dim` (`< rank`; the dim may be empty): element `i` along
    /// it is `op` folded over elements `0..=i` in order, or over `i..` from the end
    /// back when `reverse`. Needs a numeric dtype; the result has the input's shape
    /// and dtype. Integers wrap on overflow, as [`Backend::binary`]'s do.
    fn scan_dim(op: ScanOp, tensor: Self::Tensor, dim: usize, reverse: bool) -> Self::Tensor;

    /// The softmax of a float tensor along `dim` (`< rank`, not empty):
    /// `exp(x - max) / sum(exp(x - max))` per lane. The default composes
    /// [`Backend::reduce_dim`], [`Backend::binary`] and [`Backend::unary`]; a backend
    /// may fuse it, with the same formula per element.
    fn softmax(tensor: Self::Tensor, dim: usize) -> Self::Tensor {
        crate::composed::softmax::<Self>(tensor, dim)
    }

    /// The log-softmax of a float tensor along `dim` (as [`Backend::softmax`]):
    /// `x - max - ln(sum(exp(x - max)))` per lane, finite where the softmax
    /// underflows. The default composes other ops
    /// ([`composed::log_softmax`](crate::composed::log_softmax)); a backend may fuse it.
    fn log_softmax(tensor: Self::Tensor, dim: usize) -> Self::Tensor {
        crate::composed::log_softmax::<Self>(tensor, dim)
    }

    /// `tensor` read row-major into `shape`, which has the same number of elements.
    fn reshape(tensor: Self::Tensor, shape: Shape) -> Self::Tensor;
    /// `tensor` with its dims reordered: dim `i` of the result is dim `axes[i]` of
    /// `tensor`. `axes` is a permutation of `0..rank`.
    fn permute(tensor: Self::Tensor, axes: &[usize]) -> Self::Tensor;
    /// `tensor` with the order of its elements reversed along each dim of `axes`
    /// (each `< rank`; a dim listed twice is reversed once, and no dim leaves the
    /// tensor as it is). The result has the tensor's shape and dtype.
    fn flip(tensor: Self::Tensor, axes: &[usize]) -> Self::Tensor;
    /// `tensor` broadcast to `shape`, of equal rank: along each dim the sizes are
    /// equal or the tensor's is 1.
    fn expand(tensor: Self::Tensor, shape: Shape) -> Self::Tensor;
    /// The part of `tensor` at `ranges`, one per dim, each within its dim's size and
    /// not decreasing (`start <= end`).
    fn slice(tensor: Self::Tensor, ranges: &[Range<usize>]) -> Self::Tensor;
    /// `tensor` with the part at `ranges` (as in [`Backend::slice`]) replaced by
    /// `value`, whose shape is the part's and whose dtype is the tensor's.
    fn slice_assign(tensor: Self::Tensor, ranges: &[Range<usize>], value: Self::Tensor) -> Self::Tensor;
    /// `tensors` (at least one, of one dtype and one device, with equal dims except
    /// along `dim`) joined along `dim`. By default each is written with
    /// [`Backend::slice_assign`] into its part of a [`Backend::full`]; a backend that
    /// can write each element of the result once overrides it.
    fn cat(tensors: Vec<Self::Tensor>, dim: usize) -> Self::Tensor {
        let first = &tensors[0];
        let (device, dtype) = (Self::device(first), Self::dtype(first));
        let mut dims = Self::shape(first).into_dims();
        dims[dim] = tensors.iter().map(|t| Self::shape(t).dims()[dim]).sum();
        let mut ranges: Vec<Range<usize>> = dims.iter().map(|&n| 0..n).collect();
        let mut out = Self::full(Shape::from(dims), Scalar::Int(0), dtype, &device);
        let mut start = 0;
        for tensor in tensors {
            let end = start + Self::shape(&tensor).dims()[dim];
            ranges[dim] = start..end;
            out = Self::slice_assign(out, &ranges, tensor);
            start = end;
        }
        out
    }
    /// The elements of `tensor` along `dim` at `indices` (an `i32` or `i64` tensor of
    /// the same rank, whose sizes are at most the tensor's along the other dims, and whose
    /// values are below the tensor's size along `dim`): `out[.., i, ..] =
    /// tensor[.., indices[.., i, ..], ..]`. The result has the shape of `indices`.
    fn gather(dim: usize, tensor: Self::Tensor, indices: Self::Tensor) -> Self::Tensor;
    /// `tensor` with each element of `values` added at the position along `dim`
    /// that `indices` gives (as in [`Backend::gather`], reversed; `indices` and
    /// `values` have one shape). Repeated indices accumulate. Needs a numeric dtype.
    fn scatter_add(
        dim: usize,
        tensor: Self::Tensor,
        indices: Self::Tensor,
        values: Self::Tensor,
    ) -> Self::Tensor;
}

/// Calls `$m!` with one entry per tensor op of [`Backend`](crate::Backend) that takes
/// a fixed number of tensors and gives one, in the trait's order:
///
/// ```text
/// fn name(arg: Type, ..) [tensor args] (name for a device mismatch) in family;
/// ```
///
/// The types are the trait's, with `Self::Tensor` for the backend's tensor (so an
/// entry reads as a method of an `impl Backend`); the brackets list the arguments
/// that are tensors, in order; the parenthesised part is what a forwarding backend's
/// panic names when the tensors are on different devices; `family` is the module of
/// each backend's kernels (`seam-cpu`'s `ops::family`, `seam-cubecl`'s
/// `kernels::family`) that holds the op's entry point: a function named as the op,
/// taking the trait's arguments. Every backend's `impl Backend` forwards the listed
/// ops to those entry points, `seam-dispatch` to the tensors' backend and
/// `seam-autodiff` to its inner backend, all generated from here. `cat` (a `Vec` of
/// tensors) and the ops that create, read or describe tensors are written by hand.
///
/// ```
/// // The tensor arguments of each op, by name.
/// macro_rules! tensor_args {
///     ($(fn $name:ident($($arg:ident: $ty:ty),*) [$($t:ident),+] ($op:expr) in $family:ident;)*) => {
///         [$((stringify!($name), [$(stringify!($t)),+].len(), stringify!($family))),*]
///     };
/// }
/// let ops = seam_backend::for_each_tensor_op!(tensor_args);
/// assert!(ops.contains(&("mask_where", 3, "mask")));
/// ```
#[macro_export]
macro_rules! for_each_tensor_op {
    ($m:ident) => {
        $m! {
            fn cast(tensor: Self::Tensor, dtype: $crate::DType) [tensor] ("cast") in cast;
            fn unary(op: $crate::UnaryOp, tensor: Self::Tensor) [tensor] ("unary") in elementwise;
            fn binary(op: $crate::BinaryOp, lhs: Self::Tensor, rhs: Self::Tensor) [lhs, rhs] (op.name()) in elementwise;
            fn binary_scalar(op: $crate::BinaryOp, lhs: Self::Tensor, rhs: $crate::Scalar) [lhs] ("binary_scalar") in elementwise;
            fn compare(op: $crate::CompareOp, lhs: Self::Tensor, rhs: Self::Tensor) [lhs, rhs] (op.name()) in compare;
            fn compare_scalar(op: $crate::CompareOp, lhs: Self::Tensor, rhs: $crate::Scalar) [lhs] ("compare_scalar") in compare;
            fn mask_where(mask: Self::Tensor, on_true: Self::Tensor, on_false: Self::Tensor) [mask, on_true, on_false] ("mask_where") in mask;
            fn matmul(lhs: Self::Tensor, rhs: Self::Tensor) [lhs, rhs] ("matmul") in matmul;
            fn reduce_dim(op: $crate::ReduceOp, tensor: Self::Tensor, dim: usize) [tensor] ("reduce_dim") in reduce;
            fn scan_dim(op: $crate::ScanOp, tensor: Self::Tensor, dim: usize, reverse: bool) [tensor] ("scan_dim") in scan;
            fn softmax(tensor: Self::Tensor, dim: usize) [tensor] ("softmax") in softmax;
            fn log_softmax(tensor: Self::Tensor, dim: usize) [tensor] ("log_softmax") in softmax;
            fn reshape(tensor: Self::Tensor, shape: $crate::Shape) [tensor] ("reshape") in layout;
            fn permute(tensor: Self::Tensor, axes: &[usize]) [tensor] ("permute") in layout;
            fn flip(tensor: Self::Tensor, axes: &[usize]) [tensor] ("flip") in layout;
            fn expand(tensor: Self::Tensor, shape: $crate::Shape) [tensor] ("expand") in layout;
            fn slice(tensor: Self::Tensor, ranges: &[::core::ops::Range<usize>]) [tensor] ("slice") in slice;
            fn slice_assign(tensor: Self::Tensor, ranges: &[::core::ops::Range<usize>], value: Self::Tensor) [tensor, value] ("slice_assign") in slice;
            fn gather(dim: usize, tensor: Self::Tensor, indices: Self::Tensor) [tensor, indices] ("gather") in index;
            fn scatter_add(dim: usize, tensor: Self::Tensor, indices: Self::Tensor, values: Self::Tensor) [tensor, indices, values] ("scatter") in index;
        }
    };
}

/// The future of [`Backend::into_data_async`].
pub type DataFuture = Pin<Box<dyn Future<Output = TensorData> + Send + 'static>>;
