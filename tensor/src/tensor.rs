//! [`Tensor`]: the struct, and how it crosses the boundary to [`BridgeTensor`].

use crate::bridge::BridgeTensor;
use crate::kind::{Float, TensorKind};
use core::fmt;
use core::marker::PhantomData;

/// An `D`-dimensional tensor of kind `K` ([`Float`] by default, or
/// [`Int`](crate::Int), [`Bool`](crate::Bool)).
///
/// Its data lives on a [`Device`](crate::Device), behind an opaque handle: the rank
/// and kind are types here and run-time values inside the library.
///
/// ```
/// use seam_tensor::{Device, Tensor, TensorData};
/// let device = Device::default();
/// let a = Tensor::<2>::from_data(TensorData::new(vec![1.0f32, 2.0, 3.0, 4.0], [2, 2]), &device);
/// let b = Tensor::<2>::ones([2, 2], &device);
/// let c = (a + b) * 2.0;
/// assert_eq!(c.into_data().to_vec::<f32>().unwrap(), vec![4.0, 6.0, 8.0, 10.0]);
/// ```
#[derive(Clone)]
pub struct Tensor<const D: usize, K: TensorKind = Float> {
    bridge: BridgeTensor,
    kind: PhantomData<K>,
}

// The three conversions `#[outline]` is told about: erase by value, erase by
// reference, restore. They are the only code that moves between the typed and the
// erased world, so the rank and kind check lives here.
impl<const D: usize, K: TensorKind> Tensor<D, K> {
    /// The erased tensor, moved out.
    pub(crate) fn into_bridge(self) -> BridgeTensor {
        self.bridge
    }

    /// The erased tensor, borrowed.
    pub(crate) fn as_bridge(&self) -> &BridgeTensor {
        &self.bridge
    }

    /// Gives an erased tensor its rank and kind back; in debug builds, checks that
    /// they are the erased tensor's own.
    #[track_caller]
    pub(crate) fn restore(bridge: BridgeTensor) -> Self {
        debug_assert!(
            bridge.rank() == D && bridge.kind() == K::KIND,
            "seam-tensor bug: an op produced a rank-{} {} tensor where a Tensor<{D}, {}> was expected",
            bridge.rank(),
            bridge.kind(),
            K::KIND,
        );
        Self {
            bridge,
            kind: PhantomData,
        }
    }
}

/// numpy-like: nested brackets, long dims elided with `...`. A precision, as in
/// `{:.2}`, applies to float elements.
impl<const D: usize, K: TensorKind> fmt::Display for Tensor<D, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.clone().into_data(), f)
    }
}

impl<const D: usize, K: TensorKind> fmt::Debug for Tensor<D, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let data = self.clone().into_data();
        write!(
            f,
            "Tensor<{D}, {}> {{ shape: {}, dtype: {}, device: {}, data: {data} }}",
            K::KIND,
            data.shape(),
            data.dtype(),
            self.device()
        )
    }
}
