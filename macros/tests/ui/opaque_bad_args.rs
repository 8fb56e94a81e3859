use seam_macros::opaque;

#[opaque(Clone, Ord)]
pub struct A(u32);

#[opaque(align = 48)]
pub struct B(u32);

#[opaque(Copy, Debug, Debug)]
pub struct C(u32);

#[opaque(Eq, size)]
pub struct D(u32);

#[opaque(align = 8, align = 16)]
pub struct E(u32);

#[opaque(size = "8")]
pub struct F(u32);

fn main() {
    // The struct is still emitted with its accessors: no cascade of errors here.
    let _ = A::from_inner(1).into_inner();
}
