//! The kinds with an order (burn-tensor's `api/orderable.rs`): comparisons,
//! extremes, clamping, sorting.

use crate::check;
use crate::kind::{Basic, Int, Kind, Numeric, Ordered};
use crate::tensor::{Bridge, Tensor, along_dims, settings, settings_of};
use burn_backend::TensorMetadata;
use burn_std::{AsIndex, ElementConversion, IndexingUpdateOp, Scalar, Shape};
use burn_std::TensorData;
use seam_macros::outline;

#[outline]
impl<const D: usize, K: Ordered> Tensor<D, K> {
    /// Sorted along `dim`, ascending.
    pub fn sort<I: AsIndex>(self, dim: I) -> Self {
        let dim = check::dim("sort", dim, D);
        Bridge::new(K::KIND, K::sort(self.into_tensor(), dim, false))
    }

    /// Sorted along `dim`, descending.
    pub fn sort_descending<I: AsIndex>(self, dim: I) -> Self {
        let dim = check::dim("sort_descending", dim, D);
        Bridge::new(K::KIND, K::sort(self.into_tensor(), dim, true))
    }

    /// The indices that sort along `dim`, ascending.
    pub fn argsort<I: AsIndex>(self, dim: I) -> Tensor<D, crate::Int> {
        let dim = check::dim("argsort", dim, D);
        let tensor = self.into_tensor();
        let out = settings(&tensor).int_dtype;
        Bridge::new(Kind::Int, K::argsort(tensor, dim, false, out))
    }

    /// The indices that sort along `dim`, descending.
    pub fn argsort_descending<I: AsIndex>(self, dim: I) -> Tensor<D, crate::Int> {
        let dim = check::dim("argsort_descending", dim, D);
        let tensor = self.into_tensor();
        let out = settings(&tensor).int_dtype;
        Bridge::new(Kind::Int, K::argsort(tensor, dim, true, out))
    }

    /// Element-wise `self > other`, broadcasting.
    pub fn greater(self, other: Self) -> Tensor<D, crate::Bool> {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::binary("greater", &a, &b);
        let out = settings(&a).bool_dtype;
        Bridge::new(Kind::Bool, K::greater(a, b, out))
    }

    /// Element-wise `self >= other`, broadcasting.
    pub fn greater_equal(self, other: Self) -> Tensor<D, crate::Bool> {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::binary("greater_equal", &a, &b);
        let out = settings(&a).bool_dtype;
        Bridge::new(Kind::Bool, K::greater_equal(a, b, out))
    }

    /// Element-wise `self < other`, broadcasting.
    pub fn lower(self, other: Self) -> Tensor<D, crate::Bool> {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::binary("lower", &a, &b);
        let out = settings(&a).bool_dtype;
        Bridge::new(Kind::Bool, K::lower(a, b, out))
    }

    /// Element-wise `self <= other`, broadcasting.
    pub fn lower_equal(self, other: Self) -> Tensor<D, crate::Bool> {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::binary("lower_equal", &a, &b);
        let out = settings(&a).bool_dtype;
        Bridge::new(Kind::Bool, K::lower_equal(a, b, out))
    }

    /// Element-wise `self > other`, a scalar.
    pub fn greater_scalar<E: ElementConversion>(self, other: E) -> Tensor<D, crate::Bool> {
        let a = self.into_tensor();
        let (other, out) = (other.scalar(&a.dtype()), settings(&a).bool_dtype);
        Bridge::new(Kind::Bool, K::greater_elem(a, other, out))
    }

    /// Element-wise `self >= other`, a scalar.
    pub fn greater_equal_scalar<E: ElementConversion>(self, other: E) -> Tensor<D, crate::Bool> {
        let a = self.into_tensor();
        let (other, out) = (other.scalar(&a.dtype()), settings(&a).bool_dtype);
        Bridge::new(Kind::Bool, K::greater_equal_elem(a, other, out))
    }

    /// Element-wise `self < other`, a scalar.
    pub fn lower_scalar<E: ElementConversion>(self, other: E) -> Tensor<D, crate::Bool> {
        let a = self.into_tensor();
        let (other, out) = (other.scalar(&a.dtype()), settings(&a).bool_dtype);
        Bridge::new(Kind::Bool, K::lower_elem(a, other, out))
    }

