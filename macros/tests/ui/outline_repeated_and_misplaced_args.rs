use seam_macros::outline;

include!("common/wrapper.rs");

#[outline(erased = Erased, erase = erase, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize, K> Wrapper<N, K> {}

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore, skip)]
impl<const N: usize, K> Wrapper<N, K> {}

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize, K> Wrapper<N, K> {
    #[outline(inline)]
    pub fn reset(self) -> Self {
        self
    }
}

fn main() {}
