//! The floor: the most any boundary can keep out of a caller.
//!
//! `Tensor<D>` has the method names the seed's user code calls, and holds a
//! [`Handle`]: a `Box<dyn Any>` whose drop runs through its vtable. No signature,
//! field or drop glue a caller instantiates names Burn's tree; every method is one
//! call of a non-generic function of this crate, compiled here once. A boundary that
//! generates more than that call (conversions, rank checks, kind dispatch) costs its
//! callers the difference, which `compile_times.py` measures against this crate.

pub use burn_backend::TensorData;
use burn_backend::ops::FloatTensorOps;

use burn_backend::try_read_sync;
use burn_dispatch::{Dispatch, DispatchDevice, DispatchTensor};
use std::any::Any;

/// The device: Burn's, behind a private field.
pub struct Device(DispatchDevice);

impl Device {
    /// Burn's CPU backend, flex.
    pub fn flex() -> Self {
        Device(DispatchDevice::Flex(burn_dispatch::devices::FlexDevice))
    }
}

/// A type-erased `DispatchTensor`.
pub struct Handle(Box<dyn Any + Send + Sync>);

/// A rank-`D` float tensor.
pub struct Tensor<const D: usize> {
    handle: Handle,
}

impl<const D: usize> Tensor<D> {
    /// The tensor of `data`'s values and shape, on `device`.
    pub fn from_data(data: TensorData, device: &Device) -> Self {
        Self::of(ops::from_data(data, device))
    }

    /// The tensor's values and shape.
    pub fn into_data(self) -> TensorData {
        ops::into_data(self.handle)
    }

    /// The matrix product over the last two dims.
    pub fn matmul(self, rhs: Self) -> Self {
        Self::of(ops::matmul(self.handle, rhs.handle))
    }

    fn of(handle: Handle) -> Self {
        Tensor { handle }
    }
}

impl<const D: usize> Clone for Tensor<D> {
    fn clone(&self) -> Self {
        Self::of(ops::clone(&self.handle))
    }
}

/// Methods of one handle argument and plain ones: one call of the op each.
macro_rules! unary_methods {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {
        impl<const D: usize> Tensor<D> {
            $(
                #[doc = concat!("Burn's `", stringify!($method), "`.")]
                pub fn $method(self $(, $arg: $ty)*) -> Self {
                    Self::of(ops::$method(self.handle $(, $arg)*))
                }
            )*
        }
    };
}

unary_methods! {
    exp();
    log();
    transpose();
    sum_dim(dim: usize);
    mean_dim(dim: usize);
    swap_dims(dim1: usize, dim2: usize);
}

/// `+ - * /`.
macro_rules! operators {
    ($($trait:ident $method:ident;)*) => {$(
        impl<const D: usize> core::ops::$trait for Tensor<D> {
            type Output = Self;
            fn $method(self, rhs: Self) -> Self {
                Self::of(ops::$method(self.handle, rhs.handle))
            }
        }
    )*};
}

operators! {
    Add add;
    Sub sub;
    Mul mul;
    Div div;
}

impl<const D: usize> core::ops::Neg for Tensor<D> {
    type Output = Self;
    fn neg(self) -> Self {
        Self::of(ops::neg(self.handle))
    }
}

/// The non-generic ops, compiled in this crate once.
mod ops {
    use super::*;

    fn take(handle: Handle) -> DispatchTensor {
        *handle
            .0
            .downcast::<DispatchTensor>()
            .expect("a floor handle holds a DispatchTensor")
    }

    fn put(tensor: DispatchTensor) -> Handle {
        Handle(Box::new(tensor))
    }

    pub fn from_data(data: TensorData, device: &Device) -> Handle {
        put(Dispatch::float_from_data(data, &device.0))
    }

    pub fn into_data(handle: Handle) -> TensorData {
        try_read_sync(Dispatch::float_into_data(take(handle)))
            .expect("a synchronous read on this platform")
            .expect("the tensor's data")
    }

    pub fn clone(handle: &Handle) -> Handle {
        let tensor = handle
            .0
            .downcast_ref::<DispatchTensor>()
            .expect("a floor handle holds a DispatchTensor");
        put(tensor.clone())
    }

    /// Ops of handles and plain arguments: the dispatch op of the same meaning.
    macro_rules! forward {
        ($($name:ident($($h:ident),*; $($arg:ident: $ty:ty),*) => $op:ident;)*) => {$(
            pub fn $name($($h: Handle,)* $($arg: $ty),*) -> Handle {
                put(Dispatch::$op($(take($h),)* $($arg),*))
            }
        )*};
    }

    forward! {
        exp(a;) => float_exp;
        log(a;) => float_log;
        neg(a;) => float_neg;
        transpose(a;) => float_transpose;
        sum_dim(a; dim: usize) => float_sum_dim;
        mean_dim(a; dim: usize) => float_mean_dim;
        swap_dims(a; dim1: usize, dim2: usize) => float_swap_dims;
        matmul(a, b;) => float_matmul;
        add(a, b;) => float_add;
        sub(a, b;) => float_sub;
        mul(a, b;) => float_mul;
        div(a, b;) => float_div;
    }
}
