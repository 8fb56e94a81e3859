//! What only float tensors do (burn-tensor's `Tensor<D>` blocks of `api/float.rs`).

use crate::check;
use crate::kind::{Basic, Bool, Float, Int, Kind};
use crate::base::created;
use crate::tensor::{Bridge, Tensor, settings};
use burn_backend::ops::{BoolTensorOps, FloatTensorOps};
use burn_backend::TensorMetadata;
use burn_dispatch::Dispatch;
use burn_backend::AutodiffBackend;
use burn_backend::ops::QTensorOps;
use burn_backend::quantization::QuantizationParametersPrimitive;
use crate::quantization::{QuantScheme, QuantizationParameters, global_scale_dtype};
use burn_backend::distributed::DistributedParamId;
use burn_std::{AsIndex, DType, Distribution, ElementConversion, GridSampleOptions, Shape};
use crate::device::Device;
use burn_std::TensorData;

/// The relative tolerance `is_close` and `all_close` take by default.
pub const DEFAULT_RTOL: f64 = 1e-5;

/// The absolute tolerance `is_close` and `all_close` take by default.
pub const DEFAULT_ATOL: f64 = 1e-8;
use seam_macros::outline;

#[outline]
impl<const D: usize> Tensor<D, Float> {
    /// Element-wise error function.
    pub fn erf(self) -> Self {
        Bridge::new(Kind::Float, Dispatch::float_erf(self.into_tensor()))
    }

    /// Element-wise `1 / x`.
    pub fn recip(self) -> Self {
        Bridge::new(Kind::Float, Dispatch::float_recip(self.into_tensor()))
    }

    /// Each element rounded to the nearest integer, halves to even.
    pub fn round(self) -> Self {
        Bridge::new(Kind::Float, Dispatch::float_round(self.into_tensor()))
    }

    /// Each element rounded down.
    pub fn floor(self) -> Self {
        Bridge::new(Kind::Float, Dispatch::float_floor(self.into_tensor()))
    }

    /// Each element rounded up.
    pub fn ceil(self) -> Self {
        Bridge::new(Kind::Float, Dispatch::float_ceil(self.into_tensor()))
    }

    /// A tensor of `floats`, read as `f32`.
    pub fn from_floats<A: Into<TensorData>>(floats: A, device: &Device) -> Self {
        created(Kind::Float, floats.convert::<f32>(), device)
    }

    /// Element-wise `self ^ other`, broadcasting.
    pub fn powf(self, other: Self) -> Self {
        let (a, b) = self.into_operands(other);
        check::binary("powf", &a, &b);
        Bridge::new(Kind::Float, Dispatch::float_powf(a, b))
    }

    /// Element-wise `self ^ other`, a scalar.
    pub fn powf_scalar<E: ElementConversion>(self, other: E) -> Self {
        let a = self.into_tensor();
        let other = other.scalar(&a.dtype());
        Bridge::new(Kind::Float, Dispatch::float_powf_scalar(a, other))
    }

    /// Whether each element is NaN.
    pub fn is_nan(self) -> Tensor<D, Bool> {
        let tensor = self.into_tensor();
        let out = settings(&tensor).bool_dtype;
        Bridge::new(Kind::Bool, Dispatch::float_is_nan(tensor, out))
    }

    /// Whether each element is infinite.
    pub fn is_inf(self) -> Tensor<D, Bool> {
        let tensor = self.into_tensor();
        let out = settings(&tensor).bool_dtype;
        Bridge::new(Kind::Bool, Dispatch::float_is_inf(tensor, out))
    }

    /// Each element rounded toward zero.
    pub fn trunc(self) -> Self {
        Bridge::new(Kind::Float, Dispatch::float_trunc(self.into_tensor()))
    }

    /// Whether each element is neither NaN nor infinite.
    pub fn is_finite(self) -> Tensor<D, Bool> {
        let tensor = self.into_tensor();
        let out = settings(&tensor).bool_dtype;
        let bad = Dispatch::bool_or(
            Dispatch::float_is_nan(tensor.clone(), out),
            Dispatch::float_is_inf(tensor, out),
        );
        Bridge::new(Kind::Bool, Dispatch::bool_not(bad))
    }

