// The type the blocks are methods of, outlined: its erased form holds the values and
// the kind; `N` and `K::KIND` are read back from it.

use crate::{Idx, Kind, Score, A, B, to_idx};
use seam_macros::outline;
use std::marker::PhantomData;

// The kinds' numeric trait, listing its kinds for `K::f(..)` in outlined bodies.
crate::num!(#[outline(kinds(A, B))]);

#[derive(Clone, Debug, PartialEq)]
pub struct Dyn {
    pub data: Vec<i64>,
    kind: u8,
}

impl Dyn {
    fn len(&self) -> usize {
        self.data.len()
    }
    fn kind(&self) -> u8 {
        self.kind
    }
    pub fn from_data(data: Vec<i64>, kind: u8) -> Dyn {
        Dyn { data, kind }
    }
}

#[outline(N = len, K::KIND: u8 = kind, via(Idx: isize = to_idx))]
pub struct V<const N: usize, K: Num = A> {
    inner: Dyn,
    kind: PhantomData<K>,
}

impl<const N: usize, K: Num> V<N, K> {
    pub fn from_array(values: [i64; N]) -> Self {
        V { inner: Dyn::from_data(values.to_vec(), K::KIND), kind: PhantomData }
    }
}

// By hand: a derive would ask `K: Clone`.
impl<const N: usize, K: Num> Clone for V<N, K> {
    fn clone(&self) -> Self {
        V { inner: self.inner.clone(), kind: PhantomData }
    }
}

impl<const N: usize, K: Num> std::fmt::Debug for V<N, K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "V<{N}, {}>{:?}", K::name(), self.inner.data)
    }
}
