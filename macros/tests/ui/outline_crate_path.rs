use seam_macros::outline;

include!("common/wrapper.rs");

// `crate = ..` is the path a type's protocol macro calls `#[outline]` back by: on a
// block that writes the whole protocol nothing calls back.
#[outline(crate = ::seam_macros, erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize, K> Wrapper<N, K> {}

// Given twice on the type.
#[outline(crate = ::seam_macros, crate = ::seam_macros, erased = Bridge, erase = into_bridge,
          erase_ref = as_bridge, restore = restore)]
pub struct Twice(Bridge);

// A path that names no crate: rustc's error points at it, where the type declares it.
#[outline(crate = ::no_such_crate, erased = Bridge, erase = into_bridge, erase_ref = as_bridge,
          restore = restore)]
pub struct Nowhere(Bridge);

#[outline]
impl Nowhere {
    pub fn get(&self) -> usize {
        1
    }
}

pub struct Bridge;

fn main() {}
