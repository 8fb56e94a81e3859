//! [`filled_vec`]: a buffer allocation that fails with a panic, not an abort.

use core::fmt::Display;

/// A `Vec` of `len` copies of `value`.
///
/// Unlike `vec![value; len]`, which aborts the whole process when the allocator
/// refuses, a refused allocation here unwinds, with a message that names `what`
/// (the op and the shape) and the bytes asked for; a test or a server can catch it.
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
    let mut buf = Vec::new();
    if let Err(error) = buf.try_reserve_exact(len) {
        let size = size_of::<T>();
        panic!(
            "{what}: cannot allocate {} bytes ({len} elements of {size} bytes): {error}",
            len.saturating_mul(size)
        );
    }
    buf.resize(len, value);
    buf
}
