//! The public op running on this thread: [`enter_op`] marks it for as long as its
//! guard lives, [`current_op`] reads it. `seam-tensor` enters each public method
//! (through `#[outline(enter = ..)]` on its protocol), and an allocation refused deep
//! inside a backend names the call the user made ([`vec_with_capacity`]).
//!
//! [`vec_with_capacity`]: crate::vec_with_capacity

use core::cell::Cell;
use core::fmt;

std::thread_local! {
    static CURRENT: Cell<Option<&'static str>> = const { Cell::new(None) };
}

/// Marks `name` as the op running on this thread until the guard drops (unwinding
/// included). Ops entered while one runs (a public method that calls others) leave
/// the outermost one marked: that is the call the user wrote.
///
/// ```
/// use seam_backend::{current_op, enter_op};
/// assert_eq!(current_op(), None);
/// {
///     let _exp = enter_op("exp");
///     let _inner = enter_op("mul");
///     assert_eq!(current_op(), Some("exp"));
/// }
/// assert_eq!(current_op(), None);
/// ```
pub fn enter_op(name: &'static str) -> OpScope {
    let outermost = CURRENT.with(|current| current.get().is_none());
    if outermost {
        CURRENT.with(|current| current.set(Some(name)));
    }
    OpScope { outermost }
}

/// The op marked by [`enter_op`] on this thread, if any.
pub fn current_op() -> Option<&'static str> {
    CURRENT.with(Cell::get)
}

/// The guard of [`enter_op`].
#[must_use = "the op stays marked only while the guard lives"]
pub struct OpScope {
    outermost: bool,
}

impl Drop for OpScope {
    fn drop(&mut self) {
        if self.outermost {
            CURRENT.with(|current| current.set(None));
        }
    }
}

/// `name: ` for the op running on this thread, or nothing: the start of a message
/// about a failure inside it.
pub(crate) struct InOp;

impl fmt::Display for InOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match current_op() {
            Some(op) => write!(f, "{op}: "),
            None => Ok(()),
        }
    }
}

/// `name: ` for the op running on this thread ([`current_op`]), or nothing when none
/// is: the start of a backend's own message about a failure inside it.
pub fn in_op() -> impl fmt::Display {
    InOp
}
