use core::marker::PhantomData;
use seam_macros::outline;

pub struct Erased;

pub struct Wrapper<const N: usize, K>(Erased, PhantomData<K>);

impl<const N: usize, K> Wrapper<N, K> {
    fn erase(self) -> Erased {
        self.0
    }
    fn erase_ref(&self) -> &Erased {
        &self.0
    }
    fn restore(erased: Erased) -> Self {
        Wrapper(erased, PhantomData)
    }
}

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

fn main() {}
