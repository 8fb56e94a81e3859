//! [`Tensor`]: the struct, and how it crosses the boundary to [`BridgeTensor`].

use crate::bridge::BridgeTensor;
use crate::kind::{Float, Kind, TensorKind};
use core::fmt;
use core::marker::PhantomData;
use seam_macros::{ext_fn, outline};

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
// How a tensor crosses the boundary, declared once for the `#[outline]` blocks of
// `ops/`: `#[outline]` reads the erased form and the conversions from the struct (its
// `bridge` field), and is told how a `BridgeTensor` reads back the rank and the kind
// at run time (checked on the way back, in debug builds); the helpers are `#[inline]`
// with this crate's `outline-off` feature.
#[outline(
    D = rank,
    K::KIND: Kind = kind,
    enter = seam_backend::enter_op,
    off_if(feature = "outline-off"),
)]
pub struct Tensor<const D: usize, K: TensorKind = Float> {
    bridge: BridgeTensor,
    kind: PhantomData<K>,
}

// The way between the typed and the erased world for extension code: `into_bridge`
// and `as_bridge` are public with the `extension` feature, and the way back is
// `from_bridge`, which checks the rank and kind in every build.
impl<const D: usize, K: TensorKind> Tensor<D, K> {
    /// The erased tensor, moved out (public with the `extension` feature, for
    /// backend-extension authors; see [`BridgeTensor`]).
    ///
    /// Without `extension` it is crate-private:
    #[cfg_attr(not(feature = "extension"), doc = "```compile_fail,E0624")]
    #[cfg_attr(feature = "extension", doc = "```")]
    /// use seam_tensor::{Device, Tensor};
    /// let bridge = Tensor::<1>::ones([2], &Device::default()).into_bridge();
    /// ```
    #[ext_fn]
    pub fn into_bridge(self) -> BridgeTensor {
        self.bridge
    }

    /// The erased tensor, borrowed (public with the `extension` feature).
    #[ext_fn]
    pub fn as_bridge(&self) -> &BridgeTensor {
        &self.bridge
    }

    /// The tensor an erased tensor holds, if it has rank `D` and kind `K` (public
    /// with the `extension` feature, for backend-extension authors).
    ///
    /// This is the only way from a [`BridgeTensor`] to a `Tensor`: the struct's
    /// field is private, and no `From`, `Default` or constructor takes a
    /// `BridgeTensor`. A mismatch is an error that gives the erased tensor back,
    /// never a tensor whose type lies about its contents.
    ///
    /// # Errors
    ///
    /// [`FromBridgeError`] if the erased tensor's rank is not `D` or its kind is not
    /// `K`.
    ///
    #[cfg_attr(not(feature = "extension"), doc = "```compile_fail,E0624")]
    #[cfg_attr(feature = "extension", doc = "```")]
    /// use seam_tensor::{Device, Int, Kind, Tensor};
    /// let bridge = Tensor::<2>::zeros([2, 3], &Device::default()).into_bridge();
    ///
    /// let err = Tensor::<3>::from_bridge(bridge).unwrap_err();
    /// assert_eq!((err.found_rank(), err.expected_rank()), (2, 3));
    /// let err = Tensor::<2, Int>::from_bridge(err.into_bridge()).unwrap_err();
    /// assert_eq!((err.found_kind(), err.expected_kind()), (Kind::Float, Kind::Int));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "a rank-2 Float tensor is not a Tensor<2, Int>: its kind is Float, not Int"
    /// );
    /// let t = Tensor::<2>::from_bridge(err.into_bridge()).unwrap();
    /// assert_eq!(t.dims(), [2, 3]);
    /// ```
    #[cfg_attr(
        feature = "extension",
        doc = "",
        doc = "No other path: a struct literal, `From` and `Default` do not compile.",
        doc = "```compile_fail,E0451",
        doc = "# fn f(bridge: seam_tensor::BridgeTensor) {",
        doc = "let t = seam_tensor::Tensor::<1> { bridge, kind: core::marker::PhantomData };",
        doc = "# }",
        doc = "```",
        doc = "```compile_fail,E0277",
        doc = "# fn f(bridge: seam_tensor::BridgeTensor) {",
        doc = "let t: seam_tensor::Tensor<1> = bridge.into();",
        doc = "# }",
        doc = "```",
        doc = "```compile_fail,E0599",
        doc = "let t = seam_tensor::Tensor::<1>::default();",
        doc = "```"
    )]
    #[ext_fn]
    pub fn from_bridge(bridge: BridgeTensor) -> Result<Self, FromBridgeError> {
        check_bridge(bridge, D, K::KIND).map(|bridge| Self {
            bridge,
            kind: PhantomData,
        })
    }
}

