//! Optimizers: [`Sgd`] (with momentum) and [`Adam`] (with weight decay), and the
//! [`Param`] they update.
//!
//! Written with the tensor API, so they run on every device. Each update runs in a
//! [`no_grad`] scope and marks the new value for gradients again.
//!
//! What every optimizer shares is here, once: reading the gradient, adding the L2
//! weight decay, subtracting the step and marking the new value (`update`); an
//! optimizer only says what its step is (`Rule`). The public `update` methods are
//! generic over the rank only to take a `Param<D>`: they erase the tensor and call
//! the non-generic body, compiled here once, as `#[outline]` does for `Tensor`'s own
//! methods.

mod adam;
mod param;
mod sgd;

pub use adam::Adam;
pub use param::{Param, ParamId};
pub use sgd::Sgd;

use crate::Tensor;
use crate::bridge::BridgeTensor;
use crate::grad::{Gradients, no_grad};
use std::collections::HashMap;

/// An optimizer's tensors of one kind, one per parameter (a momentum, a moment).
type Slots = HashMap<ParamId, BridgeTensor>;

/// What makes one optimizer differ from another.
trait Rule {
    /// The L2 weight decay added to the gradient (`weight_decay * p`).
    fn weight_decay(&self) -> f64;
    /// What to subtract from the parameter `id`, given its gradient (decay added);
    /// called with recording off.
    fn step(&mut self, id: ParamId, g: BridgeTensor) -> BridgeTensor;
}

/// One update of `param` by `rule` with its gradient in `grads`; a parameter the
/// loss did not depend on is left as it is (and `rule` is not called).
fn update<const D: usize>(rule: &mut dyn Rule, param: &mut Param<D>, grads: &Gradients) {
    let (id, value) = param.parts();
    let bridge = value.clone().into_bridge();
    *value = Tensor::from_bridge(update_erased(rule, id, bridge, grads))
        .unwrap_or_else(|e| panic!("seam-tensor bug: an optimizer step changed a parameter's type: {e}"));
}

/// [`update`] on the erased tensor: compiled once, here.
fn update_erased(rule: &mut dyn Rule, id: ParamId, value: BridgeTensor, grads: &Gradients) -> BridgeTensor {
    let Some(mut g) = value.grad(grads) else {
        return value;
    };
    let _guard = no_grad();
    let decay = rule.weight_decay();
    if decay != 0.0 {
        g = g.add(value.clone().mul_scalar(decay));
    }
    value.detach().sub(rule.step(id, g)).require_grad()
}
