use core::marker::PhantomData;
use seam_macros::outline;

include!("common/wrapper.rs");

// One method cannot be outlined. The error is reported once, at its receiver; the
// impl is still emitted with every signature, so the calls in `main` resolve and no
// further error cascades from them.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize, K> Wrapper<N, K> {
    pub fn fine(self) -> Self {
        self
    }

    pub fn broken(&mut self) {}

    // A private method is not outlined: it stays as written, and its own mistake is
    // still reported.
    fn private_mistake(&self) -> u8 {
        "not a number"
    }
}

fn main() {
    let w: Wrapper<2, u8> = Wrapper(Erased, PhantomData);
    let mut w = w.fine();
    w.broken();
}
