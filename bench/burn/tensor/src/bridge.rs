//! The erased form every outlined body works on: [`Bridge`], a dispatch tensor and
//! its [`Kind`] stored by `#[opaque]` in fixed-size slots, and the device settings
//! its ops read. It names no tensor type: `tensor.rs` and `kind.rs` build on it.

use burn_backend::TensorMetadata;
use burn_dispatch::DispatchTensor;
use burn_std::DType;
use seam_macros::opaque;

// ---- BEGIN BOUNDARY ----
/// What a tensor holds, known at run time.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// Floating-point numbers.
    Float,
    /// Integers.
    Int,
    /// Booleans.
    Bool,
}

impl Kind {
    /// The name burn-tensor prints for it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Float => "Float",
            Kind::Int => "Int",
            Kind::Bool => "Bool",
        }
    }
}

/// A tensor of any rank and kind: the erased form the outlined bodies work on.
#[opaque(Send, Sync, off_if(feature = "boundary-off"))]
#[derive(Clone, Debug)]
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

    /// The dispatch tensor; a quantized float tensor dequantized to the device's float
    /// dtype, as every op but reading it back takes it.
    pub(crate) fn into_tensor(self) -> DispatchTensor {
        dequantized(self.into_inner().tensor)
    }

    /// The two operands of an element-wise op on floats, as burn-tensor pairs them: a
    /// quantized operand beside a float one is dequantized to the float one's dtype
    /// (two quantized ones each to the device's float dtype).
    pub(crate) fn into_operands(self, other: Bridge) -> (DispatchTensor, DispatchTensor) {
        let (a, b) = (self.into_stored(), other.into_stored());
        let to = |tensor: DispatchTensor, dtype: DType| {
            <burn_dispatch::Dispatch as burn_backend::ops::QTensorOps<_>>::dequantize(tensor, dtype.into())
        };
        match (a.dtype(), b.dtype()) {
            (DType::QFloat(_), DType::QFloat(_)) => (dequantized(a), dequantized(b)),
            (DType::QFloat(_), dtype) => (to(a, dtype), b),
            (dtype, DType::QFloat(_)) => (a, to(b, dtype)),
            _ => (a, b),
        }
    }

    /// The dispatch tensor as stored (a quantized one stays quantized).
    pub(crate) fn into_stored(self) -> DispatchTensor {
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

/// `tensor`, dequantized to its device's float dtype if it is stored quantized.
pub(crate) fn dequantized(tensor: DispatchTensor) -> DispatchTensor {
    match tensor.dtype() {
        DType::QFloat(_) => {
            let dtype = settings(&tensor).float_dtype;
            <burn_dispatch::Dispatch as burn_backend::ops::QTensorOps<_>>::dequantize(tensor, dtype)
        }
        _ => tensor,
    }
}
// ---- END BOUNDARY ----

/// The settings (default dtypes) of `tensor`'s device, as the helpers read them.
pub(crate) fn settings(tensor: &DispatchTensor) -> burn_std::DeviceSettings {
    settings_of(&tensor.device())
}

/// The settings (default dtypes) of `device`.
pub(crate) fn settings_of(device: &burn_dispatch::DispatchDevice) -> burn_std::DeviceSettings {
    burn_backend::get_or_init_device_settings::<burn_dispatch::Dispatch>(device)
}
