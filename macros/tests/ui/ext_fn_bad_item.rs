use seam_macros::ext_fn;

pub struct S;

#[ext_fn]
impl S {
    pub fn method(&self) {}
}

#[ext_fn(features = "unstable")]
pub fn misspelled_argument() {}

#[ext_fn(feature = unstable)]
pub fn unquoted_feature() {}

#[ext_fn]
macro_rules! m {
    () => {};
}

impl S {
    #[ext_fn]
    fn private_method(&self) {}

    #[ext_fn]
    pub(self) const LIMIT: usize = 1;
}

fn main() {
    m!();
}
