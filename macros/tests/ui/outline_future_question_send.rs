use seam_macros::outline;

include!("common/wrapper.rs");

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize, K> Wrapper<N, K> {
    // `?Send` is for an `async fn`: here the `impl` says whether the future is `Send`.
    #[outline(?Send)]
    pub fn marked(self) -> impl Future<Output = usize> {
        core::future::ready(1)
    }
}

fn main() {}
