use seam_macros::outline;

pub struct Wrapper<const N: usize>;

// Misspelled keys are named, with the key they were probably meant as.
#[outline(erased = Erased, erse = erase, erase_rf = erase_ref, restore = restore)]
impl<const N: usize> Wrapper<N> {}

fn main() {}