    /// Whether any element is NaN, a one-element tensor.
    pub fn contains_nan(self) -> Tensor<1, Bool> {
        let tensor = self.into_tensor();
        let out = settings(&tensor).bool_dtype;
        Bridge::new(Kind::Bool, Dispatch::bool_any(Dispatch::float_is_nan(tensor, out)))
    }

    /// Element-wise `sqrt(self^2 + other^2)`, broadcasting.
    pub fn hypot(self, other: Self) -> Self {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::binary("hypot", &a, &b);
        Bridge::new(Kind::Float, Dispatch::float_hypot(a, b))
    }

    /// Degrees to radians.
    pub fn deg2rad(self) -> Self {
        let factor = burn_std::Scalar::Float(core::f64::consts::PI / 180.0);
        Bridge::new(Kind::Float, Dispatch::float_mul_scalar(self.into_tensor(), factor))
    }

    /// Radians to degrees.
    pub fn rad2deg(self) -> Self {
        let factor = burn_std::Scalar::Float(180.0 / core::f64::consts::PI);
        Bridge::new(Kind::Float, Dispatch::float_mul_scalar(self.into_tensor(), factor))
    }

    /// Whether each element is within `atol + rtol * |other|` of `other`'s (defaults
    /// `DEFAULT_RTOL`, `DEFAULT_ATOL`), or the same infinity.
    pub fn is_close(self, other: Self, rtol: Option<f64>, atol: Option<f64>) -> Tensor<D, Bool> {
        let rtol = rtol.unwrap_or(DEFAULT_RTOL);
        let atol = atol.unwrap_or(DEFAULT_ATOL);
        let distance = self.clone().sub(other.clone()).abs();
        let tolerance = other.clone().abs().mul_scalar(rtol).add_scalar(atol);
        let finite = self.clone().is_finite().bool_and(other.clone().is_finite());
        let close = distance.lower_equal(tolerance).bool_and(finite.clone());
        close.bool_or(finite.bool_not().bool_and(self.equal(other)))
    }

    /// Whether every element [`is_close`](Tensor::is_close).
    pub fn all_close(self, other: Self, rtol: Option<f64>, atol: Option<f64>) -> bool {
        let close = self.is_close(other, rtol, atol).into_tensor();
        let data = <Bool as Basic>::into_data(Dispatch::bool_all(close));
        data.iter::<bool>().next().unwrap_or(true)
    }

    /// The same values, cut from the autodiff graph.
    pub fn detach(self) -> Self {
        Bridge::new(Kind::Float, Dispatch::float_detach(self.into_tensor()))
    }

    /// The tensor, with its gradient tracked.
    pub fn require_grad(self) -> Self {
        self.set_require_grad(true)
    }

    /// Whether its gradient is tracked.
    pub fn is_require_grad(&self) -> bool {
        let tensor = self.tensor();
        match tensor.dtype() {
            DType::QFloat(_) => Dispatch::q_is_require_grad(tensor),
            _ => Dispatch::float_is_require_grad(tensor),
        }
    }

    /// The tensor, with its gradient tracked or not (a quantized one stays quantized).
    pub fn set_require_grad(self, require_grad: bool) -> Self {
        let tensor = self.into_stored();
        if let DType::QFloat(_) = tensor.dtype() {
            return Bridge::new(Kind::Float, Dispatch::q_set_require_grad(tensor, require_grad));
        }
        check::require_grad("set_require_grad", &tensor, require_grad);
        Bridge::new(Kind::Float, Dispatch::float_set_require_grad(tensor, require_grad))
    }

    /// Random elements from `distribution` in `self`'s shape, dtype and device.
    pub fn random_like(&self, distribution: Distribution) -> Self {
        let tensor = self.tensor();
        let (shape, device, dtype) = (tensor.shape(), tensor.device(), tensor.dtype());
        check::not_quantized("random_like", &dtype);
        Bridge::new(Kind::Float, Dispatch::float_random(shape, distribution, &device, dtype.into()))
    }

