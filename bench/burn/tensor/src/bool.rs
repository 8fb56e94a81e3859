//! What only boolean tensors do (burn-tensor's `api/bool.rs`).

use crate::check;
use crate::kind::{Basic, Bool, Int, Kind};
use crate::base::created;
use crate::tensor::{Bridge, Tensor, settings};
use burn_backend::TensorMetadata;
use burn_backend::ops::BoolTensorOps;
use burn_dispatch::Dispatch;
use burn_std::Shape;
use crate::device::Device;
use burn_std::TensorData;
use seam_macros::outline;

#[outline]
impl<const D: usize> Tensor<D, Bool> {
    /// A tensor of `data`, read as booleans.
    pub fn from_bool<A: Into<TensorData>>(data: A, device: &Device) -> Self {
        created(Kind::Bool, data.convert::<bool>(), device)
    }

    /// Element-wise `!self`.
    pub fn bool_not(self) -> Self {
        Bridge::new(Kind::Bool, Dispatch::bool_not(self.into_tensor()))
    }

    /// Element-wise `self && rhs`, broadcasting.
    pub fn bool_and(self, rhs: Tensor<D, Bool>) -> Tensor<D, Bool> {
        let (a, b) = (self.into_tensor(), rhs.into_tensor());
        check::binary("bool_and", &a, &b);
        Bridge::new(Kind::Bool, Dispatch::bool_and(a, b))
    }

    /// Element-wise `self || rhs`, broadcasting.
    pub fn bool_or(self, rhs: Tensor<D, Bool>) -> Tensor<D, Bool> {
        let (a, b) = (self.into_tensor(), rhs.into_tensor());
        check::binary("bool_or", &a, &b);
        Bridge::new(Kind::Bool, Dispatch::bool_or(a, b))
    }

    /// Element-wise `self != rhs`, broadcasting.
    pub fn bool_xor(self, rhs: Tensor<D, Bool>) -> Tensor<D, Bool> {
        let (a, b) = (self.into_tensor(), rhs.into_tensor());
        check::binary("bool_xor", &a, &b);
        Bridge::new(Kind::Bool, Dispatch::bool_xor(a, b))
    }

    /// The indices of the true elements, one `[count]` tensor per dim (none if no
    /// element is true).
    pub fn nonzero(self) -> Vec<Tensor<1, Int>> {
        burn_backend::try_read_sync(self.nonzero_async())
            .expect("nonzero: this platform cannot read a tensor synchronously; use nonzero_async")
    }

    /// The indices of the true elements, one `[count]` tensor per dim (none if no
    /// element is true), when the future is awaited.
    pub async fn nonzero_async(self) -> Vec<Tensor<1, Int>> {
        let found = self.argwhere_async().await;
        let (count, rank) = (found.tensor().shape()[0], D);
        if count == 0 {
            return Vec::new();
        }
        (0..rank)
            .map(|d| {
                let column = found.clone().narrow(1, d, 1);
                Bridge::new(Kind::Int, <Int as Basic>::reshape(column.into_tensor(), Shape::from(vec![count])))
            })
            .collect()
    }

    /// The indices of the true elements, one row of `D` indices each.
    pub fn argwhere(self) -> Tensor<2, Int> {
        burn_backend::try_read_sync(self.argwhere_async())
            .expect("argwhere: this platform cannot read a tensor synchronously; use argwhere_async")
    }

    /// The indices of the true elements, one row of `D` indices each, when the future
    /// is awaited.
    pub async fn argwhere_async(self) -> Tensor<2, Int> {
        let tensor = self.into_tensor();
        let out = settings(&tensor).int_dtype;
        Bridge::new(Kind::Int, Dispatch::bool_argwhere(tensor, out).await)
    }

    /// True where an element lies below the band kept by `triu` (column < row +
    /// `offset`), for the last two dims of `shape` (the result has size 1 elsewhere).
    pub fn triu_mask<S: Into<Shape>>(shape: S, offset: i64, device: &Device) -> Self {
        tri_mask("triu_mask", &shape, D, device, |row, col| col < row + offset)
    }

    /// True where an element lies above the band kept by `tril` (column > row +
    /// `offset`), for the last two dims of `shape` (the result has size 1 elsewhere).
    pub fn tril_mask<S: Into<Shape>>(shape: S, offset: i64, device: &Device) -> Self {
        tri_mask("tril_mask", &shape, D, device, |row, col| col > row + offset)
    }

    /// True off the diagonal `offset` (column != row + `offset`), for the last two dims
    /// of `shape` (the result has size 1 elsewhere).
    pub fn diag_mask<S: Into<Shape>>(shape: S, offset: i64, device: &Device) -> Self {
        tri_mask("diag_mask", &shape, D, device, |row, col| col != row + offset)
    }
}

/// A bool tensor of rank `rank`, of size 1 but in the last two dims, which take
/// `shape`'s: true at (row, column) where `masked` says.
pub(crate) fn tri_mask(op: &str, shape: &Shape, rank: usize, device: &Device, masked: impl Fn(i64, i64) -> bool) -> Bridge {
    check::matrix_rank(op, rank, "mask");
    check::creation(op, shape, rank);
    let (rows, cols) = (shape[rank - 2], shape[rank - 1]);
    let values: Vec<bool> = (0..rows as i64)
        .flat_map(|row| (0..cols as i64).map(move |col| (row, col)))
        .map(|(row, col)| masked(row, col))
        .collect();
    let mut dims = vec![1; rank];
    dims[rank - 2..].copy_from_slice(&[rows, cols]);
    created(Kind::Bool, TensorData::new(values, dims), device)
}
