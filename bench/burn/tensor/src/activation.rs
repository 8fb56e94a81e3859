//! Activation functions, as burn-tensor's `activation` module has them: free
//! functions over float tensors, each outlined under the tensor's protocol
//! (`#[outline(Tensor)]`), so that every body is compiled once, here. Inside a body
//! the tensor is the erased `Bridge` and `D` a run-time `usize`; those that are one
//! backend op call burn-dispatch's `ActivationOps`, the others compose the tensor's
//! methods.

use crate::check;
use crate::kind::Kind;
use crate::tensor::{Bridge, Tensor};
use burn_backend::TensorMetadata;
use burn_backend::ops::ActivationOps;
use burn_dispatch::Dispatch;
use burn_std::{AsIndex, DType};
use seam_macros::outline;

/// Above this `beta * x`, `softplus` is `x` itself (burn-tensor's default).
pub const DEFAULT_SOFTPLUS_THRESHOLD: f64 = 20.0;

/// One activation op of the backend on a float tensor.
fn float_op(tensor: Bridge, op: impl FnOnce(burn_dispatch::DispatchTensor) -> burn_dispatch::DispatchTensor) -> Bridge {
    Bridge::new(Kind::Float, op(tensor.into_tensor()))
}

/// `1 / (1 + e^-x)`, the backend's.
fn sigmoid_of(tensor: Bridge) -> Bridge {
    float_op(tensor, Dispatch::sigmoid)
}

/// The backend's hard sigmoid, `clamp(alpha * x + beta, 0, 1)`.
fn hard_sigmoid_of(tensor: Bridge, alpha: f64, beta: f64) -> Bridge {
    float_op(tensor, |t| Dispatch::hard_sigmoid(t, alpha.into(), beta.into()))
}

/// The largest argument whose exponential is finite at `dtype`.
fn largest_exp_argument(dtype: DType) -> f64 {
    match dtype {
        DType::F64 => 709.0,
        DType::F16 | DType::Flex32 => 11.0,
        _ => 88.0,
    }
}

/// `log(1 + e^(beta * x)) / beta`, and `x` itself where `beta * x` is above
/// `threshold` (or above what the dtype's exponential holds).
fn softplus_of(tensor: Bridge, beta: f64, threshold: f64) -> Bridge {
    let threshold = threshold.min(largest_exp_argument(tensor.tensor().dtype()));
    let scaled = tensor.clone().mul_scalar(beta);
    let linear = scaled.clone().greater_elem(threshold);
    let smooth = scaled.mask_fill(linear.clone(), threshold).exp().log1p().div_scalar(beta);
    smooth.mask_where(linear, tensor)
}

/// `x - bias * sign(x)` where `|x| > lambda`, 0 elsewhere.
fn shrink_of(tensor: Bridge, lambda: f64, bias: f64) -> Bridge {
    let inside = tensor.clone().abs().lower_equal_scalar(lambda);
    let moved = tensor.clone().sub(tensor.sign().mul_scalar(bias));
    moved.mask_fill(inside, 0)
}

/// `x` where `x > limit`, `value` elsewhere.
fn threshold_of(tensor: Bridge, limit: f64, value: f64) -> Bridge {
    let below = tensor.clone().lower_equal_scalar(limit);
    tensor.mask_fill(below, value)
}

/// `x` where `x > 0`, `scale * (e^(x / rate) - 1)` elsewhere.
fn exponential_unit(tensor: Bridge, scale: f64, rate: f64) -> Bridge {
    let below = tensor.clone().lower_equal_scalar(0);
    let curve = tensor.clone().div_scalar(rate).exp().sub_scalar(1).mul_scalar(scale);
    tensor.mask_where(below, curve)
}

/// `max(0, x)`.
#[outline(Tensor)]
pub fn relu<const D: usize>(tensor: Tensor<D>) -> Tensor<D> {
    float_op(tensor, Dispatch::relu)
}

/// `x` clamped to `min_val..=max_val`.
#[outline(Tensor)]
pub fn hardtanh<const D: usize>(tensor: Tensor<D>, min_val: f64, max_val: f64) -> Tensor<D> {
    tensor.clamp(min_val, max_val)
}

/// `x - tanh(x)`.
#[outline(Tensor)]
pub fn tanhshrink<const D: usize>(tensor: Tensor<D>) -> Tensor<D> {
    tensor.clone().sub(tensor.tanh())
}

/// `x` clamped to `0..=6`.
#[outline(Tensor)]
pub fn relu6<const D: usize>(tensor: Tensor<D>) -> Tensor<D> {
    tensor.clamp(0.0, 6.0)
}

