// Inputs the mutation test (`src/fuzz.rs`) found making the macros panic or emit code
// that does not parse; each is now refused at its tokens.
use core::marker::PhantomData;
use seam_macros::outline;

pub struct Erased;

// A trait object as the erased type.
#[outline(erased = Erased + Send, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize> Wrapper<N> {}

pub struct Wrapper<const N: usize>;

// A protocol read from a struct whose field is a trait object.
#[outline(N = len)]
pub struct Held<const N: usize> {
    erased: Erased + Send,
    marker: PhantomData<[(); N]>,
}

// `Self` names no type's protocol.
#[outline(Self)]
pub fn by_self(x: u32) -> u32 {
    x
}

#[outline(Self::Row)]
pub fn by_self_path(x: u32) -> u32 {
    x
}

// The protocol macro's own marker, written by hand.
#[outline(erased = Erased, erase = erase, erase_ref = __seam_fn_of, restore = restore)]
pub fn marked(x: u32) -> u32 {
    x
}

fn main() {}
