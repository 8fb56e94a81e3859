//! What every kind does (burn-tensor's `api/base.rs`): creation, shape, layout,
//! devices, data, comparison, joining.

use crate::check;
use crate::kind::{Basic, Bool, Float, Int, IntoFloat, IntoInt, Kind};
use crate::tensor::{Bridge, Cast, ReshapeArgs, Tensor, settings};
use burn_backend::TensorMetadata;
use burn_dispatch::DispatchTensor;
use burn_std::{AsIndex, DType, Element, ElementConversion, FloatDType, IntDType, Shape, Slice, TensorReadError};
use crate::device::Device;
use crate::options::TensorCreationOptions;
use burn_std::TensorData;
use seam_macros::outline;

/// The dtype a new tensor of `kind` takes: the one asked for, else the device's
/// default for the kind (bool tensors always take the device's storage).
pub(crate) fn creation_dtype(kind: Kind, options: &TensorCreationOptions) -> DType {
    let settings = options.device.settings_in_use();
    match kind {
        Kind::Float => options.dtype.unwrap_or(settings.float_dtype.into()),
        Kind::Int => options.dtype.unwrap_or(settings.int_dtype.into()),
        Kind::Bool => settings.bool_dtype.into(),
    }
}

/// `dims` with a 1 inserted at `dim` and 1s appended up to rank `rank` (which must be
/// larger than `dims`' and than `dim`), as burn-tensor's `unsqueeze_dim` and `stack` shape.
fn unsqueezed_dims(dims: &[usize], dim: usize, rank: usize, op: &str) -> Vec<usize> {
    check::larger_rank(op, dims.len(), rank);
    let mut out = dims.to_vec();
    out.insert(dim, 1);
    out.resize(rank, 1);
    out
}

/// A tensor of `kind` holding `data`, in the device's dtype for the kind.
pub(crate) fn created(kind: Kind, data: TensorData, device: &Device) -> Bridge {
    let dtype = creation_dtype(kind, &TensorCreationOptions::new(device.clone()));
    let device = device.as_dispatch();
    let tensor = match kind {
        Kind::Float => <Float as Basic>::from_data(data, device, dtype),
        Kind::Int => <Int as Basic>::from_data(data, device, dtype),
        Kind::Bool => <Bool as Basic>::from_data(data, device, dtype),
    };
    Bridge::new(kind, tensor)
}


#[outline]
impl<const D: usize, K: Basic> Tensor<D, K> {
    /// The number of dims, `D`.
    pub fn rank(&self) -> usize {
        D
    }

    /// The type of the elements.
    pub fn dtype(&self) -> DType {
        self.tensor().dtype()
    }

    /// An uninitialised tensor of `shape`.
    pub fn empty<S: Into<Shape>>(shape: S, options: impl Into<TensorCreationOptions>) -> Self {
        check::creation("empty", &shape, D);
        let dtype = creation_dtype(K::KIND, &options);
        Bridge::new(K::KIND, K::empty(shape, options.device.as_dispatch(), dtype))
    }

    /// An uninitialised tensor of `self`'s shape, dtype and device.
    pub fn empty_like(&self) -> Self {
        let tensor = self.tensor();
        check::not_quantized("empty_like", &tensor.dtype());
        Bridge::new(K::KIND, K::empty(tensor.shape(), &tensor.device(), tensor.dtype()))
    }

    /// A tensor of `shape` filled with zeros.
    pub fn zeros<S: Into<Shape>>(shape: S, options: impl Into<TensorCreationOptions>) -> Self {
        check::creation("zeros", &shape, D);
        let dtype = creation_dtype(K::KIND, &options);
        Bridge::new(K::KIND, K::zeros(shape, options.device.as_dispatch(), dtype))
    }

    /// Zeros of `self`'s shape, dtype and device.
    pub fn zeros_like(&self) -> Self {
        let tensor = self.tensor();
        check::not_quantized("zeros_like", &tensor.dtype());
        Bridge::new(K::KIND, K::zeros(tensor.shape(), &tensor.device(), tensor.dtype()))
    }

    /// A tensor of `shape` filled with ones.
    pub fn ones<S: Into<Shape>>(shape: S, options: impl Into<TensorCreationOptions>) -> Self {
        check::creation("ones", &shape, D);
        let dtype = creation_dtype(K::KIND, &options);
        Bridge::new(K::KIND, K::ones(shape, options.device.as_dispatch(), dtype))
    }

