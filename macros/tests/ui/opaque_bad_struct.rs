use seam_macros::opaque;

#[opaque]
pub struct Named {
    value: u32,
}

#[opaque]
pub struct Two(u32, u64);

#[opaque]
pub struct Generic<T>(Vec<T>);

#[opaque]
pub struct PublicField(pub u32);

// A derive written before `#[opaque]` is expanded on the struct as written, and
// fails on the storage.
#[derive(Debug)]
#[opaque]
pub struct Derived(u32);

// Below it, the derives `#[opaque]` forwards are taken; the others are refused.
#[opaque]
#[derive(Clone, Copy, PartialOrd)]
pub struct DerivedAfter(u32);

// `Eq` without `PartialEq`.
#[opaque]
#[derive(Eq)]
pub struct EqAlone(u32);

#[opaque]
#[repr(C)]
pub struct Repr(u32);

#[opaque]
pub enum NotAStruct {
    A,
}

// An unsized inner type (found by the mutation test: its storage code did not parse).
#[opaque]
pub struct Unsized(dyn core::fmt::Debug + Send);

fn main() {}
