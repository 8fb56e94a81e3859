//! The one list of [`Backend`](crate::Backend)'s tensor ops: a backend that forwards
//! ops to others (`seam-dispatch`'s `Dispatch`) generates its forwarders from it, so
//! a new op is declared on the trait and listed here, and nothing is written for it
//! in the forwarding backends.

/// Calls `$m!` with one entry per tensor op of [`Backend`](crate::Backend) that takes
/// a fixed number of tensors and gives one, in the trait's order:
///
/// ```text
/// fn name(arg: Type, ..) [tensor args] (name for a device mismatch);
/// ```
///
/// The types are the trait's, with `Self::Tensor` for the backend's tensor (so an
/// entry reads as a method of an `impl Backend`); the brackets list the arguments
/// that are tensors, in order; the last part is what a forwarding backend's panic
/// names when the tensors are on different devices. `cat` (a `Vec` of tensors) and the
/// ops that create, read or describe tensors are written by hand.
///
/// ```
/// // The tensor arguments of each op, by name.
/// macro_rules! tensor_args {
///     ($(fn $name:ident($($arg:ident: $ty:ty),*) [$($t:ident),+] ($op:expr);)*) => {
///         [$((stringify!($name), [$(stringify!($t)),+].len())),*]
///     };
/// }
/// let ops = seam_backend::for_each_tensor_op!(tensor_args);
/// assert!(ops.contains(&("mask_where", 3)));
/// ```
#[macro_export]
macro_rules! for_each_tensor_op {
    ($m:ident) => {
        $m! {
            fn cast(tensor: Self::Tensor, dtype: $crate::DType) [tensor] ("cast");
            fn unary(op: $crate::UnaryOp, tensor: Self::Tensor) [tensor] ("unary");
            fn binary(op: $crate::BinaryOp, lhs: Self::Tensor, rhs: Self::Tensor) [lhs, rhs] (op.name());
            fn binary_scalar(op: $crate::BinaryOp, lhs: Self::Tensor, rhs: $crate::Scalar) [lhs] ("binary_scalar");
            fn compare(op: $crate::CompareOp, lhs: Self::Tensor, rhs: Self::Tensor) [lhs, rhs] (op.name());
            fn compare_scalar(op: $crate::CompareOp, lhs: Self::Tensor, rhs: $crate::Scalar) [lhs] ("compare_scalar");
            fn mask_where(mask: Self::Tensor, on_true: Self::Tensor, on_false: Self::Tensor) [mask, on_true, on_false] ("mask_where");
            fn matmul(lhs: Self::Tensor, rhs: Self::Tensor) [lhs, rhs] ("matmul");
            fn reduce_dim(op: $crate::ReduceOp, tensor: Self::Tensor, dim: usize) [tensor] ("reduce_dim");
            fn scan_dim(op: $crate::ScanOp, tensor: Self::Tensor, dim: usize, reverse: bool) [tensor] ("scan_dim");
            fn softmax(tensor: Self::Tensor, dim: usize) [tensor] ("softmax");
            fn log_softmax(tensor: Self::Tensor, dim: usize) [tensor] ("log_softmax");
            fn reshape(tensor: Self::Tensor, shape: $crate::Shape) [tensor] ("reshape");
            fn permute(tensor: Self::Tensor, axes: &[usize]) [tensor] ("permute");
            fn expand(tensor: Self::Tensor, shape: $crate::Shape) [tensor] ("expand");
            fn slice(tensor: Self::Tensor, ranges: &[::core::ops::Range<usize>]) [tensor] ("slice");
            fn slice_assign(tensor: Self::Tensor, ranges: &[::core::ops::Range<usize>], value: Self::Tensor) [tensor, value] ("slice_assign");
            fn gather(dim: usize, tensor: Self::Tensor, indices: Self::Tensor) [tensor, indices] ("gather");
            fn scatter_add(dim: usize, tensor: Self::Tensor, indices: Self::Tensor, values: Self::Tensor) [tensor, indices, values] ("scatter");
        }
    };
}
