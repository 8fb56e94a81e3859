use seam_macros::outline;

include!("common/column.rs");

pub trait Numeric: 'static {
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

// `Flag` is listed but does not implement `Numeric`: rustc says so at `Flag`.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore,
          K::TAG: Tag = tag, kinds(Numeric = [Real, Flag]))]
impl<K: Numeric> Column<K> {
    pub fn add(self, other: Self) -> Vec<f64> {
        K::add(self.values, other.values)
    }
}

// An empty list.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore,
          K::TAG: Tag = tag, kinds(Numeric = []))]
impl<K: Numeric> Column<K> {
    pub fn first(self) -> f64 {
        self.values[0]
    }
}

fn main() {}
