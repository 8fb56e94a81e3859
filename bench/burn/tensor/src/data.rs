//! Reading a tensor back (burn-tensor's `api/base.rs`): its data, in its own dtype or
//! converted, synchronously or as a future; its one element; its entries along a dim;
//! and taking it out of a `&mut` place.

use crate::tensor::Bridge;
use crate::check;
use crate::kind::Basic;
use crate::tensor::{Elem, Tensor};
use burn_backend::{ExecutionError, TensorMetadata};
use burn_std::{AsIndex, DType, Element, Scalar, Shape, TensorReadError};
use burn_std::TensorData;
use core::future::Future;
use seam_macros::outline;

#[outline]
impl<const D: usize, K: Basic> Tensor<D, K> {
    /// The elements, read back from the device, or why the device could not.
    pub fn try_into_data(self) -> Result<TensorData, ExecutionError> {
        let pending = K::read_data(self.into_stored());
        burn_backend::try_read_sync(pending)
            .expect("try_into_data: this platform cannot read a tensor synchronously; use into_data_async")
    }

    /// The elements, read back from the device keeping the tensor, or why the device
    /// could not.
    pub fn try_to_data(&self) -> Result<TensorData, ExecutionError> {
        self.clone().try_into_data()
    }

    /// The elements, read back when the future is awaited.
    pub fn into_data_async(self) -> impl Future<Output = Result<TensorData, ExecutionError>> + Send {
        K::read_data(self.into_stored())
    }

    /// The elements, read back when the future is awaited, keeping the tensor.
    pub fn to_data_async(&self) -> impl Future<Output = Result<TensorData, ExecutionError>> + Send {
        K::read_data(self.tensor().clone())
    }

    /// The elements converted to `dtype`.
    pub fn to_data_dtype(&self, dtype: DType) -> TensorData {
        check::read_as("to_data_dtype", dtype, self.try_to_data_dtype(dtype))
    }

    /// The elements converted to `dtype`, or why they cannot be.
    pub fn try_to_data_dtype(&self, dtype: DType) -> Result<TensorData, TensorReadError> {
        self.clone().try_into_data_dtype(dtype)
    }

    /// The elements converted to `dtype`.
    pub fn into_data_dtype(self, dtype: DType) -> TensorData {
        check::read_as("into_data_dtype", dtype, self.try_into_data_dtype(dtype))
    }

    /// The elements converted to `dtype`, or why they cannot be.
    pub fn try_into_data_dtype(self, dtype: DType) -> Result<TensorData, TensorReadError> {
        Ok(self.try_into_data()?.try_cast(dtype)?)
    }

    /// The one element, as `E`, read when the future is awaited (panics if the tensor
    /// does not hold exactly one).
    pub async fn into_scalar_async<E: Element>(self) -> Result<E, ExecutionError> {
        let count = self.tensor().shape().num_elements();
        check::one_element("into_scalar_async", count);
        let data = K::read_data(self.into_stored()).await?;
        Ok(only_element(data).unwrap_or_else(|e| panic!("into_scalar_async: {e}")))
    }

    /// The one element, as `E`, read when the future is awaited, or why it cannot be.
    pub async fn try_into_scalar_async<E: Element>(self) -> Result<E, TensorReadError> {
        let data = K::read_data(self.into_stored()).await?;
        only_element(data)
    }

    /// The tensor, leaving an empty one (of shape `[0; D]`, same device and dtype) in
    /// its place.
    pub fn extract(&mut self) -> Self {
        let tensor = self.tensor();
        let empty = K::empty(Shape::from(vec![0; D]), &tensor.device(), tensor.dtype());
        core::mem::replace(self, Bridge::new(K::KIND, empty))
    }

    /// Whether the tensor's memory can be written in place (no other handle shares it).
    pub fn can_mut(&self) -> bool {
        self.tensor().can_mut()
    }

    /// The elements converted to `E`'s dtype (the element type is named only in the
    /// turbofish: the helper gets `E::dtype()`).
    #[outline(skip)]
    pub fn to_data_as<E: Element>(&self) -> TensorData {
        self.to_data_dtype(E::dtype())
    }