/// The check of `from_bridge`, not generic, so compiled once, here.
fn check_bridge(bridge: BridgeTensor, rank: usize, kind: Kind) -> Result<BridgeTensor, FromBridgeError> {
    if bridge.rank() == rank && bridge.kind() == kind {
        Ok(bridge)
    } else {
        Err(FromBridgeError {
            expected_rank: rank,
            expected_kind: kind,
            bridge: Box::new(bridge),
        })
    }
}

/// Why [`Tensor::from_bridge`] refused an erased tensor: its rank or kind is not the
/// one asked for. It holds the erased tensor, which [`into_bridge`] gives back
/// (public with the `extension` feature).
///
/// [`into_bridge`]: FromBridgeError::into_bridge
#[ext_fn]
#[derive(Debug)]
pub struct FromBridgeError {
    expected_rank: usize,
    expected_kind: Kind,
    // Boxed: a `BridgeTensor` is a handle of over 100 bytes, too large to pass
    // around in every `Result`'s error variant.
    bridge: Box<BridgeTensor>,
}

// Read through the public API only, which is crate-private without `extension`.
#[cfg_attr(not(feature = "extension"), allow(dead_code))]
impl FromBridgeError {
    /// The rank asked for: `D`.
    pub fn expected_rank(&self) -> usize {
        self.expected_rank
    }

    /// The kind asked for: `K::KIND`.
    pub fn expected_kind(&self) -> Kind {
        self.expected_kind
    }

    /// The erased tensor's rank.
    pub fn found_rank(&self) -> usize {
        self.bridge.rank()
    }

    /// The erased tensor's kind.
    pub fn found_kind(&self) -> Kind {
        self.bridge.kind()
    }

    /// The erased tensor, given back.
    pub fn into_bridge(self) -> BridgeTensor {
        *self.bridge
    }
}

impl fmt::Display for FromBridgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (rank, kind) = (self.found_rank(), self.found_kind());
        write!(
            f,
            "a rank-{rank} {kind} tensor is not a Tensor<{}, {}>: ",
            self.expected_rank, self.expected_kind
        )?;
        match (rank == self.expected_rank, kind == self.expected_kind) {
            (false, false) => write!(
                f,
                "its rank is {rank}, not {}, and its kind {kind}, not {}",
                self.expected_rank, self.expected_kind
            ),
            (false, true) => write!(f, "its rank is {rank}, not {}", self.expected_rank),
            _ => write!(f, "its kind is {kind}, not {}", self.expected_kind),
        }
    }
}

impl std::error::Error for FromBridgeError {}

/// numpy-like: nested brackets, long dims elided with `...`. A precision, as in
/// `{:.2}`, applies to float elements. Only the elements printed are read: a
/// broadcast view of 2^40 elements prints its edges without being copied.
impl<const D: usize, K: TensorKind> fmt::Display for Tensor<D, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (data, shape) = shown(self.as_bridge());
        fmt::Display::fmt(&data.summary_of(&shape), f)
    }
}

impl<const D: usize, K: TensorKind> fmt::Debug for Tensor<D, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (data, shape) = shown(self.as_bridge());
        write!(
            f,
            "Tensor<{D}, {}> {{ shape: {shape}, dtype: {}, device: {}, data: {} }}",
            K::KIND,
            data.dtype(),
            self.device(),
            data.summary_of(&shape)
        )
    }
}

