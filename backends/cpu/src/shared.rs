//! [`Shared`]: the reference-counted pointer a tensor's buffer and view live behind.
//!
//! It is `std::sync::Arc` without weak references, which no tensor takes. With one
//! count, a handle that is the last one is known by a plain load: it is freed
//! without a locked instruction, and written over ([`Shared::get_mut`]) after a
//! plain load where `Arc::get_mut` locks the weak count with a compare-exchange.
//! An op's result is nearly always the last handle to its buffer when it is
//! dropped, and each locked instruction drains the store buffer: `std`'s `Arc`
//! spent two of them (strong and weak counts) on every result's drop.

use std::marker::PhantomData;
use std::ops::Deref;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicUsize, Ordering, fence};

/// A thread-safe reference-counted pointer to a `T`, with no weak references.
pub(crate) struct Shared<T> {
    ptr: NonNull<Inner<T>>,
    /// Drop check: a `Shared` owns (and may drop) an `Inner<T>`.
    _owns: PhantomData<Inner<T>>,
}

/// The allocation: the count of handles, and the value.
struct Inner<T> {
    count: AtomicUsize,
    value: T,
}

// SAFETY: as for `Arc`: handles on several threads give out `&T` (so `T: Sync`)
// and the last one drops the `T` on whichever thread holds it (so `T: Send`); the
// count is atomic.
unsafe impl<T: Send + Sync> Send for Shared<T> {}
// SAFETY: as for `Send`: a `&Shared<T>` clones into a handle on another thread.
unsafe impl<T: Send + Sync> Sync for Shared<T> {}

/// More handles than this aborts, as `Arc` does, so that the count never wraps.
const MAX_COUNT: usize = isize::MAX as usize;

impl<T> Shared<T> {
    /// `value` behind a new pointer, its only handle.
    pub(crate) fn new(value: T) -> Self {
        Self::from_inner(Box::new(Inner {
            count: AtomicUsize::new(1),
            value,
        }))
    }

    /// A new pointer whose value `init` writes where the allocation keeps it,
    /// through the raw pointer it is given: nothing is built on the stack and moved.
    ///
    /// # Safety
    ///
    /// `init` initialises the whole `T` at the pointer before it returns (it may
    /// panic instead, and then the allocation is freed and nothing is dropped).
    pub(crate) unsafe fn new_in_place(init: impl FnOnce(*mut T)) -> Self {
        let mut boxed = Box::<Inner<T>>::new_uninit();
        let inner = boxed.as_mut_ptr();
        // SAFETY: `inner` points at the box's allocation, valid for writes; the
        // count is written here and the value by `init`, which the caller promises
        // to initialise, so the whole `Inner` is initialised before `assume_init`.
        unsafe {
            (&raw mut (*inner).count).write(AtomicUsize::new(1));
            init(&raw mut (*inner).value);
            Self::from_inner(boxed.assume_init())
        }
    }

    fn from_inner(inner: Box<Inner<T>>) -> Self {
        Self {
            ptr: NonNull::from(Box::leak(inner)),
            _owns: PhantomData,
        }
    }

    #[inline]
    fn inner(&self) -> &Inner<T> {
        // SAFETY: the allocation lives while any handle does, and this is one.
        unsafe { self.ptr.as_ref() }
    }

    /// Whether this is the only handle. Acquire, so that the writes of every handle
    /// dropped before (each released by its decrement) are seen.
    #[inline]
    pub(crate) fn is_unique(this: &Self) -> bool {
        this.inner().count.load(Ordering::Acquire) == 1
    }

    /// The value, to write over, when this is the only handle: a plain load, then
    /// no other handle can be made (none exists to clone from).
    #[inline]
    pub(crate) fn get_mut(this: &mut Self) -> Option<&mut T> {
        if !Self::is_unique(this) {
            return None;
        }
        // SAFETY: this is the only handle and it is borrowed mutably, so nothing
        // else reaches the value while the reference lives.
        Some(unsafe { &mut (*this.ptr.as_ptr()).value })
    }

    /// The value to write over: this pointer's own when it is the only handle,
    /// else a clone of it behind a new pointer that replaces this handle.
    pub(crate) fn make_mut(this: &mut Self) -> &mut T
    where
        T: Clone,
    {
        if !Self::is_unique(this) {
            *this = Self::new(T::clone(this));
        }
        Self::get_mut(this).expect("a new or unique pointer is unique")
    }

    /// Whether both handles point at the same value.
    pub(crate) fn ptr_eq(a: &Self, b: &Self) -> bool {
        a.ptr == b.ptr
    }

    /// The address of the value (for tests that tell buffers apart).
    #[cfg(test)]
    pub(crate) fn as_ptr(this: &Self) -> *const T {
        &raw const this.inner().value
    }
}

