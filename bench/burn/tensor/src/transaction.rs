//! Transactions (burn-tensor's `api/transaction.rs`): several tensors, of any kind,
//! registered and read back from their devices in one go, in the order registered.

use crate::kind::Kind;
use crate::tensor::{Bridge, Tensor};
use burn_backend::ops::TransactionPrimitive;
use burn_backend::{ExecutionError, TensorMetadata, TensorPrimitive};
use burn_dispatch::Dispatch;
use burn_std::DType;
use burn_std::TensorData;
use seam_macros::opaque;

// ---- BEGIN BOUNDARY ----
/// Tensors to read back together (stored in fixed-size slots: the backend's
/// transaction type is not named outside this crate).
#[opaque(Send, Sync, off_if(feature = "boundary-off"))]
pub struct Transaction(TransactionPrimitive<Dispatch>);
// ---- END BOUNDARY ----

impl Default for Transaction {
    fn default() -> Self {
        Self::from_inner(TransactionPrimitive::default())
    }
}

impl Transaction {
    /// Adds `tensor`, to be read when the transaction executes.
    pub fn register<const D: usize, K: crate::kind::Transaction>(mut self, tensor: Tensor<D, K>) -> Self {
        self.push(tensor.bridge);
        self
    }

    /// Adds an erased tensor: the non-generic work of [`Transaction::register`].
    fn push(&mut self, tensor: Bridge) {
        let kind = tensor.stored_kind();
        let tensor = tensor.into_stored();
        let op = self.inner_mut();
        match kind {
            Kind::Float if matches!(tensor.dtype(), DType::QFloat(_)) => op.register_float(TensorPrimitive::QFloat(tensor)),
            Kind::Float => op.register_float(TensorPrimitive::Float(tensor)),
            Kind::Int => op.register_int(tensor),
            Kind::Bool => op.register_bool(tensor),
        }
    }

    /// The data of every registered tensor, in the order registered; panics if a
    /// device fails to read (see [`Transaction::try_execute`]).
    pub fn execute(self) -> Vec<TensorData> {
        self.try_execute()
            .expect("Transaction::execute: a device failed to read a tensor; try_execute returns the error")
    }

    /// The data of every registered tensor, in the order registered, or why a device
    /// could not read one.
    pub fn try_execute(self) -> Result<Vec<TensorData>, ExecutionError> {
        burn_std::future::block_on(self.execute_async())
    }

    /// [`Transaction::try_execute`], as a future.
    pub async fn execute_async(self) -> Result<Vec<TensorData>, ExecutionError> {
        self.into_inner().execute_async().await
    }
}
