//! Reductions along a dim: cubek's reduce, and a `#[cube]` kernel (one thread per
//! output element, the op a compile-time argument) where cubek refuses the setup.

use super::args::{broadcast_arg, out_arg};
use super::elementwise::fill;
use super::{elementwise_launch, layout, strided};
use crate::CubeBackend;
use crate::element::{self, with_index, with_numeric};
use crate::runtime::CubeRuntime;
use crate::tensor::CubeTensor;
use cubecl::prelude::*;
use cubecl::std::tensor::TensorHandle;
use seam_backend::{Backend, ReduceOp, Scalar};

seam_backend::reduce_ops!(kernel_op, Reduce from);

/// Whether `candidate` replaces `best` in a max (`max` true) or min search: it is
/// strictly better, or a `NaN` where `best` is not (as cubek's reduce does), so ties
/// keep the first element.
#[cube]
fn better<E: Numeric>(candidate: E, best: E, #[comptime] max: bool) -> bool {
    // `x != x` holds for NaN only (never for integers).
    #[allow(clippy::eq_op)]
    let nan = candidate != candidate && best == best;
    if max {
        candidate > best || nan
    } else {
        candidate < best || nan
    }
}

/// `start` is the input read at the output's shape (size 1 along the reduced dim),
/// so its strides give the first element of each reduction; `len` elements `step`
/// apart are reduced from there (`len >= 1` for all but `Sum` and `Prod`). The `Arg`
/// ops write the index as `O` (`i64` or `i32`); the others write the value (`O` is `E`).
#[cube(launch)]
fn reduce_kernel<E: Numeric, O: Numeric>(
    start: &Tensor<E>,
    out: &mut Tensor<O>,
    len: usize,
    step: usize,
    #[comptime] op: Reduce,
) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    let at = strided::offset(start, ABSOLUTE_POS);
    match op {
        Reduce::Sum => {
            let mut acc = E::from_int(0);
            for i in 0..len {
                acc += start[at + i * step];
            }
            out[ABSOLUTE_POS] = O::cast_from(acc);
        }
        Reduce::Prod => {
            let mut acc = E::from_int(1);
            for i in 0..len {
                acc *= start[at + i * step];
            }
            out[ABSOLUTE_POS] = O::cast_from(acc);
        }
        _ => {
            let max = comptime!(matches!(op, Reduce::Max | Reduce::ArgMax));
            let mut best = start[at];
            let mut index = 0usize;
            for i in 1..len {
                let x = start[at + i * step];
                if better::<E>(x, best, max) {
                    best = x;
                    index = i;
                }
            }
            if comptime!(matches!(op, Reduce::ArgMax | Reduce::ArgMin)) {
                out[ABSOLUTE_POS] = O::cast_from(index);
            } else {
                out[ABSOLUTE_POS] = O::cast_from(best);
            }
        }
    }
}

/// `op` along `dim` of `input`, kept with size 1; the `Arg` ops give indices of the
/// device's integer dtype (`i64`, or `i32` where it has no `i64`).
pub(crate) fn reduce_dim<R: CubeRuntime>(op: ReduceOp, input: CubeTensor<R>, dim: usize) -> CubeTensor<R> {
    let dtype = if op.is_arg() {
        let info = CubeBackend::<R>::describe(&input.device);
        // Refused here, not in the shader compiler at the first read.
        info.int_dtype().unwrap_or_else(|| {
            panic!(
                "{}: the device has no integer dtype for the indices ({info})",
                op.name()
            )
        })
    } else {
        input.dtype
    };
    let input = &input;
    let mut dims = input.dims.clone();
    dims[dim] = 1;
    let out = input.empty_like(dims, dtype);
    if input.dims[dim] == 0 {
        return match op {
            ReduceOp::Sum => fill(out, Scalar::Int(0)),
            ReduceOp::Prod => fill(out, Scalar::Int(1)),
            _ => panic!("{}: dim {dim} is empty ({:?})", op.name(), input.dims),
        };
    }
    let len = out.num_elements();
    if len == 0 {
        return out;
    }
    // cubek's reduce gave wrong sums for some permuted inputs (a rank-4 tensor with
    // dims 1 and 3 swapped, summed along dim 0): it only sees contiguous ones.
    if cubek(op, &layout::into_contiguous(input.clone()), &out, dim).is_ok() {
        return out;
    }
    let (count, cube_dim) = elementwise_launch(&out.client, len);
    let (client, start, out_a) = (&out.client, broadcast_arg(input, &out.dims), out_arg(&out));
    let (size, step, op_arg) = (input.dims[dim], input.strides[dim], Reduce::from(op));
    if op.is_arg() {
        with_index!(dtype, O => with_numeric!(input.dtype, op.name(), E => reduce_kernel::launch::<E, O>(
            client, count, cube_dim, start, out_a, size, step, op_arg,
        )));
    } else {
        with_numeric!(input.dtype, op.name(), E => reduce_kernel::launch::<E, E>(
            client, count, cube_dim, start, out_a, size, step, op_arg,
        ));
    }
    out
}

/// cubek's reduce of a contiguous `input` into `out`; its `Arg` ops write the first
/// index of the extremum, converted to `out`'s dtype as they write it.
fn cubek<R: CubeRuntime>(
    op: ReduceOp,
    input: &CubeTensor<R>,
    out: &CubeTensor<R>,
    dim: usize,
) -> Result<(), cubek_reduce::ReduceError> {
    use cubek_reduce::components::instructions::ReduceOperationConfig;
    use cubek_reduce::launch::{ReduceStrategy, RoutineStrategy, VectorizationStrategy};
    use cubek_reduce::routines::{BlueprintStrategy, unit::UnitStrategy};
    let elem = element::storage(input.dtype);
    let binding = |t: &CubeTensor<R>| {
        let elem = element::storage(t.dtype);
        TensorHandle::new(t.handle.clone(), t.dims.clone(), t.strides.clone(), elem).binding()
    };
    let strategy = ReduceStrategy {
        routine: RoutineStrategy::Unit(BlueprintStrategy::Inferred(UnitStrategy)),
        vectorization: VectorizationStrategy {
            parallel_output_vectorization: false,
        },
        autotune_level: Default::default(),
    };
    let config = match op {
        ReduceOp::Sum => ReduceOperationConfig::Sum,
        ReduceOp::Prod => ReduceOperationConfig::Prod,
        ReduceOp::Max => ReduceOperationConfig::Max,
        ReduceOp::Min => ReduceOperationConfig::Min,
        ReduceOp::ArgMax => ReduceOperationConfig::ArgMax,
        ReduceOp::ArgMin => ReduceOperationConfig::ArgMin,
    };
    cubek_reduce::reduce(
        &out.client,
        binding(input),
        binding(out),
        dim,
        strategy,
        config,
        cubek_reduce::ReduceDtypes {
            input: elem,
            output: element::storage(out.dtype),
            accumulation: elem,
        },
    )
}
