//! Loss functions, as burn-tensor's `loss` module has them, outlined under the
//! tensor's protocol (`#[outline(Tensor)]`): each body is compiled once, here.

use crate::kind::Kind;
use crate::tensor::{Bridge, Tensor};
use burn_backend::ops::ActivationOps;
use burn_dispatch::Dispatch;
use seam_macros::outline;

/// The cross entropy of `logits` against target probabilities, over the last dim
/// (the classes), averaged over the rest: `-mean(Σ target * log_softmax(logits))`.
#[outline(Tensor)]
pub fn cross_entropy_with_logits<const D: usize>(logits: Tensor<D>, target_probs: Tensor<D>) -> Tensor<1> {
    let classes = D - 1;
    let log_probs = Bridge::new(Kind::Float, Dispatch::log_softmax(logits.into_tensor(), classes));
    log_probs.mul(target_probs).sum_dim(classes).mean().neg()
}
