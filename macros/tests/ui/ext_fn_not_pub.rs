use seam_macros::ext_fn;

#[ext_fn]
pub(crate) fn restricted() {}

#[ext_fn]
fn private() {}

fn main() {}