impl<T> Clone for Shared<T> {
    /// Another handle: a relaxed increment, as `Arc`'s (a new handle is made from
    /// one that keeps the value alive, so nothing needs to be ordered).
    #[inline]
    fn clone(&self) -> Self {
        if self.inner().count.fetch_add(1, Ordering::Relaxed) > MAX_COUNT {
            too_many_handles();
        }
        Self {
            ptr: self.ptr,
            _owns: PhantomData,
        }
    }
}

/// Aborts. Cold, and `extern "C"` so that the compiler knows it never unwinds:
/// a call that might would give [`Shared::clone`]'s callers a landing pad, and a
/// tensor's `clone` then grew too large to be inlined across crates (`Arc` aborts
/// through an intrinsic, which is one instruction).
#[cold]
#[inline(never)]
extern "C" fn too_many_handles() -> ! {
    std::process::abort()
}

impl<T> Drop for Shared<T> {
    /// The last handle drops the value and frees it: found by a plain load when it
    /// is the only one, else by a released decrement that reaches zero.
    #[inline]
    fn drop(&mut self) {
        let count = &self.inner().count;
        if count.load(Ordering::Acquire) != 1 {
            if count.fetch_sub(1, Ordering::Release) != 1 {
                return;
            }
            // Every other handle's uses happen before the value is dropped.
            fence(Ordering::Acquire);
        }
        self.drop_value();
    }
}

impl<T> Shared<T> {
    /// Drops the value and frees the allocation: out of line, so that
    /// [`Drop::drop`] stays small enough to be inlined where a handle is dropped.
    #[inline(never)]
    fn drop_value(&mut self) {
        // SAFETY: this was the last handle (its load or decrement found the count
        // at 1, and no other handle exists to make a new one), and the pointer came
        // from `Box::leak`, so the box is rebuilt and dropped once.
        drop(unsafe { Box::from_raw(self.ptr.as_ptr()) });
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;

    #[inline]
    fn deref(&self) -> &T {
        &self.inner().value
    }
}

#[cfg(test)]
mod tests {
    use super::Shared;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Counts its drops in the counter it points at.
    struct Counted<'a>(&'a AtomicUsize);

    impl Drop for Counted<'_> {
        fn drop(&mut self) {
            self.0.fetch_add(1, Ordering::Relaxed);
        }
    }

    #[test]
    fn the_value_is_dropped_once_with_the_last_handle() {
        let drops = AtomicUsize::new(0);
        let a = Shared::new(Counted(&drops));
        let b = a.clone();
        assert!(Shared::ptr_eq(&a, &b) && !Shared::is_unique(&a));
        drop(a);
        assert_eq!(drops.load(Ordering::Relaxed), 0);
        assert!(Shared::is_unique(&b));
        drop(b);
        assert_eq!(drops.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn only_the_only_handle_is_written_over() {
        let mut a = Shared::new(vec![1, 2]);
        Shared::get_mut(&mut a).expect("unique").push(3);
        let b = a.clone();
        assert!(Shared::get_mut(&mut a).is_none());
        // Shared: the value is cloned behind a new pointer, and `b` keeps the old.
        Shared::make_mut(&mut a).push(4);
        assert_eq!((a.as_slice(), b.as_slice()), (&[1, 2, 3, 4][..], &[1, 2, 3][..]));
        assert!(!Shared::ptr_eq(&a, &b) && Shared::is_unique(&a) && Shared::is_unique(&b));
    }

    #[test]
    fn a_value_is_built_in_place() {
        // SAFETY: the closure writes the whole value.
        let a = unsafe { Shared::new_in_place(|slot: *mut (u8, String)| slot.write((7, "in place".into()))) };
        assert_eq!(*a, (7, "in place".to_string()));
    }

    #[test]
    fn a_panic_while_building_in_place_frees_the_allocation() {
        // Under Miri: no leak, and no drop of the value that was never written.
        let built = std::panic::catch_unwind(|| {
            // SAFETY: the closure panics before it returns.
            unsafe { Shared::<String>::new_in_place(|_| panic!("no value")) }
        });
        assert!(built.is_err());
    }

    #[test]
    fn handles_dropped_on_several_threads_drop_the_value_once() {
        let drops = AtomicUsize::new(0);
        for _ in 0..8 {
            let a = Shared::new(Counted(&drops));
            std::thread::scope(|scope| {
                for _ in 0..3 {
                    let handle = a.clone();
                    scope.spawn(move || drop(handle));
                }
                drop(a);
            });
        }
        assert_eq!(drops.load(Ordering::Relaxed), 8);
    }
}