/// What `Display` and `Debug` print of `bridge`: the edges of each long dim
/// ([`seam_backend::elided`]), cut from the tensor as views and joined, so
/// that only they are copied and read; and the shape they stand for. Untracked:
/// printing records nothing for autodiff.
fn shown(bridge: &BridgeTensor) -> (seam_backend::TensorData, seam_backend::Shape) {
    use seam_backend::{Backend, DISPLAY_EDGE};
    use seam_dispatch::{Dispatch, DispatchTensor};
    /// The edges of `t` along the long dims from `from` on (at most one a level:
    /// a long dim has more than 7 positions, so there are at most 22 of them).
    fn edges(t: DispatchTensor, dims: &[usize], from: usize) -> DispatchTensor {
        let Some(d) = (from..dims.len()).find(|&d| seam_backend::elided(dims[d])) else {
            return t;
        };
        // The dims before `d` may be cut already: the ranges follow `t`'s own shape.
        let now = Dispatch::shape(&t);
        let cut = |range: core::ops::Range<usize>| {
            let mut ranges: Vec<_> = now.dims().iter().map(|&n| 0..n).collect();
            ranges[d] = range;
            edges(Dispatch::slice(t.clone(), &ranges), dims, d + 1)
        };
        let n = dims[d];
        Dispatch::cat(vec![cut(0..DISPLAY_EDGE), cut(n - DISPLAY_EDGE..n)], d)
    }
    let tensor = bridge.as_parts().1.clone();
    let shape = Dispatch::shape(&tensor);
    (Dispatch::into_data(edges(tensor, shape.dims(), 0)), shape)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Device, Int, TensorData};

    fn bridge_2x3() -> BridgeTensor {
        Tensor::<2>::from_data(
            TensorData::new(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], [2, 3]),
            &Device::default(),
        )
        .into_bridge()
    }

    #[test]
    fn from_bridge_takes_back_a_matching_tensor() {
        let t = Tensor::<2>::from_bridge(bridge_2x3()).unwrap();
        assert_eq!(t.dims(), [2, 3]);
        assert_eq!(
            t.into_data().to_vec::<f32>().unwrap(),
            vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
        );
    }

    #[test]
    fn from_bridge_refuses_a_wrong_rank_or_kind_and_gives_it_back() {
        let err = Tensor::<3>::from_bridge(bridge_2x3()).unwrap_err();
        assert_eq!((err.expected_rank(), err.found_rank()), (3, 2));
        assert_eq!(
            err.to_string(),
            "a rank-2 Float tensor is not a Tensor<3, Float>: its rank is 2, not 3"
        );

        let err = Tensor::<2, Int>::from_bridge(err.into_bridge()).unwrap_err();
        assert_eq!((err.expected_kind(), err.found_kind()), (Kind::Int, Kind::Float));

        let err = Tensor::<1, crate::Bool>::from_bridge(err.into_bridge()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a rank-2 Float tensor is not a Tensor<1, Bool>: its rank is 2, not 1, and its kind Float, not Bool"
        );
        // The tensor given back is the one passed in, data and all.
        let t = Tensor::<2>::from_bridge(err.into_bridge()).unwrap();
        assert_eq!(t.into_data().to_vec::<f32>().unwrap()[5], 6.0);
    }

    #[test]
    fn tensors_and_handles_cross_threads_and_unwinding() {
        fn assert_traits<T: Send + Sync + std::panic::UnwindSafe + std::panic::RefUnwindSafe>() {}
        assert_traits::<Tensor<2>>();
        assert_traits::<Tensor<1, Int>>();
        assert_traits::<BridgeTensor>();
        assert_traits::<Device>();
    }

    #[test]
    fn handles_keep_their_layout() {
        // What a `Tensor` costs to move: one opaque handle and a marker.
        assert_eq!(align_of::<BridgeTensor>(), 8);
        assert_eq!(size_of::<Tensor<2>>(), size_of::<BridgeTensor>());
        // The slots are exactly as large as the engine tensor (a dispatch tensor and
        // its autodiff node's pointer): no padding to move.
        assert_eq!(
            size_of::<BridgeTensor>(),
            size_of::<crate::bridge::EngineTensor>()
        );
        assert_eq!(
            size_of::<crate::bridge::EngineTensor>(),
            size_of::<seam_dispatch::DispatchTensor>() + size_of::<usize>()
        );
        assert!(size_of::<Device>() >= size_of::<seam_dispatch::DispatchDevice>());
        // On the CPU alone (the default), at most the 128 bytes that LLVM copies in
        // line: a larger handle is a `memcpy` call on every move (see `INLINE_RANK`).
        #[cfg(not(any(feature = "wgpu", feature = "vulkan")))]
        assert!(
            size_of::<BridgeTensor>() <= 128,
            "{} bytes",
            size_of::<BridgeTensor>()
        );
    }
}
