use seam_macros::outline;

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
pub trait NotAnImpl {}

fn main() {}
