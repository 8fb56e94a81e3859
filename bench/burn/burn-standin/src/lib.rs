//! burn-standin: the seed's user code over a stand-in tensor that holds Burn's
//! `DispatchTensor` directly and calls the dispatch ops from its generic methods, as
//! a library without a boundary would: every instantiation in a caller names
//! `Dispatch` and, through it, Burn's whole backend tree.

use burn_backend::ops::FloatTensorOps;
use burn_backend::{FloatDType, Shape};
use burn_dispatch::{Dispatch, DispatchTensor};

pub use burn::tensor::Device;

/// A rank-`D` float tensor holding the dispatch tensor as a plain field.
#[derive(Clone, Debug)]
pub struct Tensor<const D: usize> {
    tensor: DispatchTensor,
}

/// The stand-in's methods: one dispatch op each, applied to the field.
macro_rules! unary_methods {
    ($($method:ident($($arg:ident: $ty:ty),*) => $op:ident;)*) => {
        impl<const D: usize> Tensor<D> {
            $(
                /// The dispatch op of the same name.
                pub fn $method(self $(, $arg: $ty)*) -> Self {
                    Self { tensor: Dispatch::$op(self.tensor $(, $arg)*) }
                }
            )*
        }
    };
}

unary_methods! {
    exp() => float_exp;
    log() => float_log;
    transpose() => float_transpose;
    sum_dim(dim: usize) => float_sum_dim;
    mean_dim(dim: usize) => float_mean_dim;
    swap_dims(dim1: usize, dim2: usize) => float_swap_dims;
}

impl<const D: usize> Tensor<D> {
    /// The matrix product over the last two dims.
    pub fn matmul(self, rhs: Self) -> Self {
        Self {
            tensor: Dispatch::float_matmul(self.tensor, rhs.tensor),
        }
    }
}

/// `+ - * /`: the dispatch op, applied to both fields.
macro_rules! operators {
    ($($trait:ident $method:ident => $op:ident;)*) => {$(
        impl<const D: usize> core::ops::$trait for Tensor<D> {
            type Output = Self;
            fn $method(self, rhs: Self) -> Self {
                Self { tensor: Dispatch::$op(self.tensor, rhs.tensor) }
            }
        }
    )*};
}

operators! {
    Add add => float_add;
    Sub sub => float_sub;
    Mul mul => float_mul;
    Div div => float_div;
}

impl<const D: usize> core::ops::Neg for Tensor<D> {
    type Output = Self;
    fn neg(self) -> Self {
        Self {
            tensor: Dispatch::float_neg(self.tensor),
        }
    }
}

/// Tensor type used by the shared user code.
pub type T<const D: usize> = Tensor<D>;

/// Build a rank-`D` tensor of shape [2; D] on `device`.
pub fn make<const D: usize>(device: &Device) -> T<D> {
    Tensor {
        tensor: Dispatch::float_zeros(Shape::new([2usize; D]), device.as_dispatch(), FloatDType::F32),
    }
}

// ---- BEGIN SHARED USER CODE (identical in the four crates) ----
macro_rules! steps {
    ($($name:ident),* $(,)?) => {
        $(
            pub fn $name<const D: usize>(a: T<D>, b: T<D>) -> T<D> {
                let mut c = a.clone() + b.clone();
                c = c * b.clone();
                c = c - a.clone();
                c = c.exp();
                c = c.log();
                c = -c;
                c = c / b.clone();
                c = c.matmul(b.clone().transpose());
                c = c.sum_dim(0);
                c = c.mean_dim(0);
                c = c.swap_dims(0, D - 1);
                c + a
            }
        )*

        pub fn run(device: &Device) {
            $(
                let _ = $name::<1>(make::<1>(device), make::<1>(device));
                let _ = $name::<2>(make::<2>(device), make::<2>(device));
                let _ = $name::<3>(make::<3>(device), make::<3>(device));
                let _ = $name::<4>(make::<4>(device), make::<4>(device));
            )*
        }
    };
}

steps!(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15);
// ---- END SHARED USER CODE ----
