//! Methods of every kind of tensor: data in and out, shape and layout, indexing,
//! masks, equality, casts.

use crate::bridge::BridgeTensor;
use crate::bridge::Engine;
use crate::check;
use crate::error::{OrPanic, TensorError};
use crate::kind::{Bool, Float, Int, Kind, TensorKind};
use crate::ops::support;
use crate::{Device, Tensor};
use core::ops::Range;
use seam_backend::{Backend, CompareOp, DType, Scalar, Shape, TensorData};
use seam_dispatch::Dispatch;
use seam_macros::outline;

#[outline]
impl<const D: usize, K: TensorKind> Tensor<D, K> {
    /// A tensor holding `data` on `device`.
    ///
    /// # Panics
    ///
    /// If the data's rank is not `D`, or its dtype is not of kind `K` (for example
    /// `i64` data for a `Float` tensor); [`Tensor::try_from_data`] returns the error
    /// instead.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor, TensorData};
    /// let t = Tensor::<1, Int>::from_data(TensorData::new(vec![1i64, 2, 3], [3]), &Device::default());
    /// assert_eq!(t.dims(), [3]);
    /// ```
    #[track_caller]
    pub fn from_data(data: TensorData, device: &Device) -> Self {
        check::rank("from_data", data.shape(), D).or_panic();
        check::kind("from_data", data.dtype(), K::KIND).or_panic();
        BridgeTensor::from_engine(support::from_data(data, device))
    }

    /// A tensor holding `data` on `device`, or an error if the data's rank is not
    /// `D` or its dtype is not of kind `K`.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor, TensorData, TensorErrorKind};
    /// let d = Device::default();
    /// let err = Tensor::<1, Int>::try_from_data(TensorData::new(vec![1.0f32], [1]), &d).unwrap_err();
    /// assert_eq!(err.kind(), TensorErrorKind::Data);
    /// assert!(Tensor::<2, Int>::try_from_data(TensorData::new(vec![1i64], [1]), &d).is_err());
    /// ```
    pub fn try_from_data(data: TensorData, device: &Device) -> Result<Self, TensorError> {
        check::rank("from_data", data.shape(), D)?;
        check::kind("from_data", data.dtype(), K::KIND)?;
        Ok(BridgeTensor::from_engine(support::from_data(data, device)))
    }

    /// A tensor of `shape` with every element `value` (converted to the kind's
    /// default dtype).
    ///
    /// # Panics
    ///
    /// If `shape` does not have `D` dims, or has more elements than a `usize`
    /// counts; if they cannot be allocated (on the CPU a panic naming the bytes,
    /// never an abort; on CubeCL, past the largest buffer the device allocates).
    ///
    /// ```
    /// use seam_tensor::{Bool, Device, Tensor};
    /// let t = Tensor::<2, Bool>::full([1, 2], true, &Device::default());
    /// assert_eq!(t.into_data().to_vec::<bool>().unwrap(), vec![true, true]);
    /// ```
    #[track_caller]
    pub fn full(shape: impl Into<Shape>, value: impl Into<Scalar>, device: &Device) -> Self {
        check::new_shape("full", &shape, D).or_panic();
        let dtype = K::KIND.dtype_on(device.as_dispatch());
        BridgeTensor::from_engine(Engine::full(shape, value, dtype, device.as_dispatch()))
    }

