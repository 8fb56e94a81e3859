//! [`Sgd`]: stochastic gradient descent, with momentum and weight decay.

use super::{Param, ParamId, Slots};
use crate::Tensor;
use crate::bridge::BridgeTensor;
use crate::grad::{Gradients, no_grad};

/// Stochastic gradient descent: `v = momentum * v + g + weight_decay * p`, then
/// `p = p - lr * v` (with `momentum` 0, `p - lr * g`), as PyTorch's `SGD`.
#[derive(Debug)]
pub struct Sgd {
    lr: f64,
    momentum: f64,
    weight_decay: f64,
    velocity: Slots,
}

impl Sgd {
    /// Plain descent with learning rate `lr`.
    pub fn new(lr: f64) -> Self {
        Self {
            lr,
            momentum: 0.0,
            weight_decay: 0.0,
            velocity: Slots::new(),
        }
    }

    /// With momentum `momentum` (0.9 is usual).
    pub fn with_momentum(mut self, momentum: f64) -> Self {
        self.momentum = momentum;
        self
    }

    /// With L2 weight decay `weight_decay`, added to the gradient.
    pub fn with_weight_decay(mut self, weight_decay: f64) -> Self {
        self.weight_decay = weight_decay;
        self
    }

    /// One step for `param` with its gradient in `grads`; a parameter the loss did
    /// not depend on is left as it is.
    pub fn update<const D: usize>(&mut self, param: &mut Param<D>, grads: &Gradients) {
        let (id, value) = param.parts();
        let bridge = value.clone().into_bridge();
        *value = Tensor::restore(self.update_erased(id, bridge, grads));
    }

    /// [`Sgd::update`] on the erased tensor: compiled once, here.
    fn update_erased(&mut self, id: ParamId, value: BridgeTensor, grads: &Gradients) -> BridgeTensor {
        let Some(mut g) = value.grad(grads) else {
            return value;
        };
        let _guard = no_grad();
        if self.weight_decay != 0.0 {
            g = g.add(value.clone().mul_scalar(self.weight_decay));
        }
        if self.momentum != 0.0 {
            g = match self.velocity.remove(&id) {
                Some(v) => v.mul_scalar(self.momentum).add(g),
                None => g,
            };
            self.velocity.insert(id, g.clone());
        }
        value.detach().sub(g.mul_scalar(self.lr)).require_grad()
    }
}
