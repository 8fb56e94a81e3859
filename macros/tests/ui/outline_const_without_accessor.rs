use seam_macros::outline;

include!("common/wrapper.rs");

// `N` is used as a value, but the attribute does not say how an erased value reads
// it back (`N = accessor`).
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize, K> Wrapper<N, K> {
    pub fn len(&self) -> usize {
        N
    }
}

fn main() {}
