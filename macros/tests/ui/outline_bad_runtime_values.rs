use seam_macros::outline;

include!("common/wrapper.rs");

pub trait Tag {
    const NAME: &'static str;
}

impl Erased {
    fn len(&self) -> usize {
        0
    }
}

// `M` is not a const generic of the impl; `K::NAME` needs its type.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore, M = len)]
impl<const N: usize, K> Wrapper<N, K> {}

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore, K::NAME = name)]
impl<const N: usize, K: Tag> Wrapper<N, K> {}

// An outlined method named as an accessor: its forwarding method on `Erased` would
// replace the accessor, and call itself.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore, N = len)]
impl<const N: usize, K> Wrapper<N, K> {
    pub fn len(&self) -> usize {
        N
    }
}

fn main() {}
