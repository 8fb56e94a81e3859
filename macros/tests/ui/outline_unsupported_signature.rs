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

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize, K> Wrapper<N, K> {
    pub fn by_mut(&mut self) {}

    pub fn boxed(self: Box<Self>) {}

    pub const fn constant(self) -> Self {
        self
    }

    pub unsafe fn not_safe(self) -> Self {
        self
    }

    pub extern "C" fn foreign(self) {}
}

fn main() {}
