use seam_macros::outline;

include!("common/wrapper.rs");

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize, K> Wrapper<N, K> {
    // A private method gets no forwarding method: a body that calls it on `self` is
    // told so at the call.
    pub fn total(&self) -> usize {
        self.count() + 1
    }

    fn count(&self) -> usize {
        N
    }
}

fn main() {}
