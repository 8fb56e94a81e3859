//! [`InlineVec`] and [`Dims`]: the short lists of sizes and strides every tensor op
//! builds, kept off the heap up to [`INLINE_RANK`] items.
//!
//! A 1-element `a + b` used to allocate a dozen `Vec<usize>` (two shapes for the
//! checks, the broadcast shape, two strides each for the views, the result's layout),
//! more than the op's own work. Ranks above [`INLINE_RANK`] still work; they spill
//! to a `Vec`.

use core::borrow::Borrow;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::{Deref, DerefMut};

/// The rank up to which [`Dims`] (and every [`InlineVec`] the backends use) holds
/// its items inline.
///
/// 5, not more: a CPU tensor's layout holds two `Dims` (48 bytes each at 5), and
/// the handle a `Tensor` moves through the layers of every op (the layout, the
/// buffer's `Arc` and the autodiff node) is then 128 bytes, the most that LLVM
/// copies in line on x86-64. At 6 it was 144, and every move of it was a call to
/// `memcpy`: 266 of the 2,289 instructions of a 1-element `add` (callgrind, as
/// `seam-bench`'s `opcount` binary counts them). (Since seam-cpu's tensor holds its
/// layout in its buffer, or in an `Arc` of its own for a view, its handle is 24
/// bytes at any `INLINE_RANK`; the layouts' size is still copied when one is built.)
pub const INLINE_RANK: usize = 5;

/// The sizes (or strides) of a tensor's dims, outermost first, inline up to
/// [`INLINE_RANK`] dims.
///
/// ```
/// use seam_backend::Dims;
/// let mut dims = Dims::from([2, 3]);
/// dims.push(4);
/// assert_eq!(dims, [2, 3, 4]);
/// assert_eq!(dims.iter().product::<usize>(), 24);
/// ```
pub type Dims = InlineVec<usize, INLINE_RANK>;

/// A vector of `Copy` items that holds up to `N` of them inline and spills to the
/// heap beyond: it derefs to a slice, like `Vec`, and compares, hashes and prints as
/// one.
///
/// ```
/// use seam_backend::InlineVec;
/// let mut v: InlineVec<u8, 2> = InlineVec::new();
/// v.extend([1, 2, 3]); // the third spills to the heap
/// assert_eq!(v, [1, 2, 3]);
/// v.truncate(1);
/// assert_eq!(v.as_slice(), &[1]);
/// ```
pub struct InlineVec<T: Copy + Default, const N: usize>(Repr<T, N>);

enum Repr<T, const N: usize> {
    /// The first `len` items of `items` (the rest are any values of `T`, never
    /// read). A `u8` length keeps `Dims` at `8 + 8 N` bytes (`N` is at most 255).
    Inline { len: u8, items: [T; N] },
    /// More than `N` items were held at some point.
    Heap(Vec<T>),
}

impl<T: Copy + Default, const N: usize> InlineVec<T, N> {
    /// `N` fits the inline length.
    const FITS: () = assert!(N <= u8::MAX as usize, "InlineVec holds at most 255 items inline");

    /// An empty vector.
    pub fn new() -> Self {
        let () = Self::FITS;
        Self(Repr::Inline {
            len: 0,
            items: [T::default(); N],
        })
    }

    /// `len` copies of `value`.
    pub fn filled(value: T, len: usize) -> Self {
        if len <= N {
            // All `N` filled: a fixed-size store, not a loop over `len`.
            Self::inline(len, [value; N])
        } else {
            Self(Repr::Heap(vec![value; len]))
        }
    }

    /// The items as a slice.
    pub fn as_slice(&self) -> &[T] {
        match &self.0 {
            Repr::Inline { len, items } => &items[..usize::from(*len)],
            Repr::Heap(items) => items,
        }
    }

    /// The first `len` of `items`, inline (`len <= N`).
    fn inline(len: usize, items: [T; N]) -> Self {
        let () = Self::FITS;
        debug_assert!(len <= N);
        Self(Repr::Inline {
            len: len as u8,
            items,
        })
    }

    /// A spilled copy of `items` (out of line: most vectors are inline).
    #[cold]
    #[inline(never)]
    fn spilled(items: &[T]) -> Self {
        Self(Repr::Heap(items.to_vec()))
    }

