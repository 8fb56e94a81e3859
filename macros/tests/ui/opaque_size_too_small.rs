use seam_macros::opaque;

// `size = N` fixes the storage's size; an inner type that outgrows it is an error at
// the number, not a silently larger handle.
#[opaque(size = 16)]
pub struct Handle([u64; 4]);

#[opaque(size = 8, align = 8)]
#[derive(Clone)]
pub struct Fits(u64);

fn main() {}
