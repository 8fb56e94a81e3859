//! When and how the kernels split their output across rayon's threads.

use rayon::prelude::*;

/// The least work (elements read, roughly) for which a kernel runs on rayon's
/// threads; below it the calling thread does all of it. See the crate docs.
pub(crate) const PARALLEL_THRESHOLD: usize = 1 << 17;

/// The least work handed to one rayon task, so that splitting stays cheap next to
/// the work split.
const MIN_TASK: usize = 1 << 15;

/// Calls `fill(lo, chunk)` on consecutive chunks of `out` that cover it, `lo` being
/// the index in `out` of `chunk[0]`: on the calling thread when the op's work (`out`'s
/// length times `work_per_item`, the elements read per output element) is below
/// [`PARALLEL_THRESHOLD`], else in parallel, a few chunks per thread.
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
    if blocks < 2 || n.saturating_mul(per_item) < PARALLEL_THRESHOLD {
        fill(0, out);
        return;
    }
    let threads = threads();
    if threads == 1 {
        fill(0, out);
        return;
    }
    let per_block = block.saturating_mul(per_item);
    let chunk = blocks.div_ceil(threads * 4).max(MIN_TASK.div_ceil(per_block)) * block;
    out.par_chunks_mut(chunk)
        .enumerate()
        .for_each(|(i, part)| fill(i * chunk, part));
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
