// The type the blocks are methods of, as plain generic code.

use crate::{Idx, Kind, Score, A, B};
use std::marker::PhantomData;

pub trait Num: Kind {
    fn combine(a: i64, b: i64) -> i64;
    fn unit() -> i64;
}

impl Num for A {
    fn combine(a: i64, b: i64) -> i64 {
        a.wrapping_add(b)
    }
    fn unit() -> i64 {
        0
    }
}

impl Num for B {
    fn combine(a: i64, b: i64) -> i64 {
        a.wrapping_mul(b)
    }
    fn unit() -> i64 {
        1
    }
}

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
