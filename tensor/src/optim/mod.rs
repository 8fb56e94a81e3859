//! Optimizers: [`Sgd`] (with momentum) and [`Adam`] (with weight decay), and the
//! [`Param`] they update.
//!
//! Written with the tensor API, so they run on every device. Each update runs in a
//! [`no_grad`](crate::no_grad) scope and marks the new value for gradients again.
//!
//! The public `update` methods are generic over the rank only to take a
//! `Param<D>`; each one erases the tensor and calls a non-generic body compiled
//! here once, as `#[outline]` does for `Tensor`'s own methods.

mod adam;
mod param;
mod sgd;

pub use adam::Adam;
pub use param::{Param, ParamId};
pub use sgd::Sgd;

use crate::bridge::BridgeTensor;
use std::collections::HashMap;

/// An optimizer's tensors of one kind, one per parameter (a momentum, a moment).
type Slots = HashMap<ParamId, BridgeTensor>;
