use seam_macros::outline;

include!("common/column.rs");

#[outline(kinds(Real, Whole))]
pub trait Numeric: 'static {
    const TAG: Tag;
    fn add(a: Vec<f64>, b: Vec<f64>) -> Vec<f64>;
}

pub trait Ordered: Numeric {
    fn max(a: Vec<f64>) -> f64;
}

pub struct Real;
pub struct Whole;

// `Ordered` declares no kinds: rustc finds no dispatch macro named after it, at the
// bound's name.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore,
          K::TAG: Tag = tag)]
impl<K: Ordered> Column<K> {
    pub fn max(self) -> f64 {
        K::max(self.values)
    }
}

// Two bounds: an unqualified call does not say whose kinds.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore,
          K::TAG: Tag = tag)]
impl<K: Numeric + Ordered> Column<K> {
    pub fn twice(self) -> Vec<f64> {
        K::add(self.values.clone(), self.values)
    }
}

// `kinds(..)` in a type's protocol: they belong to the trait.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore,
          K::TAG: Tag = tag, kinds(Numeric = [Real]))]
impl<K: Numeric> Column<K> {
    pub fn first(self) -> f64 {
        self.values[0]
    }
}

fn main() {}
