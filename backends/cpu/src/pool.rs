//! A bounded, process-wide pool of large buffers: what a dropped tensor's buffer
//! becomes, and where a kernel's output buffer comes from when one of its length is
//! there.
//!
//! A new large allocation is a fresh `mmap` (glibc stops reusing freed blocks above
//! its mmap threshold, at most 32 MiB), whose pages fault and are zeroed by the
//! kernel on first write: for a 64 MiB output that costs more than the op itself.
//! A recycled buffer's pages are already mapped, so an op writing into it runs at
//! memory bandwidth. See the crate docs.
//!
//! Only buffers of at least [`MIN_BYTES`] are pooled (smaller ones come from the
//! allocator's own free lists quickly), and the pool holds at most
//! [`MAX_BUFFERS`] buffers and [`MAX_BYTES`] bytes: a buffer given back to a full
//! pool pushes out the oldest ones, which are freed.

use seam_backend::{Element, filled_vec};
use std::any::Any;
use std::collections::VecDeque;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The least size, in bytes, of a buffer the pool takes: 1 MiB.
pub(crate) const MIN_BYTES: usize = 1 << 20;

/// The most buffers the pool holds.
pub(crate) const MAX_BUFFERS: usize = 8;

/// The most bytes (of buffer capacity) the pool holds, in all: 1 GiB.
pub(crate) const MAX_BYTES: usize = 1 << 30;

/// The pool every buffer goes back to.
static POOL: Mutex<Pool> = Mutex::new(Pool::new(MAX_BUFFERS, MAX_BYTES));

/// A buffer for a tensor of `dims`, for a kernel that writes every element: one from
/// the pool (holding an earlier tensor's values) when it has one of exactly this
/// length and element type, else a new zeroed one.
///
/// # Panics
///
/// If the allocator refuses the buffer (never an abort: see [`filled_vec`]).
#[track_caller]
pub(crate) fn output<T: Element + Default>(dims: &[usize]) -> Vec<T> {
    let len = seam_backend::count(dims);
    take(len).unwrap_or_else(|| new_buffer(dims, len, T::default()))
}

/// A buffer for a tensor of `dims`, each element `value`: a pooled one when there
/// is one of this length, else a new one.
///
/// # Panics
///
/// If the allocator refuses the buffer.
#[track_caller]
pub(crate) fn filled<T: Element>(dims: &[usize], value: T) -> Vec<T> {
    let len = seam_backend::count(dims);
    match take(len) {
        Some(mut buf) => {
            buf.fill(value);
            buf
        }
        None => new_buffer(dims, len, value),
    }
}

/// A new buffer of `len` (the count of `dims`) copies of `value`, which panics,
/// naming the shape, where `vec!` would abort the process.
#[track_caller]
fn new_buffer<T: Element>(dims: &[usize], len: usize, value: T) -> Vec<T> {
    filled_vec(len, value, &Refused::<T>::new(dims))
}

/// The buffer a refused allocation was for, in its panic message: "the cpu
/// backend, a F32 tensor of shape [..]" (the allocator adds the op and the bytes).
pub(crate) struct Refused<'a, T> {
    dims: &'a [usize],
    dtype: core::marker::PhantomData<T>,
}

impl<'a, T> Refused<'a, T> {
    pub(crate) fn new(dims: &'a [usize]) -> Self {
        Refused {
            dims,
            dtype: core::marker::PhantomData,
        }
    }
}

impl<T: Element> core::fmt::Display for Refused<'_, T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "the cpu backend, a {} tensor of shape {:?}",
            T::DTYPE,
            self.dims
        )
    }
}

/// A copy of `values`, in a pooled buffer when there is one of their length.
pub(crate) fn copy_of<T: Element>(values: &[T]) -> Vec<T> {
    match take(values.len()) {
        Some(mut buf) => {
            buf.copy_from_slice(values);
            buf
        }
        None => values.to_vec(),
    }
}

/// A pooled buffer of exactly `len` elements of `T`, if the pool has one (the most
/// recently given back of them).
pub(crate) fn take<T: Send + 'static>(len: usize) -> Option<Vec<T>> {
    if !poolable::<T>(len) {
        return None;
    }
    lock().take(len)
}

/// Gives `buf` to the pool if it is large enough; it (or the buffers it pushes
/// out) is freed otherwise.
pub(crate) fn recycle<T: Send + 'static>(buf: Vec<T>) {
    if !poolable::<T>(buf.len()) {
        return;
    }
    let freed = lock().give(buf);
    // Unmapping takes a while; not while other threads wait for the lock.
    drop(freed);
}

/// Whether a buffer of `len` elements of `T` is large enough to pool.
fn poolable<T>(len: usize) -> bool {
    len.saturating_mul(size_of::<T>()) >= MIN_BYTES
}

/// The pool, even if a thread panicked holding it (no operation on it leaves it
/// inconsistent).
fn lock() -> MutexGuard<'static, Pool> {
    POOL.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The number of buffers and of bytes the pool holds.
#[cfg(test)]
pub(crate) fn held() -> (usize, usize) {
    let pool = lock();
    (pool.entries.len(), pool.bytes)
}

/// Buffers of any element type, oldest first, within a count and a byte bound.
pub(crate) struct Pool {
    entries: VecDeque<Entry>,
    /// The bytes of all `entries`.
    bytes: usize,
    max_buffers: usize,
    max_bytes: usize,
}

