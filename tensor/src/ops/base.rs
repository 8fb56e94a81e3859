//! Methods of every kind of tensor: data in and out, shape, layout.

use crate::bridge::BridgeTensor;
use crate::check;
use crate::kind::{Kind, TensorKind};
use crate::{Device, Tensor};
use seam_backend::{Backend, Shape, TensorData};
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
impl<const D: usize, K: TensorKind> Tensor<D, K> {
    /// A tensor holding `data` on `device`.
    ///
    /// # Panics
    ///
    /// If the data's rank is not `D`, or its dtype is not of kind `K` (for example
    /// `i64` data for a `Float` tensor).
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor, TensorData};
    /// let t = Tensor::<1, Int>::from_data(TensorData::new(vec![1i64, 2, 3], [3]), &Device::default());
    /// assert_eq!(t.dims(), [3]);
    /// ```
    #[track_caller]
    pub fn from_data(data: TensorData, device: &Device) -> Self {
        check::rank("from_data", data.shape(), D);
        check::kind("from_data", data.dtype(), K::KIND);
        BridgeTensor::from_dispatch(Dispatch::from_data(data, device.as_dispatch()))
    }

    /// The tensor's contents, row-major.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::ones([1, 2], &Device::default());
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![1.0, 1.0]);
    /// ```
    pub fn into_data(self) -> TensorData {
        Dispatch::into_data(self.into_dispatch())
    }

    /// The tensor's shape.
    ///
    /// ```
    /// use seam_tensor::{Device, Shape, Tensor};
    /// let t = Tensor::<3>::zeros([2, 3, 4], &Device::default());
    /// assert_eq!(t.shape(), Shape::from([2, 3, 4]));
    /// ```
    pub fn shape(&self) -> Shape {
        Dispatch::shape(self.as_dispatch())
    }

    /// The device the tensor lives on.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::zeros([2], &Device::cpu());
    /// assert_eq!(t.device(), Device::cpu());
    /// ```
    pub fn device(&self) -> Device {
        Device::from_dispatch(Dispatch::device(self.as_dispatch()))
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
        BridgeTensor::from_dispatch(Dispatch::to_device(self.into_dispatch(), device.as_dispatch()))
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
        self.shape().into_dims()
    }

    /// The same elements, row-major, read as a tensor of rank `D2` and shape `shape`.
    /// On the CPU a contiguous tensor is reshaped without copying.
    ///
    /// # Panics
    ///
    /// If `shape` does not have as many elements as the tensor.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor, TensorData};
    /// let data = TensorData::new(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], [6]);
    /// let t = Tensor::<1>::from_data(data, &Device::default());
    /// let m: Tensor<2> = t.reshape([2, 3]);
    /// assert_eq!(m.dims(), [2, 3]);
    /// assert_eq!(m.into_data().to_vec::<f32>().unwrap(), vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    /// ```
    #[track_caller]
    pub fn reshape<const D2: usize>(self, shape: [usize; D2]) -> Tensor<D2, K> {
        let (from, to) = (self.shape(), Shape::new(shape));
        check::reshape(&from, &to);
        BridgeTensor::from_dispatch(Dispatch::reshape(self.into_dispatch(), to))
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
        check::dim("swap_dims", &shape, dim1);
        check::dim("swap_dims", &shape, dim2);
        let mut axes: Vec<usize> = (0..D).collect();
        axes.swap(dim1, dim2);
        BridgeTensor::from_dispatch(Dispatch::permute(self.into_dispatch(), &axes))
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
}
