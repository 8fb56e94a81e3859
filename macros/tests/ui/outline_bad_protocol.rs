use seam_macros::outline;

pub struct Erased;

// A protocol declared on the type is checked there: `restore` is missing.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref)]
pub struct Wrapper<const N: usize>(Erased);

fn main() {}
