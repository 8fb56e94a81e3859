//! The kinds with arithmetic (burn-tensor's `api/numeric.rs`): element-wise
//! operators with tensors and scalars, reductions, the matrix product.

use crate::base::{created, creation_dtype};
use crate::bool::tri_mask;
use crate::check;
use crate::kind::{Basic, Numeric};
use crate::tensor::{Bridge, Elem, Tensor, along_dims};
use burn_backend::TensorMetadata;
use burn_std::{AsIndex, Distribution, ElementConversion, Scalar, Shape};
use burn_std::PadMode;
use crate::device::Device;
use crate::options::TensorCreationOptions;
use crate::pad::IntoPadding;
use burn_std::TensorData;
use seam_macros::outline;

#[outline]
impl<const D: usize, K: Numeric> Tensor<D, K> {
    /// `self + other`, broadcasting.
    #[allow(clippy::should_implement_trait)] // `Add` is implemented too, by this method
    pub fn add(self, other: Self) -> Self {
        let (a, b) = self.into_operands(other);
        check::binary("add", &a, &b);
        Bridge::new(K::KIND, K::add(a, b))
    }

    /// `self + other`, a scalar in `self`'s dtype.
    pub fn add_scalar<E: ElementConversion>(self, other: E) -> Self {
        let a = self.into_tensor();
        let other = other.scalar(&a.dtype());
        Bridge::new(K::KIND, K::add_scalar(a, other))
    }

    /// `self - other`, broadcasting.
    #[allow(clippy::should_implement_trait)] // `Sub` is implemented too, by this method
    pub fn sub(self, other: Self) -> Self {
        let (a, b) = self.into_operands(other);
        check::binary("sub", &a, &b);
        Bridge::new(K::KIND, K::sub(a, b))
    }

    /// `self - other`, a scalar in `self`'s dtype.
    pub fn sub_scalar<E: ElementConversion>(self, other: E) -> Self {
        let a = self.into_tensor();
        let other = other.scalar(&a.dtype());
        Bridge::new(K::KIND, K::sub_scalar(a, other))
    }

    /// `self * other`, broadcasting.
    #[allow(clippy::should_implement_trait)] // `Mul` is implemented too, by this method
    pub fn mul(self, other: Self) -> Self {
        let (a, b) = self.into_operands(other);
        check::binary("mul", &a, &b);
        Bridge::new(K::KIND, K::mul(a, b))
    }

    /// `self * other`, a scalar in `self`'s dtype.
    pub fn mul_scalar<E: ElementConversion>(self, other: E) -> Self {
        let a = self.into_tensor();
        let other = other.scalar(&a.dtype());
        Bridge::new(K::KIND, K::mul_scalar(a, other))
    }

    /// `self / other`, broadcasting.
    #[allow(clippy::should_implement_trait)] // `Div` is implemented too, by this method
    pub fn div(self, other: Self) -> Self {
        let (a, b) = self.into_operands(other);
        check::binary("div", &a, &b);
        Bridge::new(K::KIND, K::div(a, b))
    }

    /// `self / other`, a scalar in `self`'s dtype.
    pub fn div_scalar<E: ElementConversion>(self, other: E) -> Self {
        let a = self.into_tensor();
        let other = other.scalar(&a.dtype());
        Bridge::new(K::KIND, K::div_scalar(a, other))
    }

    /// `-self`.
    #[allow(clippy::should_implement_trait)] // `Neg` is implemented too, by this method
    pub fn neg(self) -> Self {
        Bridge::new(K::KIND, K::neg(self.into_tensor()))
    }

    /// `|self|`.
    pub fn abs(self) -> Self {
        Bridge::new(K::KIND, K::abs(self.into_tensor()))
    }

    /// The sum of all elements, as a one-element tensor.
    pub fn sum(self) -> Tensor<1, K> {
        Bridge::new(K::KIND, K::sum(self.into_tensor()))
    }

    /// Element-wise `x * x` (burn-tensor has it on `Float` and on `Int`).
    pub fn square(self) -> Self {
        Bridge::new(K::KIND, K::square(self.into_tensor()))
    }

    /// The sum along `dim`, kept with size 1; a negative dim counts from the end.
    pub fn sum_dim<I: AsIndex>(self, dim: I) -> Self {
        let dim = check::dim("sum_dim", dim, D);
        Bridge::new(K::KIND, K::sum_dim(self.into_tensor(), dim))
    }

