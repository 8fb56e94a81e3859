//! Methods of `Float` and `Int` tensors: creation, arithmetic, reductions, matmul.

use crate::bridge::BridgeTensor;
use crate::check;
use crate::kind::{Kind, Numeric};
use crate::{Device, Tensor};
use seam_backend::{Backend, BinaryOp, ReduceOp, Scalar, Shape, UnaryOp};
use seam_dispatch::Dispatch;
use seam_macros::outline;

#[outline(
    erased = BridgeTensor,
    erase = into_bridge,
    erase_ref = as_bridge,
    restore = restore,
    D = rank,
    K::KIND: Kind = kind,
)]
impl<const D: usize, K: Numeric> Tensor<D, K> {
    /// A tensor of `shape` filled with zeros.
    ///
    /// # Panics
    ///
    /// If `shape` does not have `D` dims.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<2, Int>::zeros([2, 2], &Device::default());
    /// assert_eq!(t.into_data().to_vec::<i64>().unwrap(), vec![0; 4]);
    /// ```
    #[track_caller]
    pub fn zeros(shape: impl Into<Shape>, device: &Device) -> Self {
        check::rank("zeros", &shape, D);
        let dtype = K::KIND.default_dtype();
        BridgeTensor::from_dispatch(Dispatch::full(shape, Scalar::Int(0), dtype, device.as_dispatch()))
    }

