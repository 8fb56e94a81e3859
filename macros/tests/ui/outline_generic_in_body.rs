use core::marker::PhantomData;
use seam_macros::outline;

pub trait Tag {
    const NAME: &'static str;
}

pub struct Erased(Vec<u8>);

fn sized<const M: usize>() -> usize {
    M
}

impl Erased {
    fn len(&self) -> usize {
        self.0.len()
    }
}

pub struct Bytes<const N: usize, T: Tag> {
    erased: Erased,
    tag: PhantomData<T>,
}

impl<const N: usize, T: Tag> Bytes<N, T> {
    fn erase(self) -> Erased {
        self.erased
    }
    fn erase_ref(&self) -> &Erased {
        &self.erased
    }
    fn restore(erased: Erased) -> Self {
        Bytes { erased, tag: PhantomData }
    }
}

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore, N = len)]
impl<const N: usize, T: Tag> Bytes<N, T> {
    /// A const generic in a const position: an array length.
    pub fn zeroed() -> Self {
        Erased([0u8; N].to_vec())
    }

    /// A type parameter in a type position.
    pub fn tag_name(&self) -> &'static str {
        let _tagged: Option<T> = None;
        "tag"
    }

    /// A method's own type parameter in the body: already converted.
    pub fn scaled<S: Into<u8>>(self, by: S) -> Self {
        let _again: S = by;
        self
    }

    /// `Self` in a type position.
    pub fn again(self) -> Self {
        Self::restore(self)
    }

    /// A type parameter in a turbofish, and a const generic in a const argument.
    pub fn turbofish(&self) -> usize {
        let _none = Vec::<T>::new();
        sized::<{ N }>()
    }

    /// `Self` in a pattern.
    pub fn parts(self) -> usize {
        let Self { erased, .. } = self;
        erased.len()
    }
}

fn main() {}
