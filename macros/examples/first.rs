//! A first example: a vector whose length is a type, outlined.
//!
//! `Vector<N>` is generic; its erased form `DynVector` holds the length at run time.
//! `#[outline(..)]` on the type declares how one becomes the other; `#[outline]` on
//! each impl block then turns every method into a thin generic wrapper and a
//! non-generic helper, compiled once in this crate whatever `N` callers use.
//!
//! Run it with `cargo run -p seam-macros --example first`.

use seam_macros::outline;

/// The erased form: the length is a run-time value.
#[derive(Clone, Debug, PartialEq)]
pub struct DynVector {
    data: Vec<f64>,
}

impl DynVector {
    /// Reads `N` back at run time (the accessor named by `N = len`).
    fn len(&self) -> usize {
        self.data.len()
    }
}

/// A vector of `N` numbers. `#[outline(..)]` reads the protocol from the struct:
/// its one field holds the erased form, and `N = len` says how a `DynVector` reads
/// `N` back (which restoring checks, in debug builds).
#[derive(Clone, Debug, PartialEq)]
#[outline(N = len)]
pub struct Vector<const N: usize> {
    erased: DynVector,
}

#[outline]
impl<const N: usize> Vector<N> {
    /// `N` zeros. Inside the body `N` is a run-time `usize` and the result is the
    /// erased form, which the wrapper restores.
    pub fn zeros() -> Self {
        DynVector { data: vec![0.0; N] }
    }

    /// The vector holding `values`. An array sized by `N` reaches the helper as a `Vec`.
    pub fn new(values: [f64; N]) -> Self {
        DynVector { data: values }
    }

    /// Every number times `k`: any `impl Into<f64>`, converted in the wrapper.
    pub fn scaled(self, k: impl Into<f64>) -> Self {
        // `self` is a `DynVector` here, and `k` an `f64`.
        DynVector {
            data: self.data.iter().map(|v| v * k).collect(),
        }
    }

    /// The dot product with `other` (`&Self` is a `&DynVector` in the body).
    pub fn dot(&self, other: &Self) -> f64 {
        self.data.iter().zip(&other.data).map(|(a, b)| a * b).sum()
    }

    /// The Euclidean norm. Bodies call each other as ordinary methods.
    pub fn norm(&self) -> f64 {
        self.dot(self).sqrt()
    }

    /// The numbers, as an array again.
    pub fn to_array(&self) -> [f64; N] {
        let mut out = vec![0.0; N];
        out.copy_from_slice(&self.data);
        out
    }
}

/// Trait impls are outlined too: every method of the block.
#[outline]
impl<const N: usize> core::ops::Add for Vector<N> {
    type Output = Self;

    fn add(self, rhs: Self) -> Self {
        DynVector {
            data: self.data.iter().zip(&rhs.data).map(|(a, b)| a + b).collect(),
        }
    }
}

/// A caller: it sees ordinary generic methods.
pub fn main() {
    let a = Vector::<3>::new([1.0, 2.0, 2.0]);
    let b = Vector::<3>::zeros() + a.clone().scaled(2u8);
    assert_eq!(a.norm(), 3.0);
    assert_eq!(b.to_array(), [2.0, 4.0, 4.0]);
    assert_eq!(a.dot(&b), 18.0);
    let c = Vector::<2>::new([3.0, 4.0]).scaled(0.5f32);
    assert_eq!(c.norm(), 2.5);
    println!("|a| = {}, a . b = {}, |c| = {}", a.norm(), a.dot(&b), c.norm());
}
