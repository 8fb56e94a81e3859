use seam_macros::outline;

include!("common/wrapper.rs");

// A signature error and a body error in one impl are reported by one build; the
// bodies of private methods are not outlined and not checked, and a call of a
// receiver-less method through `Self::` is a call there, not an error.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize, K> Wrapper<N, K> {
    pub fn boxed(self: Box<Self>) {}

    pub fn typed(self) -> Self {
        let _k: Option<K> = None;
        self
    }

    fn private(self) -> Self {
        let _k: Option<K> = None;
        self
    }

    pub fn made(self) -> Self {
        Self::make(self)
    }

    pub fn make(from: Self) -> Self {
        from
    }

    pub fn through(self) -> Self {
        Self::typed(self)
    }
}

fn main() {}
