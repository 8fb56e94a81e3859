// The protocol read from the struct: its one field that is not a `PhantomData` holds
// the erased value, so the attribute says only how a `Bridge` reads back `D` and
// `K::TAG`. The conversions are generated beside the struct (hidden, `pub(crate)`);
// restoring checks both accessors in debug builds. A block needs no arguments.

#[outline(D = rank, K::TAG: Tag = tag)]
pub struct Grid<const D: usize, K: Kind = Real> {
    bridge: Bridge,
    kind: PhantomData<K>,
}

#[outline]
impl<const D: usize, K: Kind> Grid<D, K> {
    /// A grid of `dims`.
    pub fn zeros(dims: [usize; D]) -> Self {
        Bridge { dims, tag: K::TAG }
    }

    /// Every dim doubled, in place (`&mut self` is a `&mut Bridge` in the body).
    pub fn grow(&mut self) {
        self.dims.iter_mut().for_each(|d| *d *= 2);
    }

    /// The dims, as an array again.
    pub fn dims(&self) -> [usize; D] {
        self.dims.clone()
    }
}
