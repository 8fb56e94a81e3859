//! Choosing between two tensors elementwise by a `bool` mask.

use super::args::{broadcast_arg, out_arg};
use super::{elementwise_launch, strided};
use crate::element::with_elem;
use crate::runtime::CubeRuntime;
use crate::tensor::{self, CubeTensor};
use cubecl::prelude::*;

/// `on_true` where `mask` is not 0, `on_false` elsewhere; all read through strides.
#[cube(launch)]
fn mask_where_kernel<E: Numeric>(
    mask: &Tensor<u32>,
    on_true: &Tensor<E>,
    on_false: &Tensor<E>,
    out: &mut Tensor<E>,
) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    let chosen = mask[strided::offset(mask, ABSOLUTE_POS)] != 0u32;
    let a = on_true[strided::offset(on_true, ABSOLUTE_POS)];
    let b = on_false[strided::offset(on_false, ABSOLUTE_POS)];
    out[ABSOLUTE_POS] = select(chosen, a, b);
}

/// `on_true` where `mask` holds, `on_false` elsewhere; the three broadcast together.
pub(crate) fn mask_where<R: CubeRuntime>(
    mask: CubeTensor<R>,
    on_true: CubeTensor<R>,
    on_false: CubeTensor<R>,
) -> CubeTensor<R> {
    let (mask, on_true, on_false) = (&mask, &on_true, &on_false);
    let dims = tensor::broadcast_dims(&[mask, on_true, on_false]);
    let out = on_true.empty_like(dims, on_true.dtype);
    let len = out.num_elements();
    if len == 0 {
        return out;
    }
    let (count, dim) = elementwise_launch(&out.client, len);
    with_elem!(on_true.dtype, E => mask_where_kernel::launch::<E>(
        &out.client,
        count,
        dim,
        broadcast_arg(mask, &out.dims),
        broadcast_arg(on_true, &out.dims),
        broadcast_arg(on_false, &out.dims),
        out_arg(&out),
    ));
    out
}
