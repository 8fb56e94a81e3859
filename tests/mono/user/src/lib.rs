//! A downstream crate of `seam-mono`: it calls the grid's outlined methods, sync and
//! async, its outlined `Add`, a window with a lifetime, a free function and a free
//! function under the grid's protocol, at two sizes. `tests/boundary/tests/mono.rs` lists what rustc compiles here
//! (`-Zprint-mono-items=yes`): the wrappers, and nothing of any helper, not even an
//! async helper's state machine (its poll function or drop glue). It also calls
//! `seam-mono-switched`, whose own boundary switch this crate turns on: its helpers
//! are compiled here, and `seam-mono`'s still are not.

use core::task::{Context, Poll, Waker};
use seam_mono::{Grid, Window, cells_in, cells_total};
use seam_mono_switched::Row;

/// Polls a future that never waits, to completion.
fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = core::pin::pin!(future);
    let mut cx = Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(out) = future.as_mut().poll(&mut cx) {
            return out;
        }
    }
}

/// Calls outlined methods, sync and async, an outlined `Add`, a window with a
/// lifetime and a free function, at two grid sizes; the sum of what they compute.
pub fn callers() -> f32 {
    fn at<const W: usize, const H: usize>(value: f32) -> f32 {
        let grid = Grid::<W, H>::filled(value);
        let total = block_on(grid.total_async());
        let doubled = block_on(grid.clone().scaled_async(2u8));
        let halved = block_on(doubled.scaled_async(0.25f32));
        let per_cell = cells_total(&grid, halved.clone());
        let mut out = vec![0.0; W * H];
        (grid + halved.clone()).map(|v| v + 1.0).copy_to(&mut out);
        let window = Window::<W>::over(&out);
        let largest = window.max_at_least(0u8) + window.max_at_least(-1.0f32);
        let words = cells_in("a b") + cells_in(String::from("ab"));
        total + block_on(halved.total_async()) + out.iter().sum::<f32>() + largest + per_cell
            - window.total() / W as f32
            - words as f32
    }
    let row = Row::<3>::row_filled(2u8);
    at::<2, 3>(1.0) + at::<4, 4>(2.0) + row.row_len() as f32 + row.row_total()
}

#[cfg(test)]
mod tests {
    #[test]
    fn callers_compute() {
        // Per cell: v, then v/2, then c = v + v/2 + 1; the window's largest cell twice,
        // less its mean c, less the 4 cells of "a b" and "ab"; over 6 and 16 cells; and
        // `cells_total`'s v + v/2 per cell.
        let expected = |v: f32, cells: f32| {
            let c = v + v / 2.0 + 1.0;
            cells * (v + v / 2.0 + c) + 2.0 * c - c - 4.0 + (v + v / 2.0)
        };
        // And a row of three 2s: its length and its sum.
        assert_eq!(
            super::callers(),
            expected(1.0, 6.0) + expected(2.0, 16.0) + 3.0 + 6.0
        );
    }
}
