use seam_macros::outline;

pub struct Wrapper<const N: usize>;

#[outline(erased = Erased, restore = restore, erase = erase, tpyo = x)]
impl<const N: usize> Wrapper<N> {}

fn main() {}
