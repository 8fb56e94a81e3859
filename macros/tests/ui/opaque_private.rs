mod storage {
    use seam_macros::opaque;

    #[opaque]
    pub struct Handle(Vec<u8>);

    pub fn make() -> Handle {
        Handle::from_inner(vec![1, 2, 3])
    }
}

// Outside the declaring module nothing reaches the value: not the accessors, not
// the storage field.
fn main() {
    let mut handle = storage::make();
    let _ = handle.inner();
    let _ = handle.inner_mut();
    let _ = storage::Handle::from_inner(Vec::new());
    let _ = handle.__seam_slots;
    let _ = handle.into_inner();
}
