use seam_macros::ext_fn;

#[ext_fn]
pub(crate) fn restricted() {}

#[ext_fn]
fn private() {}

/// Docs do not hide the item's head.
#[ext_fn]
struct Private;

#[ext_fn]
pub(self) enum Kind {
    A,
}

#[ext_fn]
use std::fmt::Debug;

fn main() {
    let _ = |_: &dyn Debug| ();
}
