//! [`Sgd`]: stochastic gradient descent, with momentum and weight decay.

use super::{Param, ParamId, Rule, Slots};
use crate::bridge::BridgeTensor;
use crate::grad::Gradients;

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
        super::update(self, param, grads);
    }
}

impl Rule for Sgd {
    fn weight_decay(&self) -> f64 {
        self.weight_decay
    }

    fn step(&mut self, id: ParamId, g: BridgeTensor) -> BridgeTensor {
        let mut g = g;
        if self.momentum != 0.0 {
            g = match self.velocity.remove(&id) {
                Some(v) => v.mul_scalar(self.momentum).add(g),
                None => g,
            };
            self.velocity.insert(id, g.clone());
        }
        g.mul_scalar(self.lr)
    }
}
