//! [`Buffer`]: the elements of a tensor, which go back to the [pool](crate::pool)
//! when the last tensor viewing them is dropped. A few elements are held in line.

use crate::layout::Layout;
use crate::pool::{self, Refused, take};
use crate::shared::Shared;
use crate::wide::{Assign, Init, wide};
use core::ops::{Deref, DerefMut};
use seam_backend::{Dims, Element, vec_with_capacity};

/// An element type a [`Buffer`] holds, and the array it holds a few of them in, in
/// line: 64 bytes of them.
pub(crate) trait BufferElement: Element + Default {
    /// The in-line array.
    type Inline: Copy + Default + AsRef<[Self]> + AsMut<[Self]> + Send + Sync;
}

macro_rules! in_line_64_bytes {
    ($($ty:ty),*) => {$(
        impl BufferElement for $ty {
            type Inline = [$ty; 64 / size_of::<$ty>()];
        }
    )*};
}
in_line_64_bytes!(f32, f64, i32, i64);

impl BufferElement for bool {
    // 32, not 64: `Default` is implemented for arrays of at most 32.
    type Inline = [bool; 32];
}

/// A tensor's elements, shared behind a [`Shared`] pointer by every view of them, and their own
/// layout: row-major from index 0, over all of them.
///
/// Up to 64 bytes of elements ([`BufferElement::Inline`]: 16 `f32`s, 8 `f64`s) are
/// held in line, in the pointer's own allocation, when a kernel writes them through
/// [`Buffer::collect`]: a small result costs one allocation, not two (a 1-element
/// `add` spends more on a `Vec`'s `malloc` and `free` than on the add). Larger
/// buffers are a `Vec`; dropping the buffer (when the last handle goes) gives it to
/// the pool, which keeps it if it is large, for the next output of its length.
///
/// The layout is what a tensor that is the whole buffer, row-major, sees it
/// through (most tensors: every op's result), so that such a tensor holds no
/// layout of its own ([`CpuTensor`](crate::CpuTensor)). `repr(C)` puts it first, at
/// the same place for every element type, so that reading it is the same code
/// whatever the dtype.
#[repr(C)]
pub(crate) struct Buffer<T: BufferElement> {
    /// Always contiguous, at offset 0, with as many elements as the buffer holds
    /// (the dims it was built with, else `[len]`, until a tensor gives it its own,
    /// [`Self::shaped`]).
    layout: Layout,
    elems: Elems<T>,
}

/// A struct, not an enum of the two forms: each field can then be written where
/// the buffer's pointer keeps it ([`Buffer::shared_with`]). An enum's payload was
/// built on the stack and copied in, and the copy's loads waited on the stores
/// just made (a tenth of a 1-element `add`'s time under `perf`).
struct Elems<T: BufferElement> {
    /// The elements, when they are not in line.
    heap: Option<Vec<T>>,
    /// How many of `items` are elements, when `heap` is `None`.
    len: u8,
    /// The elements in line (the first `len`), when `heap` is `None`.
    items: T::Inline,
}

impl<T: BufferElement> Elems<T> {
    /// `values`, in their own allocation.
    fn heap(values: Vec<T>) -> Self {
        Self {
            heap: Some(values),
            len: 0,
            items: T::Inline::default(),
        }
    }
}

impl<T: BufferElement> Buffer<T> {
    /// A buffer holding `values`, in their own allocation.
    pub(crate) fn new(values: Vec<T>) -> Self {
        let dims = [values.len()];
        Self::of(&dims, Elems::heap(values))
    }

    /// `elems`, with the row-major layout of `dims` (which count them).
    #[inline]
    fn of(dims: &[usize], elems: Elems<T>) -> Self {
        Self {
            layout: Layout::contiguous(dims, 0),
            elems,
        }
    }

    /// The buffer's own layout: row-major over all of it, from index 0.
    #[inline]
    pub(crate) fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The buffer read as a row-major tensor of `dims` (whose count is its length).
    #[inline]
    pub(crate) fn shaped(mut self, dims: Dims) -> Self {
        self.reshape(dims);
        self
    }

    /// Gives the buffer the row-major layout of `dims` (whose count is its length).
    #[inline]
    pub(crate) fn reshape(&mut self, dims: Dims) {
        debug_assert_eq!(seam_backend::count(&dims), self.len());
        if self.layout.dims != dims {
            self.layout = Layout::contiguous(dims, 0);
        }
    }