/// `x` where `x >= 0`, `negative_slope * x` elsewhere.
#[outline(Tensor)]
pub fn leaky_relu<const D: usize>(tensor: Tensor<D>, negative_slope: f64) -> Tensor<D> {
    float_op(tensor, |t| Dispatch::leaky_relu(t, negative_slope.into()))
}

/// `x * Φ(x)`, `Φ` the standard normal's distribution function (through `erf`).
#[outline(Tensor)]
pub fn gelu<const D: usize>(tensor: Tensor<D>) -> Tensor<D> {
    float_op(tensor, Dispatch::gelu)
}

/// GELU's tanh approximation: `x / 2 * (1 + tanh(sqrt(2 / π) * (x + 0.044715 x³)))`.
#[outline(Tensor)]
pub fn gelu_approximate<const D: usize>(tensor: Tensor<D>) -> Tensor<D> {
    let scale = (2.0 / core::f64::consts::PI).sqrt();
    let inner = tensor.clone().add(tensor.clone().powf_scalar(3.0).mul_scalar(0.044715));
    tensor.mul(inner.mul_scalar(scale).tanh().add_scalar(1)).mul_scalar(0.5)
}

/// `x` where `x >= 0`, `alpha * x` elsewhere: `alpha` one weight, or one per channel
/// (dim 1).
#[outline(Tensor)]
pub fn prelu<const D: usize>(tensor: Tensor<D>, alpha: Tensor<1>) -> Tensor<D> {
    let (shape, weights) = (tensor.tensor().shape(), alpha.tensor().shape()[0]);
    check::prelu("prelu", weights, &shape, D);
    let mut dims = vec![1; D];
    if weights > 1 {
        dims[1] = weights;
    }
    let weight = <crate::kind::Float as crate::kind::Basic>::reshape(alpha.into_tensor(), burn_std::Shape::from(dims));
    Bridge::new(Kind::Float, Dispatch::prelu(tensor.into_tensor(), weight))
}

/// `e^x / Σ e^x` along `dim`.
#[outline(Tensor)]
pub fn softmax<const D: usize>(tensor: Tensor<D>, dim: impl AsIndex) -> Tensor<D> {
    let dim = check::dim("softmax", dim, D);
    float_op(tensor, |t| Dispatch::softmax(t, dim))
}

/// `e^-x / Σ e^-x` along `dim`.
#[outline(Tensor)]
pub fn softmin<const D: usize>(tensor: Tensor<D>, dim: impl AsIndex) -> Tensor<D> {
    let dim = check::dim("softmin", dim, D);
    float_op(tensor, |t| Dispatch::softmin(t, dim))
}

/// `log(1 + e^(beta * x)) / beta`, and `x` where `beta * x` passes
/// [`DEFAULT_SOFTPLUS_THRESHOLD`].
#[outline(Tensor)]
pub fn softplus<const D: usize>(tensor: Tensor<D>, beta: f64) -> Tensor<D> {
    softplus_of(tensor, beta, DEFAULT_SOFTPLUS_THRESHOLD)
}

/// [`softplus`] with its own threshold.
#[outline(Tensor)]
pub fn softplus_with_threshold<const D: usize>(tensor: Tensor<D>, beta: f64, threshold: f64) -> Tensor<D> {
    softplus_of(tensor, beta, threshold)
}

/// `e^x / (1 + Σ e^x)` along `dim`, computed stably: a row of `-inf` gives zeros.
#[outline(Tensor)]
pub fn quiet_softmax<const D: usize>(tensor: Tensor<D>, dim: impl AsIndex) -> Tensor<D> {
    let dim = check::dim("quiet_softmax", dim, D);
    let peak = tensor.clone().detach().max_dim(dim);
    let no_peak = peak.clone().equal_scalar(f32::NEG_INFINITY);
    let peak = peak.mask_fill(no_peak, 0.0);
    let exps = tensor.sub(peak.clone()).exp();
    let total = exps.clone().sum_dim(dim);
    exps.div(total.add(peak.neg().exp()))
}

/// `log(softmax(x))` along `dim`.
#[outline(Tensor)]
pub fn log_softmax<const D: usize>(tensor: Tensor<D>, dim: impl AsIndex) -> Tensor<D> {
    let dim = check::dim("log_softmax", dim, D);
    float_op(tensor, |t| Dispatch::log_softmax(t, dim))
}

/// `1 / (1 + e^-x)`.
#[outline(Tensor)]
pub fn sigmoid<const D: usize>(tensor: Tensor<D>) -> Tensor<D> {
    sigmoid_of(tensor)
}

/// `clamp(alpha * x + beta, 0, 1)`.
#[outline(Tensor)]
pub fn hard_sigmoid<const D: usize>(tensor: Tensor<D>, alpha: f64, beta: f64) -> Tensor<D> {
    hard_sigmoid_of(tensor, alpha, beta)
}