    /// Element-wise `self <= other`, a scalar.
    pub fn lower_equal_scalar<E: ElementConversion>(self, other: E) -> Tensor<D, crate::Bool> {
        let a = self.into_tensor();
        let (other, out) = (other.scalar(&a.dtype()), settings(&a).bool_dtype);
        Bridge::new(Kind::Bool, K::lower_equal_elem(a, other, out))
    }

    /// [`greater_scalar`](Tensor::greater_scalar).
    pub fn greater_elem<E: ElementConversion>(self, other: E) -> Tensor<D, crate::Bool> {
        self.greater_scalar(other)
    }

    /// [`greater_equal_scalar`](Tensor::greater_equal_scalar).
    pub fn greater_equal_elem<E: ElementConversion>(self, other: E) -> Tensor<D, crate::Bool> {
        self.greater_equal_scalar(other)
    }

    /// [`lower_scalar`](Tensor::lower_scalar).
    pub fn lower_elem<E: ElementConversion>(self, other: E) -> Tensor<D, crate::Bool> {
        self.lower_scalar(other)
    }

    /// [`lower_equal_scalar`](Tensor::lower_equal_scalar).
    pub fn lower_equal_elem<E: ElementConversion>(self, other: E) -> Tensor<D, crate::Bool> {
        self.lower_equal_scalar(other)
    }

    /// The index of the largest element along `dim` (the first of equals).
    pub fn argmax(self, dim: impl AsIndex) -> Tensor<D, crate::Int> {
        let dim = check::dim("argmax", dim, D);
        let tensor = self.into_tensor();
        let out = settings(&tensor).int_dtype;
        Bridge::new(Kind::Int, K::argmax(tensor, dim, out))
    }

    /// The index of the smallest element along `dim` (the first of equals).
    pub fn argmin(self, dim: impl AsIndex) -> Tensor<D, crate::Int> {
        let dim = check::dim("argmin", dim, D);
        let tensor = self.into_tensor();
        let out = settings(&tensor).int_dtype;
        Bridge::new(Kind::Int, K::argmin(tensor, dim, out))
    }

    /// The largest element, as a one-element tensor.
    pub fn max(self) -> Tensor<1, K> {
        Bridge::new(K::KIND, K::max(self.into_tensor()))
    }

    /// The smallest element, as a one-element tensor.
    pub fn min(self) -> Tensor<1, K> {
        Bridge::new(K::KIND, K::min(self.into_tensor()))
    }

    /// The largest along `dim`, kept with size 1.
    pub fn max_dim<I: AsIndex>(self, dim: I) -> Self {
        let dim = check::dim("max_dim", dim, D);
        Bridge::new(K::KIND, K::max_dim(self.into_tensor(), dim))
    }

    /// The smallest along `dim`, kept with size 1.
    pub fn min_dim<I: AsIndex>(self, dim: I) -> Self {
        let dim = check::dim("min_dim", dim, D);
        Bridge::new(K::KIND, K::min_dim(self.into_tensor(), dim))
    }

    /// Each element clamped to `min..=max`, scalars in `self`'s dtype.
    pub fn clamp<E: ElementConversion>(self, min: E, max: E) -> Self {
        let a = self.into_tensor();
        let (min, max) = (min.scalar(&a.dtype()), max.scalar(&a.dtype()));
        Bridge::new(K::KIND, K::clamp(a, min, max))
    }

    /// Each element at least `min`.
    pub fn clamp_min<E: ElementConversion>(self, min: E) -> Self {
        let a = self.into_tensor();
        let min = min.scalar(&a.dtype());
        Bridge::new(K::KIND, K::clamp_min(a, min))
    }

    /// Each element at most `max`.
    pub fn clamp_max<E: ElementConversion>(self, max: E) -> Self {
        let a = self.into_tensor();
        let max = max.scalar(&a.dtype());
        Bridge::new(K::KIND, K::clamp_max(a, max))
    }