    /// Ones of `self`'s shape, dtype and device.
    pub fn ones_like(&self) -> Self {
        let tensor = self.tensor();
        check::not_quantized("ones_like", &tensor.dtype());
        Bridge::new(K::KIND, K::ones(tensor.shape(), &tensor.device(), tensor.dtype()))
    }

    /// A tensor of `shape` filled with `fill_value`.
    pub fn full<S: Into<Shape>, E: ElementConversion>(
        shape: S,
        fill_value: E,
        options: impl Into<TensorCreationOptions>,
    ) -> Self {
        check::creation("full", &shape, D);
        let dtype = creation_dtype(K::KIND, &options);
        let value = fill_value.scalar(&dtype);
        Bridge::new(K::KIND, K::full(shape, value, options.device.as_dispatch(), dtype))
    }

    /// `fill_value` in `self`'s shape, dtype and device.
    pub fn full_like<E: ElementConversion>(&self, fill_value: E) -> Self {
        let tensor = self.tensor();
        check::not_quantized("full_like", &tensor.dtype());
        let value = fill_value.scalar(&tensor.dtype());
        Bridge::new(K::KIND, K::full(tensor.shape(), value, &tensor.device(), tensor.dtype()))
    }

    /// The size of each dim.
    pub fn dims(&self) -> [usize; D] {
        self.tensor().shape().as_slice().to_vec()
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.tensor().shape()
    }

    /// The last two dims swapped (a no-op at rank 1).
    pub fn transpose(self) -> Self {
        if D < 2 {
            return self;
        }
        Bridge::new(K::KIND, K::swap_dims(self.into_stored(), D - 2, D - 1))
    }

    /// [`transpose`](Tensor::transpose).
    pub fn t(self) -> Self {
        self.transpose()
    }

    /// Dims `dim1` and `dim2` swapped; negative dims count from the end.
    pub fn swap_dims<Dim1, Dim2>(self, dim1: Dim1, dim2: Dim2) -> Self
    where
        Dim1: AsIndex,
        Dim2: AsIndex,
    {
        let (a, b) = (check::dim("swap_dims", dim1, D), check::dim("swap_dims", dim2, D));
        if a == b {
            return self;
        }
        Bridge::new(K::KIND, K::swap_dims(self.into_stored(), a, b))
    }

    /// The device the tensor is on.
    pub fn device(&self) -> Device {
        Device::new(self.tensor().device())
    }

    /// The tensor on `device`, keeping its own autodiff context (on or off, and its
    /// checkpointing), whatever `device`'s.
    pub fn to_device(self, device: &Device) -> Self {
        let target = device.clone().with_autodiff_context_from(&self.device());
        Bridge::new(K::KIND, K::to_device(self.into_stored(), target.as_dispatch()))
    }

    /// The elements, read back from the device.
    pub fn into_data(self) -> TensorData {
        K::into_data(self.into_stored())
    }

    /// The elements, read back from the device, keeping the tensor.
    pub fn to_data(&self) -> TensorData {
        K::into_data(self.tensor().clone())
    }

    /// A tensor holding `data` (of rank `D`), in the dtype of `options` or the device's.
    pub fn from_data<T>(data: T, options: impl Into<TensorCreationOptions>) -> Self
    where
        T: Into<TensorData>,
    {
        check::creation("from_data", data.shape(), D);
        let dtype = creation_dtype(K::KIND, &options);
        Bridge::new(K::KIND, K::from_data(data, options.device.as_dispatch(), dtype))
    }

    /// Element-wise `self == other`.
    pub fn equal(self, other: Self) -> Tensor<D, Bool> {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::binary("equal", &a, &b);
        let out = settings(&a).bool_dtype;
        Bridge::new(Kind::Bool, K::equal(a, b, out))
    }

    /// Element-wise `self != other`.
    pub fn not_equal(self, other: Self) -> Tensor<D, Bool> {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::binary("not_equal", &a, &b);
        let out = settings(&a).bool_dtype;
        Bridge::new(Kind::Bool, K::not_equal(a, b, out))
    }

