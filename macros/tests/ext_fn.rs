//! `#[ext_fn]` on every kind of item it accepts, as the code that uses it sees them.
//!
//! This test crate has no `extension` feature, so every item here is the
//! `pub(crate)` copy, and must work as the item written: called, awaited, evaluated
//! in const context, re-exported. (The `pub` copy is checked where the feature
//! exists: `seam-tensor --features extension` and the crate in `tests/extension`;
//! the expansion of both copies is unit-tested in `src/ext_fn.rs`.)

// The `extension` feature is not declared here on purpose: the `pub(crate)` copy is
// under test. (A crate that uses `#[ext_fn]` must declare it.)
#![allow(unexpected_cfgs)]

mod api {
    use seam_macros::ext_fn;

    /// A plain function.
    #[ext_fn]
    pub fn plain(x: u32) -> u32 {
        x + 1
    }

    /// An `async` function.
    #[ext_fn]
    pub async fn later(x: u32) -> u32 {
        x * 2
    }

    /// A `const` function.
    #[ext_fn]
    pub const fn at_compile_time(x: u32) -> u32 {
        x * 3
    }

    /// An `unsafe` function.
    ///
    /// # Safety
    ///
    /// `ptr` must be valid for reads.
    #[ext_fn]
    pub unsafe fn read(ptr: *const u32) -> u32 {
        // SAFETY: the caller guarantees `ptr` is valid for reads.
        unsafe { *ptr }
    }

    /// A struct, whose fields stay as written.
    #[ext_fn]
    #[derive(Debug, PartialEq)]
    pub struct Parts {
        /// A public field.
        pub left: u32,
        right: u32,
    }

    impl Parts {
        /// A method.
        #[ext_fn]
        pub fn new(left: u32, right: u32) -> Self {
            Parts { left, right }
        }

        /// An `async` method.
        #[ext_fn]
        pub async fn sum(&self) -> u32 {
            self.left + self.right
        }

        /// An associated const.
        #[ext_fn]
        pub const WIDTH: usize = 2;
    }

    /// An enum.
    #[ext_fn]
    #[derive(Debug, PartialEq)]
    pub enum Side {
        /// Left.
        Left,
        /// Right.
        Right,
    }

    /// A constant.
    #[ext_fn]
    pub const LIMIT: u32 = 7;

    /// A static.
    #[ext_fn]
    pub static NAME: &str = "api";

    /// A type alias.
    #[ext_fn]
    pub type Pair = (u32, u32);

    /// A trait.
    #[ext_fn]
    pub trait Flip {
        /// The other side.
        fn flip(self) -> Self;
    }

    impl Flip for Side {
        fn flip(self) -> Self {
            match self {
                Side::Left => Side::Right,
                Side::Right => Side::Left,
            }
        }
    }

    /// A module.
    #[ext_fn]
    pub mod nested {
        /// Inside it.
        pub fn inside() -> u8 {
            9
        }
    }
}

/// A re-export.
#[seam_macros::ext_fn]
pub use api::plain as plain_again;

/// Polls a future that is ready at once.
fn block_on<F: std::future::Future>(future: F) -> F::Output {
    use std::pin::pin;
    use std::task::{Context, Poll, Waker};
    let mut future = pin!(future);
    match future.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(value) => value,
        Poll::Pending => panic!("the future was not ready"),
    }
}

#[test]
fn functions_of_every_flavour() {
    assert_eq!(api::plain(1), 2);
    assert_eq!(plain_again(2), 3);
    assert_eq!(block_on(api::later(4)), 8);
    const NINE: u32 = api::at_compile_time(3);
    assert_eq!(NINE, 9);
    let value = 11;
    // SAFETY: a reference is valid for reads.
    assert_eq!(unsafe { api::read(&value) }, 11);
}

#[test]
fn types_methods_and_constants() {
    let parts = api::Parts::new(2, 3);
    assert_eq!(parts.left, 2);
    assert_eq!(block_on(parts.sum()), 5);
    assert_eq!(api::Parts::WIDTH, 2);
    use api::Flip;
    assert_eq!(api::Side::Left.flip(), api::Side::Right);
    assert_eq!(api::LIMIT, 7);
    assert_eq!(api::NAME, "api");
    let pair: api::Pair = (1, 2);
    assert_eq!(pair.1, 2);
    assert_eq!(api::nested::inside(), 9);
}
