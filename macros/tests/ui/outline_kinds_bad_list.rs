use seam_macros::outline;

include!("common/column.rs");

// `Flag` is listed but does not implement `Numeric`: rustc says so at `Flag`.
#[outline(kinds(Real, Flag))]
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

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore,
          K::TAG: Tag = tag)]
impl<K: Numeric> Column<K> {
    pub fn add(self, other: Self) -> Vec<f64> {
        K::add(self.values, other.values)
    }
}

// An empty list.
#[outline(kinds())]
pub trait Empty {}

// Anything else on a trait.
#[outline(kinds = [Real])]
pub trait Listed {}

fn main() {}