    /// The tensors joined along `dim`; every other dim must agree.
    pub fn cat(tensors: Vec<Self>, dim: impl AsIndex) -> Self {
        let dim = check::dim("cat", dim, D);
        let tensors: Vec<DispatchTensor> = tensors.into_iter().map(Bridge::into_stored).collect();
        check::some_tensors("cat", tensors.len(), "join");
        check::cat_shapes("cat", &tensors, dim, D);
        Bridge::new(K::KIND, K::cat(tensors, dim))
    }

    /// The same elements in `D2` dims: `-1` is inferred, `0` keeps the source dim.
    // A wrapper: `ReshapeArgs::into_shape` takes the rank `D` as a const generic.
    #[outline(skip)]
    pub fn reshape<const D2: usize, S: ReshapeArgs<D2>>(self, shape: S) -> Tensor<D2, K> {
        let target = shape.into_shape::<D>(self.shape());
        self.reshape_to(target)
    }

    /// The same elements in `shape`, of `D2` dims and as many elements (what
    /// `reshape` does once its argument is resolved).
    #[doc(hidden)]
    pub fn reshape_to<const D2: usize>(self, shape: Shape) -> Tensor<D2, K> {
        let tensor = self.into_stored();
        let source = tensor.shape();
        check::reshape_to(&source, &shape, D2);
        Bridge::new(K::KIND, K::reshape(tensor, shape))
    }

    /// `D2 - D` dims of size 1 added in front.
    pub fn unsqueeze<const D2: usize>(self) -> Tensor<D2, K> {
        check::unsqueeze("unsqueeze", D, D2);
        let tensor = self.into_stored();
        let mut dims = vec![1; D2 - D];
        dims.extend_from_slice(tensor.shape().as_slice());
        Bridge::new(K::KIND, K::reshape(tensor, Shape::from(dims)))
    }

    /// A dim of size 1 inserted at `dim` (`-1` appends; negative dims count from the
    /// end of rank `D + 1`), and, where `D2` is larger than `D + 1`, more dims of size 1
    /// appended up to rank `D2`.
    pub fn unsqueeze_dim<const D2: usize>(self, dim: impl AsIndex) -> Tensor<D2, K> {
        let dim = check::dim("unsqueeze_dim", dim, D + 1);
        let tensor = self.into_stored();
        let dims = unsqueezed_dims(tensor.shape().as_slice(), dim, D2, "unsqueeze_dim");
        Bridge::new(K::KIND, K::reshape(tensor, Shape::from(dims)))
    }

    /// Every dim of size 1 removed; `D2` must be the number left.
    pub fn squeeze<const D2: usize>(self) -> Tensor<D2, K> {
        let tensor = self.into_stored();
        let dims: Vec<usize> = tensor.shape().iter().copied().filter(|d| *d != 1).collect();
        check::squeeze("squeeze", &tensor.shape(), dims.len(), D2);
        Bridge::new(K::KIND, K::reshape(tensor, Shape::from(dims)))
    }

    /// Dim `dim`, of size 1, removed.
    pub fn squeeze_dim<const D2: usize>(self, dim: impl AsIndex) -> Tensor<D2, K> {
        check::one_dim_less("squeeze_dim", D, D2);
        let dim = check::dim("squeeze_dim", dim, D);
        let tensor = self.into_stored();
        let mut dims = tensor.shape().as_slice().to_vec();
        check::size_one("squeeze_dim", &dims, dim);
        dims.remove(dim);
        Bridge::new(K::KIND, K::reshape(tensor, Shape::from(dims)))
    }

    /// Dims `start_dim..=end_dim` merged into one.
    pub fn flatten<const D2: usize>(self, start_dim: impl AsIndex, end_dim: impl AsIndex) -> Tensor<D2, K> {
        let start = check::dim("flatten", start_dim, D);
        let end = check::dim("flatten", end_dim, D);
        check::flatten("flatten", start, end, D, D2);
        let tensor = self.into_stored();
        let shape = tensor.shape();
        let mut dims = shape.as_slice()[..start].to_vec();
        dims.push(shape.as_slice()[start..=end].iter().product());
        dims.extend_from_slice(&shape.as_slice()[end + 1..]);
        Bridge::new(K::KIND, K::reshape(tensor, Shape::from(dims)))
    }

    /// The entries of `dim` at `indices` (negative dims count from the end).
    pub fn select(self, dim: impl AsIndex, indices: Tensor<1, Int>) -> Self {
        let dim = check::dim("select", dim, D);
        Bridge::new(K::KIND, K::select(self.into_stored(), dim, indices.into_tensor()))
    }

