use seam_macros::opaque;

#[repr(align(128))]
pub struct Wide([u8; 128]);

#[opaque]
pub struct Handle(Wide);

fn main() {}