    /// The items as a mutable slice.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        match &mut self.0 {
            Repr::Inline { len, items } => &mut items[..usize::from(*len)],
            Repr::Heap(items) => items,
        }
    }

    /// Appends `value`, spilling to the heap when the inline items are full.
    pub fn push(&mut self, value: T) {
        match &mut self.0 {
            Repr::Inline { len, items } if usize::from(*len) < N => {
                items[usize::from(*len)] = value;
                *len += 1;
            }
            Repr::Inline { items, .. } => {
                let mut spilled = Vec::with_capacity(N * 2);
                spilled.extend_from_slice(items);
                spilled.push(value);
                self.0 = Repr::Heap(spilled);
            }
            Repr::Heap(items) => items.push(value),
        }
    }

    /// Inserts `value` at `index`, shifting the items after it.
    ///
    /// # Panics
    ///
    /// If `index > len`.
    pub fn insert(&mut self, index: usize, value: T) {
        let len = self.len();
        assert!(index <= len, "insert at {index} past the end of {len} items");
        self.push(value);
        self.as_mut_slice()[index..].rotate_right(1);
    }

    /// Removes and returns the item at `index`, shifting the items after it.
    ///
    /// # Panics
    ///
    /// If `index >= len`.
    pub fn remove(&mut self, index: usize) -> T {
        let len = self.len();
        assert!(index < len, "remove at {index} of {len} items");
        let slice = self.as_mut_slice();
        let value = slice[index];
        slice[index..].rotate_left(1);
        self.truncate(len - 1);
        value
    }

    /// Keeps the first `len` items (all of them if there are fewer).
    pub fn truncate(&mut self, len: usize) {
        match &mut self.0 {
            Repr::Inline { len: own, .. } => *own = (*own).min(len.min(N) as u8),
            Repr::Heap(items) => items.truncate(len),
        }
    }

    /// The items, in a `Vec`.
    pub fn into_vec(self) -> Vec<T> {
        match self.0 {
            Repr::Inline { len, items } => items[..usize::from(len)].to_vec(),
            Repr::Heap(items) => items,
        }
    }
}

/// Inline items are copied as they stand (a copy of the whole array, with no loop
/// and no allocation); only spilled ones allocate.
impl<T: Copy + Default, const N: usize> Clone for InlineVec<T, N> {
    #[inline]
    fn clone(&self) -> Self {
        match &self.0 {
            &Repr::Inline { len, items } => Self(Repr::Inline { len, items }),
            Repr::Heap(items) => Self::spilled(items),
        }
    }
}

impl<T: Copy + Default, const N: usize> Default for InlineVec<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Default, const N: usize> Deref for InlineVec<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for InlineVec<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<T: Copy + Default, const N: usize> Borrow<[T]> for InlineVec<T, N> {
    fn borrow(&self) -> &[T] {
        self
    }
}

impl<T: Copy + Default, const N: usize> AsRef<[T]> for InlineVec<T, N> {
    fn as_ref(&self) -> &[T] {
        self
    }
}

impl<T: Copy + Default, const N: usize> Extend<T> for InlineVec<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for value in iter {
            self.push(value);
        }
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for InlineVec<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut v = Self::new();
        v.extend(iter);
        v
    }
}

impl<T: Copy + Default, const N: usize> From<&[T]> for InlineVec<T, N> {
    fn from(items: &[T]) -> Self {
        if items.len() <= N {
            let mut inline = [T::default(); N];
            inline[..items.len()].copy_from_slice(items);
            Self::inline(items.len(), inline)
        } else {
            Self(Repr::Heap(items.to_vec()))
        }
    }
}

impl<T: Copy + Default, const N: usize> From<&mut [T]> for InlineVec<T, N> {
    fn from(items: &mut [T]) -> Self {
        Self::from(&*items)
    }
}

impl<T: Copy + Default, const N: usize, const M: usize> From<[T; M]> for InlineVec<T, N> {
    fn from(items: [T; M]) -> Self {
        Self::from(&items[..])
    }
}

impl<T: Copy + Default, const N: usize, const M: usize> From<&[T; M]> for InlineVec<T, N> {
    fn from(items: &[T; M]) -> Self {
        Self::from(&items[..])
    }
}

/// Keeps the `Vec`'s allocation when it has more than `N` items.
impl<T: Copy + Default, const N: usize> From<Vec<T>> for InlineVec<T, N> {
    fn from(items: Vec<T>) -> Self {
        if items.len() <= N {
            Self::from(&items[..])
        } else {
            Self(Repr::Heap(items))
        }
    }
}