    /// `value` where `mask` holds, `self` elsewhere.
    pub fn mask_where(self, mask: Tensor<D, Bool>, value: Self) -> Self {
        let (tensor, mask, value) = (self.into_tensor(), mask.into_tensor(), value.into_tensor());
        check::binary("mask_where", &tensor, &mask);
        Bridge::new(K::KIND, K::mask_where(tensor, mask, value))
    }

    /// `value` (in `self`'s dtype) where `mask` holds.
    pub fn mask_fill<E: ElementConversion>(self, mask: Tensor<D, Bool>, value: E) -> Self {
        let (tensor, mask) = (self.into_tensor(), mask.into_tensor());
        check::binary("mask_fill", &tensor, &mask);
        let value = value.scalar(&tensor.dtype());
        Bridge::new(K::KIND, K::mask_fill(tensor, mask, value))
    }

    /// The elements at `indices` along `dim`.
    pub fn gather(self, dim: impl AsIndex, indices: Tensor<D, Int>) -> Self {
        let dim = check::dim("gather", dim, D);
        Bridge::new(K::KIND, K::gather(dim, self.into_stored(), indices.into_tensor()))
    }

    /// `times` copies along `dim`.
    pub fn repeat_dim(self, dim: impl AsIndex, times: usize) -> Self {
        let dim = check::dim("repeat_dim", dim, D);
        Bridge::new(K::KIND, K::repeat_dim(self.into_stored(), dim, times))
    }

    /// `sizes[d]` copies along each dim `d`.
    pub fn repeat(self, sizes: &[usize]) -> Self {
        check::repeat("repeat", sizes.len(), D);
        let mut tensor = self.into_stored();
        for (dim, &times) in sizes.iter().enumerate() {
            if times != 1 {
                tensor = K::repeat_dim(tensor, dim, times);
            }
        }
        Bridge::new(K::KIND, tensor)
    }

    /// Element-wise `self == other`, a scalar.
    pub fn equal_elem<E: Element>(self, other: E) -> Tensor<D, Bool> {
        let tensor = self.into_tensor();
        let (other, out) = (other.scalar(&tensor.dtype()), settings(&tensor).bool_dtype);
        Bridge::new(Kind::Bool, K::equal_elem(tensor, other, out))
    }

    /// Element-wise `self != other`, a scalar.
    pub fn not_equal_elem<E: Element>(self, other: E) -> Tensor<D, Bool> {
        let tensor = self.into_tensor();
        let (other, out) = (other.scalar(&tensor.dtype()), settings(&tensor).bool_dtype);
        Bridge::new(Kind::Bool, K::not_equal_elem(tensor, other, out))
    }

    /// Whether any element is non-zero (true).
    pub fn any(self) -> Tensor<1, Bool> {
        let tensor = self.into_tensor();
        let out = settings(&tensor).bool_dtype;
        Bridge::new(Kind::Bool, K::any(tensor, out))
    }

    /// Whether any element along `dim` is non-zero, kept with size 1.
    pub fn any_dim(self, dim: impl AsIndex) -> Tensor<D, Bool> {
        let dim = check::dim("any_dim", dim, D);
        let tensor = self.into_tensor();
        let out = settings(&tensor).bool_dtype;
        Bridge::new(Kind::Bool, K::any_dim(tensor, dim, out))
    }

    /// Whether every element is non-zero (true).
    pub fn all(self) -> Tensor<1, Bool> {
        let tensor = self.into_tensor();
        let out = settings(&tensor).bool_dtype;
        Bridge::new(Kind::Bool, K::all(tensor, out))
    }

    /// Whether every element along `dim` is non-zero, kept with size 1.
    pub fn all_dim(self, dim: impl AsIndex) -> Tensor<D, Bool> {
        let dim = check::dim("all_dim", dim, D);
        let tensor = self.into_tensor();
        let out = settings(&tensor).bool_dtype;
        Bridge::new(Kind::Bool, K::all_dim(tensor, dim, out))
    }

    /// The tensors stacked along a new dim `dim` of the rank-`D2` result.
    pub fn stack<const D2: usize>(tensors: Vec<Tensor<D, K>>, dim: impl AsIndex) -> Tensor<D2, K> {
        let dim = check::dim("stack", dim, D + 1);
        let parts: Vec<DispatchTensor> = tensors
            .into_iter()
            .map(|t| {
                let t = t.into_stored();
                let dims = unsqueezed_dims(t.shape().as_slice(), dim, D2, "stack");
                K::reshape(t, Shape::from(dims))
            })
            .collect();
        check::some_tensors("stack", parts.len(), "stack");
        Bridge::new(K::KIND, K::cat(parts, dim))
    }

