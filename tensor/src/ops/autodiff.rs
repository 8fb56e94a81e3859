//! Gradients: marking the tensors to differentiate, `backward`, reading a gradient.
//!
//! The graph lives in the engine under every op ([`seam_autodiff`]); these methods
//! only mark, detach and walk it.

use crate::Tensor;
use crate::bridge::{BridgeTensor, EngineTensor};
use crate::grad::Gradients;
use crate::kind::Float;
use seam_macros::outline;

#[outline]
impl<const D: usize> Tensor<D, Float> {
    /// The same values, marked for differentiation: [`Tensor::backward`] of any
    /// tensor computed from the result gives its gradient ([`Tensor::grad`]). Each
    /// call makes a new leaf of the graph (a parameter updated by an optimizer is
    /// marked again).
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let w = Tensor::<1>::from_floats([1.0, 2.0, 3.0], &Device::default()).require_grad();
    /// let loss = (w.clone() * w.clone()).sum(); // sum of w^2: the gradient is 2w
    /// let grads = loss.backward();
    /// let g = w.grad(&grads).unwrap();
    /// assert_eq!(g.into_data().to_vec::<f32>().unwrap(), vec![2.0, 4.0, 6.0]);
    /// ```
    pub fn require_grad(self) -> Self {
        BridgeTensor::from_engine(self.into_engine().require_grad())
    }

    /// Whether gradients flow through this tensor: it was marked with
    /// [`Tensor::require_grad`] or computed from one that was, outside a
    /// [`no_grad`](crate::no_grad) scope.
    pub fn is_tracked(&self) -> bool {
        self.as_engine().is_tracked()
    }

    /// The same values, cut from the graph: no gradient flows back through the
    /// result.
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let w = Tensor::<1>::ones([2], &Device::default()).require_grad();
    /// assert!(w.is_tracked() && !w.detach().is_tracked());
    /// ```
    pub fn detach(self) -> Self {
        BridgeTensor::from_engine(self.into_engine().detach())
    }

    /// The gradients of the sum of this tensor's elements (of the loss itself, for a
    /// one-element loss) with respect to every tensor marked with
    /// [`Tensor::require_grad`] that it was computed from. Consuming the loss lets
    /// its graph be freed as soon as the gradients are out.
    ///
    /// Gradients that reach a tensor along several paths (a weight used twice, an
    /// operand broadcast across a batch) are added, and each has its tensor's
    /// shape.
    pub fn backward(self) -> Gradients {
        Gradients::new(seam_autodiff::backward(self.as_engine()))
    }

    /// This tensor's gradient in `grads`, if it is a marked tensor that the loss
    /// depended on. The gradient is untracked.
    pub fn grad(&self, grads: &Gradients) -> Option<Self> {
        let g = grads.store().get(self.as_engine())?;
        Some(BridgeTensor::from_engine(EngineTensor::new(g.clone())))
    }
}