    /// The elements of a tensor of `dims`, from `values`, in a buffer with the
    /// row-major layout of `dims`, each written once: in line when they fit ([`Self::INLINE`]), into a pooled buffer when there
    /// is one of this length, else into a new one that is not zeroed first (for the
    /// kernels that run on the calling thread). The loop runs 16 or 8 wide where the CPU has AVX-512 or
    /// AVX2 ([`wide`]).
    ///
    /// # Panics
    ///
    /// If the allocator refuses the buffer (naming `dims`), or `values` holds fewer
    /// elements than `dims` counts.
    #[track_caller]
    #[inline]
    pub(crate) fn collect(dims: &[usize], values: impl Iterator<Item = T>) -> Self {
        let len = seam_backend::count(dims);
        if len <= Self::INLINE {
            return Self::in_line(dims, values);
        }
        if let Some(mut buf) = take(len) {
            debug_assert!(
                values.size_hint().0 >= len,
                "fewer values than the buffer's length"
            );
            wide(Assign(&mut buf, values));
            return Self::of(dims, Elems::heap(buf));
        }
        let mut buf = vec_with_capacity(len, &Refused::<T>::new(dims));
        let written = wide(Init(&mut buf.spare_capacity_mut()[..len], values));
        assert_eq!(written, len, "fewer values than the buffer's length");
        // SAFETY: `vec_with_capacity` gave an empty `Vec` with room for `len` elements,
        // and `Init` initialised the first `written` (= `len`) of them.
        unsafe { buf.set_len(written) };
        Self::of(dims, Elems::heap(buf))
    }

    /// The most elements a buffer holds in line.
    pub(crate) const INLINE: usize = size_of::<T::Inline>() / size_of::<T>();

    /// The first of `values` that `dims` counts, in line.
    ///
    /// # Panics
    ///
    /// If `dims` counts more than [`Self::INLINE`], or `values` holds fewer.
    #[inline]
    fn in_line(dims: &[usize], values: impl Iterator<Item = T>) -> Self {
        let len = seam_backend::count(dims);
        let mut items = T::Inline::default();
        fill(&mut items.as_mut()[..len], values);
        // `len` is at most `INLINE`, which is at most 64.
        Self::of(
            dims,
            Elems {
                heap: None,
                len: len as u8,
                items,
            },
        )
    }

    /// [`Self::collect`] into a new shared buffer with the row-major layout of `dims`.
    ///
    /// # Panics
    ///
    /// As [`Self::collect`].
    #[track_caller]
    #[inline]
    pub(crate) fn shared(dims: &[usize], values: impl Iterator<Item = T>) -> Shared<Self> {
        Self::shared_with(dims, || Layout::contiguous(dims, 0), values)
    }

    /// [`Self::shared`] with `layout`, a buffer's own (row-major from index 0) and
    /// so the new buffer's too: copied, not worked out again.
    #[track_caller]
    #[inline]
    pub(crate) fn shared_like(layout: &Layout, values: impl Iterator<Item = T>) -> Shared<Self> {
        debug_assert!(layout.offset == 0 && layout.is_contiguous());
        Self::shared_with(&layout.dims, || layout.clone(), values)
    }

    /// [`Self::collect`] of the values `dims` counts into a new shared buffer with
    /// the layout `layout` gives (built only for a buffer held in line: a larger
    /// one's is built by `collect`).
    ///
    /// A result held in line is written where its pointer keeps it. Built on the stack
    /// and moved in, its 180-odd bytes were a `memcpy` whose loads waited on the
    /// stores just made: 14% of a 1-element `add`'s time under `perf`.
    #[track_caller]
    #[inline]
    fn shared_with(
        dims: &[usize],
        layout: impl FnOnce() -> Layout,
        values: impl Iterator<Item = T>,
    ) -> Shared<Self> {
        let len = seam_backend::count(dims);
        if len > Self::INLINE {
            return Shared::new(Self::collect(dims, values));
        }
        // SAFETY: every field of the value is written, through raw places (no
        // reference to the uninitialised value is made); `len` is at most
        // `INLINE`, which fits a `u8`.
        let mut shared = unsafe {
            Shared::new_in_place(|slot: *mut Self| {
                (&raw mut (*slot).layout).write(layout());
                let elems = &raw mut (*slot).elems;
                (&raw mut (*elems).heap).write(None);
                (&raw mut (*elems).len).write(len as u8);
                (&raw mut (*elems).items).write(T::Inline::default());
            })
        };
        // A plain load: `Shared::get_mut` takes no locked instruction (`Arc`'s two
        // were 12% of a 1-element `add`'s time).
        fill(
            Shared::get_mut(&mut shared).expect("a new pointer is unique"),
            values,
        );
        shared
    }

    /// Whether the elements are held in line.
    #[cfg(test)]
    pub(crate) fn is_in_line(&self) -> bool {
        self.elems.heap.is_none()
    }

    /// The elements, in a `Vec` (the buffer's own, when it has one).
    pub(crate) fn into_vec(mut self) -> Vec<T> {
        match &mut self.elems.heap {
            None => self.to_vec(),
            Some(values) => std::mem::take(values),
        }
    }
}