    /// The mean of all elements, as a one-element tensor.
    pub fn mean(self) -> Tensor<1, K> {
        Bridge::new(K::KIND, K::mean(self.into_tensor()))
    }

    /// The mean along `dim`, kept with size 1; a negative dim counts from the end.
    pub fn mean_dim<I: AsIndex>(self, dim: I) -> Self {
        let dim = check::dim("mean_dim", dim, D);
        Bridge::new(K::KIND, K::mean_dim(self.into_tensor(), dim))
    }

    /// The product of all elements, as a one-element tensor.
    pub fn prod(self) -> Tensor<1, K> {
        Bridge::new(K::KIND, K::prod(self.into_tensor()))
    }

    /// The product along `dim`, kept with size 1; a negative dim counts from the end.
    pub fn prod_dim<I: AsIndex>(self, dim: I) -> Self {
        let dim = check::dim("prod_dim", dim, D);
        Bridge::new(K::KIND, K::prod_dim(self.into_tensor(), dim))
    }

    /// The matrix product over the last two dims, the batch dims broadcasting.
    pub fn matmul(self, other: Self) -> Self {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::matmul(&a, &b);
        Bridge::new(K::KIND, K::matmul(a, b))
    }

    /// The sign of each element: -1, 0 or 1.
    pub fn sign(self) -> Self {
        Bridge::new(K::KIND, K::sign(self.into_tensor()))
    }

    /// Element-wise floor remainder of `self / other`, broadcasting.
    pub fn remainder(self, other: Self) -> Self {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::binary("remainder", &a, &b);
        Bridge::new(K::KIND, K::remainder(a, b))
    }

    /// Element-wise floor remainder of `self / other`, a scalar.
    pub fn remainder_scalar<E: ElementConversion>(self, other: E) -> Self {
        let a = self.into_tensor();
        let other = other.scalar(&a.dtype());
        Bridge::new(K::KIND, K::remainder_scalar(a, other))
    }

    /// Element-wise `self ^ other`, broadcasting.
    pub fn powi(self, other: Self) -> Self {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::binary("powi", &a, &b);
        Bridge::new(K::KIND, K::powi(a, b))
    }

    /// Element-wise `self ^ other`, a scalar.
    pub fn powi_scalar<E: ElementConversion>(self, other: E) -> Self {
        let a = self.into_tensor();
        let other = other.scalar(&a.dtype());
        Bridge::new(K::KIND, K::powi_scalar(a, other))
    }

    /// Cumulative sums along `dim`.
    pub fn cumsum<I: AsIndex>(self, dim: I) -> Self {
        let dim = check::dim("cumsum", dim, D);
        Bridge::new(K::KIND, K::cumsum(self.into_tensor(), dim))
    }

    /// Cumulative products along `dim`.
    pub fn cumprod<I: AsIndex>(self, dim: I) -> Self {
        let dim = check::dim("cumprod", dim, D);
        Bridge::new(K::KIND, K::cumprod(self.into_tensor(), dim))
    }

    /// Whether each element is non-zero.
    pub fn bool(self) -> Tensor<D, crate::Bool> {
        let tensor = self.into_tensor();
        let zero = Elem::read(burn_std::Scalar::Int(0)).scalar(&tensor.dtype());
        let out = crate::tensor::settings(&tensor).bool_dtype;
        Bridge::new(crate::Kind::Bool, K::not_equal_elem(tensor, zero, out))
    }

    /// The sums along each of `dims`, kept with size 1.
    pub fn sum_dims<I: AsIndex>(self, dims: &[I]) -> Self {
        let tensor = along_dims("sum_dims", self.into_tensor(), dims, D, |t, d| K::sum_dim(t, d));
        Bridge::new(K::KIND, tensor)
    }

    /// The means along each of `dims`, kept with size 1.
    pub fn mean_dims<I: AsIndex>(self, dims: &[I]) -> Self {
        let tensor = along_dims("mean_dims", self.into_tensor(), dims, D, |t, d| K::mean_dim(t, d));
        Bridge::new(K::KIND, tensor)
    }

    /// The products along each of `dims`, kept with size 1.
    pub fn prod_dims<I: AsIndex>(self, dims: &[I]) -> Self {
        let tensor = along_dims("prod_dims", self.into_tensor(), dims, D, |t, d| K::prod_dim(t, d));
        Bridge::new(K::KIND, tensor)
    }

