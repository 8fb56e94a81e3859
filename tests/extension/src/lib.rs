//! A backend extension of `seam-tensor`, written as a crate outside Seam would
//! write it: a fused `silu(x) = x * sigmoid(x)` kernel on the CPU backend, used as
//! a method of `Tensor`.
//!
//! ```
//! use seam_extension::FusedOps;
//! use seam_tensor::{Device, Tensor, TensorData};
//!
//! let x = Tensor::<1>::from_data(TensorData::new(vec![0.0f32, 2.0], [2]), &Device::default());
//! let y = x.silu().into_data().to_vec::<f32>().unwrap();
//! assert_eq!(y[0], 0.0);
//! assert!((y[1] - 2.0 / (1.0 + (-2.0f32).exp())).abs() < 1e-6);
//! ```
//!
//! # How it is put together
//!
//! The crate enables `seam-tensor/extension`, which opens the boundary:
//! `Tensor::into_bridge` gives the erased [`BridgeTensor`], `into_parts` its
//! `DispatchTensor`, whose `Cpu` variant holds the CPU backend's tensor. The kernel
//! runs on that, and the result goes back the same way: `BridgeTensor::from_dispatch`,
//! then `Tensor::from_bridge`, which checks the rank and kind.
//!
//! The generic part, [`FusedOps::silu`] on `Tensor<D>`, is a thin wrapper; the work
//! is in [`silu_bridge`], which is not generic. So, as for `seam-tensor`'s own ops,
//! crates downstream of this one compile the wrapper for their ranks and never the
//! backend code.

use seam_tensor::backend::Backend;
use seam_tensor::dispatch::DispatchTensor;
use seam_tensor::dispatch::backends::{Cpu, CpuDevice, CpuTensor};
use seam_tensor::{BridgeTensor, DType, Float, Kind, Tensor, TensorData};

/// Fused ops this crate adds to float tensors.
pub trait FusedOps {
    /// `x * sigmoid(x)` (SiLU, or swish) for each element, in one pass over the
    /// data instead of the four ops of `x.clone() / ((-x).exp() + 1.0)`.
    fn silu(self) -> Self;
}

impl<const D: usize> FusedOps for Tensor<D, Float> {
    fn silu(self) -> Self {
        match Tensor::from_bridge(silu_bridge(self.into_bridge())) {
            Ok(tensor) => tensor,
            Err(err) => unreachable!("silu keeps the rank and the kind: {err}"),
        }
    }
}

/// SiLU on an erased tensor: the op itself, compiled once, in this crate.
///
/// # Panics
///
/// If the tensor is not a float tensor, or is on a backend this crate has no kernel
/// for.
pub fn silu_bridge(x: BridgeTensor) -> BridgeTensor {
    let (kind, tensor) = x.into_parts();
    assert_eq!(
        kind,
        Kind::Float,
        "silu: the tensor must be a Float tensor, not {kind}"
    );
    BridgeTensor::from_dispatch(match tensor {
        DispatchTensor::Cpu(t) => DispatchTensor::Cpu(silu_cpu(t)),
        // Other backends, when seam-dispatch is built with them.
        #[allow(unreachable_patterns)]
        other => panic!("silu: no kernel for the {} backend", other.backend_name()),
    })
}

/// The CPU kernel: the input is read once (a strided view is gathered in row-major
/// order by `into_data`), each result written once.
fn silu_cpu(t: CpuTensor) -> CpuTensor {
    let data = Cpu::into_data(t);
    let shape = data.shape().clone();
    let out = match data.dtype() {
        DType::F32 => {
            let values = data.into_vec::<f32>().expect("the dtype was just read");
            TensorData::new(
                values.into_iter().map(|x| x / (1.0 + (-x).exp())).collect(),
                shape,
            )
        }
        DType::F64 => {
            let values = data.into_vec::<f64>().expect("the dtype was just read");
            TensorData::new(
                values.into_iter().map(|x| x / (1.0 + (-x).exp())).collect(),
                shape,
            )
        }
        other => unreachable!("a Float tensor holds {other} data"),
    };
    Cpu::from_data(out, &CpuDevice)
}
