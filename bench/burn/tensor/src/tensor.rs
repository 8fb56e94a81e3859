//! The tensor type and its boundary: the erased form the outlined bodies work on
//! (`Bridge`, stored by `#[opaque]` in fixed-size slots), the three conversions
//! `#[outline]` is told about, and the protocol every `impl Tensor` block shares.

use crate::kind::{Basic, Float, Kind};
use burn_backend::TensorMetadata;
use burn_dispatch::DispatchTensor;
use burn_std::{AsIndex, DType, ElementConversion, Scalar};
use core::marker::PhantomData;
use seam_macros::{opaque, outline};

// ---- BEGIN BOUNDARY ----
/// A tensor of any rank and kind: the erased form the outlined bodies work on.
#[opaque(Clone, Debug, Send, Sync, off_if(feature = "boundary-off"))]
pub struct Bridge(Inner);

/// The dispatch tensor and its kind.
#[derive(Clone, Debug)]
struct Inner {
    kind: Kind,
    tensor: DispatchTensor,
}

impl Bridge {
    /// A tensor of `kind`.
    pub(crate) fn new(kind: Kind, tensor: DispatchTensor) -> Self {
        Self::from_inner(Inner { kind, tensor })
    }

    /// The dispatch tensor.
    pub(crate) fn into_tensor(self) -> DispatchTensor {
        self.into_inner().tensor
    }

    /// The dispatch tensor, borrowed.
    pub(crate) fn tensor(&self) -> &DispatchTensor {
        &self.inner().tensor
    }

    /// The rank, read from the tensor's shape.
    pub(crate) fn stored_rank(&self) -> usize {
        self.inner().tensor.shape().num_dims()
    }

    /// The kind.
    pub(crate) fn stored_kind(&self) -> Kind {
        self.inner().kind
    }
}

/// `impl AsIndex` arguments reach the helpers as `isize` (negative counts from the end).
pub(crate) fn as_index(index: impl AsIndex) -> isize {
    index.as_index()
}

/// `E: ElementConversion` arguments reach the helpers as an `f64`, converted to the
/// tensor's dtype there (`Elem::scalar`).
pub(crate) fn as_elem(value: impl ElementConversion) -> Elem {
    Elem(Scalar::Float(value.elem()))
}

/// `-> E` (`E: Element`) results leave the helpers as an `Elem` holding the
/// element's own scalar (an `i64` stays exact), converted to `E` here.
pub(crate) fn to_element<E: burn_std::Element>(value: Elem) -> E {
    value.0.elem()
}

/// `S: ReshapeArgs<D2>` arguments reach the helpers as the dims asked for.
pub(crate) fn reshape_dims<const D2: usize>(shape: impl ReshapeArgs<D2>) -> Vec<isize> {
    shape.into_dims()
}
// ---- END BOUNDARY ----

/// What `reshape` takes: `D2` dims, where `-1` is inferred from the element count
/// and `0` keeps the source dim (a `Shape`, or an array of `AsIndex`).
pub trait ReshapeArgs<const D2: usize>: core::fmt::Debug {
    /// The dims asked for.
    fn into_dims(self) -> Vec<isize>;
}

impl<const D2: usize, I: AsIndex> ReshapeArgs<D2> for [I; D2] {
    fn into_dims(self) -> Vec<isize> {
        self.iter().map(|i| i.as_index()).collect()
    }
}

impl<const D2: usize> ReshapeArgs<D2> for burn_std::Shape {
    fn into_dims(self) -> Vec<isize> {
        self.iter().map(|d| *d as isize).collect()
    }
}

/// A scalar crossing the boundary: an argument before the tensor's dtype is known
/// (as an `f64`, so an integer argument beyond 2^53 loses its low bits, where
/// burn-tensor converts from the caller's type), or an element read from a tensor.
#[derive(Clone, Copy, Debug)]
pub struct Elem(Scalar);

