use seam_macros::outline;

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
pub mod not_an_impl {}

fn main() {}