    /// The tensor's contents, row-major.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::ones([1, 2], &Device::default());
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![1.0, 1.0]);
    /// ```
    pub fn into_data(self) -> TensorData {
        Engine::into_data(self.into_engine())
    }

    /// A copy of the tensor's contents, row-major; the tensor stays usable.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::ones([2], &Device::default());
    /// assert_eq!(t.to_data(), t.into_data());
    /// ```
    pub fn to_data(&self) -> TensorData {
        Engine::into_data(self.as_engine().clone())
    }

    /// The tensor's contents, row-major, read without blocking: on a GPU the future
    /// waits for the device; on the CPU it is ready at once.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::ones([2], &Device::default());
    /// let data = futures_lite::future::block_on(t.into_data_async());
    /// assert_eq!(data.to_vec::<f32>().unwrap(), vec![1.0, 1.0]);
    /// ```
    pub async fn into_data_async(self) -> TensorData {
        Engine::into_data_async(self.into_engine()).await
    }

    /// The only element of a tensor of one element, as a [`Scalar`].
    ///
    /// # Panics
    ///
    /// If the tensor does not have exactly one element.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.0]], &Device::default());
    /// assert_eq!(t.sum().into_scalar().to_f64(), 10.0);
    /// ```
    #[track_caller]
    pub fn into_scalar(self) -> Scalar {
        check::scalar(&self.shape()).or_panic();
        self.into_data().value(0)
    }

    /// The tensor's shape.
    ///
    /// ```
    /// use seam_tensor::{Device, Shape, Tensor};
    /// let t = Tensor::<3>::zeros([2, 3, 4], &Device::default());
    /// assert_eq!(t.shape(), Shape::from([2, 3, 4]));
    /// ```
    pub fn shape(&self) -> Shape {
        Engine::shape(self.as_engine())
    }

    /// The size of each dim, as an array.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::zeros([2, 3], &Device::default());
    /// assert_eq!(t.dims(), [2, 3]);
    /// ```
    pub fn dims(&self) -> [usize; D] {
        // A result array sized by `D` is a `Vec` in this body; the wrapper turns it
        // back into `[usize; D]`.
        self.shape().into_dims().into_vec()
    }

    /// The device the tensor lives on.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::zeros([2], &Device::cpu());
    /// assert_eq!(t.device(), Device::cpu());
    /// ```
    pub fn device(&self) -> Device {
        Device::from_dispatch(Engine::device(self.as_engine()))
    }

    /// The tensor on `device`: itself if it is there already, otherwise a copy of its
    /// data there (read back to host memory, then uploaded).
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::ones([3], &Device::cpu());
    /// let moved = t.to_device(&Device::cpu());
    /// assert_eq!(moved.device(), Device::cpu());
    /// ```
    pub fn to_device(self, device: &Device) -> Self {
        // A tracked tensor stays tracked: the gradient goes back to where it came from.
        let from = Engine::device(self.as_engine());
        let to = device.as_dispatch().clone();
        let moved = self.into_engine().apply(
            |t| Dispatch::to_device(t, &to),
            move |g| Dispatch::to_device(g.clone(), &from),
        );
        BridgeTensor::from_engine(moved)
    }

    /// The tensor's elements converted to `dtype`, which must be of the same kind
    /// (`f32`/`f64` for `Float`, `i32`/`i64` for `Int`); use [`Tensor::float`],
    /// [`Tensor::int`] or [`Tensor::bool`] to change the kind. `f64` to `f32`
    /// rounds to the nearest (past `f32::MAX`, to infinity); `i64` to `i32` keeps
    /// the low 32 bits, so values past `i32`'s range wrap (`2^31` becomes
    /// `i32::MIN`), as numpy's `astype`.
    ///
    /// # Panics
    ///
    /// If `dtype` is of another kind (the message names the method to call).
    ///
    /// ```
    /// use seam_tensor::{DType, Device, Tensor};
    /// let t = Tensor::<1>::from_floats([1.5], &Device::default()).cast(DType::F64);
    /// assert_eq!(t.dtype(), DType::F64);
    /// assert_eq!(t.into_data().to_vec::<f64>().unwrap(), vec![1.5]);
    /// ```
    #[track_caller]
    pub fn cast(self, dtype: DType) -> Self {
        check::cast(dtype, K::KIND).or_panic();
        BridgeTensor::from_engine(Engine::cast(self.into_engine(), dtype))
    }

    /// The tensor as a `Float` tensor: itself if it is one, otherwise its elements
    /// converted to `f32` (`true` is 1).
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<1, Int>::from_ints([1, -2], &Device::default()).float();
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![1.0, -2.0]);
    /// ```
    pub fn float(self) -> Tensor<D, Float> {
        support::to_kind(self, Kind::Float)
    }

    /// The tensor as an `Int` tensor: itself if it is one, otherwise its elements
    /// converted to `i64` (floats truncate toward zero, `true` is 1).
    ///
    /// On the CPU a `NaN` becomes 0 and a float past `i64`'s range saturates to
    /// `i64::MIN` or `i64::MAX`, as Rust's `as`. A CubeCL device gives what its
    /// shader conversion gives for those: SPIR-V and WGSL leave it undefined (a value,
    /// not undefined behaviour), as numpy does (it warns).
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([1.7, -2.7], &Device::default()).int();
    /// assert_eq!(t.into_data().to_vec::<i64>().unwrap(), vec![1, -2]);
    /// let odd = Tensor::<1>::from_floats([f32::NAN, f32::INFINITY, -1e30], &Device::cpu()).int();
    /// assert_eq!(odd.into_data().to_vec::<i64>().unwrap(), vec![0, i64::MAX, i64::MIN]);
    /// ```
    pub fn int(self) -> Tensor<D, Int> {
        support::to_kind(self, Kind::Int)
    }

    /// The tensor as a `Bool` tensor: each element is "not zero".
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([0.0, -0.5], &Device::default()).bool();
    /// assert_eq!(t.into_data().to_vec::<bool>().unwrap(), vec![false, true]);
    /// ```
    pub fn bool(self) -> Tensor<D, Bool> {
        support::to_kind(self, Kind::Bool)
    }

    /// The same elements, row-major, read as a tensor of rank `D2` and shape `shape`.
    /// One size may be `-1`: it is inferred from the number of elements. On the CPU
    /// a contiguous tensor is reshaped without copying.
    ///
    /// # Panics
    ///
    /// If `shape` does not have as many elements as the tensor, or is not a shape;
    /// [`Tensor::try_reshape`] returns the error instead.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], &Device::default());
    /// let m: Tensor<2> = t.reshape([2, -1]);
    /// assert_eq!(m.dims(), [2, 3]);
    /// assert_eq!(m.into_data().to_vec::<f32>().unwrap(), vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    /// ```
    #[track_caller]
    pub fn reshape<const D2: usize>(self, shape: [i64; D2]) -> Tensor<D2, K> {
        let to = check::reshape(&self.shape(), &shape).or_panic();
        BridgeTensor::from_engine(Engine::reshape(self.into_engine(), to))
    }

    /// [`Tensor::reshape`], or an error if `shape` does not fit the tensor.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor, TensorErrorKind};
    /// let t = Tensor::<1>::zeros([6], &Device::default());
    /// assert_eq!(t.clone().try_reshape::<2>([3, 2]).unwrap().dims(), [3, 2]);
    /// assert_eq!(t.clone().try_reshape::<2>([4, -1]).unwrap_err().kind(), TensorErrorKind::Reshape);
    /// assert!(t.try_reshape::<2>([-1, -1]).is_err());
    /// ```
    pub fn try_reshape<const D2: usize>(self, shape: [i64; D2]) -> Result<Tensor<D2, K>, TensorError> {
        let to = check::reshape(&self.shape(), &shape)?;
        Ok(BridgeTensor::from_engine(Engine::reshape(self.into_engine(), to)))
    }

    /// The dims `start..=end` merged into one; the result has rank
    /// `D2 = D - (end - start)`.
    ///
    /// # Panics
    ///
    /// If `start > end`, `end` is not below `D`, or `D2` is not that rank.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<3>::zeros([2, 3, 4], &Device::default());
    /// assert_eq!(t.clone().flatten::<2>(1, 2).dims(), [2, 12]);
    /// assert_eq!(t.flatten::<1>(0, 2).dims(), [24]);
    /// ```
    #[track_caller]
    pub fn flatten<const D2: usize>(self, start: usize, end: usize) -> Tensor<D2, K> {
        let shape = self.shape();
        check::dim("flatten", &shape, end).or_panic();
        check::dim_order("flatten", start, end).or_panic();
        check::result_rank(
            "flatten",
            D2,
            D - (end - start),
            "flatten merges dims start..=end into one",
        )
        .or_panic();
        let dims = shape.dims();
        let mut to: Vec<usize> = dims[..start].to_vec();
        to.push(dims[start..=end].iter().product());
        to.extend_from_slice(&dims[end + 1..]);
        BridgeTensor::from_engine(Engine::reshape(self.into_engine(), Shape::new(to)))
    }

    /// The tensor without dim `dim`, which must have size 1; the result has rank
    /// `D2 = D - 1`.
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D`, has a size other than 1, or `D2` is not `D - 1`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<3>::zeros([2, 1, 3], &Device::default());
    /// assert_eq!(t.squeeze::<2>(1).dims(), [2, 3]);
    /// ```
    #[track_caller]
    pub fn squeeze<const D2: usize>(self, dim: usize) -> Tensor<D2, K> {
        let shape = self.shape();
        check::squeeze(&shape, dim).or_panic();
        check::result_rank("squeeze", D2, D - 1, "squeeze removes one dim").or_panic();
        let mut to = shape.into_dims();
        to.remove(dim);
        BridgeTensor::from_engine(Engine::reshape(self.into_engine(), Shape::new(to)))
    }

    /// The tensor with dims of size 1 added in front, up to rank `D2`.
    ///
    /// # Panics
    ///
    /// If `D2` is below `D`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::zeros([3], &Device::default());
    /// assert_eq!(t.unsqueeze::<3>().dims(), [1, 1, 3]);
    /// ```
    #[track_caller]
    pub fn unsqueeze<const D2: usize>(self) -> Tensor<D2, K> {
        check::adds_dims("unsqueeze", D, D2).or_panic();
        let mut to = vec![1; D2 - D];
        to.extend(self.shape().into_dims());
        BridgeTensor::from_engine(Engine::reshape(self.into_engine(), Shape::new(to)))
    }

    /// The tensor with a dim of size 1 inserted at `dim` (`0..=D`); the result has
    /// rank `D2 = D + 1`.
    ///
    /// # Panics
    ///
    /// If `dim` is above `D`, or `D2` is not `D + 1`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::zeros([2, 3], &Device::default());
    /// assert_eq!(t.clone().unsqueeze_dim::<3>(1).dims(), [2, 1, 3]);
    /// assert_eq!(t.unsqueeze_dim::<3>(2).dims(), [2, 3, 1]);
    /// ```
    #[track_caller]
    pub fn unsqueeze_dim<const D2: usize>(self, dim: usize) -> Tensor<D2, K> {
        check::insert_at("unsqueeze_dim", dim, D).or_panic();
        check::result_rank("unsqueeze_dim", D2, D + 1, "unsqueeze_dim adds one dim").or_panic();
        let mut to = self.shape().into_dims();
        to.insert(dim, 1);
        BridgeTensor::from_engine(Engine::reshape(self.into_engine(), Shape::new(to)))
    }

    /// The tensor with its dims reordered: dim `i` of the result is dim `axes[i]` of
    /// the tensor. On the CPU this is a view: no data is copied.
    ///
    /// # Panics
    ///
    /// If `axes` is not a permutation of `0..D`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<3>::zeros([2, 3, 4], &Device::default());
    /// assert_eq!(t.permute([2, 0, 1]).dims(), [4, 2, 3]);
    /// ```
    #[track_caller]
    pub fn permute(self, axes: [usize; D]) -> Self {
        check::permute(&axes, D).or_panic();
        BridgeTensor::from_engine(Engine::permute(self.into_engine(), &axes))
    }

    /// The tensor with the order of its elements reversed along each of `dims`
    /// (numpy's and PyTorch's `flip`); a dim listed twice is reversed once, as numpy
    /// does, and no dims gives the tensor back. The shape is kept. The data is
    /// copied: reading it reversed needs strides that count backwards.
    ///
    /// # Gradients
    ///
    /// The gradient is reversed along the same dims.
    ///
    /// # Panics
    ///
    /// If a dim is not below `D`.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<2, Int>::from_ints([[1, 2, 3], [4, 5, 6]], &Device::default());
    /// assert_eq!(t.clone().flip(&[1]).to_data().to_vec::<i64>().unwrap(), [3, 2, 1, 6, 5, 4]);
    /// assert_eq!(t.flip(&[0, 1]).to_data().to_vec::<i64>().unwrap(), [6, 5, 4, 3, 2, 1]);
    /// ```
    #[track_caller]
    pub fn flip(self, dims: &[usize]) -> Self {
        let shape = self.shape();
        for &dim in dims {
            check::dim("flip", &shape, dim).or_panic();
        }
        BridgeTensor::from_engine(Engine::flip(self.into_engine(), dims))
    }

    /// The tensor with dims `dim1` and `dim2` exchanged. On the CPU this is a view:
    /// no data is copied.
    ///
    /// # Panics
    ///
    /// If either dim is not below `D`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<3>::zeros([2, 3, 4], &Device::default());
    /// assert_eq!(t.swap_dims(0, 2).dims(), [4, 3, 2]);
    /// ```
    #[track_caller]
    pub fn swap_dims(self, dim1: usize, dim2: usize) -> Self {
        let shape = self.shape();
        check::dim("swap_dims", &shape, dim1).or_panic();
        check::dim("swap_dims", &shape, dim2).or_panic();
        let mut axes: Vec<usize> = (0..D).collect();
        axes.swap(dim1, dim2);
        BridgeTensor::from_engine(Engine::permute(self.into_engine(), &axes))
    }

    /// The tensor with its last two dims exchanged; a rank-1 tensor is returned as it
    /// is.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<3>::zeros([2, 3, 4], &Device::default());
    /// assert_eq!(t.transpose().dims(), [2, 4, 3]);
    /// ```
    pub fn transpose(self) -> Self {
        if D < 2 { self } else { self.swap_dims(D - 2, D - 1) }
    }

    /// The part of the tensor at `ranges`, one per dim. On the CPU this is a view.
    ///
    /// # Panics
    ///
    /// If a range is outside its dim or decreasing; [`Tensor::try_slice`] returns the
    /// error instead.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::from_floats([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], &Device::default());
    /// let part = t.slice([1..2, 0..2]);
    /// assert_eq!(part.into_data().to_vec::<f32>().unwrap(), vec![4.0, 5.0]);
    /// ```
    #[track_caller]
    pub fn slice(self, ranges: [Range<usize>; D]) -> Self {
        check::slice("slice", &self.shape(), &ranges).or_panic();
        BridgeTensor::from_engine(Engine::slice(self.into_engine(), &ranges))
    }

    /// [`Tensor::slice`], or an error if a range does not fit its dim.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor, TensorErrorKind};
    /// let t = Tensor::<1>::zeros([3], &Device::default());
    /// assert_eq!(t.clone().try_slice([1..3]).unwrap().dims(), [2]);
    /// assert_eq!(t.try_slice([2..4]).unwrap_err().kind(), TensorErrorKind::Slice);
    /// ```
    pub fn try_slice(self, ranges: [Range<usize>; D]) -> Result<Self, TensorError> {
        check::slice("slice", &self.shape(), &ranges)?;
        Ok(BridgeTensor::from_engine(Engine::slice(
            self.into_engine(),
            &ranges,
        )))
    }

    /// The tensor with the part at `ranges` replaced by `value`, which has that
    /// part's shape.
    ///
    /// # Panics
    ///
    /// If a range does not fit its dim, `value`'s shape is not the part's, or the
    /// dtypes differ; [`Tensor::try_slice_assign`] returns the error instead.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let d = Device::default();
    /// let t = Tensor::<2>::zeros([2, 3], &d).slice_assign([0..2, 1..2], Tensor::ones([2, 1], &d));
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![0.0, 1.0, 0.0, 0.0, 1.0, 0.0]);
    /// ```
    #[track_caller]
    pub fn slice_assign(self, ranges: [Range<usize>; D], value: Self) -> Self {
        support::slice_assign(self, &ranges, value).or_panic()
    }

    /// [`Tensor::slice_assign`], or an error if the ranges or the value do not fit.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor, TensorErrorKind};
    /// let d = Device::default();
    /// let err = Tensor::<1>::zeros([3], &d).try_slice_assign([0..2], Tensor::ones([3], &d)).unwrap_err();
    /// assert_eq!(err.kind(), TensorErrorKind::Shape);
    /// ```
    pub fn try_slice_assign(self, ranges: [Range<usize>; D], value: Self) -> Result<Self, TensorError> {
        support::slice_assign(self, &ranges, value)
    }

    /// The `length` elements along `dim` from `start`: a slice of one dim.
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D` or `start + length` is past its end (or overflows a
    /// `usize`); [`Tensor::try_narrow`] returns the error instead.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<1, Int>::arange(0..6, &Device::default()).narrow(0, 2, 3);
    /// assert_eq!(t.into_data().to_vec::<i64>().unwrap(), vec![2, 3, 4]);
    /// ```
    #[track_caller]
    pub fn narrow(self, dim: usize, start: usize, length: usize) -> Self {
        support::narrow(self, dim, start, length).or_panic()
    }

    /// [`Tensor::narrow`], or an error if `dim` or the range does not fit.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor, TensorErrorKind};
    /// let t = Tensor::<1>::zeros([3], &Device::default());
    /// assert_eq!(t.clone().try_narrow(0, 1, 2).unwrap().dims(), [2]);
    /// assert_eq!(t.try_narrow(0, usize::MAX, 2).unwrap_err().kind(), TensorErrorKind::Slice);
    /// ```
    pub fn try_narrow(self, dim: usize, start: usize, length: usize) -> Result<Self, TensorError> {
        support::narrow(self, dim, start, length)
    }

    /// The tensors joined along `dim`; every other dim must be equal.
    ///
    /// # Panics
    ///
    /// If `tensors` is empty, `dim` is not below `D`, or the shapes or dtypes do not
    /// fit; [`Tensor::try_cat`] returns the error instead.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let d = Device::default();
    /// let a = Tensor::<2>::from_floats([[1.0, 2.0]], &d);
    /// let b = Tensor::<2>::from_floats([[3.0, 4.0], [5.0, 6.0]], &d);
    /// let c = Tensor::cat(vec![a, b], 0);
    /// assert_eq!(c.dims(), [3, 2]);
    /// assert_eq!(c.into_data().to_vec::<f32>().unwrap(), vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    /// ```
    #[track_caller]
    pub fn cat(tensors: Vec<Self>, dim: usize) -> Self {
        support::cat("cat", tensors, dim).or_panic()
    }

    /// [`Tensor::cat`], or an error if the tensors cannot be joined.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor, TensorErrorKind};
    /// let d = Device::default();
    /// let (a, b) = (Tensor::<2>::zeros([1, 2], &d), Tensor::<2>::zeros([1, 3], &d));
    /// assert_eq!(Tensor::try_cat(vec![a.clone(), b.clone()], 1).unwrap().dims(), [1, 5]);
    /// assert_eq!(Tensor::try_cat(vec![a, b], 0).unwrap_err().kind(), TensorErrorKind::Cat);
    /// ```
    pub fn try_cat(tensors: Vec<Self>, dim: usize) -> Result<Self, TensorError> {
        support::cat("cat", tensors, dim)
    }

    /// The tensors, of one shape, joined along a new dim `dim` (`0..=D`); the result
    /// has rank `D2 = D + 1`.
    ///
    /// # Panics
    ///
    /// If `tensors` is empty, the shapes or dtypes differ, `dim` is above `D`, or
    /// `D2` is not `D + 1`; [`Tensor::try_stack`] returns the error instead.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let d = Device::default();
    /// let (a, b) = (Tensor::<1>::from_floats([1.0, 2.0], &d), Tensor::<1>::from_floats([3.0, 4.0], &d));
    /// let s = Tensor::stack::<2>(vec![a, b], 1);
    /// assert_eq!(s.into_data().to_vec::<f32>().unwrap(), vec![1.0, 3.0, 2.0, 4.0]);
    /// ```
    #[track_caller]
    pub fn stack<const D2: usize>(tensors: Vec<Self>, dim: usize) -> Tensor<D2, K> {
        support::stack(tensors, dim, D, D2).or_panic()
    }

    /// [`Tensor::stack`], or an error if the tensors cannot be stacked.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor, TensorErrorKind};
    /// let d = Device::default();
    /// let (a, b) = (Tensor::<1>::zeros([2], &d), Tensor::<1>::zeros([3], &d));
    /// assert_eq!(Tensor::try_stack::<2>(vec![a, b], 0).unwrap_err().kind(), TensorErrorKind::Cat);
    /// ```
    pub fn try_stack<const D2: usize>(tensors: Vec<Self>, dim: usize) -> Result<Tensor<D2, K>, TensorError> {
        support::stack(tensors, dim, D, D2)
    }

    /// The tensor repeated `times[i]` times along each dim `i`.
    ///
    /// # Panics
    ///
    /// If a repeated dim or the result's element count overflows a `usize`.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<2, Int>::from_ints([[1, 2]], &Device::default()).repeat([2, 2]);
    /// assert_eq!(t.dims(), [2, 4]);
    /// assert_eq!(t.into_data().to_vec::<i64>().unwrap(), vec![1, 2, 1, 2, 1, 2, 1, 2]);
    /// ```
    #[track_caller]
    pub fn repeat(self, times: [usize; D]) -> Self {
        let dims = self.shape().into_dims();
        // The result's size first: the reshapes below may copy the tensor (a
        // broadcast view), which must not happen for a result that cannot exist.
        let out: Vec<usize> = dims
            .iter()
            .zip(&times)
            .map(|(&n, &k)| check::product("repeat", n, k, "a dim").or_panic())
            .collect();
        let out = check::counted("repeat", out).or_panic();
        // Each dim `n` repeated `k` times is a new dim `k` in front of it, expanded
        // (a view), then merged with it by the reshape.
        let mut spread = Vec::with_capacity(2 * D);
        let mut expanded = Vec::with_capacity(2 * D);
        for (&n, &k) in dims.iter().zip(&times) {
            spread.extend([1, n]);
            expanded.extend([k, n]);
        }
        let t = Engine::reshape(self.into_engine(), Shape::new(spread));
        let t = Engine::expand(t, Shape::new(expanded));
        BridgeTensor::from_engine(Engine::reshape(t, out))
    }

    /// The tensor broadcast to `shape`, of rank `D2 >= D`: dims are added in front,
    /// and a dim of size 1 repeats to the size `shape` gives (numpy's
    /// `broadcast_to`). On the CPU this is a view.
    ///
    /// # Panics
    ///
    /// If the tensor does not broadcast to `shape`; [`Tensor::try_expand`] returns the
    /// error instead.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([1.0, 2.0], &Device::default());
    /// let e = t.expand([2, 2]);
    /// assert_eq!(e.into_data().to_vec::<f32>().unwrap(), vec![1.0, 2.0, 1.0, 2.0]);
    /// ```
    #[track_caller]
    pub fn expand<const D2: usize>(self, shape: [usize; D2]) -> Tensor<D2, K> {
        support::expand(self, Shape::new(shape)).or_panic()
    }

    /// [`Tensor::expand`], or an error if the tensor does not broadcast to `shape`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor, TensorErrorKind};
    /// let t = Tensor::<1>::zeros([2], &Device::default());
    /// assert_eq!(t.try_expand([3]).unwrap_err().kind(), TensorErrorKind::Shape);
    /// ```
    pub fn try_expand<const D2: usize>(self, shape: [usize; D2]) -> Result<Tensor<D2, K>, TensorError> {
        support::expand(self, Shape::new(shape))
    }

    /// The elements along `dim` at `indices`: `out[.., i, ..] = self[.., indices[.., i, ..], ..]`.
    /// The result has the shape of `indices`, which along every other dim is no
    /// larger than the tensor.
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D`, the shapes do not fit, or an index is out of range.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let d = Device::default();
    /// let t = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.0]], &d);
    /// let i = Tensor::<2, Int>::from_ints([[1, 1], [0, 1]], &d);
    /// assert_eq!(t.gather(1, i).into_data().to_vec::<f32>().unwrap(), vec![2.0, 2.0, 3.0, 4.0]);
    /// ```
    #[track_caller]
    pub fn gather(self, dim: usize, indices: Tensor<D, Int>) -> Self {
        check::index_shape("gather", &self.shape(), &indices.shape(), dim).or_panic();
        BridgeTensor::from_engine(Engine::gather(dim, self.into_engine(), indices.into_engine()))
    }

    /// The slices along `dim` at `indices`, in their order (repeats allowed).
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D` or an index is out of range (the message names
    /// `select`, the index and the dim's size).
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let d = Device::default();
    /// let t = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], &d);
    /// let rows = t.select(0, Tensor::<1, Int>::from_ints([2, 0, 2], &d));
    /// assert_eq!(rows.into_data().to_vec::<f32>().unwrap(), vec![5.0, 6.0, 1.0, 2.0, 5.0, 6.0]);
    /// ```
    #[track_caller]
    pub fn select(self, dim: usize, indices: Tensor<1, Int>) -> Self {
        let shape = self.shape();
        check::dim("select", &shape, dim).or_panic();
        let count = indices.shape().num_elements();
        // The indices along `dim`, the same at every position of the other dims: a
        // broadcast view, read by `gather`.
        let mut along = vec![1; D];
        along[dim] = count;
        let indices = indices.into_engine();
        // Checked here, so that a bad index names `select` rather than the `gather`
        // below (the CubeCL backend reads indices back to check them as well).
        let values = Engine::into_data(indices.clone())
            .into_vec::<i64>()
            .expect("an Int tensor's integers read as i64");
        check::indices("select", &values, dim, shape.dims()[dim]).or_panic();
        let mut out = shape.into_dims();
        out[dim] = count;
        let indices = Engine::expand(Engine::reshape(indices, Shape::new(along)), Shape::new(out));
        BridgeTensor::from_engine(Engine::gather(dim, self.into_engine(), indices))
    }

    /// The tensor cut along `dim` into `chunks` parts of equal size, the last one
    /// smaller if the size does not divide (fewer parts if there are not enough
    /// elements).
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D` or `chunks` is 0.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let parts = Tensor::<1, Int>::arange(0..5, &Device::default()).chunk(2, 0);
    /// assert_eq!(parts.len(), 2);
    /// assert_eq!(parts[1].to_data().to_vec::<i64>().unwrap(), vec![3, 4]);
    /// ```
    #[track_caller]
    pub fn chunk(self, chunks: usize, dim: usize) -> Vec<Self> {
        check::dim("chunk", &self.shape(), dim).or_panic();
        check::at_least_one("chunk", chunks, || {
            "cannot cut into 0 chunks; give 1 or more".into()
        })
        .or_panic();
        let size = self.shape().dims()[dim].div_ceil(chunks);
        self.split(size.max(1), dim)
    }

    /// The tensor cut along `dim` into parts of `size`, the last one smaller if
    /// `size` does not divide the dim.
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D` or `size` is 0.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let parts = Tensor::<1, Int>::arange(0..5, &Device::default()).split(2, 0);
    /// let sizes: Vec<_> = parts.iter().map(|p| p.dims()[0]).collect();
    /// assert_eq!(sizes, vec![2, 2, 1]);
    /// ```
    #[track_caller]
    pub fn split(self, size: usize, dim: usize) -> Vec<Self> {
        let shape = self.shape();
        check::dim("split", &shape, dim).or_panic();
        check::at_least_one("split", size, || {
            format!("parts of size 0 cannot cover dim {dim} of shape {shape}; give a size of 1 or more")
        })
        .or_panic();
        let n = shape.dims()[dim];
        (0..n)
            .step_by(size)
            .map(|start| self.clone().narrow(dim, start, size.min(n - start)))
            .collect()
    }

    /// `value` where `mask` is `true`, the tensor's element elsewhere. The three
    /// shapes broadcast together.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast or the dtypes differ.
    ///
    /// ```
    /// use seam_tensor::{Bool, Device, Tensor};
    /// let d = Device::default();
    /// let mask = Tensor::<1, Bool>::from_bools([true, false], &d);
    /// let t = Tensor::<1>::zeros([2], &d).mask_where(mask, Tensor::ones([2], &d));
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![1.0, 0.0]);
    /// ```
    #[track_caller]
    pub fn mask_where(self, mask: Tensor<D, Bool>, value: Self) -> Self {
        let shape = check::broadcast("mask_where", self.shape().dims(), value.shape().dims()).or_panic();
        check::broadcast("mask_where", mask.shape().dims(), shape.dims()).or_panic();
        check::same_dtype("mask_where", self.dtype(), value.dtype()).or_panic();
        let (mask, value, this) = (mask.into_engine(), value.into_engine(), self.into_engine());
        BridgeTensor::from_engine(Engine::mask_where(mask, value, this))
    }

    /// `value` (converted to the tensor's dtype) where `mask` is `true`, the tensor's
    /// element elsewhere.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast.
    ///
    /// ```
    /// use seam_tensor::{Bool, Device, Int, Tensor};
    /// let d = Device::default();
    /// let mask = Tensor::<1, Bool>::from_bools([true, false], &d);
    /// let t = Tensor::<1, Int>::zeros([2], &d).mask_fill(mask, 7);
    /// assert_eq!(t.into_data().to_vec::<i64>().unwrap(), vec![7, 0]);
    /// ```
    #[track_caller]
    pub fn mask_fill(self, mask: Tensor<D, Bool>, value: impl Into<Scalar>) -> Self {
        let shape = self.shape();
        check::broadcast("mask_fill", mask.shape().dims(), shape.dims()).or_panic();
        let this = self.into_engine();
        let fill = Engine::full(
            Shape::new(vec![1; D]),
            value,
            Engine::dtype(&this),
            &Engine::device(&this),
        );
        BridgeTensor::from_engine(Engine::mask_where(mask.into_engine(), fill, this))
    }

    /// `self == rhs` for each element, broadcasting dims of size 1.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast or the dtypes differ.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let d = Device::default();
    /// let t = Tensor::<1, Int>::from_ints([1, 2], &d).equal(Tensor::from_ints([2, 2], &d));
    /// assert_eq!(t.into_data().to_vec::<bool>().unwrap(), vec![false, true]);
    /// ```
    #[track_caller]
    pub fn equal(self, rhs: Self) -> Tensor<D, Bool> {
        support::compare(CompareOp::Equal, self, rhs)
    }

    /// `self == rhs` for each element; `rhs` is converted to the tensor's dtype.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([1.0, 2.0], &Device::default()).equal_scalar(2.0);
    /// assert_eq!(t.into_data().to_vec::<bool>().unwrap(), vec![false, true]);
    /// ```
    pub fn equal_scalar(self, rhs: impl Into<Scalar>) -> Tensor<D, Bool> {
        BridgeTensor::from_engine(Engine::compare_scalar(CompareOp::Equal, self.into_engine(), rhs))
    }
}

impl<const D: usize, K: TensorKind> Tensor<D, K> {
    /// The dtype of the elements.
    ///
    /// ```
    /// use seam_tensor::{DType, Device, Int, Tensor};
    /// assert_eq!(Tensor::<1, Int>::zeros([1], &Device::default()).dtype(), DType::I64);
    /// ```
    pub fn dtype(&self) -> DType {
        // Not outlined: `BridgeTensor::dtype` is already the one non-generic function.
        self.as_bridge().dtype()
    }
}
