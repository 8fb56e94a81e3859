use seam_macros::outline;

pub struct Erased;

pub struct Wrapper<const N: usize>(Erased);

impl<const N: usize> Wrapper<N> {
    fn erase(self) -> Erased {
        self.0
    }
    fn erase_ref(&self) -> &Erased {
        &self.0
    }
    fn restore(erased: Erased) -> Self {
        Wrapper(erased)
    }
}

pub struct Other<const N: usize>(Erased);

impl<const N: usize> Other<N> {
    fn erase(self) -> Erased {
        self.0
    }
    fn erase_ref(&self) -> &Erased {
        &self.0
    }
    fn restore(erased: Erased) -> Self {
        Other(erased)
    }
}

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize> Wrapper<N> {
    pub fn reset(self) -> Self {
        self
    }

    pub fn zero() -> Self {
        Erased
    }
}

// Two types sharing one erased type, in one module, outlining methods of the same
// name: their free helpers (`zero`'s) do not collide (each block has its own module),
// but the methods both blocks give `Erased` do, the forwarding `reset` and the helper
// `reset_impl`: rustc reports them at the two methods and the two blocks.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize> Other<N> {
    pub fn reset(self) -> Self {
        self
    }

    pub fn zero() -> Self {
        Erased
    }
}

fn main() {}
