//! What every kind does (burn-tensor's `api/base.rs`): creation, shape, layout,
//! devices, data, comparison, joining.

use crate::check;
use crate::kind::{Basic, Bool, Float, Int, IntoFloat, IntoInt, Kind};
use crate::tensor::{Bridge, Tensor, dtype_of};
use burn_backend::TensorMetadata;
use burn_dispatch::{Dispatch, DispatchTensor};
use burn_std::{AsIndex, DType, ElementConversion, Shape, Slice};
use burn_tensor::{Device, TensorCreationOptions, TensorData};
use seam_macros::outline;

/// The dtype a new tensor of `kind` takes: the one asked for, else the device's
/// default for the kind (bool tensors always take the device's storage).
fn creation_dtype(kind: Kind, options: &TensorCreationOptions) -> DType {
    let settings = burn_backend::get_or_init_device_settings::<Dispatch>(options.device.as_dispatch());
    match kind {
        Kind::Float => options.dtype.unwrap_or(settings.float_dtype.into()),
        Kind::Int => options.dtype.unwrap_or(settings.int_dtype.into()),
        Kind::Bool => settings.bool_dtype.into(),
    }
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

/// The device's bool storage, for the results of comparisons.
fn bool_dtype(tensor: &DispatchTensor) -> burn_std::BoolDType {
    burn_backend::get_or_init_device_settings::<Dispatch>(&tensor.device()).bool_dtype
}

#[outline]
impl<const D: usize, K: Basic> Tensor<D, K> {
    /// The number of dims, `D`.
    pub fn rank(&self) -> usize {
        D
    }

    /// The type of the elements.
    pub fn dtype(&self) -> DType {
        dtype_of(__self.tensor())
    }

    /// An uninitialised tensor of `shape`.
    pub fn empty<S: Into<Shape>>(shape: S, options: impl Into<TensorCreationOptions>) -> Self {
        check::creation("empty", &shape, D);
        let dtype = creation_dtype(K::KIND, &options);
        Bridge::new(K::KIND, K::empty(shape, options.device.as_dispatch(), dtype))
    }

    /// An uninitialised tensor of `self`'s shape, dtype and device.
    pub fn empty_like(&self) -> Self {
        let tensor = __self.tensor();
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
        let tensor = __self.tensor();
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
        let tensor = __self.tensor();
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
        let tensor = __self.tensor();
        let value = fill_value.scalar(&tensor.dtype());
        Bridge::new(K::KIND, K::full(tensor.shape(), value, &tensor.device(), tensor.dtype()))
    }

    /// The size of each dim.
    pub fn dims(&self) -> [usize; D] {
        __self.tensor().shape().as_slice().to_vec()
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        __self.tensor().shape()
    }

    /// The last two dims swapped (a no-op at rank 1).
    pub fn transpose(self) -> Self {
        if D < 2 {
            return __self;
        }
        K::swap_dims(__self.into_tensor(), D - 2, D - 1).erased(K::KIND)
    }

    /// [`transpose`](Tensor::transpose).
    pub fn t(self) -> Self {
        __self.transpose()
    }

    /// Dims `dim1` and `dim2` swapped; negative dims count from the end.
    pub fn swap_dims<Dim1, Dim2>(self, dim1: Dim1, dim2: Dim2) -> Self
    where
        Dim1: AsIndex,
        Dim2: AsIndex,
    {
        let (a, b) = (check::dim("swap_dims", dim1, D), check::dim("swap_dims", dim2, D));
        if a == b {
            return __self;
        }
        K::swap_dims(__self.into_tensor(), a, b).erased(K::KIND)
    }

    /// The device the tensor is on.
    pub fn device(&self) -> Device {
        Device::new(__self.tensor().device())
    }

    /// The tensor on `device`.
    pub fn to_device(self, device: &Device) -> Self {
        K::to_device(__self.into_tensor(), device.as_dispatch()).erased(K::KIND)
    }

    /// The elements, read back from the device.
    pub fn into_data(self) -> TensorData {
        K::into_data(__self.into_tensor())
    }

    /// The elements, read back from the device, keeping the tensor.
    pub fn to_data(&self) -> TensorData {
        K::into_data(__self.tensor().clone())
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
        let (a, b) = (__self.into_tensor(), other.into_tensor());
        check::broadcast("equal", &a.shape(), &b.shape());
        let out = bool_dtype(&a);
        K::equal(a, b, out).erased(Kind::Bool)
    }

    /// Element-wise `self != other`.
    pub fn not_equal(self, other: Self) -> Tensor<D, Bool> {
        let (a, b) = (__self.into_tensor(), other.into_tensor());
        check::broadcast("not_equal", &a.shape(), &b.shape());
        let out = bool_dtype(&a);
        K::not_equal(a, b, out).erased(Kind::Bool)
    }

    /// The tensors joined along `dim`; every other dim must agree.
    pub fn cat(tensors: Vec<Self>, dim: impl AsIndex) -> Self {
        let dim = check::dim("cat", dim, D);
        let tensors: Vec<DispatchTensor> = tensors.into_iter().map(Bridge::into_tensor).collect();
        assert!(!tensors.is_empty(), "cat: no tensors to join; pass at least one");
        let first = tensors[0].shape();
        for t in &tensors[1..] {
            let shape = t.shape();
            let fits = (0..D).all(|d| d == dim || shape[d] == first[d]);
            assert!(
                fits,
                "cat: shapes {:?} and {:?} differ outside dim {dim}",
                first.as_slice(),
                shape.as_slice()
            );
        }
        K::cat(tensors, dim).erased(K::KIND)
    }

    /// `length` elements of `dim` from `start`.
    pub fn narrow(self, dim: impl AsIndex, start: usize, length: usize) -> Self {
        let dim = check::dim("narrow", dim, D);
        let tensor = __self.into_tensor();
        let size = tensor.shape()[dim];
        let end = start.checked_add(length).filter(|end| *end <= size);
        let Some(end) = end else {
            panic!("narrow: {start}..{start}+{length} is outside dim {dim} of size {size}");
        };
        let mut slices: Vec<Slice> = (0..D).map(|_| Slice::new(0, None, 1)).collect();
        slices[dim] = Slice::new(start as isize, Some(end as isize), 1);
        K::slice(tensor, &slices).erased(K::KIND)
    }
}

#[outline]
impl<const D: usize, K: IntoInt> Tensor<D, K> {
    /// The elements as integers of the device's integer dtype (floats truncated,
    /// booleans 0 or 1).
    pub fn int(self) -> Tensor<D, Int> {
        let tensor = __self.into_tensor();
        let dtype = crate::float::settings(&tensor).int_dtype;
        K::into_int(tensor, dtype).erased(Kind::Int)
    }
}

#[outline]
impl<const D: usize, K: IntoFloat> Tensor<D, K> {
    /// The elements as floats of the device's float dtype (booleans 0.0 or 1.0).
    pub fn float(self) -> Tensor<D, Float> {
        let tensor = __self.into_tensor();
        let dtype = crate::float::settings(&tensor).float_dtype;
        K::into_float(tensor, dtype).erased(Kind::Float)
    }
}

/// A dispatch tensor as the erased form of a tensor of `kind`.
pub(crate) trait Erased {
    /// `Bridge::new(kind, self)`.
    fn erased(self, kind: Kind) -> Bridge;
}

impl Erased for DispatchTensor {
    fn erased(self, kind: Kind) -> Bridge {
        Bridge::new(kind, self)
    }
}

