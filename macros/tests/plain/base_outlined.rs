// The vector the cases are methods of, outlined: its erased form holds the values;
// the length `N` is read back from it.

use seam_macros::outline;

#[derive(Clone, Debug, PartialEq)]
pub struct DynVector {
    data: Vec<f32>,
}

impl DynVector {
    fn len(&self) -> usize {
        self.data.len()
    }
}

#[outline(erased = DynVector, erase = erase, erase_ref = erase_ref, erase_mut = erase_mut,
          restore = restore, N = len)]
#[derive(Clone, Debug, PartialEq)]
pub struct Vector<const N: usize> {
    inner: DynVector,
}

impl<const N: usize> Vector<N> {
    fn erase(self) -> DynVector {
        self.inner
    }
    fn erase_ref(&self) -> &DynVector {
        &self.inner
    }
    fn erase_mut(&mut self) -> &mut DynVector {
        &mut self.inner
    }
    fn restore(inner: DynVector) -> Self {
        Vector { inner }
    }
}

#[outline]
impl<const N: usize> Vector<N> {
    pub fn zeros() -> Self {
        DynVector { data: vec![0.0; N] }
    }
    pub fn get(&self, i: usize) -> f32 {
        self.data[i]
    }
    pub fn set(&mut self, i: usize, value: f32) {
        self.data[i] = value;
    }
    pub fn sum(&self) -> f32 {
        self.data.iter().sum()
    }
    pub fn scaled(self, k: f32) -> Self {
        DynVector { data: self.data.iter().map(|v| v * k).collect() }
    }
    pub async fn total(&self) -> f32 {
        self.sum()
    }
    fn private_len(&self) -> usize {
        self.inner.data.len()
    }
}
