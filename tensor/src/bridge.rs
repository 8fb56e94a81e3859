//! [`BridgeTensor`]: the erased form of every `Tensor<D, K>`.

use crate::kind::Kind;
use seam_backend::{Backend, DType};
use seam_dispatch::{Dispatch, DispatchTensor};
use seam_macros::opaque;

/// A tensor of any rank and kind, with its dispatch tensor stored opaquely.
///
/// This is what `Tensor<D, K>` holds, and what the bodies of its outlined methods
/// work on. Downstream crates move, clone and drop it without naming
/// [`DispatchTensor`]: its `Clone`, `Debug` and `Drop` are compiled here, once. It
/// knows its own rank and kind at run time, which is how one outlined body calls
/// another (`#[outline]` gives this type a forwarding method per tensor method).
#[opaque(Clone, Debug, Send, Sync)]
pub struct BridgeTensor(DispatchTensor);

impl BridgeTensor {
    /// Wraps a dispatch tensor.
    pub(crate) fn from_dispatch(tensor: DispatchTensor) -> Self {
        Self::from_inner(tensor)
    }

    /// The dispatch tensor, moved out.
    pub(crate) fn into_dispatch(self) -> DispatchTensor {
        self.into_inner()
    }

    /// The dispatch tensor, borrowed.
    pub(crate) fn as_dispatch(&self) -> &DispatchTensor {
        self.inner()
    }

    /// The dtype of the elements.
    pub(crate) fn dtype(&self) -> DType {
        Dispatch::dtype(self.inner())
    }

    /// The number of dims: `D` of the `Tensor<D, K>` it came from.
    pub(crate) fn rank(&self) -> usize {
        Dispatch::shape(self.inner()).rank()
    }

    /// The kind: `K::KIND` of the `Tensor<D, K>` it came from.
    pub(crate) fn kind(&self) -> Kind {
        Kind::of(self.dtype())
    }
}
