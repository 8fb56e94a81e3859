//! burn-standin: the seed's user code over a stand-in tensor that holds Burn's
//! `DispatchTensor` directly and calls the dispatch ops from its generic methods, as
//! a library without a boundary would: every instantiation in a caller names
//! `Dispatch` and, through it, Burn's whole backend tree.

use burn_backend::ops::FloatTensorOps;
use burn_backend::{TensorData, try_read_sync};
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

/// A rank-`D` tensor of shape [2; D] on `device`, holding `inputs(seed, 2^D)`.
pub fn make<const D: usize>(device: &Device, seed: u64) -> T<D> {
    let data = TensorData::new(inputs(seed, 1 << D), [2usize; D]);
    Tensor {
        tensor: Dispatch::float_from_data(data, device.as_dispatch()),
    }
}

/// The elements of `t`, in row-major order.
pub fn values<const D: usize>(t: T<D>) -> Vec<f32> {
    let data = try_read_sync(Dispatch::float_into_data(t.tensor))
        .expect("a synchronous read on this platform")
        .expect("the tensor's data");
    data.try_to_vec::<f32>().expect("a float tensor")
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
                // A matrix product needs two dims: at rank 1 the chain goes on without it.
                if D >= 2 {
                    c = c.matmul(b.clone().transpose());
                }
                c = c.sum_dim(0);
                c = c.mean_dim(0);
                c = c.swap_dims(0, D - 1);
                c + a
            }
        )*

        /// Every step at ranks 1 to 4 on seeded inputs ([`inputs`]), the outputs
        /// one after another.
        pub fn run(device: &Device, seed: u64) -> Vec<f32> {
            let mut out = Vec::new();
            let mut next = seed;
            let mut pair = || {
                next += 2;
                (next, next + 1)
            };
            $(
                let (a, b) = pair();
                out.extend(values($name::<1>(make::<1>(device, a), make::<1>(device, b))));
                let (a, b) = pair();
                out.extend(values($name::<2>(make::<2>(device, a), make::<2>(device, b))));
                let (a, b) = pair();
                out.extend(values($name::<3>(make::<3>(device, a), make::<3>(device, b))));
                let (a, b) = pair();
                out.extend(values($name::<4>(make::<4>(device, a), make::<4>(device, b))));
            )*
            out
        }
    };
}

/// `len` inputs drawn from `seed` (SplitMix64), in [0.5, 1.5): positive, so that
/// the chain's `/` and `log` stay finite.
pub fn inputs(seed: u64, len: usize) -> Vec<f32> {
    let mut state = seed;
    (0..len)
        .map(|_| {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^= z >> 31;
            0.5 + (z >> 40) as f32 / (1u64 << 24) as f32
        })
        .collect()
}

steps!(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15);
// ---- END SHARED USER CODE ----
