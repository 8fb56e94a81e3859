use core::marker::PhantomData;
use seam_macros::outline;

pub struct DynPair;

// Two fields that are not `PhantomData`: which one is the erased value is not known.
#[outline(N = len)]
pub struct Pair<const N: usize> {
    left: DynPair,
    right: DynPair,
}

// No field at all holds an erased value.
#[outline(N = len)]
pub struct Empty<const N: usize> {
    marker: PhantomData<[(); N]>,
}

// An enum's protocol is never inferred: its conversions are named.
#[outline(N = len)]
pub enum Either<const N: usize> {
    Left(DynPair),
}

fn main() {}
