//! A downstream crate of `seam-mono`: it calls the grid's outlined methods, sync and
//! async, at two sizes. `tests/boundary/tests/mono.rs` lists what rustc compiles here
//! (`-Zprint-mono-items=yes`): the wrappers, and nothing of any helper, not even an
//! async helper's state machine (its poll function or drop glue).

use core::task::{Context, Poll, Waker};
use seam_mono::Grid;

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

/// Calls outlined methods, sync and async, at two grid sizes; the sum of what they
/// compute.
pub fn callers() -> f32 {
    fn at<const W: usize, const H: usize>(value: f32) -> f32 {
        let grid = Grid::<W, H>::filled(value);
        let total = block_on(grid.total_async());
        let doubled = block_on(grid.clone().scaled_async(2u8));
        let halved = block_on(doubled.scaled_async(0.25f32));
        let mut out = vec![0.0; W * H];
        Grid::sum([grid, halved.clone()])
            .map(|v| v + 1.0)
            .copy_to(&mut out);
        total + block_on(halved.total_async()) + out.iter().sum::<f32>()
    }
    at::<2, 3>(1.0) + at::<4, 4>(2.0)
}

#[cfg(test)]
mod tests {
    #[test]
    fn callers_compute() {
        // Per cell: v, then v/2, then the sum v + v/2 + 1, over 6 and 16 cells.
        let expected = |v: f32, cells: f32| cells * (v + v / 2.0 + (v + v / 2.0 + 1.0));
        assert_eq!(super::callers(), expected(1.0, 6.0) + expected(2.0, 16.0));
    }
}
