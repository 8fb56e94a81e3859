// The spelling of derived traits as arguments still compiles: each warns at its
// token (denied here, so that the warning shows), and the traits are given, so the
// code below has no error of its own.
#![deny(deprecated)]

use seam_macros::opaque;

#[opaque(Clone, Debug, PartialEq, Send, Sync)]
pub struct DynPoly(Vec<u8>);

// With another argument refused, the traits asked for are still given: no cascade.
#[opaque(Clone, Ord)]
pub struct Refused(u8);

fn main() {
    let a = DynPoly::from_inner(vec![1]);
    let b = a.clone();
    assert!(a == b);
    println!("{b:?}");
    let _ = Refused::from_inner(1).clone();
}
