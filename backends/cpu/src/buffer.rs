//! [`Buffer`]: the elements of a tensor, which go back to the [pool](crate::pool)
//! when the last tensor viewing them is dropped.

use crate::element::CpuElement;
use crate::pool;
use core::ops::{Deref, DerefMut};

/// A tensor's elements, shared behind an `Arc` by every view of them. Dropping it
/// (when the last `Arc` goes) gives its `Vec` to the pool, which keeps it if it is
/// large, for the next output of its length.
pub(crate) struct Buffer<T: CpuElement>(Vec<T>);

impl<T: CpuElement> Buffer<T> {
    /// A buffer holding `values`.
    pub(crate) fn new(values: Vec<T>) -> Self {
        Self(values)
    }
}

impl<T: CpuElement> Drop for Buffer<T> {
    fn drop(&mut self) {
        pool::recycle(std::mem::take(&mut self.0));
    }
}

/// A copy, in a pooled buffer when there is one (for `Arc::make_mut`).
impl<T: CpuElement> Clone for Buffer<T> {
    fn clone(&self) -> Self {
        Self(pool::copy_of(&self.0))
    }
}

impl<T: CpuElement> Deref for Buffer<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T: CpuElement> DerefMut for Buffer<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}

#[cfg(test)]
// `&[a..b]` is one range for a rank-1 tensor, not a list of numbers.
#[allow(clippy::single_range_in_vec_init)]
mod tests {
    use crate::pool::{self, MAX_BUFFERS, MAX_BYTES, MIN_BYTES};
    use crate::{Cpu, CpuDevice, CpuTensor};
    use seam_backend::{Backend, BinaryOp, DType, Scalar, Shape, UnaryOp};

    /// A contiguous `f32` tensor of `n` elements, each `value`.
    fn full(n: usize, value: f32) -> CpuTensor {
        Cpu::full(Shape::from(vec![n]), Scalar::from(value), DType::F32, &CpuDevice)
    }

    fn values(t: CpuTensor) -> Vec<f32> {
        Cpu::into_data(t).to_vec().unwrap()
    }

    // Each test uses lengths of its own, so that the tests running alongside it
    // (which share the pool) never take its buffers.

    #[test]
    fn a_dropped_large_buffer_is_reused_by_the_next_output_of_its_length() {
        let n = MIN_BYTES / 4 + 11;
        let (a, b) = (full(n, 1.0), full(n, 2.0));
        let freed = a.buffer_ptr();
        drop(a);
        // `b` is shared, so the sum cannot be written over it: a new output.
        let sum = Cpu::binary(BinaryOp::Add, b.clone(), b.clone());
        assert_eq!(sum.buffer_ptr(), freed);
        assert!(values(sum).iter().all(|&x| x == 4.0));
        // And a copy of `b` (`slice_assign` of a shared buffer) gets that back again.
        let copy = Cpu::slice_assign(b.clone(), &[0..1], full(1, 9.0));
        assert_eq!(copy.buffer_ptr(), freed);
        let copied = values(copy);
        assert_eq!((copied[0], copied[1], copied[n - 1]), (9.0, 2.0, 2.0));
    }

    #[test]
    fn a_buffer_still_referenced_is_never_handed_out() {
        let n = MIN_BYTES / 4 + 13;
        let a = full(n, 3.0);
        let kept = a.clone();
        drop(a);
        let exp = Cpu::unary(UnaryOp::Exp, full(n, 0.0));
        assert_ne!(exp.buffer_ptr(), kept.buffer_ptr());
        assert!(values(kept).iter().all(|&x| x == 3.0));
        assert!(values(exp).iter().all(|&x| x == 1.0));
    }

    #[test]
    fn pooling_is_thread_safe() {
        let sizes = [MIN_BYTES / 4 + 17, MIN_BYTES / 4 + 19, MIN_BYTES / 2 + 23];
        std::thread::scope(|s| {
            for thread in 0..4 {
                s.spawn(move || {
                    for i in 0..12 {
                        let n = sizes[(thread + i) % sizes.len()];
                        let (x, y) = ((thread * 100 + i) as f32, 0.5);
                        let a = full(n, x);
                        let kept = a.clone();
                        let sum = Cpu::binary(BinaryOp::Add, a, full(n, y));
                        let neg = Cpu::unary(UnaryOp::Neg, kept.clone());
                        assert!(values(sum).iter().all(|&v| v == x + y));
                        assert!(values(neg).iter().all(|&v| v == -x));
                        assert!(values(kept).iter().all(|&v| v == x));
                    }
                });
            }
        });
        let (buffers, bytes) = pool::held();
        assert!(buffers <= MAX_BUFFERS && bytes <= MAX_BYTES);
    }
}