impl<T: Copy + Default, const N: usize> From<&Vec<T>> for InlineVec<T, N> {
    fn from(items: &Vec<T>) -> Self {
        Self::from(&items[..])
    }
}

impl<T: Copy + Default, const N: usize> From<InlineVec<T, N>> for Vec<T> {
    fn from(items: InlineVec<T, N>) -> Self {
        items.into_vec()
    }
}

/// Whether `a` and `b` hold the same items, compared one by one in line: a slice
/// `==` of integers calls `memcmp`, which for the few dims of a tensor costs more
/// than the compare itself. What every dims comparison of an op uses.
///
/// ```
/// use seam_backend::same_items;
/// assert!(same_items(&[2, 3], &[2, 3]));
/// assert!(!same_items(&[2, 3], &[2]));
/// ```
#[inline]
pub fn same_items<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for InlineVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        same_items(self, other)
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for InlineVec<T, N> {}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq<[T]> for InlineVec<T, N> {
    fn eq(&self, other: &[T]) -> bool {
        same_items(self, other)
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq<&[T]> for InlineVec<T, N> {
    fn eq(&self, other: &&[T]) -> bool {
        same_items(self, other)
    }
}

impl<T: Copy + Default + PartialEq, const N: usize, const M: usize> PartialEq<[T; M]> for InlineVec<T, N> {
    fn eq(&self, other: &[T; M]) -> bool {
        same_items(self, other)
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq<Vec<T>> for InlineVec<T, N> {
    fn eq(&self, other: &Vec<T>) -> bool {
        same_items(self, other)
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq<InlineVec<T, N>> for Vec<T> {
    fn eq(&self, other: &InlineVec<T, N>) -> bool {
        same_items(self, other)
    }
}

impl<T: Copy + Default + Hash, const N: usize> Hash for InlineVec<T, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T: Copy + Default + fmt::Debug, const N: usize> fmt::Debug for InlineVec<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_slice(), f)
    }
}

impl<T: Copy + Default, const N: usize> IntoIterator for InlineVec<T, N> {
    type Item = T;
    type IntoIter = IntoIter<T, N>;

    fn into_iter(self) -> IntoIter<T, N> {
        IntoIter { items: self, next: 0 }
    }
}

/// The items of an [`InlineVec`], by value, front to back.
#[derive(Clone, Debug)]
pub struct IntoIter<T: Copy + Default, const N: usize> {
    items: InlineVec<T, N>,
    next: usize,
}

impl<T: Copy + Default, const N: usize> Iterator for IntoIter<T, N> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        let item = self.items.get(self.next).copied()?;
        self.next += 1;
        Some(item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.items.len() - self.next;
        (left, Some(left))
    }
}

impl<T: Copy + Default, const N: usize> ExactSizeIterator for IntoIter<T, N> {}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a InlineVec<T, N> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lists_stay_inline_and_long_ones_spill() {
        let short = Dims::from([1, 2, 3, 4, 5]);
        assert!(matches!(short.0, Repr::Inline { len: 5, .. }));
        assert_eq!(size_of::<Dims>(), 48);
        let mut long = short.clone();
        long.push(6);
        assert!(matches!(long.0, Repr::Heap(_)));
        assert_eq!(long, [1, 2, 3, 4, 5, 6]);
        assert_eq!(long.remove(0), 1);
        assert_eq!(long, [2, 3, 4, 5, 6]);
        // A spilled list compares equal to the same items inline, either way round.
        assert_eq!(long, Dims::from([2, 3, 4, 5, 6]));
        assert_eq!(Dims::from([2, 3, 4, 5, 6]), long);
        assert_ne!(long, Dims::from([2, 3, 4, 5]));
    }

    #[test]
    fn insert_and_remove_shift_the_rest() {
        let mut dims = Dims::from([2, 4]);
        dims.insert(1, 3);
        dims.insert(3, 5);
        dims.insert(0, 1);
        assert_eq!(dims, [1, 2, 3, 4, 5]);
        assert_eq!(dims.remove(2), 3);
        assert_eq!(dims, [1, 2, 4, 5]);
        assert_eq!(Dims::filled(7, 8), vec![7; 8]);
        assert_eq!(Dims::filled(7, 2).into_vec(), vec![7, 7]);
        assert_eq!(format!("{:?}", Dims::from([3, 1])), "[3, 1]");
    }
}
