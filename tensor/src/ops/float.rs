//! Methods of `Float` tensors only: creation from floats and random numbers, the
//! float elementwise functions, activations, and the float reductions.

use crate::bridge::BridgeTensor;
use crate::bridge::Engine;
use crate::check;
use crate::error::OrPanic;
use crate::kind::{Float, Int};
use crate::random::Distribution;
use crate::{Device, Tensor};
use seam_backend::{Backend, BinaryOp, DType, Scalar, Shape, TensorData, UnaryOp};
use seam_macros::outline;

#[outline]
impl<const D: usize> Tensor<D, Float> {
    /// A tensor holding `data` (nested arrays, a `Vec` or [`TensorData`] of any
    /// dtype), converted to `f32`.
    ///
    /// # Panics
    ///
    /// If the data's rank is not `D`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.0]], &Device::default());
    /// assert_eq!(t.dims(), [2, 2]);
    /// ```
    #[track_caller]
    pub fn from_floats(data: impl Into<TensorData>, device: &Device) -> Self {
        check::rank("from_floats", data.shape(), D).or_panic();
        let data = data.convert(DType::F32);
        BridgeTensor::from_engine(Engine::from_data(data, device.as_dispatch()))
    }

    /// A tensor of `shape` whose elements are drawn from `distribution` by a
    /// generator seeded with `seed`: the same seed gives the same tensor, on every
    /// device.
    ///
    /// # Panics
    ///
    /// If `shape` does not have `D` dims, or has more elements than a `usize`
    /// counts; if they cannot be allocated (on the CPU a panic naming the bytes,
    /// never an abort; on CubeCL, past the largest buffer the device allocates).
    ///
    /// ```
    /// use seam_tensor::{Device, Distribution, Tensor};
    /// let d = Device::default();
    /// let a = Tensor::<2>::random([2, 3], Distribution::STANDARD_NORMAL, 42, &d);
    /// let b = Tensor::<2>::random([2, 3], Distribution::STANDARD_NORMAL, 42, &d);
    /// assert_eq!(a.into_data(), b.into_data());
    /// let u = Tensor::<1>::random([100], Distribution::Uniform { low: 0.0, high: 1.0 }, 1, &d);
    /// assert!(u.into_data().to_vec::<f32>().unwrap().iter().all(|&x| (0.0..1.0).contains(&x)));
    /// ```
    #[track_caller]
    pub fn random(shape: impl Into<Shape>, distribution: Distribution, seed: u64, device: &Device) -> Self {
        check::new_shape("random", &shape, D).or_panic();
        let values = distribution.sample(shape.num_elements(), seed);
        let data = TensorData::new(values.into_iter().map(|v| v as f32).collect::<Vec<_>>(), shape);
        BridgeTensor::from_engine(Engine::from_data(data, device.as_dispatch()))
    }

