use seam_macros::opaque;

#[opaque(Clone, Hash)]
pub struct A(u32);

#[opaque(align = 48)]
pub struct B(u32);

#[opaque]
pub struct C {
    value: u32,
}

fn main() {}
