// What both modules of a generated crate share: the kinds, the library's own traits,
// and the driver's helpers. (A template: `harness.rs` writes it into each crate.)

/// A kind's compile-time facts.
pub trait Kind: Send + Sync + 'static {
    const KIND: u8;
    fn name() -> &'static str;
}

#[derive(Clone, Debug)]
pub struct A;
#[derive(Clone, Debug)]
pub struct B;

impl Kind for A {
    const KIND: u8 = 1;
    fn name() -> &'static str {
        "a"
    }
}

impl Kind for B {
    const KIND: u8 = 2;
    fn name() -> &'static str {
        "b"
    }
}

/// Declares `Num`, the kinds' numeric trait, with its impls for `A` and `B`, each
/// module its own (the outlined one's carries `#[outline(kinds(A, B))]`).
#[macro_export]
macro_rules! num {
    ($(#[$attr:meta])*) => {
        $(#[$attr])*
        pub trait Num: Kind {
            fn combine(a: i64, b: i64) -> i64;
            fn unit() -> i64;
        }

        impl Num for A {
            fn combine(a: i64, b: i64) -> i64 {
                a.wrapping_add(b)
            }
            fn unit() -> i64 {
                0
            }
        }

        impl Num for B {
            fn combine(a: i64, b: i64) -> i64 {
                a.wrapping_mul(b)
            }
            fn unit() -> i64 {
                1
            }
        }
    };
}

/// An index that may count from the end (crosses the boundary as `isize`, by `via`).
pub trait Idx {
    fn to_idx(self) -> isize;
}

impl Idx for i32 {
    fn to_idx(self) -> isize {
        self as isize
    }
}

impl Idx for isize {
    fn to_idx(self) -> isize {
        self
    }
}

impl Idx for usize {
    fn to_idx(self) -> isize {
        self as isize
    }
}

pub fn to_idx(i: impl Idx) -> isize {
    i.to_idx()
}

/// A trait of the library's own that the type implements.
pub trait Score {
    fn score(&self, x: i64) -> i64;
}

/// What `f` returned, or how it panicked, after `label`.
pub fn call(label: &str, f: impl FnOnce() -> String) -> String {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(shown) => format!("{label}: {shown}"),
        Err(payload) => {
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            format!("{label}: panicked: {message:?}")
        }
    }
}

/// Polls a future that never waits, to completion.
pub fn block_on<F: core::future::Future>(future: F) -> F::Output {
    use core::task::{Context, Poll, Waker};
    let mut future = core::pin::pin!(future);
    let mut cx = Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(out) = future.as_mut().poll(&mut cx) {
            return out;
        }
    }
}
