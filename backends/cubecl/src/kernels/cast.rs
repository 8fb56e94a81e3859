//! Converting a tensor's elements to another dtype.

use super::args::{broadcast_arg, out_arg};
use super::{elementwise_launch, strided};
use crate::CubeBackend;
use crate::element::with_elem;
use crate::runtime::CubeRuntime;
use crate::tensor::CubeTensor;
use cubecl::prelude::*;
use seam_backend::DType;

/// With `to_bool`, each element becomes the `u32` 1 where it is not zero and 0 where
/// it is; otherwise it is converted as the shader's conversion does (floats to
/// integers truncate toward zero; a `bool`, 0 or 1, becomes that number).
#[cube(launch)]
fn cast_kernel<I: Numeric, O: Numeric>(input: &Tensor<I>, out: &mut Tensor<O>, #[comptime] to_bool: bool) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    let x = input[strided::offset(input, ABSOLUTE_POS)];
    if to_bool {
        // `== 0` rather than `!= 0`: shaders lower `!=` on floats as an ordered
        // comparison (false for NaN), but NaN is not zero, so it must give 1.
        out[ABSOLUTE_POS] = select(x == I::from_int(0), O::from_int(0), O::from_int(1));
    } else {
        out[ABSOLUTE_POS] = O::cast_from(x);
    }
}

/// `input`'s elements converted to `dtype`, into a new contiguous tensor (`input`
/// itself when it has that dtype already).
pub(crate) fn cast<R: CubeRuntime>(input: CubeTensor<R>, dtype: DType) -> CubeTensor<R> {
    CubeBackend::<R>::check_dtype("cast", &input.device, dtype);
    if input.dtype == dtype {
        return input;
    }
    let out = input.empty_like(input.dims.clone(), dtype);
    let len = out.num_elements();
    if len == 0 {
        return out;
    }
    let (count, dim) = elementwise_launch(&out.client, len);
    let to_bool = dtype == DType::Bool;
    with_elem!(input.dtype, I => with_elem!(dtype, O => cast_kernel::launch::<I, O>(
        &out.client,
        count,
        dim,
        broadcast_arg(&input, &out.dims),
        out_arg(&out),
        to_bool,
    )));
    out
}