    /// The unbiased variance along `dim` (divided by its size less one), kept with
    /// size 1.
    pub fn var<I: AsIndex>(self, dim: I) -> Self {
        self.var_mean(dim).0
    }

    /// The biased variance along `dim` (divided by its size), kept with size 1.
    pub fn var_bias<I: AsIndex>(self, dim: I) -> Self {
        self.var_mean_bias(dim).0
    }

    /// The unbiased variance and the mean along `dim`, each kept with size 1.
    pub fn var_mean<I: AsIndex>(self, dim: I) -> (Self, Self) {
        let dim = check::dim("var_mean", dim, D);
        let size = self.tensor().shape()[dim];
        let n = check::unbiased("var_mean", dim, size);
        spread(self, dim, n)
    }

    /// The biased variance and the mean along `dim`, each kept with size 1.
    pub fn var_mean_bias<I: AsIndex>(self, dim: I) -> (Self, Self) {
        let dim = check::dim("var_mean_bias", dim, D);
        let n = self.tensor().shape()[dim];
        spread(self, dim, n)
    }

    /// The median along `dim` (of an even count, the lower of the middle two), kept
    /// with size 1.
    pub fn median<I: AsIndex>(self, dim: I) -> Self {
        self.median_with_indices(dim).0
    }

    /// The median along `dim` and where it was, each kept with size 1.
    pub fn median_with_indices<I: AsIndex>(self, dim: I) -> (Self, Tensor<D, Int>) {
        let dim = check::dim("median_with_indices", dim, D);
        let size = self.tensor().shape()[dim];
        check::median("median_with_indices", dim, size);
        let (sorted, indices) = self.sort_with_indices(dim);
        let middle = (size - 1) / 2;
        (sorted.narrow(dim, middle, 1), indices.narrow(dim, middle, 1))
    }

    /// The covariance of the variables along `dim`'s other axis: the observations of
    /// each variable are along `dim`, divided by their count less `correction_factor`.
    pub fn cov<I: AsIndex>(self, dim: I, correction_factor: usize) -> Tensor<D> {
        let dim = check::dim("cov", dim, D);
        let n = self.tensor().shape()[dim];
        let mean = self.clone().mean_dim(dim);
        let centered = self.sub(mean).swap_dims(dim, 0);
        centered.clone().transpose().matmul(centered).div_scalar(n as f32 - correction_factor as f32)
    }

    /// The cross product of vectors of 3 along `dim`, broadcasting elsewhere.
    pub fn cross<Dim: AsIndex>(self, other: Tensor<D>, dim: Dim) -> Tensor<D> {
        let dim = check::dim("cross", dim, D);
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::same_device("cross", &a, &b);
        let (x, y) = (a.shape(), b.shape());
        check::cross_dim("cross", &x, &y, dim);
        check::broadcast_outside("cross", &x, &y, dim, D);
        Bridge::new(Kind::Float, Dispatch::float_cross(a, b, dim))
    }

    /// `num_samples` category indices per row of the last dim, drawn with the row's
    /// weights as probabilities (the weights need not add up to 1).
    pub fn categorical(self, num_samples: usize) -> Tensor<D, Int> {
        check::samples("categorical", num_samples);
        let shape = self.tensor().shape();
        check::weights("categorical", &shape);
        let categories = shape[D - 1];
        let rows = (shape.num_elements() / categories.max(1)).max(1);
        let (device, dtype) = (self.tensor().device(), self.tensor().dtype());
        let weights = self.reshape_to::<2>(Shape::from(vec![rows, categories]));
        let cumulative = weights.clone().div(weights.sum_dim(1)).cumsum(1);
        let uniform = Dispatch::float_random(
            Shape::from(vec![rows, num_samples]),
            Distribution::Uniform(0.0, 1.0),
            &device,
            dtype.into(),
        );
        let uniform = Bridge::new(Kind::Float, uniform);
        let below = cumulative.unsqueeze_dim::<3>(2).lower(uniform.unsqueeze_dim::<3>(1));
        let picked = below.int().sum_dim(1).squeeze_dim::<2>(1).clamp(0, categories as i64 - 1);
        let mut out = shape.as_slice().to_vec();
        out[D - 1] = num_samples;
        Bridge::new(Kind::Int, <Int as Basic>::reshape(picked.into_tensor(), Shape::from(out)))
    }

