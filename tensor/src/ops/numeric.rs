//! Methods of `Float` and `Int` tensors: creation, arithmetic, comparisons,
//! reductions, matmul.

use crate::bridge::BridgeTensor;
use crate::bridge::Engine;
use crate::check;
use crate::error::OrPanic;
use crate::kind::{Bool, Int, Kind, Numeric};
use crate::ops::support;
use crate::{Device, Tensor};
use seam_backend::{Backend, BinaryOp, CompareOp, ReduceOp, Scalar, ScanOp, Shape, TensorData, UnaryOp};
use seam_macros::outline;

#[outline]
impl<const D: usize, K: Numeric> Tensor<D, K> {
    /// A tensor of `shape` filled with zeros.
    ///
    /// # Panics
    ///
    /// If `shape` does not have `D` dims, or has more elements than a `usize`
    /// counts; if they cannot be allocated (on the CPU a panic naming the bytes,
    /// never an abort; on CubeCL, past the largest buffer the device allocates).
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<2, Int>::zeros([2, 2], &Device::default());
    /// assert_eq!(t.into_data().to_vec::<i64>().unwrap(), vec![0; 4]);
    /// ```
    #[track_caller]
    pub fn zeros(shape: impl Into<Shape>, device: &Device) -> Self {
        check::new_shape("zeros", &shape, D).or_panic();
        let dtype = K::KIND.dtype_on(device.as_dispatch());
        BridgeTensor::from_engine(Engine::full(shape, Scalar::Int(0), dtype, device.as_dispatch()))
    }