    /// `chunks` pieces along `dim`, as even as they can be (the last may be smaller).
    pub fn chunk(self, chunks: usize, dim: impl AsIndex) -> Vec<Self> {
        check::chunks("chunk", chunks);
        let dim = check::dim("chunk", dim, D);
        let size = self.tensor().shape()[dim];
        let piece = size.div_ceil(chunks).max(1);
        self.split(piece, dim as isize)
    }

    /// Pieces of `split_size` along `dim` (the last may be smaller).
    pub fn split(self, split_size: usize, dim: impl AsIndex) -> Vec<Self> {
        check::split_size("split", split_size);
        let dim = check::dim("split", dim, D);
        let size = self.tensor().shape()[dim];
        let sizes: Vec<usize> = (0..size.div_ceil(split_size))
            .map(|i| split_size.min(size - i * split_size))
            .collect();
        self.split_with_sizes(sizes, dim as isize)
    }

    /// Pieces of `split_sizes` along `dim`, which must add up to its size.
    pub fn split_with_sizes(self, split_sizes: Vec<usize>, dim: impl AsIndex) -> Vec<Self> {
        let dim = check::dim("split_with_sizes", dim, D);
        let size = self.tensor().shape()[dim];
        check::split_sizes("split_with_sizes", &split_sizes, dim, size);
        let starts = split_sizes.iter().scan(0, |start, &len| {
            *start += len;
            Some(*start - len)
        });
        starts
            .zip(&split_sizes)
            .map(|(start, &len)| self.clone().narrow(dim as isize, start, len))
            .collect()
    }

    /// The dims reordered: dim `d` of the result is dim `axes[d]` of `self`.
    pub fn permute<Dim>(self, axes: [Dim; D]) -> Tensor<D, K>
    where
        Dim: AsIndex,
    {
        let axes = check::distinct_dims("permute", &axes, D);
        Bridge::new(K::KIND, K::permute(self.into_stored(), &axes))
    }

    /// The order of the elements along each of `axes` reversed.
    pub fn flip<const N: usize>(self, axes: [impl AsIndex; N]) -> Tensor<D, K> {
        let axes: Vec<usize> = axes.iter().map(|&a| check::dim("flip", a, D)).collect();
        Bridge::new(K::KIND, K::flip(self.into_stored(), &axes))
    }

    /// The dims `dims` (each of size 1) removed.
    pub fn squeeze_dims<const D2: usize>(self, dims: &[impl AsIndex]) -> Tensor<D2, K> {
        let tensor = self.into_stored();
        let shape = tensor.shape().as_slice().to_vec();
        let mut gone: Vec<usize> = dims.iter().map(|&d| check::dim("squeeze_dims", d, D)).collect();
        gone.sort_unstable();
        gone.dedup();
        for &d in &gone {
            check::size_one("squeeze_dims", &shape, d);
        }
        let kept: Vec<usize> = (0..D).filter(|d| !gone.contains(d)).map(|d| shape[d]).collect();
        check::rank_without("squeeze_dims", &shape, &gone, kept.len(), D2);
        Bridge::new(K::KIND, K::reshape(tensor, Shape::from(kept)))
    }

    /// Dims of size 1 inserted at `axes` of the rank-`D2` result: a negative axis
    /// counts from the end, each further negative one place further in; an axis given
    /// twice inserts two dims there.
    pub fn unsqueeze_dims<const D2: usize>(self, axes: &[impl AsIndex]) -> Tensor<D2, K> {
        check::unsqueeze_dims("unsqueeze_dims", D, axes.len(), D2);
        let mut from_end = 0;
        let mut at: Vec<usize> = axes
            .iter()
            .map(|&a| {
                let a = if a < 0 {
                    from_end += 1;
                    a - (from_end - 1)
                } else {
                    a
                };
                check::dim("unsqueeze_dims", a, D2)
            })
            .collect();
        at.sort_unstable();
        for i in 1..at.len() {
            at[i] = at[i].max(at[i - 1] + 1);
        }
        check::places_fit("unsqueeze_dims", &at, D2);
        let tensor = self.into_stored();
        let mut rest = tensor.shape().as_slice().to_vec().into_iter();
        let dims: Vec<usize> = (0..D2).map(|d| if at.contains(&d) { 1 } else { rest.next().unwrap_or(1) }).collect();
        Bridge::new(K::KIND, K::reshape(tensor, Shape::from(dims)))
    }

