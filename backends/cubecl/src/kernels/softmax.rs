//! Softmax and log-softmax: no fused kernel here, the compositions of
//! `seam_backend::composed` over this backend's reductions and elementwise kernels.

use crate::CubeBackend;
use crate::runtime::CubeRuntime;
use crate::tensor::CubeTensor;

/// The softmax of `tensor` along `dim`, composed.
pub(crate) fn softmax<R: CubeRuntime>(tensor: CubeTensor<R>, dim: usize) -> CubeTensor<R> {
    seam_backend::composed::softmax::<CubeBackend<R>>(tensor, dim)
}

/// The log-softmax of `tensor` along `dim`, composed.
pub(crate) fn log_softmax<R: CubeRuntime>(tensor: CubeTensor<R>, dim: usize) -> CubeTensor<R> {
    seam_backend::composed::log_softmax::<CubeBackend<R>>(tensor, dim)
}