    /// `self` (`[batch, channels, height, width]`) sampled at the points of `grid`
    /// (`[batch, height_out, width_out, 2]`, x then y, each in -1..1), as `options` say.
    pub fn grid_sample_2d(self, grid: Tensor<D>, options: impl Into<GridSampleOptions>) -> Tensor<D> {
        Bridge::new(Kind::Float, Dispatch::float_grid_sample_2d(self.into_tensor(), grid.into_tensor(), options))
    }

    /// The tensor quantized by `scheme` with the parameters `qparams` (a per-tensor
    /// `global` scale exactly when the scheme has one: one `f32` element). (Its
    /// parameters' type holds tensors in a struct no form carries: the wrapper passes
    /// them on to the outlined `quantize_parts`.)
    #[outline(skip)]
    pub fn quantize(self, scheme: &QuantScheme, qparams: QuantizationParameters) -> Tensor<D> {
        self.quantize_parts(scheme, qparams.scales, qparams.global)
    }

    /// `quantize` with its parameters apart.
    #[doc(hidden)]
    pub fn quantize_parts(self, scheme: &QuantScheme, scales: Tensor<1>, global: Option<Tensor<1>>) -> Tensor<D> {
        check::global_scale("quantize", scheme, global_scale_dtype(scheme).is_some(), global.is_some());
        let global = global.map(Bridge::into_tensor);
        if let Some(global) = &global {
            check::global_scale_shape("quantize", global);
        }
        let qparams = QuantizationParametersPrimitive { scales: scales.into_tensor(), global };
        Bridge::new(Kind::Float, Dispatch::quantize(self.into_tensor(), scheme, qparams))
    }

    /// The tensor quantized by `scheme`, its parameters computed from its range.
    pub fn quantize_dynamic(self, scheme: &QuantScheme) -> Tensor<D> {
        Bridge::new(Kind::Float, Dispatch::quantize_dynamic(self.into_tensor(), scheme))
    }

    /// The tensor in the device's float dtype (a tensor not quantized as it is).
    pub fn dequantize(self) -> Tensor<D> {
        Bridge::new(Kind::Float, self.into_tensor())
    }

    /// Whether the tensor is marked as a distributed parameter.
    pub fn is_distributed(&self) -> bool {
        Dispatch::is_distributed(self.tensor())
    }

    /// The tensor marked as the distributed parameter `param_id` (nothing changes off
    /// a backend with collectives).
    pub fn set_distributed(self, param_id: DistributedParamId) -> Self {
        Bridge::new(Kind::Float, Dispatch::set_distributed_params(self.into_tensor(), param_id))
    }

    /// Element-wise remainder of `self / other` with `self`'s sign (C's `fmod`),
    /// broadcasting.
    pub fn fmod(self, other: Self) -> Self {
        let truncated = self.clone().div(other.clone()).trunc();
        let product = other.clone().mul(truncated.clone());
        // `x fmod inf` is `x`: its product `0 * inf` would be NaN.
        let zero_times_inf = truncated.equal_elem(0.0).bool_and(other.is_inf());
        let corrected = product.mask_where(zero_times_inf, self.clone().mul_scalar(0.0));
        self.sub(corrected)
    }

    /// Element-wise remainder of `self / scalar` with `self`'s sign (C's `fmod`).
    pub fn fmod_scalar(self, scalar: f32) -> Self {
        if scalar.is_infinite() {
            let infinite = self.clone().is_inf();
            return self.mask_fill(infinite, f32::NAN);
        }
        let product = self.clone().div_scalar(scalar).trunc().mul_scalar(scalar);
        self.sub(product)
    }
}

/// The variance of `tensor` along `dim` (the squared distances from the mean summed
/// and divided by `n`) and the mean, each kept with size 1.
fn spread(tensor: Bridge, dim: usize, n: usize) -> (Bridge, Bridge) {
    let mean = tensor.clone().mean_dim(dim);
    let variance = tensor.sub(mean.clone()).square().sum_dim(dim).div_scalar(n as f32);
    (variance, mean)
}

