use seam_macros::outline;

include!("common/column.rs");

pub trait Numeric: 'static {
    const TAG: Tag;
    fn add(a: Vec<f64>, b: Vec<f64>) -> Vec<f64>;
}

pub trait Ordered: Numeric {
    fn max(a: Vec<f64>) -> f64;
}

// `Ordered`'s kinds are not listed: its functions cannot be dispatched.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore,
          K::TAG: Tag = tag, kinds(Numeric = [Real, Whole]))]
impl<K: Ordered> Column<K> {
    pub fn max(self) -> f64 {
        K::max(self.values)
    }
}

// Both bounds have listed kinds: an unqualified call does not say whose function.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore,
          K::TAG: Tag = tag, kinds(Numeric = [Real, Whole], Ordered = [Real, Whole]))]
impl<K: Numeric + Ordered> Column<K> {
    pub fn twice(self) -> Vec<f64> {
        K::add(self.values.clone(), self.values)
    }
}

fn main() {}
