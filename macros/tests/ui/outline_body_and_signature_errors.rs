use seam_macros::outline;

include!("common/wrapper.rs");

// A signature error and a body error in one impl are reported by one build.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize, K> Wrapper<N, K> {
    pub fn boxed(self: Box<Self>) {}

    pub fn typed(self) -> Self {
        let _k: Option<K> = None;
        __self
    }
}

fn main() {}