    /// The sums along each of `dims`, those dims removed (`D2` dims left; with no
    /// dims, every dim of size 1 is removed).
    pub fn sum_dims_squeeze<const D2: usize, I: AsIndex>(self, dims: &[I]) -> Tensor<D2, K> {
        let tensor = along_dims("sum_dims_squeeze", self.into_tensor(), dims, D, |t, d| K::sum_dim(t, d));
        let shape = tensor.shape();
        let gone: Vec<usize> = match dims.is_empty() {
            true => (0..D).filter(|&d| shape[d] == 1).collect(),
            false => dims.iter().map(|&d| check::dim("sum_dims_squeeze", d, D)).collect(),
        };
        let kept: Vec<usize> = (0..D).filter(|d| !gone.contains(d)).map(|d| shape[d]).collect();
        check::some_dim_left("sum_dims_squeeze", &shape, kept.len());
        check::rank_without("sum_dims_squeeze", shape.as_slice(), &gone, kept.len(), D2);
        Bridge::new(K::KIND, K::reshape(tensor, Shape::from(kept)))
    }

    /// The elements on and above diagonal `diagonal` of the last two dims (0: the main
    /// one; positive: above it), zeros elsewhere.
    pub fn triu(self, diagonal: i64) -> Self {
        let tensor = self.into_tensor();
        let mask = tri_mask("triu", &last_two(&tensor.shape(), D, "triu"), D, &Device::new(tensor.device()), |row, col| {
            col < row + diagonal
        });
        let zero = Elem::read(Scalar::Int(0)).scalar(&tensor.dtype());
        Bridge::new(K::KIND, K::mask_fill(tensor, mask.into_tensor(), zero))
    }

    /// The elements on and below diagonal `diagonal` of the last two dims (0: the main
    /// one; positive: above it), zeros elsewhere.
    pub fn tril(self, diagonal: i64) -> Self {
        let tensor = self.into_tensor();
        let mask = tri_mask("tril", &last_two(&tensor.shape(), D, "tril"), D, &Device::new(tensor.device()), |row, col| {
            col > row + diagonal
        });
        let zero = Elem::read(Scalar::Int(0)).scalar(&tensor.dtype());
        Bridge::new(K::KIND, K::mask_fill(tensor, mask.into_tensor(), zero))
    }

    /// The tensor with `padding` added around it (a pair (before, after) for each of the
    /// last dims, or `(left, right, top, bottom)` for the last two), filled as `mode`
    /// says.
    pub fn pad(self, padding: impl IntoPadding<D>, mode: impl Into<PadMode>) -> Self {
        let pairs = padding.into_padding();
        Bridge::new(K::KIND, K::pad(self.into_tensor(), &pairs, mode))
    }

    /// A tensor of `shape` drawn from `distribution`.
    pub fn random<S: Into<Shape>>(shape: S, distribution: Distribution, options: impl Into<TensorCreationOptions>) -> Self {
        check::creation("random", &shape, D);
        let dtype = creation_dtype(K::KIND, &options);
        Bridge::new(K::KIND, K::random(shape, distribution, options.device.as_dispatch(), dtype))
    }
}

/// `shape`'s last two dims, with 1 before them (rank `rank`, at least 2, for `op`).
fn last_two(shape: &Shape, rank: usize, op: &str) -> Shape {
    check::matrix_rank(op, rank, "tensor");
    let mut dims = vec![1; rank];
    dims[rank - 2..].copy_from_slice(&shape.as_slice()[rank - 2..]);
    Shape::from(dims)
}

#[outline]
impl<K: Numeric> Tensor<2, K> {
    /// The `size` x `size` identity matrix.
    pub fn eye(size: usize, device: &Device) -> Self {
        let values: Vec<f32> = (0..size * size).map(|i| if i % (size + 1) == 0 { 1.0 } else { 0.0 }).collect();
        created(K::KIND, TensorData::new(values, [size, size]), device)
    }

}

#[outline]
impl<K: Numeric> Tensor<1, K> {
    /// The dot product of two vectors, a one-element tensor.
    pub fn dot(self, other: Self) -> Self {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::dot("dot", &a.shape(), &b.shape());
        Bridge::new(K::KIND, K::sum(K::mul(a, b)))
    }
}