    /// The elements converted to `E`'s dtype, or why they cannot be.
    #[outline(skip)]
    pub fn try_to_data_as<E: Element>(&self) -> Result<TensorData, TensorReadError> {
        self.try_to_data_dtype(E::dtype())
    }

    /// The elements as a `Vec<E>`, converted to `E`'s dtype, or why they cannot be.
    #[outline(skip)]
    pub fn try_to_vec_as<E: Element>(&self) -> Result<Vec<E>, TensorReadError> {
        Ok(self.try_to_data_dtype(E::dtype())?.try_into_vec()?)
    }

    /// The elements converted to `E`'s dtype.
    #[outline(skip)]
    pub fn into_data_as<E: Element>(self) -> TensorData {
        self.into_data_dtype(E::dtype())
    }

    /// The elements converted to `E`'s dtype, or why they cannot be.
    #[outline(skip)]
    pub fn try_into_data_as<E: Element>(self) -> Result<TensorData, TensorReadError> {
        self.try_into_data_dtype(E::dtype())
    }

    /// The elements as a `Vec<E>`, converted to `E`'s dtype, or why they cannot be.
    #[outline(skip)]
    pub fn try_into_vec_as<E: Element>(self) -> Result<Vec<E>, TensorReadError> {
        Ok(self.try_into_data_dtype(E::dtype())?.try_into_vec()?)
    }

    /// `func` applied to the tensor in place (the closure is the caller's type: the
    /// wrapper calls the outlined `extract` and puts the result back).
    #[outline(skip)]
    pub fn inplace<F: FnOnce(Self) -> Self>(&mut self, func: F) {
        let result = func(self.extract());
        *self = result;
    }

    /// The entries along `dim`, one at a time, each keeping `dim` with size 1 (the
    /// iterator holds the tensor: its type is `Tensor`'s own, so the method stays
    /// generic; each step calls the outlined `narrow`).
    #[outline(skip)]
    pub fn iter_dim(self, dim: impl AsIndex) -> DimIter<D, K> {
        let dim = check::dim("iter_dim", dim.as_index(), D);
        let end = self.shape()[dim];
        DimIter { tensor: self, dim, start: 0, end }
    }
}

/// The one element of `data`, kept as its own kind of scalar, or why there is not
/// exactly one.
pub(crate) fn only_element(data: TensorData) -> Result<Elem<'static>, TensorReadError> {
    let actual = data.num_elements();
    if actual != 1 {
        return Err(TensorReadError::InvalidShape { expected: 1, actual });
    }
    let dtype = data.dtype();
    let value = if dtype.is_float() {
        Scalar::Float(data.iter::<f64>().next().expect("one element"))
    } else if dtype.is_int() {
        Scalar::Int(data.iter::<i64>().next().expect("one element"))
    } else if dtype.is_uint() {
        Scalar::UInt(data.iter::<u64>().next().expect("one element"))
    } else {
        Scalar::Bool(data.iter::<bool>().next().expect("one element"))
    };
    Ok(Elem::read(value))
}

/// The entries of a tensor along one dim, as `iter_dim` gives them (from either end).
pub struct DimIter<const D: usize, K: Basic> {
    tensor: Tensor<D, K>,
    dim: usize,
    start: usize,
    end: usize,
}

impl<const D: usize, K: Basic> Iterator for DimIter<D, K> {
    type Item = Tensor<D, K>;

    fn next(&mut self) -> Option<Self::Item> {
        (self.start < self.end).then(|| {
            self.start += 1;
            self.tensor.clone().narrow(self.dim, self.start - 1, 1)
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.end - self.start, Some(self.end - self.start))
    }
}

impl<const D: usize, K: Basic> DoubleEndedIterator for DimIter<D, K> {
    fn next_back(&mut self) -> Option<Self::Item> {
        (self.start < self.end).then(|| {
            self.end -= 1;
            self.tensor.clone().narrow(self.dim, self.end, 1)
        })
    }
}

impl<const D: usize, K: Basic> ExactSizeIterator for DimIter<D, K> {}