    /// Element-wise `self == other`, a scalar.
    pub fn equal_scalar<E: Element>(self, other: E) -> Tensor<D, Bool> {
        let tensor = self.into_tensor();
        let (other, out) = (other.scalar(&tensor.dtype()), settings(&tensor).bool_dtype);
        Bridge::new(Kind::Bool, K::equal_elem(tensor, other, out))
    }

    /// Element-wise `self != other`, a scalar.
    pub fn not_equal_scalar<E: Element>(self, other: E) -> Tensor<D, Bool> {
        let tensor = self.into_tensor();
        let (other, out) = (other.scalar(&tensor.dtype()), settings(&tensor).bool_dtype);
        Bridge::new(Kind::Bool, K::not_equal_elem(tensor, other, out))
    }

    /// The one element, as `E`.
    pub fn into_scalar<E: Element>(self) -> E {
        self
            .try_into_scalar()
            .expect("into_scalar: use `try_into_scalar` to handle this error")
    }

    /// The one element, as `E`, or why it cannot be read.
    pub fn try_into_scalar<E: Element>(self) -> Result<E, TensorReadError> {
        crate::data::only_element(K::into_data(self.into_stored()))
    }

    /// The elements converted to `dtype`, which names the result's kind: a
    /// `FloatDType` gives a float tensor, an `IntDType` an integer one, a `DType` the
    /// same kind.
    #[must_use]
    // A wrapper: `Cast::cast` is the argument type's own function.
    #[outline(skip)]
    pub fn cast<T: Cast<D, K>>(self, dtype: T) -> Tensor<D, T::OutputKind> {
        T::cast(self, dtype)
    }

    /// The elements as floats of `dtype` (`Cast::cast` to a float dtype).
    #[doc(hidden)]
    pub fn cast_float(self, dtype: FloatDType) -> Tensor<D, Float> {
        let tensor = self.into_tensor();
        if tensor.dtype() == dtype.into() && K::KIND == Kind::Float {
            return Bridge::new(Kind::Float, tensor);
        }
        Bridge::new(Kind::Float, K::cast(tensor, dtype.into()))
    }

    /// The elements as integers of `dtype` (`Cast::cast` to an integer dtype).
    #[doc(hidden)]
    pub fn cast_int(self, dtype: IntDType) -> Tensor<D, Int> {
        let tensor = self.into_tensor();
        if tensor.dtype() == dtype.into() && K::KIND == Kind::Int {
            return Bridge::new(Kind::Int, tensor);
        }
        Bridge::new(Kind::Int, K::cast(tensor, dtype.into()))
    }

    /// `length` elements of `dim` from `start`.
    pub fn narrow(self, dim: impl AsIndex, start: usize, length: usize) -> Self {
        let dim = check::dim("narrow", dim, D);
        let tensor = self.into_stored();
        let size = tensor.shape()[dim];
        let end = check::narrow("narrow", dim, start, length, size);
        let mut slices: Vec<Slice> = (0..D).map(|_| Slice::new(0, None, 1)).collect();
        slices[dim] = Slice::new(start as isize, Some(end as isize), 1);
        Bridge::new(K::KIND, K::slice(tensor, &slices))
    }
}

#[outline]
impl<const D: usize, K: IntoInt> Tensor<D, K> {
    /// The elements as integers of the device's integer dtype (floats truncated,
    /// booleans 0 or 1).
    pub fn int(self) -> Tensor<D, Int> {
        let tensor = self.into_tensor();
        let dtype = settings(&tensor).int_dtype;
        Bridge::new(Kind::Int, K::into_int(tensor, dtype))
    }
}

#[outline]
impl<const D: usize, K: IntoFloat> Tensor<D, K> {
    /// The elements as floats of the device's float dtype (booleans 0.0 or 1.0).
    pub fn float(self) -> Tensor<D, Float> {
        let tensor = self.into_tensor();
        let dtype = settings(&tensor).float_dtype;
        Bridge::new(Kind::Float, K::into_float(tensor, dtype))
    }
}

