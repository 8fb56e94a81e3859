//! Moving data in and out: `from_data`, `into_data` and `full`.

use crate::CpuTensor;
use crate::element::CpuElement;
use crate::pool;
use crate::storage::dispatch;
use seam_backend::{DType, Dims, Scalar, TensorData};

/// A contiguous tensor holding `data`.
pub(crate) fn from_data(data: &TensorData) -> CpuTensor {
    fn typed<T: CpuElement>(data: &TensorData) -> CpuTensor {
        let values = data
            .to_vec::<T>()
            .unwrap_or_else(|err| panic!("from_data: {err}"));
        CpuTensor::new(values, data.shape().dims())
    }
    match data.dtype() {
        DType::F32 => typed::<f32>(data),
        DType::F64 => typed::<f64>(data),
        DType::I32 => typed::<i32>(data),
        DType::I64 => typed::<i64>(data),
        DType::Bool => typed::<bool>(data),
    }
}

/// The elements of `tensor`'s view, row-major.
pub(crate) fn into_data(tensor: CpuTensor) -> TensorData {
    let layout = tensor.layout();
    dispatch!(&tensor.storage; F32 | F64 | I32 | I64 | Bool
        => |buf| TensorData::new(crate::loops::gather(buf, layout).into_vec(), layout.dims.clone());
        else unreachable!())
}

/// A contiguous tensor of `dims` and `dtype` with every element `value`.
pub(crate) fn full(dims: Dims, value: Scalar, dtype: DType) -> CpuTensor {
    fn filled<T: CpuElement>(dims: Dims, value: Scalar) -> CpuTensor {
        CpuTensor::new(pool::filled(&dims, T::from_scalar(value)), dims)
    }
    match dtype {
        DType::F32 => filled::<f32>(dims, value),
        DType::F64 => filled::<f64>(dims, value),
        DType::I32 => filled::<i32>(dims, value),
        DType::I64 => filled::<i64>(dims, value),
        DType::Bool => filled::<bool>(dims, value),
    }
}
