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

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize> Wrapper<N> {
    pub fn by_mut(&mut self) {}

    pub fn generic_method<T>(self, _value: T) -> Self {
        self
    }

    pub fn array_arg(self, _dims: [usize; N]) -> Self {
        self
    }

    pub fn boxed(self, _f: impl Fn(usize) -> usize) -> Self {
        self
    }
}

fn main() {}