/// Writes the first `items.len()` of `values` over `items`.
///
/// # Panics
///
/// If `values` holds fewer.
#[inline]
fn fill<T>(items: &mut [T], values: impl Iterator<Item = T>) {
    let mut written = 0;
    for (slot, value) in items.iter_mut().zip(values) {
        *slot = value;
        written += 1;
    }
    assert_eq!(written, items.len(), "fewer values than the buffer's length");
}

impl<T: BufferElement> From<Vec<T>> for Buffer<T> {
    fn from(values: Vec<T>) -> Self {
        Self::new(values)
    }
}

impl<T: BufferElement> Drop for Buffer<T> {
    fn drop(&mut self) {
        if let Some(values) = &mut self.elems.heap {
            pool::recycle(std::mem::take(values));
        }
    }
}

/// A copy, in a pooled buffer when there is one (for `Shared::make_mut`).
impl<T: BufferElement> Clone for Buffer<T> {
    fn clone(&self) -> Self {
        let elems = Elems {
            heap: self.elems.heap.as_deref().map(pool::copy_of),
            ..self.elems
        };
        Self {
            layout: self.layout.clone(),
            elems,
        }
    }
}

impl<T: BufferElement> Deref for Buffer<T> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        match &self.elems.heap {
            None => &self.elems.items.as_ref()[..usize::from(self.elems.len)],
            Some(values) => values,
        }
    }
}

impl<T: BufferElement> DerefMut for Buffer<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        match &mut self.elems.heap {
            None => &mut self.elems.items.as_mut()[..usize::from(self.elems.len)],
            Some(values) => values,
        }
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
    fn small_results_are_held_in_line_and_behave_as_any_other() {
        let (a, b) = (full(16, 1.5), full(16, 2.0));
        // Shared operands: a new output, which fits in line.
        let sum = Cpu::binary(BinaryOp::Add, a.clone(), b.clone());
        assert!(sum.is_in_line());
        assert_eq!(values(sum.clone()), vec![3.5; 16]);
        // One element more is a `Vec`.
        let (c, d) = (full(17, 1.5), full(17, 2.0));
        let long = Cpu::binary(BinaryOp::Add, c.clone(), d);
        assert!(!long.is_in_line());
        assert_eq!(values(long), vec![3.5; 17]);
        // `f64`: 8 in line, 9 not.
        let f64s = |n| Cpu::cast(full(n, 0.25), DType::F64);
        assert!(Cpu::unary(UnaryOp::Neg, f64s(8)).is_in_line());
        assert!(!Cpu::unary(UnaryOp::Neg, f64s(9)).is_in_line());
        // Written over when unique, copied when shared (`Shared::make_mut`).
        let kept = sum.clone();
        let changed = Cpu::slice_assign(sum, &[0..1], full(1, 9.0));
        assert!(changed.is_in_line());
        assert_eq!(values(kept), vec![3.5; 16]);
        let changed = values(changed);
        assert_eq!((changed[0], changed[1], changed.len()), (9.0, 3.5, 16));
        let neg = Cpu::unary(UnaryOp::Neg, Cpu::binary(BinaryOp::Mul, a, b));
        assert_eq!(values(neg), vec![-3.0; 16]);
        // A view of an in-line buffer reads it through its layout.
        let x: Vec<f32> = (0..12).map(|i| i as f32).collect();
        let x = Cpu::from_data(seam_backend::TensorData::new(x, [3, 4]), &CpuDevice);
        let grid = Cpu::binary(BinaryOp::Add, x.clone(), x);
        assert!(grid.is_in_line());
        let t = Cpu::permute(grid, &[1, 0]);
        let sum = values(Cpu::binary(BinaryOp::Add, t.clone(), t));
        assert_eq!(sum[..4], [0.0, 16.0, 32.0, 4.0]);
    }

    #[test]
    fn a_shared_buffer_is_built_in_its_allocation_with_its_layout() {
        use super::Buffer;
        let small = Buffer::<f32>::shared(&[2, 3], (0..6).map(|i| i as f32));
        assert!(small.is_in_line());
        assert_eq!(
            (&small[..], &small.layout().dims[..]),
            (&[0.0, 1.0, 2.0, 3.0, 4.0, 5.0][..], &[2, 3][..])
        );
        assert_eq!(small.layout().strides[..], [3, 1]);
        let like = Buffer::<f64>::shared_like(small.layout(), (0..6).map(f64::from));
        assert_eq!(like.layout(), small.layout());
        let large = Buffer::<f32>::shared(&[17], (0..17).map(|i| i as f32));
        assert!(!large.is_in_line());
        assert_eq!(
            (large.len(), large[16], &large.layout().dims[..]),
            (17, 16.0, &[17][..])
        );
    }

    #[test]
    #[should_panic(expected = "fewer values than the buffer's length")]
    fn a_shared_buffer_given_too_few_values_panics_and_frees_its_allocation() {
        let _ = super::Buffer::<i64>::shared(&[4], [1, 2].into_iter());
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
