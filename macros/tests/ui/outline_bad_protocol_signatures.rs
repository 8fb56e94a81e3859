use seam_macros::outline;

pub struct Erased;

impl Erased {
    fn len(&self) -> u32 {
        0
    }
}

pub struct Wrapper<const N: usize>(Erased);

impl<const N: usize> Wrapper<N> {
    fn erase(self) -> Erased {
        self.0
    }
    fn erase_ref(&self) -> Erased {
        Erased
    }
    fn restore(erased: Erased) -> Result<Self, String> {
        Ok(Wrapper(erased))
    }
}

// `restore` returns a `Result`, `erase_ref` a value, `len` a `u32`: each mismatch is
// reported at the argument that names the function.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore, N = len)]
impl<const N: usize> Wrapper<N> {
    pub fn cleared(self) -> Self {
        self
    }

    pub fn size(&self) -> usize {
        N
    }
}

fn main() {}
