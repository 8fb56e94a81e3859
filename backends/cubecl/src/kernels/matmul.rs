//! Batched matrix products: cubek's matmul for float matrices of some size, and a
//! `#[cube]` kernel (one thread per output element) for the rest: integer dtypes,
//! small products (where cubek's per-configuration shader compilation costs more
//! than it saves), and any setup cubek refuses.

use super::args::{broadcast_arg, out_arg};
use super::elementwise_launch;
use super::layout;
use crate::element::{self, with_numeric};
use crate::runtime::CubeRuntime;
use crate::tensor::CubeTensor;
use cubecl::prelude::*;
use cubecl::std::tensor::TensorHandle;
use cubek_matmul::definition::MatmulElems;
use cubek_matmul::definition::MatmulSetupError;
use cubek_std::InputBinding;
use seam_backend::{DType, Dims};

/// Products with fewer multiply-adds than this use the plain kernel.
const CUBEK_MIN_WORK: usize = 32 * 32 * 32;

#[cube(launch)]
fn matmul_kernel<E: Numeric>(lhs: &Tensor<E>, rhs: &Tensor<E>, out: &mut Tensor<E>) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    let rank = out.rank();
    let n = out.shape(rank - 1);
    let m = out.shape(rank - 2);
    let k = lhs.shape(rank - 1);
    let col = ABSOLUTE_POS % n;
    let row = (ABSOLUTE_POS / n) % m;
    let mut rest = ABSOLUTE_POS / (m * n);
    let mut lhs_at = row * lhs.stride(rank - 2);
    let mut rhs_at = col * rhs.stride(rank - 1);
    for t in 0..rank - 2 {
        let dim = rank - 3 - t;
        let size = out.shape(dim);
        let index = rest % size;
        rest /= size;
        lhs_at += index * lhs.stride(dim);
        rhs_at += index * rhs.stride(dim);
    }
    let lhs_step = lhs.stride(rank - 1);
    let rhs_step = rhs.stride(rank - 2);
    let mut acc = E::from_int(0);
    for i in 0..k {
        acc += lhs[lhs_at + i * lhs_step] * rhs[rhs_at + i * rhs_step];
    }
    out[ABSOLUTE_POS] = acc;
}

/// `lhs @ rhs` for `[.., m, k]` and `[.., k, n]` whose batch dims broadcast.
pub(crate) fn matmul<R: CubeRuntime>(lhs: CubeTensor<R>, rhs: CubeTensor<R>) -> CubeTensor<R> {
    let (lhs, rhs) = (&lhs, &rhs);
    let rank = lhs.dims.len();
    let (m, k, n) = (lhs.dims[rank - 2], lhs.dims[rank - 1], rhs.dims[rank - 1]);
    let batch: Dims = lhs.dims[..rank - 2]
        .iter()
        .zip(&rhs.dims[..rank - 2])
        .map(|(&a, &b)| if a == 1 { b } else { a })
        .collect();
    let with = |last: [usize; 2]| batch.iter().copied().chain(last).collect::<Dims>();
    let out = lhs.empty_like(with([m, n]), lhs.dtype);
    if out.num_elements() == 0 {
        return out;
    }
    let work = out.num_elements() * k;
    if lhs.dtype.is_float() && k > 0 && work >= CUBEK_MIN_WORK {
        let lhs = layout::copy_broadcast(lhs, with([m, k]));
        let rhs = layout::copy_broadcast(rhs, with([k, n]));
        if cubek(&lhs, &rhs, &out).is_ok() {
            return out;
        }
    }
    let len = out.num_elements();
    let (count, dim) = elementwise_launch(&out.client, len);
    with_numeric!(lhs.dtype, "matmul", E => matmul_kernel::launch::<E>(
        &out.client,
        count,
        dim,
        broadcast_arg(lhs, &with([m, k])),
        broadcast_arg(rhs, &with([k, n])),
        out_arg(&out),
    ));
    out
}

/// cubek's matmul on contiguous operands, by the routine that suits the device: on a
/// device that is no card (a CPU runtime, or a software rasterizer such as Mesa's
/// lavapipe) the register-blocked routine written for CPUs; on a card its tensor-core
/// routine where it has one, otherwise its routine that needs none. A setup error is
/// returned, never a panic (cubek's own `Auto` strategy panics on errors other than
/// "unavailable").
///
/// Besides its speed, the CPU routine is what lavapipe can take: the pipelines of
/// the card routine without tensor cores (`SimpleUnit`), compiled from SPIR-V, crash
/// Mesa 22.3's lavapipe while it builds them (a 32^3 product is enough), and the
/// tensor suite's matmul and model tests run there on CI's Vulkan step.
fn cubek<R: CubeRuntime>(
    lhs: &CubeTensor<R>,
    rhs: &CubeTensor<R>,
    out: &CubeTensor<R>,
) -> Result<(), MatmulSetupError> {
    use cubek_matmul::multi_level::Strategy as Routine;
    use cubek_matmul::strategy::Strategy;
    use cubek_matmul::tiled::Strategy as Tiled;
    let elem = element::storage(lhs.dtype);
    debug_assert!(matches!(lhs.dtype, DType::F32 | DType::F64));
    let binding = |t: &CubeTensor<R>| {
        TensorHandle::new(t.handle.clone(), t.dims.clone(), t.strides.clone(), elem).binding()
    };
    let launch = |strategy: Strategy| {
        let mut dtypes = MatmulElems::from_single_dtype(elem);
        cubek_matmul::launch::launch_ref(
            &strategy,
            &out.client,
            InputBinding::Normal(binding(lhs), elem),
            InputBinding::Normal(binding(rhs), elem),
            binding(out),
            &mut dtypes,
        )
    };
    if out.client.properties().identity.physical.is_none() {
        return launch(Strategy::Tiled(Tiled::CpuGemm(Default::default())));
    }
    match launch(Strategy::MultiLevel(
        Routine::SimpleCyclicCmma(Default::default()),
    )) {
        Err(MatmulSetupError::Unavailable(_)) => {
            launch(Strategy::MultiLevel(Routine::SimpleUnit(Default::default())))
        }
        other => other,
    }
}
