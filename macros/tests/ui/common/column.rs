// A column of values whose kind `K` (the case's own `Numeric` trait, with `TAG`) is a
// run-time `Tag` in the erased form: what the `kinds(..)` cases share.

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Tag {
    Real,
    Whole,
}

pub struct Erased {
    tag: Tag,
    values: Vec<f64>,
}

impl Erased {
    fn tag(&self) -> Tag {
        self.tag
    }
}

pub struct Column<K: Numeric>(Erased, core::marker::PhantomData<K>);

impl<K: Numeric> Column<K> {
    fn erase(self) -> Erased {
        self.0
    }
    fn erase_ref(&self) -> &Erased {
        &self.0
    }
    fn restore(erased: Erased) -> Self {
        Column(erased, core::marker::PhantomData)
    }
}
