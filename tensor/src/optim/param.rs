//! [`Param`]: a tensor an optimizer updates, under a stable id.

use crate::Tensor;
use std::sync::atomic::{AtomicU64, Ordering};

/// Which parameter an optimizer's state belongs to: stable across updates, while
/// the tensor itself is a new one after each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ParamId(u64);

impl ParamId {
    fn next() -> Self {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        ParamId(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

/// A trainable tensor: its current value, marked for gradients, and the id an
/// optimizer keeps its state under.
///
/// ```
/// use seam_tensor::optim::{Param, Sgd};
/// use seam_tensor::{Device, Tensor};
/// let mut w = Param::new(Tensor::<1>::from_floats([1.0, -1.0], &Device::default()));
/// let loss = (w.value() * w.value()).sum(); // gradient 2w
/// let grads = loss.backward();
/// Sgd::new(0.25).update(&mut w, &grads);
/// assert_eq!(w.value().into_data().to_vec::<f32>().unwrap(), vec![0.5, -0.5]);
/// ```
#[derive(Clone, Debug)]
pub struct Param<const D: usize> {
    id: ParamId,
    value: Tensor<D>,
}

impl<const D: usize> Param<D> {
    /// A parameter starting at `value` (detached from any graph and marked for
    /// gradients).
    pub fn new(value: Tensor<D>) -> Self {
        Self {
            id: ParamId::next(),
            value: value.detach().require_grad(),
        }
    }

    /// Its current value, tracked: compute the loss from it.
    pub fn value(&self) -> Tensor<D> {
        self.value.clone()
    }

    /// Its id.
    pub fn id(&self) -> ParamId {
        self.id
    }

    /// Its value and its id, for an optimizer.
    pub(crate) fn parts(&mut self) -> (ParamId, &mut Tensor<D>) {
        (self.id, &mut self.value)
    }
}
