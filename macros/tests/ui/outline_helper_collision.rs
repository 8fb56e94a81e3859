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

pub struct Other;

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize> Wrapper<N> {
    pub fn reset(self) -> Self {
        __self
    }
}

// A second block in the same module outlining a method of the same name: the helpers
// (and the forwarding methods on `Erased`) would collide, which rustc reports.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize> Wrapper<N> {
    pub fn reset(self) -> Self {
        __self
    }
}

fn main() {}
