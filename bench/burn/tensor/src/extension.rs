//! For backend-extension authors (burn-tensor's `api/extension.rs`, its `extension`
//! feature): a tensor as its
//! erased form, as burn-dispatch's tensor, or as a backend's own primitive, and back.

use crate::check;
use crate::kind::{Basic, Bool, Float, Int};
use crate::tensor::{Bridge, Tensor};
use burn_backend::{Backend, TensorMetadata};
use burn_dispatch::{BackendTensor, DispatchKindConversion, DispatchTensor};
use seam_macros::outline;

#[outline]
impl<const D: usize, K: Basic> Tensor<D, K> {
    /// The erased form every outlined body works on.
    pub fn into_bridge(self) -> Bridge {
        self
    }

    /// The tensor of an erased form, which must be of kind `K` and rank `D`.
    pub fn from_bridge(tensor: Bridge) -> Self {
        let (kind, rank) = (tensor.stored_kind(), tensor.stored_rank());
        check::from_bridge("from_bridge", kind, rank, K::KIND, D);
        tensor
    }

    /// The tensor of burn-dispatch's tensor, whose dtype must be of kind `K` and whose
    /// rank must be `D`.
    pub fn from_dispatch(tensor: DispatchTensor) -> Self {
        let kind = check::dispatch_kind("from_dispatch", tensor.dtype(), K::KIND);
        check::dispatch_rank("from_dispatch", tensor.shape().num_dims(), D);
        Bridge::new(kind, tensor)
    }

    /// burn-dispatch's tensor.
    pub fn into_dispatch(self) -> DispatchTensor {
        self.into_tensor()
    }

    /// The tensor as backend `B`'s own primitive, or why it is on another backend or
    /// of another kind (generic over the backend, which names it: not outlined).
    #[outline(skip)]
    pub fn try_into_primitive<B: Backend>(self) -> Result<<K as BackendPrimitive<B>>::Primitive, PrimitiveConversionError>
    where
        K: BackendPrimitive<B>,
        DispatchTensor: DispatchKindConversion<B>,
    {
        let tensor = <DispatchTensor as DispatchKindConversion<B>>::try_into_backend(self.into_dispatch())
            .map_err(PrimitiveConversionError::BackendMismatch)?;
        <K as BackendPrimitive<B>>::try_into_primitive(tensor)
    }

    /// The tensor of backend `B`'s own primitive (generic over the backend, which
    /// names it: not outlined; it calls the outlined `from_dispatch`).
    #[outline(skip)]
    pub fn from_primitive<B: Backend>(primitive: <K as BackendPrimitive<B>>::Primitive) -> Self
    where
        K: BackendPrimitive<B>,
        DispatchTensor: DispatchKindConversion<B>,
    {
        let tensor = <K as BackendPrimitive<B>>::from_primitive(primitive);
        Self::from_dispatch(<DispatchTensor as DispatchKindConversion<B>>::from_backend(tensor))
    }
}

/// Why a tensor is not backend `B`'s primitive of the kind asked for.
#[derive(Debug, PartialEq)]
pub enum PrimitiveConversionError {
    /// The tensor is on another backend than `B`.
    BackendMismatch(String),
    /// The tensor is of another kind.
    KindMismatch(String),
}

/// A kind's tensor primitive on backend `B`, and the conversions between it and
/// burn-dispatch's `BackendTensor<B>`.
pub trait BackendPrimitive<B: Backend> {
    /// `B`'s primitive of the kind.
    type Primitive;

    /// The primitive `tensor` holds, or why it holds another kind's.
    fn try_into_primitive(tensor: BackendTensor<B>) -> Result<Self::Primitive, PrimitiveConversionError>;

    /// The `BackendTensor` holding `primitive`.
    fn from_primitive(primitive: Self::Primitive) -> BackendTensor<B>;
}

/// Each kind's primitive on backend `B`, as burn-tensor's kinds have it.
macro_rules! primitives {
    ($($kind:ty: $variant:ident => $primitive:ident;)*) => {$(
        impl<B: Backend> BackendPrimitive<B> for $kind {
            type Primitive = <B as burn_backend::BackendTypes>::$primitive;

            fn try_into_primitive(tensor: BackendTensor<B>) -> Result<Self::Primitive, PrimitiveConversionError> {
                match tensor {
                    BackendTensor::$variant(primitive) => Ok(primitive),
                    other => Err(PrimitiveConversionError::KindMismatch(format!(
                        "a {} primitive was asked for, the tensor is {}",
                        stringify!($variant),
                        other.name()
                    ))),
                }
            }

            fn from_primitive(primitive: Self::Primitive) -> BackendTensor<B> {
                BackendTensor::$variant(primitive)
            }
        }
    )*};
}

primitives! {
    Float: Float => FloatTensorPrimitive;
    Int: Int => IntTensorPrimitive;
    Bool: Bool => BoolTensorPrimitive;
}
