use seam_macros::{opaque, outline};

// `off_if` takes a cfg predicate, once.
#[opaque(off_if())]
#[derive(Clone)]
pub struct Empty(Vec<u8>);

#[opaque(off_if(all()), off_if(any()))]
pub struct Twice(Vec<u8>);

pub struct Erased;

// A free function takes `off_if(..)` and `?Send`, nothing else.
#[outline(off_if(any()), inline)]
pub fn words(text: impl AsRef<str>) -> usize {
    text.as_ref().len()
}

// A predicate that is not one, at its tokens.
#[outline(off_if(feature = ))]
pub fn letters(text: impl AsRef<str>) -> usize {
    text.as_ref().len()
}

fn main() {}
