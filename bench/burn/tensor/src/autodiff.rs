//! Gradients (burn-tensor's `api/autodiff.rs`, its `autodiff` feature): the graph's
//! gradients, stored erased; the backward pass and each tensor's gradient; moving a
//! tensor on and off its device's autodiff context.

use crate::check;
use crate::tensor::Bridge;
use crate::kind::{Basic, Float, Kind};
use crate::tensor::Tensor;
use burn_backend::AutodiffBackend;
use burn_backend::ops::FloatTensorOps;
use burn_dispatch::{Dispatch, DispatchAutodiffContext, GradientCheckpointingStrategy};
use burn_backend::TensorMetadata;
use burn_std::DType;
use seam_macros::{opaque, outline};

// ---- BEGIN BOUNDARY ----
/// The gradients of a backward pass, to read each tensor's from (stored in fixed-size
/// slots: the backend's gradient type is not named outside this crate).
#[opaque(Send, off_if(feature = "boundary-off"))]
pub struct Gradients(<Dispatch as AutodiffBackend>::Gradients);
// ---- END BOUNDARY ----

/// Whether `tensor` has a gradient to read: a float tensor (not a quantized one) on an
/// autodiff context, requiring its gradient.
fn tracked(tensor: &burn_dispatch::DispatchTensor) -> bool {
    !matches!(tensor.dtype(), DType::QFloat(_))
        && tensor.autodiff != DispatchAutodiffContext::Disabled
        && Dispatch::float_is_require_grad(tensor)
}

#[outline]
impl<const D: usize> Tensor<D, Float> {
    /// The gradients of this tensor with respect to every tracked tensor it was
    /// computed from (it must be tracked: `autodiff()` and `require_grad()` on a leaf).
    pub fn backward(&self) -> Gradients {
        let tensor = self.tensor();
        check::tracked("backward", Dispatch::is_tracked(tensor));
        Gradients::from_inner(Dispatch::backward(tensor.clone()))
    }

    /// This tensor's gradient in `grads`, if it has one.
    pub fn grad(&self, grads: &Gradients) -> Option<Tensor<D>> {
        let tensor = self.tensor();
        let grad = tracked(tensor).then(|| Dispatch::grad(tensor, grads.inner())).flatten();
        grad.map(|g| Bridge::new(Kind::Float, g))
    }

    /// This tensor's gradient, taken out of `grads`, if it has one.
    pub fn grad_remove(&self, grads: &mut Gradients) -> Option<Tensor<D>> {
        let tensor = self.tensor();
        let grad = tracked(tensor).then(|| Dispatch::grad_remove(tensor, grads.inner_mut())).flatten();
        grad.map(|g| Bridge::new(Kind::Float, g))
    }

    /// `grad` as this tensor's gradient in `grads`.
    pub fn grad_replace(&self, grads: &mut Gradients, grad: Tensor<D>) {
        Dispatch::grad_replace(self.tensor(), grads.inner_mut(), grad.into_tensor());
    }

    /// Whether the autodiff graph records the ops on this tensor (never a quantized one).
    pub fn is_tracked(&self) -> bool {
        let tensor = self.tensor();
        !matches!(tensor.dtype(), DType::QFloat(_)) && Dispatch::is_tracked(tensor)
    }
}

#[outline]
impl<const D: usize, K: Basic> Tensor<D, K> {
    /// Whether the tensor is on an autodiff context.
    pub fn is_autodiff(&self) -> bool {
        self.tensor().autodiff != DispatchAutodiffContext::Disabled
    }

    /// The tensor off its autodiff context (as `without_autodiff`, which it calls: a
    /// forwarding method named `inner` would clash with the erased storage's own
    /// `inner` accessor, so this one stays a wrapper).
    #[must_use]
    #[outline(skip)]
    pub fn inner(self) -> Tensor<D, K> {
        self.without_autodiff()
    }

    /// The tensor off its autodiff context: its ops are no longer recorded.
    #[must_use]
    pub fn without_autodiff(self) -> Self {
        match self.is_autodiff() {
            true => Bridge::new(K::KIND, K::inner(self.into_stored())),
            false => self,
        }
    }

    /// The tensor on its device's autodiff context, so that its ops can be recorded.
    #[must_use]
    pub fn autodiff(self) -> Self {
        match self.is_autodiff() {
            true => self,
            false => Bridge::new(K::KIND, K::from_inner(self.into_stored())),
        }
    }

    /// `inner` on its device's autodiff context (as `autodiff`).
    #[must_use]
    pub fn from_inner(inner: Tensor<D, K>) -> Self {
        inner.autodiff()
    }

    /// The gradient-checkpointing strategy of the tensor's autodiff context, if it is
    /// on one.
    pub fn gradient_checkpointing_strategy(&self) -> Option<GradientCheckpointingStrategy> {
        match self.tensor().autodiff {
            DispatchAutodiffContext::Disabled => None,
            DispatchAutodiffContext::Enabled(strategy) => Some(strategy),
        }
    }

    /// The tensor with its autodiff context's checkpointing strategy set (it must be
    /// on an autodiff context).
    #[must_use]
    pub fn with_gradient_checkpointing_strategy(self, strategy: GradientCheckpointingStrategy) -> Self {
        check::autodiff("with_gradient_checkpointing_strategy", self.is_autodiff());
        let mut tensor = self.into_tensor();
        tensor.autodiff = DispatchAutodiffContext::Enabled(strategy);
        Bridge::new(K::KIND, tensor)
    }
}
