//! [`Adam`]: adaptive moments, with weight decay.

use super::{Param, ParamId, Rule, Slots};
use crate::bridge::BridgeTensor;
use crate::grad::Gradients;
use std::collections::HashMap;

/// Adam (Kingma and Ba): with `g` the gradient plus `weight_decay * p` (L2, as
/// PyTorch's `Adam`), `m = b1 m + (1 - b1) g`, `v = b2 v + (1 - b2) g^2`, then
/// `p = p - lr * m' / (sqrt(v') + eps)` with the bias-corrected `m' = m / (1 -
/// b1^t)`, `v' = v / (1 - b2^t)` after the parameter's `t`-th step.
#[derive(Debug)]
pub struct Adam {
    lr: f64,
    betas: (f64, f64),
    eps: f64,
    weight_decay: f64,
    first: Slots,
    second: Slots,
    steps: HashMap<ParamId, i32>,
}

impl Adam {
    /// Adam with learning rate `lr`, `betas` (0.9, 0.999), `eps` 1e-8, no weight
    /// decay.
    pub fn new(lr: f64) -> Self {
        Self {
            lr,
            betas: (0.9, 0.999),
            eps: 1e-8,
            weight_decay: 0.0,
            first: Slots::new(),
            second: Slots::new(),
            steps: HashMap::new(),
        }
    }

    /// With the moments' decay rates `b1` and `b2`.
    pub fn with_betas(mut self, b1: f64, b2: f64) -> Self {
        self.betas = (b1, b2);
        self
    }

    /// With `eps`, added to the root of the second moment.
    pub fn with_eps(mut self, eps: f64) -> Self {
        self.eps = eps;
        self
    }

    /// With L2 weight decay `weight_decay`, added to the gradient.
    pub fn with_weight_decay(mut self, weight_decay: f64) -> Self {
        self.weight_decay = weight_decay;
        self
    }

    /// One step for `param` with its gradient in `grads`; a parameter the loss did
    /// not depend on is left as it is (and its step count too).
    pub fn update<const D: usize>(&mut self, param: &mut Param<D>, grads: &Gradients) {
        super::update(self, param, grads);
    }
}

impl Rule for Adam {
    fn weight_decay(&self) -> f64 {
        self.weight_decay
    }

    fn step(&mut self, id: ParamId, g: BridgeTensor) -> BridgeTensor {
        let (b1, b2) = self.betas;
        let step = self.steps.entry(id).or_insert(0);
        *step += 1;
        let t = *step;
        let m = match self.first.remove(&id) {
            Some(m) => m.mul_scalar(b1).add(g.clone().mul_scalar(1.0 - b1)),
            None => g.clone().mul_scalar(1.0 - b1),
        };
        let g2 = g.clone().mul(g);
        let v = match self.second.remove(&id) {
            Some(v) => v.mul_scalar(b2).add(g2.mul_scalar(1.0 - b2)),
            None => g2.mul_scalar(1.0 - b2),
        };
        let m_hat = m.clone().div_scalar(1.0 - b1.powi(t));
        let v_hat = v.clone().div_scalar(1.0 - b2.powi(t));
        self.first.insert(id, m);
        self.second.insert(id, v);
        m_hat.div(v_hat.sqrt().add_scalar(self.eps)).mul_scalar(self.lr)
    }
}
