//! `cast`: a tensor's elements converted to another dtype.

use crate::CpuTensor;
use crate::element::CpuElement;
use crate::layout::Layout;
use crate::loops::map;
use crate::storage::dispatch;
use seam_backend::DType;

/// `tensor` converted to `dtype` (as [`CpuElement::cast`] converts each element),
/// contiguous; `tensor` itself if it already has `dtype`.
pub(crate) fn cast(tensor: CpuTensor, dtype: DType) -> CpuTensor {
    if tensor.dtype() == dtype {
        return tensor;
    }
    let layout = tensor.layout();
    dispatch!(&tensor.storage; F32 | F64 | I32 | I64 | Bool
        => |buf| match dtype {
            DType::F32 => cast_to::<_, f32>(buf, layout),
            DType::F64 => cast_to::<_, f64>(buf, layout),
            DType::I32 => cast_to::<_, i32>(buf, layout),
            DType::I64 => cast_to::<_, i64>(buf, layout),
            DType::Bool => cast_to::<_, bool>(buf, layout),
        };
        else unreachable!())
}

/// The view's elements converted to `U`, as a contiguous tensor.
fn cast_to<T: CpuElement, U: CpuElement>(buf: &[T], layout: &Layout) -> CpuTensor {
    map(buf, layout, 1, T::cast::<U>)
}
