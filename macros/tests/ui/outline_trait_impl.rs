use seam_macros::outline;

include!("common/wrapper.rs");

// In a trait impl every method is outlined (none is `pub`), with the same rules as
// an inherent method: this `&mut self` needs `erase_mut`. (The bounded `I` is fine:
// the wrapper collects it.)
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize, K> Extend<u8> for Wrapper<N, K> {
    fn extend<I: IntoIterator<Item = u8>>(&mut self, iter: I) {
        for _ in iter {}
    }
}

fn main() {}