    /// `e^x` for each element.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::zeros([2], &Device::default()).exp();
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![1.0, 1.0]);
    /// ```
    pub fn exp(self) -> Self {
        BridgeTensor::from_engine(Engine::unary(UnaryOp::Exp, self.into_engine()))
    }

    /// The natural logarithm of each element (`NaN` below 0, `-inf` at 0).
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::ones([2], &Device::default()).log();
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![0.0, 0.0]);
    /// ```
    pub fn log(self) -> Self {
        BridgeTensor::from_engine(Engine::unary(UnaryOp::Log, self.into_engine()))
    }

    /// `ln(1 + x)` for each element, accurate for `x` near 0.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([0.0, 1e-8], &Device::default()).log1p();
    /// let v = t.into_data().to_vec::<f32>().unwrap();
    /// assert_eq!(v[0], 0.0);
    /// assert!((v[1] - 1e-8).abs() < 1e-14);
    /// ```
    pub fn log1p(self) -> Self {
        BridgeTensor::from_engine(Engine::unary(UnaryOp::Log1p, self.into_engine()))
    }

    /// The square root of each element (`NaN` below 0).
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([4.0, 2.25], &Device::default()).sqrt();
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![2.0, 1.5]);
    /// ```
    pub fn sqrt(self) -> Self {
        BridgeTensor::from_engine(Engine::unary(UnaryOp::Sqrt, self.into_engine()))
    }

    /// The sine of each element, in radians.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([0.0, std::f32::consts::FRAC_PI_2], &Device::default()).sin();
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![0.0, 1.0]);
    /// ```
    pub fn sin(self) -> Self {
        BridgeTensor::from_engine(Engine::unary(UnaryOp::Sin, self.into_engine()))
    }

    /// The cosine of each element, in radians.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([0.0], &Device::default()).cos();
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![1.0]);
    /// ```
    pub fn cos(self) -> Self {
        BridgeTensor::from_engine(Engine::unary(UnaryOp::Cos, self.into_engine()))
    }

    /// The hyperbolic tangent of each element.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([0.0, 100.0], &Device::default()).tanh();
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![0.0, 1.0]);
    /// ```
    pub fn tanh(self) -> Self {
        BridgeTensor::from_engine(Engine::unary(UnaryOp::Tanh, self.into_engine()))
    }

    /// The error function of each element.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([0.0, 1.0], &Device::default()).erf();
    /// let v = t.into_data().to_vec::<f32>().unwrap();
    /// assert_eq!(v[0], 0.0);
    /// assert!((v[1] - 0.842_700_8).abs() < 1e-6);
    /// ```
    pub fn erf(self) -> Self {
        BridgeTensor::from_engine(Engine::unary(UnaryOp::Erf, self.into_engine()))
    }

    /// `1 / x` for each element.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([2.0, -0.5], &Device::default()).recip();
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![0.5, -2.0]);
    /// ```
    pub fn recip(self) -> Self {
        BridgeTensor::from_engine(Engine::unary(UnaryOp::Recip, self.into_engine()))
    }

    /// Each element raised to the power of the matching element of `rhs`,
    /// broadcasting dims of size 1. A negative base with an integral exponent gives
    /// the signed result; with another exponent, `NaN`.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast or the dtypes differ.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let d = Device::default();
    /// let t = Tensor::<1>::from_floats([4.0, -2.0], &d).powf(Tensor::from_floats([0.5, 3.0], &d));
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![2.0, -8.0]);
    /// ```
    #[track_caller]
    pub fn powf(self, rhs: Self) -> Self {
        self.binary(BinaryOp::Pow, rhs)
    }

    /// Each element raised to the power `exponent`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([4.0, 9.0], &Device::default()).powf_scalar(0.5);
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![2.0, 3.0]);
    /// ```
    pub fn powf_scalar(self, exponent: impl Into<Scalar>) -> Self {
        let exponent = Scalar::Float(exponent.to_f64());
        BridgeTensor::from_engine(Engine::binary_scalar(BinaryOp::Pow, self.into_engine(), exponent))
    }

    /// Each element raised to the integer power of the matching element of `rhs`,
    /// broadcasting dims of size 1.
    ///
    /// # Panics
    ///
    /// If the shapes do not broadcast.
    ///
    /// ```
    /// use seam_tensor::{Device, Int, Tensor};
    /// let d = Device::default();
    /// let t = Tensor::<1>::from_floats([-2.0, 3.0], &d).powi(Tensor::<1, Int>::from_ints([3, 2], &d));
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![-8.0, 9.0]);
    /// ```
    #[track_caller]
    pub fn powi(self, rhs: Tensor<D, Int>) -> Self {
        let exponent = BridgeTensor::from_engine(Engine::cast(rhs.into_engine(), self.dtype()));
        self.binary(BinaryOp::Pow, exponent)
    }

    /// Each element raised to the integer power `exponent`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([-2.0, 3.0], &Device::default()).powi_scalar(2);
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![4.0, 9.0]);
    /// ```
    pub fn powi_scalar(self, exponent: i32) -> Self {
        let exponent = Scalar::Float(f64::from(exponent));
        BridgeTensor::from_engine(Engine::binary_scalar(BinaryOp::Pow, self.into_engine(), exponent))
    }

    /// The logistic sigmoid `1 / (1 + e^-x)` of each element.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([0.0, -1000.0, 1000.0], &Device::default()).sigmoid();
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![0.5, 0.0, 1.0]);
    /// ```
    pub fn sigmoid(self) -> Self {
        // e^-x overflows to inf for very negative x, and 1 / inf is the right 0.
        self.neg().exp().add_scalar(1.0).recip()
    }

    /// The rectified linear unit `max(x, 0)` of each element; `relu(NaN)` is `NaN`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([-1.0, 2.0], &Device::default()).relu();
    /// assert_eq!(t.into_data().to_vec::<f32>().unwrap(), vec![0.0, 2.0]);
    /// ```
    pub fn relu(self) -> Self {
        self.clamp_min(0.0)
    }

    /// The Gaussian error linear unit `x * Φ(x)` of each element, where `Φ` is the
    /// standard normal distribution function (the exact form, not the tanh
    /// approximation). Computed through `erfc`, so it keeps its relative precision
    /// for negative `x` (within 1e-6 of the exact value over the whole `f32` range);
    /// `gelu(-inf)` is 0 and `gelu(inf)` is `inf`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([0.0, 1.0, -5.0, f32::NEG_INFINITY], &Device::default());
    /// let v = t.gelu().into_data().to_vec::<f32>().unwrap();
    /// assert_eq!(v[0], 0.0);
    /// assert!((v[1] - 0.841_344_7).abs() < 1e-6);
    /// // -5 * Φ(-5), with Φ(-5) = 2.866515718791939e-7 from the normal tables.
    /// assert!((v[2] / (-5.0 * 2.866_515_7e-7) - 1.0).abs() < 1e-6);
    /// assert_eq!(v[3], 0.0);
    /// ```
    pub fn gelu(self) -> Self {
        BridgeTensor::from_engine(Engine::unary(UnaryOp::Gelu, self.into_engine()))
    }

    /// The sample variance along `dim` (divided by `n - 1`), which is kept with
    /// size 1; `NaN` for a lane of fewer than two elements, as numpy's
    /// `var(ddof=1)`.
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::from_floats([[1.0, 2.0, 3.0, 4.0]], &Device::default());
    /// let v = t.var(1).into_data().to_vec::<f32>().unwrap();
    /// assert!((v[0] - 5.0 / 3.0).abs() < 1e-6);
    /// ```
    #[track_caller]
    pub fn var(self, dim: usize) -> Self {
        check::dim("var", &self.shape(), dim).or_panic();
        let n = self.shape().dims()[dim];
        let centered = self.clone().sub(self.mean_dim(dim));
        centered
            .clone()
            .mul(centered)
            .sum_dim(dim)
            // numpy's `var(ddof=1)`: NaN for an empty lane (0 / NaN), as for one
            // element (0 / 0).
            .div_scalar(if n == 0 { f64::NAN } else { n as f64 - 1.0 })
    }

    /// `e^x / sum(e^x)` along `dim`, computed as `e^(x - max)` so that large inputs
    /// do not overflow. An empty `dim` gives an empty result; a lane holding a `NaN`
    /// is all `NaN`.
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<2>::from_floats([[1000.0, 1000.0], [0.0, f32::MAX.ln()]], &Device::default());
    /// let p = t.softmax(1).into_data().to_vec::<f32>().unwrap();
    /// assert_eq!(&p[..2], &[0.5, 0.5]);
    /// assert!((p[2] + p[3] - 1.0).abs() < 1e-6);
    /// ```
    #[track_caller]
    pub fn softmax(self, dim: usize) -> Self {
        check::dim("softmax", &self.shape(), dim).or_panic();
        if self.shape().dims()[dim] == 0 {
            // An empty lane has nothing to normalise: the result is as empty (numpy,
            // torch), where `max_dim` would refuse it.
            return self;
        }
        BridgeTensor::from_engine(Engine::softmax(self.into_engine(), dim))
    }

    /// `log(softmax(x))` along `dim`, computed as `x - max - log(sum(e^(x - max)))`,
    /// finite where `softmax` underflows to 0. An empty `dim` gives an empty result.
    ///
    /// # Panics
    ///
    /// If `dim` is not below `D`.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let t = Tensor::<1>::from_floats([0.0, 200.0], &Device::default());
    /// assert_eq!(t.log_softmax(0).into_data().to_vec::<f32>().unwrap(), vec![-200.0, 0.0]);
    /// ```
    #[track_caller]
    pub fn log_softmax(self, dim: usize) -> Self {
        check::dim("log_softmax", &self.shape(), dim).or_panic();
        if self.shape().dims()[dim] == 0 {
            return self;
        }
        BridgeTensor::from_engine(Engine::log_softmax(self.into_engine(), dim))
    }
}
