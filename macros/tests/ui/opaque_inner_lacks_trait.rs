use seam_macros::opaque;
use std::cell::{Cell, RefCell};

// Each trait asked for must hold for the inner type; the error is at the inner type,
// with a note at the trait's name in the attribute.
#[opaque(Send, Sync)]
pub struct NotSync(Cell<u32>);

#[opaque(PartialEq, Eq, Hash)]
pub struct NotEq(f64);

pub struct NoDefault;

#[opaque(Default)]
pub struct Defaulted(NoDefault);

#[opaque(RefUnwindSafe)]
pub struct NotRefUnwindSafe(RefCell<u32>);

fn main() {}
