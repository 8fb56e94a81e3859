//! When and how the kernels split their output across rayon's threads.

use std::sync::{Mutex, OnceLock, PoisonError};

/// The default least work (elements read, roughly) for which a kernel runs on
/// rayon's threads; below it the calling thread does all of it. See the crate docs
/// for how it was chosen and measured.
pub(crate) const DEFAULT_THRESHOLD: usize = 1 << 18;

/// What one element costs a loop that evaluates a transcendental function on it
/// (`log`, `erf`, `gelu`, `sin`, `powf`, `f64` `exp`, ...), in the threshold's
/// unit: one element read by a memory-bound loop such as `add`. Measured with
/// `thresholds` (see the crate docs) when `f32` `exp` was a scalar call: `add` is
/// faster split from 2^18 elements on, `exp` from 2^14 in one run and 2^13 in the
/// next, 16 to 32 times fewer.
pub(crate) const TRANSCENDENTAL: usize = 16;

/// The same for `f32` `exp` and `tanh`, which run vectorised ([`crate::vmath`]): 8
/// wide, `exp` was faster split from 2^16 or 2^17 elements on (level at 2^16, a
/// weight of 4); 16 wide (AVX-512), one thread against two on the benchmark machine,
/// `exp` and `tanh` of 2^16 floats were level or faster on one and 2^18 faster split
/// (0.33-0.47 against 0.55-0.84 ns an element), and bench/peers' `exp` of 64K took
/// 59 us split where one thread takes some 38. So 2: they split from 2^17 on.
pub(crate) const VECTORISED: usize = 2;

/// The environment variable that replaces the default thread threshold (2^18 units
/// of work) for the whole process: for the benchmark that measures where threads start to pay
/// (seam-bench's `thresholds` binary), and for running the parallel paths on small
/// tensors under valgrind (`.ci/run`). Never needed otherwise.
pub const THRESHOLD_VAR: &str = "SEAM_CPU_PARALLEL_THRESHOLD";

/// The least work for which a kernel runs on rayon's threads: `THRESHOLD_VAR`'s
/// value if it is set (read once), else [`DEFAULT_THRESHOLD`].
///
/// # Panics
///
/// If the variable is set to something other than a number of elements.
pub(crate) fn threshold() -> usize {
    static THRESHOLD: OnceLock<usize> = OnceLock::new();
    *THRESHOLD.get_or_init(|| match std::env::var(THRESHOLD_VAR) {
        Ok(value) => value.trim().parse().unwrap_or_else(|_| {
            panic!("{THRESHOLD_VAR}={value:?} is not a number of elements; unset it for the default")
        }),
        Err(_) => DEFAULT_THRESHOLD,
    })
}

/// Whether an op over `items` elements, each costing `work_per_item` (as in
/// [`fill_chunks`]), runs on the calling thread: its work is below [`threshold`].
pub(crate) fn serial(items: usize, work_per_item: usize) -> bool {
    items.saturating_mul(work_per_item.max(1)) < threshold()
}

/// The least work handed to one rayon task, so that splitting stays cheap next to
/// the work split: a quarter of the threshold (2^16 by default).
fn min_task() -> usize {
    (threshold() / 4).max(1)
}

/// Calls `fill(lo, chunk)` on consecutive chunks of `out` that cover it, `lo` being
/// the index in `out` of `chunk[0]`: on the calling thread when the op's work (`out`'s
/// length times `work_per_item`, the elements read per output element) is below
/// [`threshold`], else in parallel, a few chunks per thread.
pub(crate) fn fill_chunks<O: Send>(
    out: &mut [O],
    work_per_item: usize,
    fill: impl Fn(usize, &mut [O]) + Sync,
) {
    fill_blocks(out, 1, work_per_item, fill);
}

/// [`fill_chunks`] with every chunk a whole number of blocks of `block` elements
/// (`out`'s length is a multiple of it): for kernels whose output falls in
/// independent blocks, such as a softmax's lanes.
pub(crate) fn fill_blocks<O: Send>(
    out: &mut [O],
    block: usize,
    work_per_item: usize,
    fill: impl Fn(usize, &mut [O]) + Sync,
) {
    let n = out.len();
    let block = block.max(1);
    debug_assert_eq!(n % block, 0, "blocks of {block} do not tile {n} elements");
    let per_item = work_per_item.max(1);
    let blocks = n / block;
    if blocks < 2 || serial(n, per_item) {
        fill(0, out);
        return;
    }
    let threads = threads();
    if threads == 1 {
        fill(0, out);
        return;
    }
    let per_block = block.saturating_mul(per_item);
    let chunk = blocks.div_ceil(threads * 4).max(min_task().div_ceil(per_block)) * block;
    share_chunks(out, chunk, threads, &fill);
}

/// Calls `fill(lo, part)` on each `chunk`-long part of `out`, the calling thread and
/// `threads - 1` tasks on rayon's pool taking the parts in turn until none is left.
///
/// The calling thread works from the start: it does not hand the whole op to the
/// pool and sleep until it is done, as a parallel iterator started outside the pool
/// does. A split then costs one worker's wake-up, overlapped with the caller's own
/// parts, where the iterator cost the workers' wake-up and then the caller's, some
/// 20 us in all on the 2-core KVM machine (`thresholds`, bench/README.md).
fn share_chunks<O: Send>(
    out: &mut [O],
    chunk: usize,
    threads: usize,
    fill: &(impl Fn(usize, &mut [O]) + Sync),
) {
    let parts = Mutex::new(out.chunks_mut(chunk).enumerate());
    let work = || {
        loop {
            // The lock is held only to take the next part; a panicking `fill` holds
            // none, so the iterator is never left half-advanced.
            let next = parts.lock().unwrap_or_else(PoisonError::into_inner).next();
            let Some((i, part)) = next else { return };
            fill(i * chunk, part);
        }
    };
    rayon::in_place_scope(|scope| {
        for _ in 1..threads {
            scope.spawn(|_| work());
        }
        work();
    });
}

/// The threads the kernels split work across: rayon's, or 1 under Miri, where
/// rayon's pool is never started (its idle workers already run crossbeam-epoch,
/// which breaks Stacked Borrows rules by itself, crossbeam-rs/crossbeam#545); Miri
/// is here for the unsafe code of Seam's crates.
pub(crate) fn threads() -> usize {
    if cfg!(miri) {
        1
    } else {
        rayon::current_num_threads()
    }
}

/// Runs `f` on a pool of 4 threads, so that the tests of the split paths split on
/// any machine (also one of 1 or 2 cores).
#[cfg(test)]
pub(crate) fn on_four_threads<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .expect("a pool of 4 threads")
        .install(f)
}
