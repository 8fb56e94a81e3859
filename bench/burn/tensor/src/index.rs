//! Reading and writing parts of a tensor (burn-tensor's `api/base.rs`, its slice,
//! select, scatter and gather methods): regions by `Slice`, entries by index tensors,
//! elements by mask.

use crate::tensor::Bridge;
use crate::check;
use crate::kind::{Basic, Int};
use crate::tensor::Tensor;
use burn_backend::TensorMetadata;
use burn_std::{AsIndex, Element, IndexingUpdateOp, Shape, Slice, SliceArg};
use seam_macros::outline;

#[outline]
impl<const D: usize, K: Basic> Tensor<D, K> {
    /// The region `slices` (a range or index per leading dim, `s![..]`, steps allowed;
    /// ranges past the end are clamped).
    pub fn slice<S>(self, slices: S) -> Self
    where
        S: SliceArg,
    {
        let tensor = self.into_stored();
        let shape = tensor.shape();
        let (slices, region) = check::slices("slice", slices.into_slices(&shape), &shape);
        if region.num_elements() == 0 {
            return Bridge::new(K::KIND, K::empty(region, &tensor.device(), tensor.dtype()));
        }
        Bridge::new(K::KIND, K::slice(tensor, &slices))
    }

    /// `values` written over the region `slices` (which must have `values`' shape).
    pub fn slice_assign<S>(self, slices: S, values: Self) -> Self
    where
        S: SliceArg,
    {
        let (tensor, values) = (self.into_tensor(), values.into_tensor());
        let shape = tensor.shape();
        let (slices, region) = check::slices("slice_assign", slices.into_slices(&shape), &shape);
        if region.num_elements() == 0 {
            return Bridge::new(K::KIND, tensor);
        }
        check::region_values("slice_assign", &region, &shape, &values.shape());
        Bridge::new(K::KIND, K::slice_assign(tensor, &slices, values))
    }

    /// `value` (in `self`'s dtype) written over the region `slices`.
    pub fn slice_fill<S, E: Element>(self, slices: S, value: E) -> Self
    where
        S: SliceArg,
    {
        let tensor = self.into_tensor();
        let shape = tensor.shape();
        let (slices, region) = check::slices("slice_fill", slices.into_slices(&shape), &shape);
        if region.num_elements() == 0 {
            return Bridge::new(K::KIND, tensor);
        }
        let (device, dtype) = (tensor.device(), tensor.dtype());
        let values = K::full(region, value.scalar(&dtype), &device, dtype);
        Bridge::new(K::KIND, K::slice_assign(tensor, &slices, values))
    }

    /// The part `slice` of dim `dim` (negative dims count from the end).
    pub fn slice_dim<S>(self, dim: impl AsIndex, slice: S) -> Self
    where
        S: Into<Slice>,
    {
        let dim = check::dim("slice_dim", dim, D);
        let mut slices = vec![Slice::full(); D];
        slices[dim] = slice.into();
        self.slice(&slices)
    }

    /// Entry `index` of dim `dim`, that dim removed (`D2` is `D - 1`).
    pub fn select_dim<const D2: usize>(self, dim: impl AsIndex, index: impl AsIndex) -> Tensor<D2, K> {
        check::one_dim_less("select_dim", D, D2);
        let dim = check::dim("select_dim", dim, D);
        let tensor = self.into_stored();
        let shape = tensor.shape();
        let at = check::index("select_dim", index, shape[dim]);
        let mut slices = vec![Slice::full(); D];
        slices[dim] = Slice::new(at as isize, Some(at as isize + 1), 1);
        let mut dims = shape.as_slice().to_vec();
        dims.remove(dim);
        Bridge::new(K::KIND, K::reshape(K::slice(tensor, &slices), Shape::from(dims)))
    }

    /// `values` written at (`update`: or combined with) the entries `indices` of `dim`.
    pub fn select_assign(
        self,
        dim: impl AsIndex,
        indices: Tensor<1, Int>,
        values: Tensor<D, K>,
        update: IndexingUpdateOp,
    ) -> Self {
        let dim = check::dim("select_assign", dim, D);
        let (tensor, indices, values) = (self.into_tensor(), indices.into_tensor(), values.into_tensor());
        let (shape, picked, given) = (tensor.shape(), indices.shape(), values.shape());
        check::select_values("select_assign", &shape, &picked, &given, dim, D);
        Bridge::new(K::KIND, K::select_assign(tensor, dim, indices, values, update))
    }

    /// `values` written at (`update`: or combined with) `indices` along `dim`: element
    /// `i` of `values` goes to the position `indices[i]` names along `dim`.
    pub fn scatter(self, dim: impl AsIndex, indices: Tensor<D, Int>, values: Self, update: IndexingUpdateOp) -> Self {
        let dim = check::dim("scatter", dim, D);
        let (tensor, indices, values) = (self.into_tensor(), indices.into_tensor(), values.into_tensor());
        let (shape, at, given) = (tensor.shape(), indices.shape(), values.shape());
        check::scatter("scatter", &shape, &at, &given, dim, D);
        Bridge::new(K::KIND, K::scatter(dim, tensor, indices, values, update))
    }

    /// `values` written at (`update`: or combined with) the multi-indices in the last
    /// dim of `indices` (`M` dims; `DV` is `M - 1 + D - indices' last dim`).
    pub fn scatter_nd<const M: usize, const DV: usize>(
        self,
        indices: Tensor<M, Int>,
        values: Tensor<DV, K>,
        update: IndexingUpdateOp,
    ) -> Self {
        let (tensor, indices, values) = (self.into_tensor(), indices.into_tensor(), values.into_tensor());
        let (shape, at, given) = (tensor.shape(), indices.shape(), values.shape());
        let expected = check::nd("scatter_nd", &shape, &at, M, DV);
        check::nd_values("scatter_nd", &shape, &at, &given, &expected);
        Bridge::new(K::KIND, K::scatter_nd(tensor, indices, values, update))
    }

    /// The slices at the multi-indices in the last dim of `indices` (`M` dims; `DV` is
    /// `M - 1 + D - indices' last dim`).
    pub fn gather_nd<const M: usize, const DV: usize>(self, indices: Tensor<M, Int>) -> Tensor<DV, K> {
        let (tensor, indices) = (self.into_tensor(), indices.into_tensor());
        check::nd("gather_nd", &tensor.shape(), &indices.shape(), M, DV);
        Bridge::new(K::KIND, K::gather_nd(tensor, indices))
    }

    /// The elements where `mask` holds, in order, as one dim.
    pub fn mask_select(self, mask: Tensor<D, crate::Bool>) -> Tensor<1, K> {
        let (tensor, mask) = (self.into_tensor(), mask.into_tensor());
        check::same_shape("mask_select", &tensor.shape(), &mask.shape());
        let selected = burn_backend::try_read_sync(K::mask_select(tensor, mask));
        Bridge::new(K::KIND, selected
            .expect("mask_select: this platform cannot read a tensor synchronously; use mask_select_async"))
    }

    /// The elements where `mask` holds, in order, as one dim.
    pub async fn mask_select_async(self, mask: Tensor<D, crate::Bool>) -> Tensor<1, K> {
        let (tensor, mask) = (self.into_tensor(), mask.into_tensor());
        check::same_shape("mask_select_async", &tensor.shape(), &mask.shape());
        Bridge::new(K::KIND, K::mask_select(tensor, mask).await)
    }
}