impl Elem {
    /// The scalar for a tensor of `dtype`, as `Scalar::new` makes it.
    pub(crate) fn scalar(self, dtype: &DType) -> Scalar {
        match self.0 {
            Scalar::Float(x) => Scalar::new(x, dtype),
            Scalar::Int(x) => Scalar::new(x, dtype),
            Scalar::UInt(x) => Scalar::new(x, dtype),
            Scalar::Bool(x) => Scalar::new(x, dtype),
        }
    }

    /// An element read from a tensor, kept as its own kind of scalar.
    pub(crate) fn read(value: Scalar) -> Self {
        Elem(value)
    }
}

impl ElementConversion for Elem {
    fn from_elem<E: burn_std::cast::ToElement>(elem: E) -> Self {
        Elem(Scalar::Float(elem.to_f64()))
    }

    fn elem<E: burn_std::Element>(self) -> E {
        self.0.elem()
    }
}

/// A tensor of rank `D` and kind `K` (`Float`, `Int` or `Bool`) on a device of
/// burn-dispatch's, with burn-tensor 0.22.1's API written in plain style: each
/// public method's body is compiled once, in this crate.
// Paths from the crate root: the arguments are put back on each block, in its module.
#[outline(erased = crate::tensor::Bridge, erase = into_bridge, erase_ref = as_bridge, // boundary
          restore = restore, D = stored_rank, K::KIND: crate::Kind = stored_kind, // boundary
          kinds(Basic = [crate::Float, crate::Int, crate::Bool], // boundary
                Numeric = [crate::Float, crate::Int], Ordered = [crate::Float, crate::Int], // boundary
                FloatMath = [crate::Float], // boundary
                IntoInt = [crate::Float, crate::Bool], IntoFloat = [crate::Int, crate::Bool]), // boundary
          via(AsIndex: isize = crate::tensor::as_index, // boundary
              ElementConversion: crate::Elem = crate::tensor::as_elem, // boundary
              Element: crate::Elem = (crate::tensor::as_elem, crate::tensor::to_element), // boundary
              ReshapeArgs: Vec<isize> = crate::tensor::reshape_dims), // boundary
          off_if(feature = "boundary-off"))] // boundary
#[derive(Clone, Debug)]
pub struct Tensor<const D: usize, K: Basic = Float> {
    bridge: Bridge,
    kind: PhantomData<K>,
}

// ---- BEGIN BOUNDARY ----
// The three conversions `#[outline]` is told about.
impl<const D: usize, K: Basic> Tensor<D, K> {
    pub(crate) fn into_bridge(self) -> Bridge {
        self.bridge
    }

    pub(crate) fn as_bridge(&self) -> &Bridge {
        &self.bridge
    }

    pub(crate) fn restore(bridge: Bridge) -> Self {
        debug_assert!(
            bridge.stored_rank() == D && bridge.stored_kind() == K::KIND,
            "a rank-{} {:?} tensor where a Tensor<{D}, {:?}> was expected",
            bridge.stored_rank(),
            bridge.stored_kind(),
            K::KIND
        );
        Self {
            bridge,
            kind: PhantomData,
        }
    }
}
// ---- END BOUNDARY ----

/// The settings (default dtypes) of `tensor`'s device, as the helpers read them.
pub(crate) fn settings(tensor: &DispatchTensor) -> burn_std::DeviceSettings {
    burn_backend::get_or_init_device_settings::<burn_dispatch::Dispatch>(&tensor.device())
}

/// `tensor` reduced by `reduce` along each of `dims` in turn (each checked for `op`).
pub(crate) fn along_dims(
    op: &str,
    tensor: DispatchTensor,
    dims: &[isize],
    rank: usize,
    mut reduce: impl FnMut(DispatchTensor, usize) -> DispatchTensor,
) -> DispatchTensor {
    dims.iter()
        .fold(tensor, |t, &d| reduce(t, crate::check::dim(op, d, rank)))
}
