use seam_macros::outline;

include!("common/column.rs");

pub trait Basic: 'static {
    fn zeros(len: usize) -> Vec<f64>;
}

impl Basic for Real {
    fn zeros(len: usize) -> Vec<f64> {
        vec![0.0; len]
    }
}

pub trait Numeric: Basic {
    const TAG: Tag;
    fn add(a: Vec<f64>, b: Vec<f64>) -> Vec<f64>;
}

pub struct Real;
pub struct Flag;

impl Numeric for Real {
    const TAG: Tag = Tag::Real;
    fn add(a: Vec<f64>, _: Vec<f64>) -> Vec<f64> {
        a
    }
}

mod block {
    use super::*;

    // A supertrait restated in `kinds(..)`: it is read from the trait's declaration.
    #[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore,
              K::TAG: Tag = tag, kinds(Numeric: Basic = [Real]))]
    impl<K: Numeric> Column<K> {
        pub fn zeroed(self) -> Self {
            Erased {
                tag: K::TAG,
                values: K::zeros(self.values.len()),
            }
        }
    }
}

mod unresolved {
    use super::{Column, Erased, Numeric, Real, Tag};
    use seam_macros::outline;

    // A kind trait by a path that does not resolve where the block is: rustc says so
    // at the path, in `kinds(..)`.
    #[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore,
              K::TAG: Tag = tag, kinds(kinds::Numeric = [Real]))]
    impl<K: Numeric> Column<K> {
        pub fn cleared(self) -> Self {
            Erased {
                tag: K::TAG,
                values: K::zeros(self.values.len()),
            }
        }
    }
}

fn main() {}