    /// A tensor of `shape` filled with ones.
    ///
    /// # Panics
    ///
    /// If `shape` does not have `D` dims, or has more elements than a `usize`
    /// counts; if they cannot be allocated (on the CPU a panic naming the bytes,
    /// never an abort; on CubeCL, past the largest buffer the device allocates).
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::ones([3], &Device::default());
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![1.0; 3]);
    /// ```
    #[track_caller]
    pub fn ones(shape: impl Into<Shape>, device: &Device) -> Self {
        check::new_shape("ones", &shape, D).or_panic();
        let dtype = K::KIND.dtype_on(device.as_dispatch());
        BridgeTensor::from_engine(Engine::full(shape, Scalar::Int(1), dtype, device.as_dispatch()))
    }

    /// Zeros of the tensor's shape, dtype and device.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::ones([2], &Device::default()).zeros_like();
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![0.0, 0.0]);
    /// ```
    pub fn zeros_like(&self) -> Self {
        BridgeTensor::from_engine(support::full_like(self, Scalar::Int(0)))
    }

    /// Ones of the tensor's shape, dtype and device.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<1, Int>::zeros([2], &Device::default()).ones_like();
    /// assert_eq!(t.into_data().to_vec::<i64>().unwrap(), vec![1, 1]);
    /// ```
    pub fn ones_like(&self) -> Self {
        BridgeTensor::from_engine(support::full_like(self, Scalar::Int(1)))
    }

    /// The `size` x `size` identity matrix.
    ///
    /// # Panics
    ///
    /// If `size * size` overflows a `usize`, or the matrix cannot be allocated.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let i = Tensor::<2>::eye(2, &Device::default());
    /// assert_eq!(i.into_data().to_vec::<f32>().unwrap(), vec![1.0, 0.0, 0.0, 1.0]);
    /// ```
    #[track_caller]
    pub fn eye(size: usize, device: &Device) -> Tensor<2, K> {
        let count = check::product("eye", size, size, "a matrix").or_panic();
        let mut ones =
            seam_backend::filled_vec(count, 0i64, &format_args!("a {size} x {size} identity matrix"));
        ones.iter_mut().step_by(size + 1).for_each(|one| *one = 1);
        let data = TensorData::new(ones, [size, size]).convert(K::KIND.dtype_on(device.as_dispatch()));
        BridgeTensor::from_engine(Engine::from_data(data, device.as_dispatch()))
    }

    /// Elementwise `self + rhs`, broadcasting dims of size 1. Integers wrap on
    /// overflow, as do `sub`, `mul`, `neg`, `abs`, `sum` and `prod` (and their
    /// scalar and operator forms): `i64::MAX + 1` is `i64::MIN`, as numpy's.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast (along each dim the sizes must be equal or 1).
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let d = Device::default();
    /// let col = Tensor::<2>::from_floats([[1.0], [2.0]], &d);
    /// let row = Tensor::<2>::from_floats([[10.0, 20.0, 30.0]], &d);
    /// let sum = col.add(row);
    /// assert_eq!(sum.dims(), [2, 3]);
    /// assert_eq!(sum.into_data().to_vec::<f32>().unwrap(), vec![11.0, 21.0, 31.0, 12.0, 22.0, 32.0]);
    /// let max = Tensor::<1, Int>::from_ints([i64::MAX], &d);
    /// assert_eq!(max.add_scalar(1).into_data().to_vec::<i64>().unwrap(), vec![i64::MIN]);
    /// ```
    #[track_caller]
    #[allow(clippy::should_implement_trait)] // `Add` is implemented too, by this method
    pub fn add(self, rhs: Self) -> Self {
        self.binary(BinaryOp::Add, rhs)
    }

    /// Elementwise `self - rhs`, broadcasting dims of size 1.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let d = Device::default();
    /// let t = Tensor::<1>::ones([2], &d).sub(Tensor::ones([1], &d));
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![0.0, 0.0]);
    /// ```
    #[track_caller]
    #[allow(clippy::should_implement_trait)] // `Sub` is implemented too, by this method
    pub fn sub(self, rhs: Self) -> Self {
        self.binary(BinaryOp::Sub, rhs)
    }

    /// Elementwise `self * rhs`, broadcasting dims of size 1.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let d = Device::default();
    /// let two = Tensor::<1>::ones([2], &d).add_scalar(1.0);
    /// assert_eq!(two.clone().mul(two).into_data().to_vec::<f32>().unwrap(), vec![4.0, 4.0]);
    /// ```
    #[track_caller]
    #[allow(clippy::should_implement_trait)] // `Mul` is implemented too, by this method
    pub fn mul(self, rhs: Self) -> Self {
        self.binary(BinaryOp::Mul, rhs)
    }

    /// Elementwise `self / rhs`, broadcasting dims of size 1. Integer division
    /// truncates toward zero.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast, or on an integer division by zero.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let d = Device::default();
    /// let a = Tensor::<1, Int>::from_ints([7, -7], &d);
    /// let b = Tensor::<1, Int>::ones([2], &d).mul_scalar(2);
    /// assert_eq!(a.div(b).into_data().to_vec::<i64>().unwrap(), vec![3, -3]);
    /// ```
    #[track_caller]
    #[allow(clippy::should_implement_trait)] // `Div` is implemented too, by this method
    pub fn div(self, rhs: Self) -> Self {
        self.binary(BinaryOp::Div, rhs)
    }

    /// Elementwise remainder of `self / rhs`, with the sign of `self` (as Rust's `%`),
    /// broadcasting dims of size 1.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast, or on an integer remainder by zero.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let d = Device::default();
    /// let a = Tensor::<1, Int>::from_ints([7, -7], &d);
    /// let b = Tensor::<1, Int>::from_ints([3, 3], &d);
    /// assert_eq!(a.rem(b).into_data().to_vec::<i64>().unwrap(), vec![1, -1]);
    /// ```
    #[track_caller]
    #[allow(clippy::should_implement_trait)] // `Rem` is implemented too, by this method
    pub fn rem(self, rhs: Self) -> Self {
        self.binary(BinaryOp::Rem, rhs)
    }

    /// `op` elementwise, broadcasting dims of size 1: what `add`, `sub`, `mul`, `div`
    /// and `rem` call. `BinaryOp::Max` and `Min` give `NaN` where either operand is
    /// `NaN` (numpy's `maximum` and `minimum`).
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast or the dtypes differ.
    ///
    /// ```
    /// use seam_tensor::{BinaryOp, Device, Tensor};
    /// let d = Device::default();
    /// let t = Tensor::<1>::ones([2], &d).binary(BinaryOp::Max, Tensor::zeros([2], &d));
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![1.0, 1.0]);
    /// ```
    #[track_caller]
    pub fn binary(self, op: BinaryOp, rhs: Self) -> Self {
        let (l, r) = (self.as_engine(), rhs.as_engine());
        check::broadcasts(op.name(), Engine::dims(l), Engine::dims(r)).or_panic();
        check::same_dtype(op.name(), Engine::dtype(l), Engine::dtype(r)).or_panic();
        if op == BinaryOp::Pow {
            check::float_only(op.name(), self.dtype()).or_panic();
        }
        BridgeTensor::from_engine(Engine::binary(op, self.into_engine(), rhs.into_engine()))
    }

    /// `self + rhs` for each element; `rhs` is converted to the tensor's dtype.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::zeros([2], &Device::default()).add_scalar(1.5);
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![1.5, 1.5]);
    /// ```
    pub fn add_scalar(self, rhs: impl Into<Scalar>) -> Self {
        BridgeTensor::from_engine(Engine::binary_scalar(BinaryOp::Add, self.into_engine(), rhs))
    }

    /// `self - rhs` for each element; `rhs` is converted to the tensor's dtype.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<1, Int>::zeros([2], &Device::default()).sub_scalar(3);
    /// assert_eq!(t.into_data().to_vec::<i64>().unwrap(), vec![-3, -3]);
    /// ```
    pub fn sub_scalar(self, rhs: impl Into<Scalar>) -> Self {
        BridgeTensor::from_engine(Engine::binary_scalar(BinaryOp::Sub, self.into_engine(), rhs))
    }

    /// `self * rhs` for each element; `rhs` is converted to the tensor's dtype.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::ones([2], &Device::default()).mul_scalar(3.0);
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![3.0, 3.0]);
    /// ```
    pub fn mul_scalar(self, rhs: impl Into<Scalar>) -> Self {
        BridgeTensor::from_engine(Engine::binary_scalar(BinaryOp::Mul, self.into_engine(), rhs))
    }

    /// `self / rhs` for each element; `rhs` is converted to the tensor's dtype.
    ///
    /// # Panics
    ///
    /// On an `Int` tensor, if `rhs` is 0 once truncated toward zero (`0.5` is).
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::ones([2], &Device::default()).div_scalar(4.0);
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![0.25, 0.25]);
    /// ```
    #[track_caller]
    pub fn div_scalar(self, rhs: impl Into<Scalar>) -> Self {
        check::int_divisor("div_scalar", K::KIND, rhs).or_panic();
        BridgeTensor::from_engine(Engine::binary_scalar(BinaryOp::Div, self.into_engine(), rhs))
    }

    /// The remainder of `self / rhs` for each element, with the sign of `self`;
    /// `rhs` is converted to the tensor's dtype.
    ///
    /// # Panics
    ///
    /// On an `Int` tensor, if `rhs` is 0 once truncated toward zero (`0.5` is).
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([5.5, -5.5], &Device::default()).rem_scalar(2.0);
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![1.5, -1.5]);
    /// ```
    #[track_caller]
    pub fn rem_scalar(self, rhs: impl Into<Scalar>) -> Self {
        check::int_divisor("rem_scalar", K::KIND, rhs).or_panic();
        BridgeTensor::from_engine(Engine::binary_scalar(BinaryOp::Rem, self.into_engine(), rhs))
    }

    /// `-self` for each element; for integers, `-MIN` wraps to `MIN`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::ones([2], &Device::default()).neg();
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![-1.0, -1.0]);
    /// ```
    #[allow(clippy::should_implement_trait)] // `Neg` is implemented too, by this method
    pub fn neg(self) -> Self {
        BridgeTensor::from_engine(Engine::unary(UnaryOp::Neg, self.into_engine()))
    }

    /// `|self|` for each element; for integers, `|MIN|` wraps to `MIN`.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<1, Int>::from_ints([-3, 2, i64::MIN], &Device::default()).abs();
    /// assert_eq!(t.into_data().to_vec::<i64>().unwrap(), vec![3, 2, i64::MIN]);
    /// ```
    pub fn abs(self) -> Self {
        BridgeTensor::from_engine(Engine::unary(UnaryOp::Abs, self.into_engine()))
    }

    /// Each element limited to `min..=max` (converted to the tensor's dtype); a `NaN`
    /// stays `NaN`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([-2.0, 0.5, 3.0], &Device::default()).clamp(0.0, 1.0);
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![0.0, 0.5, 1.0]);
    /// ```
    pub fn clamp(self, min: impl Into<Scalar>, max: impl Into<Scalar>) -> Self {
        self.clamp_min(min).clamp_max(max)
    }

    /// Each element, or `min` where the element is smaller; a `NaN` stays `NaN`.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<1, Int>::from_ints([-2, 5], &Device::default()).clamp_min(0);
    /// assert_eq!(t.into_data().to_vec::<i64>().unwrap(), vec![0, 5]);
    /// ```
    pub fn clamp_min(self, min: impl Into<Scalar>) -> Self {
        BridgeTensor::from_engine(Engine::binary_scalar(BinaryOp::Max, self.into_engine(), min))
    }

    /// Each element, or `max` where the element is larger; a `NaN` stays `NaN`.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<1, Int>::from_ints([-2, 5], &Device::default()).clamp_max(1);
    /// assert_eq!(t.into_data().to_vec::<i64>().unwrap(), vec![-2, 1]);
    /// ```
    pub fn clamp_max(self, max: impl Into<Scalar>) -> Self {
        BridgeTensor::from_engine(Engine::binary_scalar(BinaryOp::Min, self.into_engine(), max))
    }

    /// `self > rhs` for each element, broadcasting dims of size 1.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast or the dtypes differ.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let d = Device::default();
    /// let t = Tensor::<1>::from_floats([1.0, 2.0], &d).greater(Tensor::from_floats([1.5], &d));
    /// assert_eq!(t.into_data().to_vec::<bool>().unwrap(), vec![false, true]);
    /// ```
    #[track_caller]
    pub fn greater(self, rhs: Self) -> Tensor<D, Bool> {
        support::compare(CompareOp::Greater, self, rhs)
    }

    /// `self >= rhs` for each element, broadcasting dims of size 1.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast or the dtypes differ.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let d = Device::default();
    /// let t = Tensor::<1, Int>::from_ints([1, 2], &d).greater_equal(Tensor::from_ints([2, 2], &d));
    /// assert_eq!(t.into_data().to_vec::<bool>().unwrap(), vec![false, true]);
    /// ```
    #[track_caller]
    pub fn greater_equal(self, rhs: Self) -> Tensor<D, Bool> {
        support::compare(CompareOp::GreaterEqual, self, rhs)
    }

    /// `self < rhs` for each element, broadcasting dims of size 1.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast or the dtypes differ.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let d = Device::default();
    /// let t = Tensor::<1>::from_floats([1.0, 2.0], &d).lower(Tensor::from_floats([2.0, 2.0], &d));
    /// assert_eq!(t.into_data().to_vec::<bool>().unwrap(), vec![true, false]);
    /// ```
    #[track_caller]
    pub fn lower(self, rhs: Self) -> Tensor<D, Bool> {
        support::compare(CompareOp::Lower, self, rhs)
    }

    /// `self <= rhs` for each element, broadcasting dims of size 1.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast or the dtypes differ.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let d = Device::default();
    /// let t = Tensor::<1>::from_floats([1.0, 3.0], &d).lower_equal(Tensor::from_floats([2.0, 2.0], &d));
    /// assert_eq!(t.into_data().to_vec::<bool>().unwrap(), vec![true, false]);
    /// ```
    #[track_caller]
    pub fn lower_equal(self, rhs: Self) -> Tensor<D, Bool> {
        support::compare(CompareOp::LowerEqual, self, rhs)
    }

    /// `self > rhs` for each element; `rhs` is converted to the tensor's dtype.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([1.0, 2.0], &Device::default()).greater_scalar(1.5);
    /// assert_eq!(t.into_data().to_vec::<bool>().unwrap(), vec![false, true]);
    /// ```
    pub fn greater_scalar(self, rhs: impl Into<Scalar>) -> Tensor<D, Bool> {
        BridgeTensor::from_engine(Engine::compare_scalar(
            CompareOp::Greater,
            self.into_engine(),
            rhs,
        ))
    }

    /// `self >= rhs` for each element; `rhs` is converted to the tensor's dtype.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<1, Int>::from_ints([1, 2], &Device::default()).greater_equal_scalar(2);
    /// assert_eq!(t.into_data().to_vec::<bool>().unwrap(), vec![false, true]);
    /// ```
    pub fn greater_equal_scalar(self, rhs: impl Into<Scalar>) -> Tensor<D, Bool> {
        BridgeTensor::from_engine(Engine::compare_scalar(
            CompareOp::GreaterEqual,
            self.into_engine(),
            rhs,
        ))
    }

    /// `self < rhs` for each element; `rhs` is converted to the tensor's dtype.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([1.0, 2.0], &Device::default()).lower_scalar(1.5);
    /// assert_eq!(t.into_data().to_vec::<bool>().unwrap(), vec![true, false]);
    /// ```
    pub fn lower_scalar(self, rhs: impl Into<Scalar>) -> Tensor<D, Bool> {
        BridgeTensor::from_engine(Engine::compare_scalar(CompareOp::Lower, self.into_engine(), rhs))
    }

    /// `self <= rhs` for each element; `rhs` is converted to the tensor's dtype.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<1, Int>::from_ints([1, 3], &Device::default()).lower_equal_scalar(1);
    /// assert_eq!(t.into_data().to_vec::<bool>().unwrap(), vec![true, false]);
    /// ```
    pub fn lower_equal_scalar(self, rhs: impl Into<Scalar>) -> Tensor<D, Bool> {
        BridgeTensor::from_engine(Engine::compare_scalar(
            CompareOp::LowerEqual,
            self.into_engine(),
            rhs,
        ))
    }

    /// The sum of all elements, as a tensor of shape `[1]`; 0 for an empty tensor.
    /// Integers wrap on overflow.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.0]], &Device::default());
    /// assert_eq!(t.sum().into_data().to_vec::<f32>().unwrap(), vec![10.0]);
    /// ```
    pub fn sum(self) -> Tensor<1, K> {
        BridgeTensor::from_engine(support::reduce_all(ReduceOp::Sum, "sum", self))
    }

    /// The sum along `dim`, which is kept with size 1.
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.0]], &Device::default());
    /// let s = t.sum_dim(1);
    /// assert_eq!(s.dims(), [2, 1]);
    /// assert_eq!(s.into_data().to_vec::<f32>().unwrap(), vec![3.0, 7.0]);
    /// ```
    #[track_caller]
    pub fn sum_dim(self, dim: usize) -> Self {
        BridgeTensor::from_engine(support::reduce_dim(ReduceOp::Sum, self, dim))
    }

    /// The mean of all elements, as a tensor of shape `[1]`; `NaN` for an empty
    /// `Float` tensor. For `Int` tensors it is truncated toward zero (and the sum
    /// wraps on overflow, as [`Tensor::sum`]).
    ///
    /// # Panics
    ///
    /// For an empty `Int` tensor.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.0]], &Device::default());
    /// assert_eq!(t.mean().into_data().to_vec::<f32>().unwrap(), vec![2.5]);
    /// ```
    #[track_caller]
    pub fn mean(self) -> Tensor<1, K> {
        let count = self.shape().num_elements();
        check::int_mean("mean", K::KIND, count).or_panic();
        self.sum().div_scalar(count as i64)
    }

    /// The mean along `dim`, which is kept with size 1. For `Int` tensors the mean
    /// is truncated toward zero.
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D`, or (for `Int`) if `dim` has size 0.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.0]], &Device::default());
    /// assert_eq!(t.mean_dim(0).into_data().to_vec::<f32>().unwrap(), vec![2.0, 3.0]);
    /// ```
    #[track_caller]
    pub fn mean_dim(self, dim: usize) -> Self {
        check::dim("mean_dim", &self.shape(), dim).or_panic();
        let count = self.shape().dims()[dim];
        check::int_mean("mean_dim", K::KIND, count).or_panic();
        self.sum_dim(dim).div_scalar(count as i64)
    }

    /// The product of all elements, as a tensor of shape `[1]`; 1 for an empty
    /// tensor. Integers wrap on overflow.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<2, Int>::from_ints([[1, 2], [3, 4]], &Device::default());
    /// assert_eq!(t.prod().into_data().to_vec::<i64>().unwrap(), vec![24]);
    /// ```
    pub fn prod(self) -> Tensor<1, K> {
        BridgeTensor::from_engine(support::reduce_all(ReduceOp::Prod, "prod", self))
    }

    /// The product along `dim`, which is kept with size 1.
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D`.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<2, Int>::from_ints([[1, 2], [3, 4]], &Device::default());
    /// assert_eq!(t.prod_dim(0).into_data().to_vec::<i64>().unwrap(), vec![3, 8]);
    /// ```
    #[track_caller]
    pub fn prod_dim(self, dim: usize) -> Self {
        BridgeTensor::from_engine(support::reduce_dim(ReduceOp::Prod, self, dim))
    }

    /// The running sum along `dim` (numpy's and PyTorch's `cumsum`): element `i`
    /// along it is the sum of elements `0..=i`, added in that order. The shape is
    /// kept, an empty dim included. A `NaN` reaches every later element of its lane;
    /// `Int` sums wrap on overflow, as [`Tensor::add`] does.
    ///
    /// # Gradients
    ///
    /// Each element's gradient is the sum of the output gradients from its place to
    /// the end of the lane.
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::from_floats([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], &Device::default());
    /// let along_rows = t.clone().cumsum(1).into_data().to_vec::<f32>().unwrap();
    /// assert_eq!(along_rows, vec![1.0, 3.0, 6.0, 4.0, 9.0, 15.0]);
    /// let down_columns = t.cumsum(0).into_data().to_vec::<f32>().unwrap();
    /// assert_eq!(down_columns, vec![1.0, 2.0, 3.0, 5.0, 7.0, 9.0]);
    /// ```
    #[track_caller]
    pub fn cumsum(self, dim: usize) -> Self {
        check::dim("cumsum", &self.shape(), dim).or_panic();
        BridgeTensor::from_engine(Engine::scan_dim(ScanOp::Sum, self.into_engine(), dim, false))
    }

    /// The running product along `dim` (numpy's and PyTorch's `cumprod`): element
    /// `i` along it is the product of elements `0..=i`, multiplied in that order. The
    /// shape is kept, an empty dim included. A `NaN` reaches every later element of
    /// its lane; `Int` products wrap on overflow, as [`Tensor::mul`] does.
    ///
    /// # Gradients
    ///
    /// Each element's gradient is the sum, over the outputs its product reaches, of
    /// the output's gradient times the other elements of that product: exact where
    /// elements are 0 (an element after a lane's first 0 gets 0), not a division by
    /// the element.
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D`.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<2, Int>::from_ints([[1, 2, 3], [4, 5, 6]], &Device::default());
    /// let along_rows = t.clone().cumprod(1).into_data().to_vec::<i64>().unwrap();
    /// assert_eq!(along_rows, vec![1, 2, 6, 4, 20, 120]);
    /// let down_columns = t.cumprod(0).into_data().to_vec::<i64>().unwrap();
    /// assert_eq!(down_columns, vec![1, 2, 3, 4, 10, 18]);
    /// ```
    #[track_caller]
    pub fn cumprod(self, dim: usize) -> Self {
        check::dim("cumprod", &self.shape(), dim).or_panic();
        BridgeTensor::from_engine(Engine::scan_dim(ScanOp::Prod, self.into_engine(), dim, false))
    }

    /// The largest element, as a tensor of shape `[1]`; `NaN` if any element is
    /// (as numpy's `max`).
    ///
    /// # Gradients
    ///
    /// To the element picked: split evenly between ties, and between the `NaN`s
    /// where the result is `NaN` (see the crate's Gradients section).
    ///
    /// # Panics
    ///
    /// If the tensor is empty.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::from_floats([[1.0, 5.0], [3.0, -4.0]], &Device::default());
    /// assert_eq!(t.max().into_data().to_vec::<f32>().unwrap(), vec![5.0]);
    /// ```
    #[track_caller]
    pub fn max(self) -> Tensor<1, K> {
        BridgeTensor::from_engine(support::reduce_all(ReduceOp::Max, "max", self))
    }

    /// The smallest element, as a tensor of shape `[1]`; `NaN` if any element is.
    ///
    /// # Gradients
    ///
    /// To the element picked: split evenly between ties, and between the `NaN`s
    /// where the result is `NaN` (see the crate's Gradients section).
    ///
    /// # Panics
    ///
    /// If the tensor is empty.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::from_floats([[1.0, 5.0], [3.0, -4.0]], &Device::default());
    /// assert_eq!(t.min().into_data().to_vec::<f32>().unwrap(), vec![-4.0]);
    /// ```
    #[track_caller]
    pub fn min(self) -> Tensor<1, K> {
        BridgeTensor::from_engine(support::reduce_all(ReduceOp::Min, "min", self))
    }

    /// The largest element along `dim`, which is kept with size 1; `NaN` where the
    /// lane holds one.
    ///
    /// # Gradients
    ///
    /// To the element picked: split evenly between ties, and between the `NaN`s
    /// where the result is `NaN` (see the crate's Gradients section).
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D`, or has size 0.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::from_floats([[1.0, 5.0], [3.0, -4.0]], &Device::default());
    /// assert_eq!(t.max_dim(1).into_data().to_vec::<f32>().unwrap(), vec![5.0, 3.0]);
    /// ```
    #[track_caller]
    pub fn max_dim(self, dim: usize) -> Self {
        BridgeTensor::from_engine(support::reduce_dim(ReduceOp::Max, self, dim))
    }

    /// The smallest element along `dim`, which is kept with size 1; `NaN` where the
    /// lane holds one.
    ///
    /// # Gradients
    ///
    /// To the element picked: split evenly between ties, and between the `NaN`s
    /// where the result is `NaN` (see the crate's Gradients section).
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D`, or has size 0.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::from_floats([[1.0, 5.0], [3.0, -4.0]], &Device::default());
    /// assert_eq!(t.min_dim(0).into_data().to_vec::<f32>().unwrap(), vec![1.0, -4.0]);
    /// ```
    #[track_caller]
    pub fn min_dim(self, dim: usize) -> Self {
        BridgeTensor::from_engine(support::reduce_dim(ReduceOp::Min, self, dim))
    }

    /// The index of the largest element along `dim` (the first one on ties, the
    /// first `NaN` where the lane holds one, as numpy's `argmax`), which is kept
    /// with size 1.
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D`, or has size 0.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::from_floats([[1.0, 5.0], [3.0, -4.0]], &Device::default());
    /// assert_eq!(t.argmax(1).into_data().to_vec::<i64>().unwrap(), vec![1, 0]);
    /// ```
    #[track_caller]
    pub fn argmax(self, dim: usize) -> Tensor<D, Int> {
        BridgeTensor::from_engine(support::reduce_dim(ReduceOp::ArgMax, self, dim))
    }

    /// The index of the smallest element along `dim` (the first one on ties, the
    /// first `NaN` where the lane holds one, as numpy's `argmin`), which is kept
    /// with size 1.
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D`, or has size 0.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::from_floats([[1.0, 5.0], [3.0, -4.0]], &Device::default());
    /// assert_eq!(t.argmin(0).into_data().to_vec::<i64>().unwrap(), vec![0, 1]);
    /// ```
    #[track_caller]
    pub fn argmin(self, dim: usize) -> Tensor<D, Int> {
        BridgeTensor::from_engine(support::reduce_dim(ReduceOp::ArgMin, self, dim))
    }

    /// The tensor with each element of `values` added at the position along `dim`
    /// that `indices` gives: `out[.., indices[.., i, ..], ..] += values[.., i, ..]`.
    /// Repeated indices add up. `indices` and `values` have one shape, which along
    /// every other dim is no larger than the tensor.
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D`, the shapes do not fit, or an index is out of range.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let d = Device::default();
    /// let t = Tensor::<1>::zeros([3], &d);
    /// let i = Tensor::<1, Int>::from_ints([0, 2, 0], &d);
    /// let v = Tensor::<1>::from_floats([1.0, 2.0, 3.0], &d);
    /// assert_eq!(t.scatter(0, i, v).into_data().to_vec::<f32>().unwrap(), vec![4.0, 0.0, 2.0]);
    /// ```
    #[track_caller]
    pub fn scatter(self, dim: usize, indices: Tensor<D, Int>, values: Self) -> Self {
        check::index_shape("scatter", &self.shape(), &indices.shape(), dim).or_panic();
        check::same_shape(
            "scatter",
            ("the indices tensor", &indices.shape()),
            ("the values tensor", &values.shape()),
        )
        .or_panic();
        check::same_dtype("scatter", self.dtype(), values.dtype()).or_panic();
        let indices = indices.into_engine();
        BridgeTensor::from_engine(Engine::scatter_add(
            dim,
            self.into_engine(),
            indices,
            values.into_engine(),
        ))
    }

    /// The matrix product: `[.., m, k] @ [.., k, n] -> [.., m, n]`, with the batch
    /// dims broadcast. At rank 1 it is the dot product, of shape `[1]`.
    ///
    /// A product of row vectors batched along the dim just before them,
    /// `[.., b, 1, k] @ [.., 1, k, n]`, is computed as the one matrix product
    /// `[.., 1, b, k] @ [.., 1, k, n]`.
    ///
    /// # Panics
    ///
    /// If the inner dims differ, or the batch dims do not broadcast.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let d = Device::default();
    /// let a = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.0]], &d);
    /// let b = Tensor::<2>::from_floats([[5.0, 6.0], [7.0, 8.0]], &d);
    /// assert_eq!(a.matmul(b).into_data().to_vec::<f32>().unwrap(), vec![19.0, 22.0, 43.0, 50.0]);
    /// ```
    #[track_caller]
    pub fn matmul(self, rhs: Self) -> Self {
        let (lhs_shape, rhs_shape) = (self.shape(), rhs.shape());
        check::matmul(&lhs_shape, &rhs_shape).or_panic();
        check::same_dtype("matmul", self.dtype(), rhs.dtype()).or_panic();
        if D == 1 {
            let k = lhs_shape.dims()[0];
            let lhs = Engine::reshape(self.into_engine(), Shape::from([1, k]));
            let rhs = Engine::reshape(rhs.into_engine(), Shape::from([k, 1]));
            let dot = Engine::reshape(Engine::matmul(lhs, rhs), Shape::from([1]));
            return BridgeTensor::from_engine(dot);
        }
        let (l, r) = (lhs_shape.dims(), rhs_shape.dims());
        if D >= 3 && l[D - 2] == 1 && l[D - 3] > 1 && r[D - 3] == 1 {
            // Swapping a size-1 dim is free; the `b` vector-matrix products become one
            // matrix-matrix product.
            return self.swap_dims(D - 3, D - 2).matmul(rhs).swap_dims(D - 3, D - 2);
        }
        BridgeTensor::from_engine(Engine::matmul(self.into_engine(), rhs.into_engine()))
    }
}
