//! The benchmarks' inputs: deterministic values, as plain vectors and as tensors.

use seam_tensor::{Device, Tensor, TensorData};

/// `len` deterministic `f32` values in `[-1, 1)`, different for each `seed` (a
/// small linear congruential generator: no dependency, the same on every run).
pub fn values(len: usize, seed: u32) -> Vec<f32> {
    let mut state = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
    (0..len)
        .map(|_| {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (state >> 8) as f32 / (1u32 << 23) as f32 - 1.0
        })
        .collect()
}

/// A CPU tensor of `dims` holding [`values`] of `seed`.
pub fn tensor<const D: usize>(dims: [usize; D], seed: u32) -> Tensor<D> {
    let len = dims.iter().product();
    Tensor::from_data(TensorData::new(values(len, seed), dims), &Device::cpu())
}
