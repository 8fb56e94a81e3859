use seam_macros::outline;

include!("common/wrapper.rs");

#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
impl<const N: usize, K> Wrapper<N, K> {
    // A plain `fn` returning `impl Future + Send`: the helper boxes the future the
    // body gives as `dyn Future + Send`, so a body giving one that is not `Send` is
    // refused at the `impl`.
    pub fn shared(self) -> impl Future<Output = usize> + Send {
        let shared = std::rc::Rc::new(1);
        async move {
            core::future::ready(()).await;
            *shared
        }
    }

    // One taking a closure, which crosses by borrowing: the wrapper's future owns it
    // (and calls the helper at its first poll), so a closure type that is not `Send`
    // is refused at the `impl` too, though the body's own future does not hold it.
    pub fn mapped(f: impl Fn(usize) -> usize) -> impl Future<Output = usize> + Send {
        let out = f(1);
        async move { out }
    }
}

fn main() {}