    /// The `k` largest along `dim`, in descending order.
    pub fn topk<I: AsIndex>(self, k: usize, dim: I) -> Self {
        let dim = check::dim("topk", dim, D);
        check::top_k("topk", k, &self.tensor().shape(), dim);
        self.sort_descending(dim as isize).narrow(dim as isize, 0, k)
    }

    /// The largest absolute value, as a one-element tensor.
    pub fn max_abs(self) -> Tensor<1, K> {
        Bridge::new(K::KIND, K::max(K::abs(self.into_tensor())))
    }

    /// Element-wise the larger of `self` and `other`.
    pub fn max_pair(self, other: Self) -> Self {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::binary("max_pair", &a, &b);
        let out = settings(&a).bool_dtype;
        let mask = K::lower(a.clone(), b.clone(), out);
        Bridge::new(K::KIND, K::mask_where(a, mask, b))
    }

    /// Element-wise the smaller of `self` and `other`.
    pub fn min_pair(self, other: Self) -> Self {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::binary("min_pair", &a, &b);
        let out = settings(&a).bool_dtype;
        let mask = K::greater(a.clone(), b.clone(), out);
        Bridge::new(K::KIND, K::mask_where(a, mask, b))
    }

    /// The largest along each of `dims`, kept with size 1.
    pub fn max_dims<I: AsIndex>(self, dims: &[I]) -> Self {
        let tensor = along_dims("max_dims", self.into_tensor(), dims, D, |t, d| K::max_dim(t, d));
        Bridge::new(K::KIND, tensor)
    }

    /// The smallest along each of `dims`, kept with size 1.
    pub fn min_dims<I: AsIndex>(self, dims: &[I]) -> Self {
        let tensor = along_dims("min_dims", self.into_tensor(), dims, D, |t, d| K::min_dim(t, d));
        Bridge::new(K::KIND, tensor)
    }

    /// The running minimum along `dim`.
    pub fn cummin<I: AsIndex>(self, dim: I) -> Self {
        let dim = check::dim("cummin", dim, D);
        Bridge::new(K::KIND, K::cummin(self.into_tensor(), dim))
    }

    /// The running maximum along `dim`.
    pub fn cummax<I: AsIndex>(self, dim: I) -> Self {
        let dim = check::dim("cummax", dim, D);
        Bridge::new(K::KIND, K::cummax(self.into_tensor(), dim))
    }

    /// Sorted along `dim`, ascending, with the indices that sort.
    pub fn sort_with_indices<I: AsIndex>(self, dim: I) -> (Self, Tensor<D, crate::Int>) {
        let dim = check::dim("sort_with_indices", dim, D);
        let tensor = self.into_tensor();
        let out = settings(&tensor).int_dtype;
        let (values, indices) = K::sort_with_indices(tensor, dim, false, out);
        (Bridge::new(K::KIND, values), Bridge::new(Kind::Int, indices))
    }

    /// Sorted along `dim`, descending, with the indices that sort.
    pub fn sort_descending_with_indices<I: AsIndex>(self, dim: I) -> (Self, Tensor<D, crate::Int>) {
        let dim = check::dim("sort_descending_with_indices", dim, D);
        let tensor = self.into_tensor();
        let out = settings(&tensor).int_dtype;
        let (values, indices) = K::sort_with_indices(tensor, dim, true, out);
        (Bridge::new(K::KIND, values), Bridge::new(Kind::Int, indices))
    }

    /// The `k` largest along `dim`, descending, with where they were.
    pub fn topk_with_indices<I: AsIndex>(self, k: usize, dim: I) -> (Self, Tensor<D, crate::Int>) {
        let dim = check::dim("topk_with_indices", dim, D);
        check::top_k("topk_with_indices", k, &self.tensor().shape(), dim);
        let (values, indices) = self.sort_descending_with_indices(dim as isize);
        (values.narrow(dim as isize, 0, k), indices.narrow(dim as isize, 0, k))
    }

    /// The largest along `dim`, kept with size 1, and where it is.
    pub fn max_dim_with_indices<I: AsIndex>(self, dim: I) -> (Self, Tensor<D, crate::Int>) {
        let dim = check::dim("max_dim_with_indices", dim, D);
        let tensor = self.into_tensor();
        let out = settings(&tensor).int_dtype;
        let (values, indices) = K::max_dim_with_indices(tensor, dim, out);
        (Bridge::new(K::KIND, values), Bridge::new(Kind::Int, indices))
    }

