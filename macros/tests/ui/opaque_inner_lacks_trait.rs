use seam_macros::opaque;
use std::cell::{Cell, UnsafeCell};

// Each trait asked for must hold for the inner type; the error is at the inner type,
// with a note at the trait's name in the attribute.
#[opaque(Send, Sync)]
pub struct NotSync(Cell<u32>);

#[opaque]
#[derive(PartialEq, Eq, Hash)]
pub struct NotEq(f64);

pub struct NoDefault;

#[opaque]
#[derive(Default)]
pub struct Defaulted(NoDefault);

// A type of this file's own, so that rustc's notes point here and not into the
// standard library, whose source lines rustc prints only when `rust-src` is installed.
pub struct SharedCounter {
    _count: UnsafeCell<u32>,
}

#[opaque(RefUnwindSafe)]
pub struct NotRefUnwindSafe(SharedCounter);

fn main() {}
