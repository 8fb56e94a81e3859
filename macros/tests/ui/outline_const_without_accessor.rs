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

// `N` is used as a value, but the attribute does not say how an erased value reads
// it back (`N = accessor`).
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize, K> Wrapper<N, K> {
    pub fn len(&self) -> usize {
        N
    }
}

fn main() {}
