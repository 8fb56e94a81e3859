// The items `outline_inferred.rs` names, so that `tests/snapshots_compile.rs` compiles it.

use core::marker::PhantomData;
use seam_macros::outline;

/// A grid's kind, at run time.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tag {
    Real,
    Whole,
}

/// The kinds a grid holds; `TAG` is the kind as a value.
pub trait Kind: 'static {
    const TAG: Tag;
}

pub struct Real;
pub struct Whole;

impl Kind for Real {
    const TAG: Tag = Tag::Real;
}

impl Kind for Whole {
    const TAG: Tag = Tag::Whole;
}

/// The erased form: the rank and the kind at run time.
#[derive(Clone, Debug, PartialEq)]
pub struct Bridge {
    pub dims: Vec<usize>,
    pub tag: Tag,
}

impl Bridge {
    pub fn rank(&self) -> usize {
        self.dims.len()
    }

    pub fn tag(&self) -> Tag {
        self.tag
    }
}
