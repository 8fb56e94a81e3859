// The type the blocks are methods of, as plain generic code.

use crate::{Idx, Kind, Score, A, B};
use std::marker::PhantomData;

// The kinds' numeric trait, as plain code declares it.
crate::num!();

pub struct V<const N: usize, K: Num = A> {
    data: Vec<i64>,
    kind: PhantomData<K>,
}

impl<const N: usize, K: Num> V<N, K> {
    pub fn from_array(values: [i64; N]) -> Self {
        V { data: values.to_vec(), kind: PhantomData }
    }

    /// What a body's `@new(Self)` is here; the outlined bodies' is `Dyn::from_data`.
    fn from_data(data: Vec<i64>, kind: u8) -> Self {
        assert!(
            data.len() == N && kind == K::KIND,
            "the generator broke its own rule: {} values of kind {kind} for a V<{N}, {}>",
            data.len(),
            K::name()
        );
        V { data, kind: PhantomData }
    }
}

// By hand: a derive would ask `K: Clone`.
impl<const N: usize, K: Num> Clone for V<N, K> {
    fn clone(&self) -> Self {
        V { data: self.data.clone(), kind: PhantomData }
    }
}

impl<const N: usize, K: Num> std::fmt::Debug for V<N, K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "V<{N}, {}>{:?}", K::name(), self.data)
    }
}
