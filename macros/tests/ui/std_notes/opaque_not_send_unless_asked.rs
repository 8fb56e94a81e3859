use seam_macros::opaque;

// The inner type is `Send` and `Sync`, but the storage holds raw pointers: without
// `#[opaque(Send, Sync)]` the handle is neither.
#[opaque]
pub struct Handle(Vec<u32>);

fn assert_send<T: Send>() {}
fn assert_sync<T: Sync>() {}

fn main() {
    assert_send::<Handle>();
    assert_sync::<Handle>();
}
