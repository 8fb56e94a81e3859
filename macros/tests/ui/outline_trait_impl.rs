use seam_macros::outline;

pub struct Wrapper<const N: usize>;

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize> Clone for Wrapper<N> {
    fn clone(&self) -> Self {
        Wrapper
    }
}

fn main() {}
