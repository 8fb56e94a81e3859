//! What only integer tensors do (burn-tensor's `api/int.rs`).

use crate::kind::{Int, Kind};
use crate::base::created;
use crate::check;
use crate::tensor::{Bridge, Tensor};
use burn_backend::ops::IntTensorOps;
use burn_backend::TensorMetadata;
use burn_dispatch::Dispatch;
use burn_std::{ElementConversion, Shape};
use crate::device::Device;
use crate::options::TensorCreationOptions;
use burn_std::TensorData;
use core::ops::Range;
use seam_macros::outline;

#[outline]
impl Tensor<1, Int> {
    /// `range.start, range.start + 1, .., range.end - 1`.
    pub fn arange(range: Range<i64>, options: impl Into<TensorCreationOptions>) -> Self {
        Self::arange_step(range, 1, options)
    }

    /// `range.start, range.start + step, ..` below `range.end`.
    pub fn arange_step(range: Range<i64>, step: usize, options: impl Into<TensorCreationOptions>) -> Self {
        check::arange_step("arange_step", &range, step);
        let device = options.device.as_dispatch();
        let dtype = options
            .dtype
            .map(Into::into)
            .unwrap_or_else(|| options.device.settings_in_use().int_dtype);
        Bridge::new(Kind::Int, Dispatch::int_arange_step(range, step, device, dtype))
    }
}

#[outline]
impl<const D: usize> Tensor<D, Int> {
    /// A tensor of `ints`, read as `i64`.
    pub fn from_ints<A: Into<TensorData>>(ints: A, device: &Device) -> Self {
        created(Kind::Int, ints.convert::<i64>(), device)
    }

    /// Element-wise bitwise and, broadcasting.
    pub fn bitwise_and(self, other: Self) -> Self {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::binary("bitwise_and", &a, &b);
        Bridge::new(Kind::Int, Dispatch::bitwise_and(a, b))
    }

    /// Element-wise bitwise and, a scalar.
    pub fn bitwise_and_scalar(self, other: impl ElementConversion) -> Self {
        let a = self.into_tensor();
        let other = other.scalar(&a.dtype());
        Bridge::new(Kind::Int, Dispatch::bitwise_and_scalar(a, other))
    }

    /// Element-wise bitwise or, broadcasting.
    pub fn bitwise_or(self, other: Self) -> Self {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::binary("bitwise_or", &a, &b);
        Bridge::new(Kind::Int, Dispatch::bitwise_or(a, b))
    }

    /// Element-wise bitwise or, a scalar.
    pub fn bitwise_or_scalar(self, other: impl ElementConversion) -> Self {
        let a = self.into_tensor();
        let other = other.scalar(&a.dtype());
        Bridge::new(Kind::Int, Dispatch::bitwise_or_scalar(a, other))
    }

    /// Element-wise bitwise xor, broadcasting.
    pub fn bitwise_xor(self, other: Self) -> Self {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::binary("bitwise_xor", &a, &b);
        Bridge::new(Kind::Int, Dispatch::bitwise_xor(a, b))
    }

    /// Element-wise bitwise xor, a scalar.
    pub fn bitwise_xor_scalar(self, other: impl ElementConversion) -> Self {
        let a = self.into_tensor();
        let other = other.scalar(&a.dtype());
        Bridge::new(Kind::Int, Dispatch::bitwise_xor_scalar(a, other))
    }

    /// Each element shifted left by `other`'s, broadcasting.
    pub fn bitwise_left_shift(self, other: Self) -> Self {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::binary("bitwise_left_shift", &a, &b);
        Bridge::new(Kind::Int, Dispatch::bitwise_left_shift(a, b))
    }

    /// Each element shifted left by `other`'s, a scalar.
    pub fn bitwise_left_shift_scalar(self, other: impl ElementConversion) -> Self {
        let a = self.into_tensor();
        let other = other.scalar(&a.dtype());
        Bridge::new(Kind::Int, Dispatch::bitwise_left_shift_scalar(a, other))
    }

    /// Each element shifted right by `other`'s, broadcasting.
    pub fn bitwise_right_shift(self, other: Self) -> Self {
        let (a, b) = (self.into_tensor(), other.into_tensor());
        check::binary("bitwise_right_shift", &a, &b);
        Bridge::new(Kind::Int, Dispatch::bitwise_right_shift(a, b))
    }

    /// Each element shifted right by `other`'s, a scalar.
    pub fn bitwise_right_shift_scalar(self, other: impl ElementConversion) -> Self {
        let a = self.into_tensor();
        let other = other.scalar(&a.dtype());
        Bridge::new(Kind::Int, Dispatch::bitwise_right_shift_scalar(a, other))
    }

    /// Element-wise bitwise not.
    pub fn bitwise_not(self) -> Self {
        Bridge::new(Kind::Int, Dispatch::bitwise_not(self.into_tensor()))
    }

    /// The index of every position of a grid of `shape` (rank `D`): `D2` is `D + 1`,
    /// the last dim holding the `D` indices of its position.
    pub fn cartesian_grid<S: Into<Shape>, const D2: usize>(shape: S, device: &Device) -> Tensor<D2, Int> {
        check::grid_rank("cartesian_grid", D, D2);
        check::creation("cartesian_grid", &shape, D);
        let dims = shape.as_slice();
        let mut at = vec![0i64; D];
        let mut values = Vec::with_capacity(shape.num_elements() * D);
        for _ in 0..shape.num_elements() {
            values.extend_from_slice(&at);
            // The next position, the last index moving fastest.
            for d in (0..D).rev() {
                at[d] += 1;
                if (at[d] as usize) < dims[d] {
                    break;
                }
                at[d] = 0;
            }
        }
        let mut out = dims.to_vec();
        out.push(D);
        created(Kind::Int, TensorData::new(values, out), device)
    }
}

/// The index of every position of a tensor of `shape`, along a last dim of size `D`
/// (`D2` is `D + 1`): [`Tensor::cartesian_grid`], as burn-tensor's free function.
pub fn cartesian_grid<S: Into<Shape>, const D: usize, const D2: usize>(shape: S, device: &Device) -> Tensor<D2, Int> {
    Tensor::<D, Int>::cartesian_grid::<S, D2>(shape, device)
}
