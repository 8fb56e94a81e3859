//! Collective ops across devices (burn-tensor's `distributed`): burn-std's ids and
//! settings, a context that runs the backend's communication server while it lives,
//! and `all_reduce`, whose result is resolved once the devices have synced.

use crate::device::Device;
use crate::kind::Kind;
use crate::tensor::{Bridge, Tensor};
use burn_backend::distributed::DistributedOps;
use burn_backend::{DeviceOps, TensorMetadata};
use burn_dispatch::Dispatch;
use core::marker::PhantomData;
use seam_macros::outline;

pub use burn_std::distributed::*;

/// The backend's communication server for `devices`, running until this is dropped.
#[derive(Debug)]
pub struct DistributedContext {
    devices: Vec<Device>,
}

impl DistributedContext {
    /// Starts the communication server of `devices` with `config`.
    pub fn init(devices: Vec<Device>, config: DistributedConfig) -> Self {
        let dispatch: Vec<_> = devices.iter().map(|d| d.as_dispatch().clone()).collect();
        Dispatch::start_communication_server(&dispatch, config);
        Self { devices }
    }
}

impl Drop for DistributedContext {
    fn drop(&mut self) {
        if let Some(first) = self.devices.first() {
            Dispatch::close_communication_server(first.as_dispatch());
        }
    }
}

/// The result of a collective op: its values are there once the devices have synced
/// ([`CollectiveTensor::resolve`]).
#[derive(Clone)]
pub struct CollectiveTensor<const D: usize> {
    handle: Bridge,
    rank: PhantomData<[(); D]>,
}

impl<const D: usize> CollectiveTensor<D> {
    /// Waits for the collective op on the tensor's device, then returns the tensor.
    pub fn resolve(self) -> Tensor<D> {
        Tensor { bridge: synced(self.handle), kind: PhantomData }
    }

    /// The tensor without waiting for the collective op.
    ///
    /// # Safety
    ///
    /// The op must have completed on the tensor's device (a sync of it since), or the
    /// values read are not the collective's result.
    pub unsafe fn assume_resolved(self) -> Tensor<D> {
        Tensor { bridge: self.handle, kind: PhantomData }
    }
}

/// `handle` once its device has synced its collective ops.
fn synced(handle: Bridge) -> Bridge {
    Dispatch::sync_collective(&handle.tensor().device());
    handle
}

/// `input` reduced by `op` across the tensors of the same parameter on `device_ids`.
pub fn all_reduce<const D: usize>(input: Tensor<D>, op: ReduceOperation, device_ids: Vec<Device>) -> CollectiveTensor<D> {
    CollectiveTensor { handle: all_reduce_erased(input, op, device_ids), rank: PhantomData }
}

/// [`all_reduce`]'s work, its result the erased tensor.
#[doc(hidden)]
#[outline(Tensor)]
pub fn all_reduce_erased<const D: usize>(input: Tensor<D>, op: ReduceOperation, device_ids: Vec<Device>) -> Bridge {
    let ids = device_ids.iter().map(|d| d.as_dispatch().id()).collect();
    let collective = Dispatch::all_reduce(input.into_tensor(), op, ids);
    // SAFETY: the handle must not enter a computation before `sync_collective`: it
    // goes only into a `CollectiveTensor`, whose `resolve` syncs first, and whose
    // `assume_resolved` hands the same obligation to its caller.
    Bridge::new(Kind::Float, unsafe { collective.assume_resolved() })
}
