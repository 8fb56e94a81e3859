//! [`Gradients`]: what [`Tensor::backward`](crate::Tensor::backward) gives, and the
//! no-grad scope.

use seam_dispatch::Dispatch;
use seam_macros::opaque;

pub use seam_autodiff::{NoGradGuard, is_recording, no_grad};

/// The gradients of a loss with respect to each tensor marked with
/// [`Tensor::require_grad`](crate::Tensor::require_grad) that it was computed from.
/// Read one with [`Tensor::grad`](crate::Tensor::grad).
///
/// Stored opaquely, as tensors are: dropping it downstream compiles nothing of the
/// backends there.
#[opaque(Send, Sync, align = 8, off_if(feature = "opaque-off"))]
#[derive(Debug)]
pub struct Gradients(seam_autodiff::Gradients<Dispatch>);

impl Gradients {
    /// Wraps the autodiff crate's store.
    pub(crate) fn new(store: seam_autodiff::Gradients<Dispatch>) -> Self {
        Self::from_inner(store)
    }

    /// The autodiff crate's store, borrowed.
    pub(crate) fn store(&self) -> &seam_autodiff::Gradients<Dispatch> {
        self.inner()
    }

    /// The gradient of `tensor`, if it is a marked tensor that the loss depended on:
    /// the same as `tensor.grad(self)` ([`Tensor::grad`](crate::Tensor::grad)).
    ///
    /// ```
    /// use seam_tensor::{Device, Tensor};
    /// let w = Tensor::<2>::ones([1, 2], &Device::default()).require_grad();
    /// let grads = (w.clone() * 3.0).sum().backward();
    /// let g = grads.get(&w).unwrap();
    /// assert_eq!(g.into_data().to_vec::<f32>().unwrap(), vec![3.0, 3.0]);
    /// ```
    pub fn get<const D: usize>(&self, tensor: &crate::Tensor<D>) -> Option<crate::Tensor<D>> {
        tensor.grad(self)
    }

    /// How many tensors have a gradient here.
    pub fn len(&self) -> usize {
        self.inner().len()
    }

    /// Whether no tensor has a gradient here (the loss did not depend on any tensor
    /// marked with `require_grad`).
    pub fn is_empty(&self) -> bool {
        self.inner().is_empty()
    }
}