/// One pooled buffer: a `Vec<T>` for some element type `T`.
struct Entry {
    buf: Box<dyn Any + Send>,
    /// The `Vec`'s length, in elements.
    len: usize,
    /// The `Vec`'s capacity, in bytes.
    bytes: usize,
}

impl Pool {
    /// An empty pool that holds at most `max_buffers` buffers and `max_bytes` bytes.
    pub(crate) const fn new(max_buffers: usize, max_bytes: usize) -> Self {
        Self {
            entries: VecDeque::new(),
            bytes: 0,
            max_buffers,
            max_bytes,
        }
    }

    /// Removes and returns the most recently given `Vec<T>` of length `len`, if any.
    pub(crate) fn take<T: 'static>(&mut self, len: usize) -> Option<Vec<T>> {
        let at = self
            .entries
            .iter()
            .rposition(|e| e.len == len && e.buf.is::<Vec<T>>())?;
        let entry = self.entries.remove(at)?;
        self.bytes -= entry.bytes;
        entry.buf.downcast::<Vec<T>>().ok().map(|buf| *buf)
    }

    /// Adds `buf`, first pushing out the oldest buffers until it fits the bounds;
    /// returns what was pushed out (or `buf` itself, if it alone is over the byte
    /// bound) for the caller to free.
    #[must_use = "the pushed-out buffers are freed when dropped"]
    pub(crate) fn give<T: Send + 'static>(&mut self, buf: Vec<T>) -> Vec<Box<dyn Any + Send>> {
        let entry = Entry {
            len: buf.len(),
            bytes: buf.capacity() * size_of::<T>(),
            buf: Box::new(buf),
        };
        if self.max_buffers == 0 || entry.bytes > self.max_bytes {
            return vec![entry.buf];
        }
        let mut freed = Vec::new();
        while self.entries.len() >= self.max_buffers || self.bytes + entry.bytes > self.max_bytes {
            let Some(old) = self.entries.pop_front() else {
                break;
            };
            self.bytes -= old.bytes;
            freed.push(old.buf);
        }
        self.bytes += entry.bytes;
        self.entries.push_back(entry);
        freed
    }

    /// The number of buffers held.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The bytes held.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The address of a buffer's first element.
    fn addr<T>(buf: &[T]) -> usize {
        buf.as_ptr() as usize
    }

    #[test]
    fn takes_back_what_was_given_by_type_and_length() {
        let mut pool = Pool::new(4, 1 << 20);
        let a = vec![1.0f32; 100];
        let at = addr(&a);
        assert!(pool.give(a).is_empty());
        assert!(pool.take::<f32>(99).is_none());
        assert!(pool.take::<i32>(100).is_none());
        let back = pool.take::<f32>(100).unwrap();
        assert_eq!((addr(&back), back.len()), (at, 100));
        assert_eq!((pool.len(), pool.bytes()), (0, 0));
        assert!(pool.take::<f32>(100).is_none());
    }

    #[test]
    fn takes_the_newest_of_one_length() {
        let mut pool = Pool::new(4, 1 << 20);
        let (a, b) = (vec![0u8; 10], vec![0u8; 10]);
        let newest = addr(&b);
        assert!(pool.give(a).is_empty());
        assert!(pool.give(b).is_empty());
        assert_eq!(addr(&pool.take::<u8>(10).unwrap()), newest);
    }

    #[test]
    fn holds_at_most_max_buffers_pushing_out_the_oldest() {
        let mut pool = Pool::new(3, 1 << 20);
        for len in 1..=3 {
            assert!(pool.give(vec![0i64; len]).is_empty());
        }
        let freed = pool.give(vec![0i64; 4]);
        assert_eq!(freed.len(), 1);
        assert_eq!(freed[0].downcast_ref::<Vec<i64>>().map(Vec::len), Some(1));
        assert_eq!(pool.len(), 3);
        assert!(pool.take::<i64>(1).is_none());
        assert!(pool.take::<i64>(4).is_some());
    }

    #[test]
    fn holds_at_most_max_bytes() {
        let mut pool = Pool::new(8, 1000);
        assert!(pool.give(Vec::<u8>::with_capacity(600)).is_empty());
        // 600 + 500 > 1000: the first goes.
        assert_eq!(pool.give(Vec::<u8>::with_capacity(500)).len(), 1);
        assert_eq!((pool.len(), pool.bytes()), (1, 500));
        // Over the bound on its own: not kept, and nothing else is pushed out.
        let freed = pool.give(vec![0f64; 126]);
        assert_eq!(freed.len(), 1);
        assert!(freed[0].is::<Vec<f64>>());
        assert_eq!((pool.len(), pool.bytes()), (1, 500));
        assert!(Pool::new(0, 1000).give(vec![0u8; 1]).len() == 1);
    }

    #[test]
    fn small_buffers_are_not_pooled() {
        // Under 1 MiB of `i32`s, and of a length no other test uses.
        let len = MIN_BYTES / 4 - 3;
        recycle(vec![0i32; len]);
        assert!(lock().take::<i32>(len).is_none());
        assert!(!poolable::<i32>(len) && poolable::<i32>(MIN_BYTES / 4));
    }
}
