use seam_macros::outline;

pub struct Erased(Vec<u8>);

impl Erased {
    fn len(&self) -> usize {
        self.0.len()
    }
}

// `M` is no const generic of the type: reported at the type's attribute, since a
// block may fix `N` and so cannot tell.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore, M = len)]
pub struct Bytes<const N: usize>(Erased);

fn main() {}
