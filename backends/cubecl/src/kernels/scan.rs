//! Running reductions along a dim (scans): a `#[cube]` kernel with one thread per
//! lane, which folds the lane's elements in order and writes each running value.

use super::args::{broadcast_arg, out_arg};
use super::{elementwise_launch, strided};
use crate::element::with_numeric;
use crate::runtime::CubeRuntime;
use crate::tensor::CubeTensor;
use cubecl::prelude::*;
use seam_backend::ScanOp;

seam_backend::scan_ops!(kernel_op, Scan from);

/// `start` is the input read at the lanes' shape (size 1 along the scanned dim), so
/// its strides give the first element of each of the `lanes` lanes; `len` elements
/// `step` apart are folded from there, the last first when `reverse`. `out` is
/// contiguous, so the lane at row-major position `p` of the lanes' shape starts at
/// `(p / inner) * len * inner + p % inner` and steps by `inner`, the product of the
/// dims after the scanned one.
#[cube(launch)]
fn scan_kernel<E: Numeric>(
    start: &Tensor<E>,
    out: &mut Tensor<E>,
    lanes: usize,
    len: usize,
    step: usize,
    inner: usize,
    #[comptime] op: Scan,
    #[comptime] reverse: bool,
) {
    if ABSOLUTE_POS >= lanes {
        terminate!();
    }
    let at = strided::offset(start, ABSOLUTE_POS);
    let first = (ABSOLUTE_POS / inner) * len * inner + ABSOLUTE_POS % inner;
    let mut acc = E::from_int(0);
    if comptime!(matches!(op, Scan::Prod)) {
        acc = E::from_int(1);
    }
    for i in 0..len {
        let mut k = i;
        if comptime!(reverse) {
            k = len - 1 - i;
        }
        let x = start[at + k * step];
        match op {
            Scan::Sum => acc += x,
            Scan::Prod => acc *= x,
        }
        out[first + k * inner] = acc;
    }
}

/// `op` running along `dim` of `input`, from its end back when `reverse`: a
/// contiguous tensor of its shape and dtype.
pub(crate) fn scan_dim<R: CubeRuntime>(
    op: ScanOp,
    input: CubeTensor<R>,
    dim: usize,
    reverse: bool,
) -> CubeTensor<R> {
    let input = &input;
    let out = input.empty_like(input.dims.clone(), input.dtype);
    let mut lane_dims = input.dims.clone();
    lane_dims[dim] = 1;
    let lanes = seam_backend::count(&lane_dims);
    let len = input.dims[dim];
    if lanes == 0 || len == 0 {
        return out;
    }
    let inner: usize = input.dims[dim + 1..].iter().product();
    let (count, cube_dim) = elementwise_launch(&out.client, lanes);
    let (client, start, out_a) = (&out.client, broadcast_arg(input, &lane_dims), out_arg(&out));
    let (step, op_arg) = (input.strides[dim], Scan::from(op));
    with_numeric!(input.dtype, op.name(), E => scan_kernel::launch::<E>(
        client, count, cube_dim, start, out_a, lanes, len, step, inner, op_arg, reverse,
    ));
    out
}
