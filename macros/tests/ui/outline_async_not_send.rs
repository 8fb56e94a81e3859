use seam_macros::outline;

include!("common/wrapper.rs");

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize, K> Wrapper<N, K> {
    // The helper boxes its future as `dyn Future + Send`: a body holding an `Rc`
    // across an `.await` needs `#[outline(?Send)]`.
    pub async fn shared(self) -> usize {
        let shared = std::rc::Rc::new(1);
        core::future::ready(()).await;
        *shared
    }
}

fn main() {}
