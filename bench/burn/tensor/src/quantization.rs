//! Quantization (burn-tensor's `quantization`): burn-std's schemes and parameters,
//! and the calibration that computes a float tensor's range and its quantization
//! parameters on the backend.

use crate::kind::Kind;
use crate::tensor::{Bridge, Tensor};
use burn_dispatch::Dispatch;
use seam_macros::outline;

pub use burn_std::quantization::*;

/// The parameters `Tensor::quantize` takes: the scales, and a per-tensor scale for a
/// two-level scheme.
pub type QuantizationParameters = QParams<Tensor<1>>;

/// The range a calibration found: the minimum and maximum of each block.
#[derive(Clone, Debug)]
pub struct CalibrationRange {
    /// The minimum of each block.
    pub min: Tensor<1>,
    /// The maximum of each block.
    pub max: Tensor<1>,
}

/// The range of `tensor` (a float tensor, not a quantized one) that `calibration`
/// finds, per block of `scheme`.
pub fn compute_range<const D: usize>(scheme: &QuantScheme, tensor: &Tensor<D>, calibration: &Calibration) -> CalibrationRange {
    // The range keeps the shape of the scheme's blocks (rank 2 for a block scheme).
    let (min, max) = range_parts(scheme, tensor, calibration);
    CalibrationRange { min: Tensor::restore_any_rank(min), max: Tensor::restore_any_rank(max) }
}

/// [`compute_range`]'s work, its result the erased pair.
#[doc(hidden)]
#[outline(Tensor)]
pub fn range_parts<const D: usize>(scheme: &QuantScheme, tensor: &Tensor<D>, calibration: &Calibration) -> (Bridge, Bridge) {
    let stored = tensor.tensor();
    crate::check::calibrated("compute_range", &burn_backend::TensorMetadata::dtype(stored));
    let (min, max) = burn_backend::quantization::compute_range::<Dispatch>(scheme, stored.clone(), calibration);
    (Bridge::new(Kind::Float, min), Bridge::new(Kind::Float, max))
}

/// The scales (and global scale) that map `range` onto `scheme`'s values.
pub fn compute_q_params(scheme: &QuantScheme, range: CalibrationRange) -> QuantizationParameters {
    let (min, max) = (range.min.bridge.into_tensor(), range.max.bridge.into_tensor());
    let params = burn_backend::quantization::compute_q_params::<Dispatch>(scheme, min, max);
    // The scales keep the shape of the scheme's blocks (rank 2 for a block scheme).
    let restore = |tensor| Tensor::<1>::restore_any_rank(Bridge::new(Kind::Float, tensor));
    QuantizationParameters { scales: restore(params.scales), global: params.global.map(restore) }
}