/// `log(1 / (1 + e^-x))`.
#[outline(Tensor)]
pub fn log_sigmoid<const D: usize>(tensor: Tensor<D>) -> Tensor<D> {
    float_op(tensor, Dispatch::log_sigmoid)
}

/// `x * sigmoid(x)`.
#[outline(Tensor)]
pub fn silu<const D: usize>(tensor: Tensor<D>) -> Tensor<D> {
    tensor.clone().mul(sigmoid_of(tensor))
}

/// `x * hard_sigmoid(x, 1/6, 1/2)`.
#[outline(Tensor)]
pub fn hard_swish<const D: usize>(tensor: Tensor<D>) -> Tensor<D> {
    tensor.clone().mul(hard_sigmoid_of(tensor, 1.0 / 6.0, 0.5))
}

/// `x * tanh(softplus(x))`.
#[outline(Tensor)]
pub fn mish<const D: usize>(tensor: Tensor<D>) -> Tensor<D> {
    tensor.clone().mul(softplus_of(tensor, 1.0, DEFAULT_SOFTPLUS_THRESHOLD).tanh())
}

/// `tanh(x)`.
#[outline(Tensor)]
pub fn tanh<const D: usize>(tensor: Tensor<D>) -> Tensor<D> {
    tensor.tanh()
}

/// `x` where `x > 0`, `alpha * (e^x - 1)` elsewhere.
#[outline(Tensor)]
pub fn elu<const D: usize>(tensor: Tensor<D>, alpha: f64) -> Tensor<D> {
    exponential_unit(tensor, alpha, 1.0)
}

/// `x` where `x > 0`, `alpha * (e^(x / alpha) - 1)` elsewhere.
#[outline(Tensor)]
pub fn celu<const D: usize>(tensor: Tensor<D>, alpha: f64) -> Tensor<D> {
    exponential_unit(tensor, alpha, alpha)
}

/// `γ x` where `x >= 0`, `γ α (e^x - 1)` elsewhere, with the self-normalising
/// constants `α ≈ 1.6733`, `γ ≈ 1.0507`.
#[outline(Tensor)]
pub fn selu<const D: usize>(tensor: Tensor<D>) -> Tensor<D> {
    let (alpha, gamma) = (1.673_263_242_354_377_3_f64, 1.050_700_987_355_480_5_f64);
    let above = tensor.clone().greater_equal_scalar(0.0);
    let linear = tensor.clone().mul_scalar(gamma);
    tensor.exp().sub_scalar(1.0).mul_scalar(alpha * gamma).mask_where(above, linear)
}

/// `x` where `x > alpha`, 0 elsewhere.
#[outline(Tensor)]
pub fn thresholded_relu<const D: usize>(tensor: Tensor<D>, alpha: f64) -> Tensor<D> {
    threshold_of(tensor, alpha, 0.0)
}

/// `x` where `x > threshold`, `value` elsewhere.
#[outline(Tensor)]
pub fn threshold<const D: usize>(tensor: Tensor<D>, threshold: f64, value: f64) -> Tensor<D> {
    threshold_of(tensor, threshold, value)
}

/// The first half of `dim` times the sigmoid of the second; `dim` must be even.
#[outline(Tensor)]
pub fn glu<const D: usize>(tensor: Tensor<D>, dim: impl AsIndex) -> Tensor<D> {
    let dim = check::dim("glu", dim, D);
    let size = tensor.tensor().shape()[dim];
    check::even("glu", dim, size);
    let half = size / 2;
    let (first, second) = (tensor.clone().narrow(dim as isize, 0, half), tensor.narrow(dim as isize, half, half));
    first.mul(sigmoid_of(second))
}

/// `x / (1 + |x|)`.
#[outline(Tensor)]
pub fn softsign<const D: usize>(tensor: Tensor<D>) -> Tensor<D> {
    tensor.clone().div(tensor.abs().add_scalar(1))
}

/// `x` where `|x| > lambda`, 0 elsewhere.
#[outline(Tensor)]
pub fn hard_shrink<const D: usize>(tensor: Tensor<D>, lambda: f64) -> Tensor<D> {
    let inside = tensor.clone().abs().lower_equal_scalar(lambda);
    tensor.mask_fill(inside, 0)
}

/// `x - lambda * sign(x)` where `|x| > lambda`, 0 elsewhere.
#[outline(Tensor)]
pub fn soft_shrink<const D: usize>(tensor: Tensor<D>, lambda: f64) -> Tensor<D> {
    shrink_of(tensor, lambda, lambda)
}

/// `x - bias * sign(x)` where `|x| > lambda`, 0 elsewhere.
#[outline(Tensor)]
pub fn shrink<const D: usize>(tensor: Tensor<D>, lambda: f64, bias: f64) -> Tensor<D> {
    shrink_of(tensor, lambda, bias)
}
