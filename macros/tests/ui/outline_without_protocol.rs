use seam_macros::outline;

include!("common/wrapper.rs");

// `#[outline]` alone looks for the protocol declared on the type: `Wrapper` has none.
#[outline]
impl<const N: usize, K> Wrapper<N, K> {
    pub fn reset(self) -> Self {
        self
    }
}

fn main() {}
