use seam_macros::outline;

include!("common/column.rs");

#[outline(kinds(Real))]
pub trait Basic: 'static {
    fn zeros(len: usize) -> Vec<f64>;
}

impl Basic for Real {
    fn zeros(len: usize) -> Vec<f64> {
        vec![0.0; len]
    }
}

#[outline(kinds(crate::Real))]
pub trait Numeric: Basic {
    const TAG: Tag;
    fn add(a: Vec<f64>, b: Vec<f64>) -> Vec<f64>;
}

pub struct Real;

// Its types by a path that resolves here only.
#[outline(kinds(Real))]
pub trait Counted: Numeric {
    fn count() -> usize;
}

impl Counted for Real {
    fn count() -> usize {
        1
    }
}

impl Numeric for Real {
    const TAG: Tag = Tag::Real;
    fn add(a: Vec<f64>, _: Vec<f64>) -> Vec<f64> {
        a
    }
}

mod block {
    use super::{Column, Erased, Numeric, Tag};
    use seam_macros::outline;

    // A supertrait's function called as `K::f(..)`, the supertrait not imported here:
    // rustc names the import to add, at the function.
    #[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore,
              K::TAG: Tag = tag)]
    impl<K: Numeric> Column<K> {
        pub fn zeroed(self) -> Self {
            Erased {
                tag: K::TAG,
                values: K::zeros(self.values.len()),
            }
        }
    }
}

mod other {
    use super::{Column, Counted, Erased, Tag};
    use seam_macros::outline;

    // A kind trait whose types are written by paths that do not resolve in the
    // block's module: rustc says so at the type, in the trait's `kinds(..)`.
    #[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore,
              K::TAG: Tag = tag)]
    impl<K: Counted> Column<K> {
        pub fn count(self) -> usize {
            K::count()
        }
    }
}

fn main() {}