    /// A tensor of `shape` filled with ones.
    ///
    /// # Panics
    ///
    /// If `shape` does not have `D` dims.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::ones([3], &Device::default());
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![1.0; 3]);
    /// ```
    #[track_caller]
    pub fn ones(shape: impl Into<Shape>, device: &Device) -> Self {
        check::rank("ones", &shape, D);
        let dtype = K::KIND.default_dtype();
        BridgeTensor::from_dispatch(Dispatch::full(shape, Scalar::Int(1), dtype, device.as_dispatch()))
    }

    /// Elementwise `self + rhs`, broadcasting dims of size 1.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast (along each dim the sizes must be equal or 1).
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor, TensorData};
    /// let d = Device::default();
    /// let col = Tensor::<2>::from_data(TensorData::new(vec![1.0f32, 2.0], [2, 1]), &d);
    /// let row = Tensor::<2>::from_data(TensorData::new(vec![10.0f32, 20.0, 30.0], [1, 3]), &d);
    /// let sum = col.add(row);
    /// assert_eq!(sum.dims(), [2, 3]);
    /// assert_eq!(sum.into_data().to_vec::<f32>().unwrap(), vec![11.0, 21.0, 31.0, 12.0, 22.0, 32.0]);
    /// ```
    #[track_caller]
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
    /// use seam_tensor::{Device, Int, Tensor, TensorData};
    /// let d = Device::default();
    /// let a = Tensor::<1, Int>::from_data(TensorData::new(vec![7i64, -7], [2]), &d);
    /// let b = Tensor::<1, Int>::ones([2], &d).mul_scalar(2);
    /// assert_eq!(a.div(b).into_data().to_vec::<i64>().unwrap(), vec![3, -3]);
    /// ```
    #[track_caller]
    pub fn div(self, rhs: Self) -> Self {
        self.binary(BinaryOp::Div, rhs)
    }

    /// `op` elementwise, broadcasting dims of size 1: what `add`, `sub`, `mul` and
    /// `div` call.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast or the dtypes differ.
    ///
    /// ```
    /// use seam_tensor::{BinaryOp, Device, Tensor};
    /// let d = Device::default();
    /// let t = Tensor::<1>::ones([2], &d).binary(BinaryOp::Sub, Tensor::ones([2], &d));
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![0.0, 0.0]);
    /// ```
    #[track_caller]
    pub fn binary(self, op: BinaryOp, rhs: Self) -> Self {
        check::broadcast(op.name(), &self.shape(), &rhs.shape());
        check::same_dtype(op.name(), self.dtype(), rhs.dtype());
        BridgeTensor::from_dispatch(Dispatch::binary(op, self.into_dispatch(), rhs.into_dispatch()))
    }

    /// `self + rhs` for each element; `rhs` is converted to the tensor's dtype.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::zeros([2], &Device::default()).add_scalar(1.5);
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![1.5, 1.5]);
    /// ```
    pub fn add_scalar(self, rhs: impl Into<Scalar>) -> Self {
        BridgeTensor::from_dispatch(Dispatch::binary_scalar(BinaryOp::Add, self.into_dispatch(), rhs))
    }

    /// `self - rhs` for each element; `rhs` is converted to the tensor's dtype.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let t = Tensor::<1, Int>::zeros([2], &Device::default()).sub_scalar(3);
    /// assert_eq!(t.into_data().to_vec::<i64>().unwrap(), vec![-3, -3]);
    /// ```
    pub fn sub_scalar(self, rhs: impl Into<Scalar>) -> Self {
        BridgeTensor::from_dispatch(Dispatch::binary_scalar(BinaryOp::Sub, self.into_dispatch(), rhs))
    }

    /// `self * rhs` for each element; `rhs` is converted to the tensor's dtype.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::ones([2], &Device::default()).mul_scalar(3.0);
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![3.0, 3.0]);
    /// ```
    pub fn mul_scalar(self, rhs: impl Into<Scalar>) -> Self {
        BridgeTensor::from_dispatch(Dispatch::binary_scalar(BinaryOp::Mul, self.into_dispatch(), rhs))
    }

    /// `self / rhs` for each element; `rhs` is converted to the tensor's dtype.
    ///
    /// # Panics
    ///
    /// On an integer division by zero.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::ones([2], &Device::default()).div_scalar(4.0);
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![0.25, 0.25]);
    /// ```
    #[track_caller]
    pub fn div_scalar(self, rhs: impl Into<Scalar>) -> Self {
        BridgeTensor::from_dispatch(Dispatch::binary_scalar(BinaryOp::Div, self.into_dispatch(), rhs))
    }

    /// `-self` for each element.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::ones([2], &Device::default()).neg();
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![-1.0, -1.0]);
    /// ```
    pub fn neg(self) -> Self {
        BridgeTensor::from_dispatch(Dispatch::unary(UnaryOp::Neg, self.into_dispatch()))
    }

    /// The sum along `dim`, which is kept with size 1.
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor, TensorData};
    /// let t = Tensor::<2>::from_data(TensorData::new(vec![1.0f32, 2.0, 3.0, 4.0], [2, 2]), &Device::default());
    /// let s = t.sum_dim(1);
    /// assert_eq!(s.dims(), [2, 1]);
    /// assert_eq!(s.into_data().to_vec::<f32>().unwrap(), vec![3.0, 7.0]);
    /// ```
    #[track_caller]
    pub fn sum_dim(self, dim: usize) -> Self {
        check::dim("sum_dim", &self.shape(), dim);
        BridgeTensor::from_dispatch(Dispatch::reduce_dim(ReduceOp::Sum, self.into_dispatch(), dim))
    }

    /// The mean along `dim`, which is kept with size 1. For `Int` tensors the mean
    /// is truncated toward zero.
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D`, or (for `Int`) if `dim` has size 0.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor, TensorData};
    /// let t = Tensor::<2>::from_data(TensorData::new(vec![1.0f32, 2.0, 3.0, 4.0], [2, 2]), &Device::default());
    /// assert_eq!(t.mean_dim(0).into_data().to_vec::<f32>().unwrap(), vec![2.0, 3.0]);
    /// ```
    #[track_caller]
    pub fn mean_dim(self, dim: usize) -> Self {
        check::dim("mean_dim", &self.shape(), dim);
        let count = self.shape().dims()[dim] as i64;
        self.sum_dim(dim).div_scalar(count)
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
    /// use seam_tensor::{Device, Tensor, TensorData};
    /// let d = Device::default();
    /// let a = Tensor::<2>::from_data(TensorData::new(vec![1.0f32, 2.0, 3.0, 4.0], [2, 2]), &d);
    /// let b = Tensor::<2>::from_data(TensorData::new(vec![5.0f32, 6.0, 7.0, 8.0], [2, 2]), &d);
    /// assert_eq!(a.matmul(b).into_data().to_vec::<f32>().unwrap(), vec![19.0, 22.0, 43.0, 50.0]);
    /// ```
    #[track_caller]
    pub fn matmul(self, rhs: Self) -> Self {
        let (lhs_shape, rhs_shape) = (self.shape(), rhs.shape());
        check::matmul(&lhs_shape, &rhs_shape);
        check::same_dtype("matmul", self.dtype(), rhs.dtype());
        if D == 1 {
            let k = lhs_shape.dims()[0];
            let lhs = Dispatch::reshape(self.into_dispatch(), Shape::from([1, k]));
            let rhs = Dispatch::reshape(rhs.into_dispatch(), Shape::from([k, 1]));
            let dot = Dispatch::reshape(Dispatch::matmul(lhs, rhs), Shape::from([1]));
            return BridgeTensor::from_dispatch(dot);
        }
        let (l, r) = (lhs_shape.dims(), rhs_shape.dims());
        if D >= 3 && l[D - 2] == 1 && l[D - 3] > 1 && r[D - 3] == 1 {
            // Swapping a size-1 dim is free; the `b` vector-matrix products become one
            // matrix-matrix product.
            return self.swap_dims(D - 3, D - 2).matmul(rhs).swap_dims(D - 3, D - 2);
        }
        BridgeTensor::from_dispatch(Dispatch::matmul(self.into_dispatch(), rhs.into_dispatch()))
    }
}
