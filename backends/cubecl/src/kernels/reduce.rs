//! Sums along a dim: cubek's reduce, and a `#[cube]` kernel (one thread per output
//! element) where cubek refuses the setup.

use super::elementwise::{broadcast_arg, out_arg};
use super::{elementwise_launch, layout, strided};
use crate::element::{self, with_numeric};
use crate::runtime::CubeRuntime;
use crate::tensor::CubeTensor;
use cubecl::prelude::*;
use cubecl::std::tensor::TensorHandle;

/// `start` is the input read at the output's shape (size 1 along the summed dim),
/// so its strides give the first element of each sum; `len` elements `step` apart
/// are added from there.
#[cube(launch)]
fn sum_kernel<E: Numeric>(start: &Tensor<E>, out: &mut Tensor<E>, len: usize, step: usize) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    let at = strided::offset(start, ABSOLUTE_POS);
    let mut acc = E::from_int(0);
    for i in 0..len {
        acc += start[at + i * step];
    }
    out[ABSOLUTE_POS] = acc;
}

/// The sum of `input` along `dim`, kept with size 1.
pub(crate) fn sum_dim<R: CubeRuntime>(input: &CubeTensor<R>, dim: usize) -> CubeTensor<R> {
    let mut dims = input.dims.clone();
    dims[dim] = 1;
    let out = input.empty_like(dims, input.dtype);
    let len = out.num_elements();
    if len == 0 {
        return out;
    }
    // cubek's reduce gave wrong sums for some permuted inputs (a rank-4 tensor with
    // dims 1 and 3 swapped, summed along dim 0): it only sees contiguous ones.
    if input.num_elements() > 0 && cubek(&layout::into_contiguous(input.clone()), &out, dim).is_ok() {
        return out;
    }
    let (count, cube_dim) = elementwise_launch(&out.client, len);
    with_numeric!(input.dtype, "sum_dim", E => sum_kernel::launch::<E>(
        &out.client,
        count,
        cube_dim,
        broadcast_arg(input, &out.dims),
        out_arg(&out),
        input.dims[dim],
        input.strides[dim],
    ));
    out
}

fn cubek<R: CubeRuntime>(
    input: &CubeTensor<R>,
    out: &CubeTensor<R>,
    dim: usize,
) -> Result<(), cubek_reduce::ReduceError> {
    use cubek_reduce::components::instructions::ReduceOperationConfig;
    use cubek_reduce::launch::{ReduceStrategy, RoutineStrategy, VectorizationStrategy};
    use cubek_reduce::routines::{BlueprintStrategy, unit::UnitStrategy};
    let elem = element::storage(input.dtype);
    let binding = |t: &CubeTensor<R>| {
        TensorHandle::new(t.handle.clone(), t.dims.clone(), t.strides.clone(), elem).binding()
    };
    let strategy = ReduceStrategy {
        routine: RoutineStrategy::Unit(BlueprintStrategy::Inferred(UnitStrategy)),
        vectorization: VectorizationStrategy {
            parallel_output_vectorization: false,
        },
        autotune_level: Default::default(),
    };
    cubek_reduce::reduce(
        &out.client,
        binding(input),
        binding(out),
        dim,
        strategy,
        ReduceOperationConfig::Sum,
        cubek_reduce::ReduceDtypes {
            input: elem,
            output: elem,
            accumulation: elem,
        },
    )
}
