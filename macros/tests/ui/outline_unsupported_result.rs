use seam_macros::outline;

include!("common/wrapper.rs");

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize, K> Wrapper<N, K> {
    pub fn borrowed(&self) -> &Self {
        self
    }

    pub fn iter(&self) -> impl Iterator<Item = usize> {
        0..3
    }

    pub fn kind(self) -> K {
        todo!()
    }

    pub fn fallible(self) -> Result<Self, K> {
        todo!()
    }

    pub fn many_borrowed(&self) -> Vec<&Self> {
        todo!()
    }
}

fn main() {}