    /// The smallest along `dim`, kept with size 1, and where it is.
    pub fn min_dim_with_indices<I: AsIndex>(self, dim: I) -> (Self, Tensor<D, crate::Int>) {
        let dim = check::dim("min_dim_with_indices", dim, D);
        let tensor = self.into_tensor();
        let out = settings(&tensor).int_dtype;
        let (values, indices) = K::min_dim_with_indices(tensor, dim, out);
        (Bridge::new(K::KIND, values), Bridge::new(Kind::Int, indices))
    }

    /// The largest absolute value along `dim`, kept with size 1.
    pub fn max_abs_dim<I: AsIndex>(self, dim: I) -> Self {
        let dim = check::dim("max_abs_dim", dim, D);
        Bridge::new(K::KIND, K::max_dim(K::abs(self.into_tensor()), dim))
    }

    /// The largest absolute value along each of `dims`, kept with size 1.
    pub fn max_abs_dims<I: AsIndex>(self, dims: &[I]) -> Self {
        let tensor = along_dims("max_abs_dims", K::abs(self.into_tensor()), dims, D, |t, d| K::max_dim(t, d));
        Bridge::new(K::KIND, tensor)
    }

    /// The indices of the `k` largest elements along `dim`, largest first (`k` must be
    /// below the dim's size).
    pub fn argtopk(self, k: usize, dim: impl AsIndex) -> Tensor<D, Int> {
        let dim = check::dim("argtopk", dim, D);
        let tensor = self.into_tensor();
        let size = tensor.shape()[dim];
        check::argtopk("argtopk", k, dim, size);
        let out = settings(&tensor).int_dtype;
        Bridge::new(Kind::Int, K::argtopk(tensor, dim, k, out))
    }

    /// Each element as a one-hot vector of `num_classes` along a new last dim (`D2` is
    /// `D + 1`): 1 at the element's value, 0 elsewhere. (A body cannot call a method
    /// at its own `D2`, which the helper holds as a value: this one stays a wrapper of
    /// the outlined `one_hot_fill`.)
    #[outline(skip)]
    pub fn one_hot<const D2: usize>(self, num_classes: usize) -> Tensor<D2, K> {
        check::classes("one_hot", num_classes);
        self.one_hot_fill(num_classes, 1.0, 0.0, -1)
    }

    /// Each element as a vector of `num_classes` along a new dim `axis` (`D2` is
    /// `D + 1`): `on_value` at the element's value (a negative one counts from the
    /// end), `off_value` elsewhere.
    pub fn one_hot_fill<const D2: usize>(
        self,
        num_classes: usize,
        on_value: f32,
        off_value: f32,
        axis: impl AsIndex,
    ) -> Tensor<D2, K> {
        check::one_dim_more("one_hot_fill", D, D2, "encodes");
        check::not_quantized("one_hot_fill", &self.tensor().dtype());
        let axis = check::dim("one_hot_fill", axis, D + 1);
        let tensor = self.into_tensor();
        let (shape, device, dtype) = (tensor.shape(), tensor.device(), tensor.dtype());
        let values: Vec<i64> = K::into_data(tensor)
            .convert::<i64>()
            .iter::<i64>()
            .map(|v| check::class("one_hot_fill", v, num_classes))
            .collect();
        let mut at = shape.as_slice().to_vec();
        at.insert(axis, 1);
        let int = settings_of(&device).int_dtype;
        let indices = <Int as Basic>::from_data(TensorData::new(values, at.clone()), &device, int.into());
        let mut out = shape.as_slice().to_vec();
        out.insert(axis, num_classes);
        let off = K::full(Shape::from(out), Scalar::new(off_value, &dtype), &device, dtype);
        let on = K::full(Shape::from(at), Scalar::new(on_value, &dtype), &device, dtype);
        Bridge::new(K::KIND, K::scatter(axis, off, indices, on, IndexingUpdateOp::Assign))
    }
}
