//! [`filled_vec`] and [`vec_with_capacity`]: buffer allocations that fail with a
//! panic, not an abort.

use core::fmt::Display;

/// A `Vec` of `len` copies of `value`.
///
/// Unlike `vec![value; len]`, which aborts the whole process when the allocator
/// refuses, a refused allocation here unwinds, with a message that names the public
/// op running ([`enter_op`](crate::enter_op)), `what` (the buffer) and the bytes asked
/// for; a test or a server can catch it.
///
/// ```
/// let buf = seam_backend::filled_vec(3, 1.5f32, &"ones [3]");
/// assert_eq!(buf, [1.5, 1.5, 1.5]);
/// let refused = std::panic::catch_unwind(|| seam_backend::filled_vec(1 << 60, 0u8, &"zeros [2^60]"));
/// assert!(refused.is_err());
/// ```
///
/// # Panics
///
/// If the allocator cannot give `len` elements of `T`.
#[track_caller]
pub fn filled_vec<T: Clone>(len: usize, value: T, what: &dyn Display) -> Vec<T> {
    let mut buf = vec_with_capacity(len, what);
    buf.resize(len, value);
    buf
}

/// An empty `Vec` with room for exactly `len` elements, for a kernel that writes
/// each of them once (`extend` from an iterator of known length), so that the
/// buffer is not first filled with a value it overwrites. A refused allocation
/// panics as in [`filled_vec`].
///
/// ```
/// let mut buf = seam_backend::vec_with_capacity::<f32>(3, &"exp [3]");
/// buf.extend([1.0, 2.0, 3.0].map(f32::exp));
/// assert_eq!((buf.len(), buf.capacity()), (3, 3));
/// let refused = std::panic::catch_unwind(|| seam_backend::vec_with_capacity::<u8>(1 << 60, &"[2^60]"));
/// assert!(refused.is_err());
/// ```
///
/// # Panics
///
/// If the allocator cannot give `len` elements of `T`.
#[track_caller]
pub fn vec_with_capacity<T>(len: usize, what: &dyn Display) -> Vec<T> {
    let mut buf = Vec::new();
    if let Err(error) = buf.try_reserve_exact(len) {
        let size = size_of::<T>();
        panic!(
            "{}{what}: cannot allocate {} bytes ({len} elements of {size} bytes): {error}",
            crate::in_op(),
            len.saturating_mul(size)
        );
    }
    buf
}
