//! [`BridgeTensor`]: the erased form of every `Tensor<D, K>`.

use crate::kind::Kind;
use seam_autodiff::{Autodiff, AutodiffTensor};
use seam_backend::{Backend, DType};
use seam_dispatch::{Dispatch, DispatchTensor};
use seam_macros::{ext_fn, opaque};

/// The backend the op bodies call: the dispatch layer under autodiff, so that an
/// op on a tensor that needs gradients records its backward rule.
pub(crate) type Engine = Autodiff<Dispatch>;

/// [`Engine`]'s tensor: a dispatch tensor and, when it is tracked, its graph node.
pub(crate) type EngineTensor = AutodiffTensor<Dispatch>;

/// A tensor of any rank and kind, with its dispatch tensor (and its autodiff node,
/// when gradients flow through it) stored opaquely.
///
/// This is what `Tensor<D, K>` holds, and what the bodies of its outlined methods
/// work on. Downstream crates move, clone and drop it without naming
/// [`DispatchTensor`]: its `Clone`, `Debug` and `Drop` are compiled here, once. It
/// knows its own rank and kind at run time, which is how one outlined body calls
/// another (`#[outline]` gives this type a forwarding method per tensor method).
///
/// With the `extension` feature it is public, for backend-extension authors: a
/// `Tensor` gives its `BridgeTensor` with `Tensor::into_bridge`, `into_parts`
/// gives the backend's own tensor, and `Tensor::from_bridge` takes the result back,
/// checking its rank and kind. Without the feature no path outside this crate names
/// it:
///
#[cfg_attr(feature = "extension", doc = "```")]
#[cfg_attr(not(feature = "extension"), doc = "```compile_fail,E0432")]
/// use seam_tensor::BridgeTensor;
/// use seam_tensor::dispatch::DispatchTensor;
/// use seam_tensor::{Device, Kind, Tensor, TensorData};
///
/// let t = Tensor::<2>::from_data(TensorData::new(vec![1.0f32, -2.0], [1, 2]), &Device::default());
/// let bridge: BridgeTensor = t.into_bridge();
/// assert_eq!((bridge.rank(), bridge.kind()), (2, Kind::Float));
/// let (kind, dispatch): (Kind, DispatchTensor) = bridge.into_parts();
/// // ... run a backend's own op on `dispatch` ...
/// let back = Tensor::<2>::from_bridge(BridgeTensor::from_dispatch(dispatch)).unwrap();
/// assert_eq!(back.into_data().to_vec::<f32>().unwrap(), vec![1.0, -2.0]);
/// # let _ = kind;
/// ```
///
/// Any dispatch tensor makes a valid `BridgeTensor`: its rank and kind are read
/// from the tensor itself (the kind from its dtype), never stored beside it, so
/// they cannot disagree with it.
///
/// Its slots are 8-aligned, the alignment of every backend's tensor (a compile-time
/// check fails the build if one needs more): at `#[opaque]`'s default of 64 a
/// 136-byte CPU tensor took 192 bytes, copied on every move of every op.
///
/// A tensor that an extension's op builds from a dispatch tensor (`from_dispatch`)
/// is untracked: no gradient flows back through an extension's own op.
#[opaque(Send, Sync, RefUnwindSafe, align = 8, off_if(feature = "opaque-off"))]
#[derive(Clone, Debug)]
pub struct BridgeTensor(EngineTensor);

impl BridgeTensor {
    /// Wraps a dispatch tensor, untracked (public with the `extension` feature).
    /// Every dispatch tensor makes a valid `BridgeTensor`; `Tensor::from_bridge` then
    /// checks that it fits the rank and kind asked for.
    #[ext_fn]
    pub fn from_dispatch(tensor: DispatchTensor) -> Self {
        Self::from_inner(EngineTensor::new(tensor))
    }

    /// Its kind and its dispatch tensor, moved out; its autodiff node, if any, is
    /// dropped (public with the `extension` feature).
    #[ext_fn]
    pub fn into_parts(self) -> (Kind, DispatchTensor) {
        (self.kind(), self.into_inner().into_primal())
    }

    /// Its kind and its dispatch tensor, borrowed (public with the `extension`
    /// feature).
    #[ext_fn]
    pub fn as_parts(&self) -> (Kind, &DispatchTensor) {
        (self.kind(), self.inner().primal())
    }

    /// Wraps an engine tensor.
    pub(crate) fn from_engine(tensor: EngineTensor) -> Self {
        Self::from_inner(tensor)
    }

    /// The engine tensor, moved out.
    pub(crate) fn into_engine(self) -> EngineTensor {
        self.into_inner()
    }

    /// The engine tensor, borrowed.
    pub(crate) fn as_engine(&self) -> &EngineTensor {
        self.inner()
    }

    /// The dtype of the elements (public with the `extension` feature).
    #[ext_fn]
    pub fn dtype(&self) -> DType {
        Engine::dtype(self.inner())
    }

    /// The number of dims: `D` of the `Tensor<D, K>` it came from (public with the
    /// `extension` feature).
    #[ext_fn]
    pub fn rank(&self) -> usize {
        Engine::shape(self.inner()).rank()
    }

    /// The kind: `K::KIND` of the `Tensor<D, K>` it came from, read from the dtype
    /// (public with the `extension` feature).
    #[ext_fn]
    pub fn kind(&self) -> Kind {
        Kind::of(self.dtype())
    }
}
