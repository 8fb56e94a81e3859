use seam_macros::outline;

include!("common/wrapper.rs");

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize, K> Wrapper<N, K> {
    pub fn by_mut(&mut self) {}

    pub fn boxed(self: Box<Self>) {}

    pub const fn constant(self) -> Self {
        self
    }

    pub unsafe fn not_safe(self) -> Self {
        self
    }

    pub extern "C" fn foreign(self) {}

    // `?Send` is for an `async fn`, whose future the helper boxes.
    #[outline(?Send)]
    pub fn not_async(self) {}

    #[outline(?Sync)]
    pub async fn not_sync(self) {}
}

fn main() {}
