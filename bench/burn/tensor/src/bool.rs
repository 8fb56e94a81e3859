//! What only boolean tensors do (burn-tensor's `api/bool.rs`).

use crate::check;
use crate::kind::{Bool, Kind};
use crate::base::created;
use crate::tensor::{Bridge, Tensor};
use burn_backend::TensorMetadata;
use burn_backend::ops::BoolTensorOps;
use burn_dispatch::Dispatch;
use burn_tensor::{Device, TensorData};
use seam_macros::outline;

#[outline]
impl<const D: usize> Tensor<D, Bool> {
    /// A tensor of `data`, read as booleans.
    pub fn from_bool<A: Into<TensorData>>(data: A, device: &Device) -> Self {
        created(Kind::Bool, data.convert::<bool>(), device)
    }

    /// Element-wise `!self`.
    pub fn bool_not(self) -> Self {
        Bridge::new(Kind::Bool, Dispatch::bool_not(__self.into_tensor()))
    }

    /// Element-wise `self && rhs`, broadcasting.
    pub fn bool_and(self, rhs: Tensor<D, Bool>) -> Tensor<D, Bool> {
        let (a, b) = (__self.into_tensor(), rhs.into_tensor());
        check::broadcast("bool_and", &a.shape(), &b.shape());
        Bridge::new(Kind::Bool, Dispatch::bool_and(a, b))
    }

    /// Element-wise `self || rhs`, broadcasting.
    pub fn bool_or(self, rhs: Tensor<D, Bool>) -> Tensor<D, Bool> {
        let (a, b) = (__self.into_tensor(), rhs.into_tensor());
        check::broadcast("bool_or", &a.shape(), &b.shape());
        Bridge::new(Kind::Bool, Dispatch::bool_or(a, b))
    }

    /// Element-wise `self != rhs`, broadcasting.
    pub fn bool_xor(self, rhs: Tensor<D, Bool>) -> Tensor<D, Bool> {
        let (a, b) = (__self.into_tensor(), rhs.into_tensor());
        check::broadcast("bool_xor", &a.shape(), &b.shape());
        Bridge::new(Kind::Bool, Dispatch::bool_xor(a, b))
    }
}
