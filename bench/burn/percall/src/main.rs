//! One op of Burn's `Tensor` API called `reps` times through seam-burn-tensor or
//! through burn-tensor itself, on Burn's flex backend, on the same inputs:
//!
//! ```text
//! seam-burn-percall <seam|burn> <op> <elements> <reps>
//! ```
//!
//! It prints the heap allocations of the `reps` calls (a counting global allocator)
//! and a checksum of the results. `percall.py` runs it under `valgrind
//! --tool=callgrind` at two counts of calls and takes the difference, so that a
//! call's instructions come without the program's setup, whatever the machine's
//! load. The op list (`OPS`) covers each argument form the boundary converts: tensors
//! only, a scalar, a dim, an array or shape, slices, a broadcast shape, padding, a
//! list of tensors, and reading data out.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

/// The system allocator, counting every allocation and reallocation.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every method forwards to `System` with the caller's arguments unchanged,
// so `System`'s guarantees hold; the counter is a relaxed atomic add, which neither
// allocates nor touches the memory handed out.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract for `alloc` is `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator, that is from `System`, with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: `ptr` came from `System` with `layout`; the caller's contract for
        // `new_size` is `System.realloc`'s.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The ops, as `percall.py` names them.
pub const OPS: &[&str] = &[
    "exp", "add", "matmul", "add_scalar", "clamp", "mask_fill", "sum_dim", "reshape", "permute", "slice", "expand",
    "pad", "cat", "into_data", "into_scalar",
];

/// The calls, written once over `api` (seam-burn-tensor or burn-tensor: the two take
/// the same calls). `run` builds the inputs, calls the op once to warm up, then
/// `reps` times, and returns the allocations of those calls and a checksum.
macro_rules! ops {
    () => {
        use api::ops::PadMode;
        use api::{Device, Tensor, TensorData};
        use std::hint::black_box;

        /// A `rows` x `cols` tensor of values in [-1, 1], the same on both sides.
        fn input(rows: usize, cols: usize, salt: f32, device: &Device) -> Tensor<2> {
            let values = (0..rows * cols).map(|i| ((i as f32) * 0.37 + salt).sin()).collect::<Vec<_>>();
            Tensor::from_data(TensorData::new(values, [rows, cols]), device)
        }

        /// Calls `op` once to warm up, then `reps` times: the allocations of those
        /// calls, and the sum of what the last one returned.
        fn repeat<T>(reps: usize, mut op: impl FnMut() -> T, sum: impl Fn(T) -> f64) -> (u64, f64) {
            black_box(op());
            let before = crate::ALLOCATIONS.load(std::sync::atomic::Ordering::Relaxed);
            let mut last = None;
            for _ in 0..reps {
                last = Some(black_box(op()));
            }
            let allocations = crate::ALLOCATIONS.load(std::sync::atomic::Ordering::Relaxed) - before;
            (allocations, last.map_or(0.0, sum))
        }

        fn total<const D: usize>(t: Tensor<D>) -> f64 {
            t.sum().into_scalar::<f32>() as f64
        }

        pub fn run(op: &str, elements: usize, reps: usize) -> (u64, f64) {
            let device = Device::flex();
            // Square where the count allows it (1 x 1, 8 x 8, 256 x 256).
            let rows = (elements as f64).sqrt() as usize;
            let cols = elements / rows;
            let x = input(rows, cols, 0.0, &device);
            let y = input(rows, cols, 1.0, &device);
            match op {
                "exp" => repeat(reps, || x.clone().exp(), total),
                "add" => repeat(reps, || x.clone().add(y.clone()), total),
                "matmul" => {
                    let square = input(cols, cols, 2.0, &device);
                    repeat(reps, || x.clone().matmul(square.clone()), total)
                }
                "add_scalar" => repeat(reps, || x.clone().add_scalar(0.5), total),
                "clamp" => repeat(reps, || x.clone().clamp(-0.5, 0.5), total),
                "mask_fill" => {
                    let mask = y.clone().greater_elem(0.0);
                    repeat(reps, || x.clone().mask_fill(mask.clone(), 2.0), total)
                }
                "sum_dim" => repeat(reps, || x.clone().sum_dim(1), total),
                "reshape" => repeat(reps, || x.clone().reshape([cols, rows]), total),
                "permute" => repeat(reps, || x.clone().permute([1, 0]), total),
                "slice" => repeat(reps, || x.clone().slice([0..rows, 0..cols.div_ceil(2)]), total),
                "expand" => {
                    let row = input(1, cols, 3.0, &device);
                    repeat(reps, || row.clone().expand([rows, cols]), total)
                }
                "pad" => repeat(reps, || x.clone().pad((1, 1, 1, 1), PadMode::Constant(0.0)), total),
                "cat" => repeat(reps, || Tensor::cat(vec![x.clone(), y.clone()], 0), total),
                "into_data" => repeat(reps, || x.clone().into_data(), |d| d.iter::<f32>().map(f64::from).sum()),
                "into_scalar" => {
                    let one = x.clone().sum();
                    repeat(reps, || one.clone().into_scalar::<f32>(), f64::from)
                }
                _ => panic!("no op {op}: the ops are {:?}", crate::OPS),
            }
        }
    };
}

/// The calls over seam-burn-tensor.
mod seam_side {
    use seam_burn_tensor as api;
    ops!();
}

/// The same calls over burn-tensor itself.
mod burn_side {
    use burn_tensor as api;
    ops!();
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [side, op, elements, reps] = &args[..] else {
        eprintln!("usage: seam-burn-percall <seam|burn> <op> <elements> <reps>; ops: {OPS:?}");
        std::process::exit(2);
    };
    let elements: usize = elements.parse().expect("a count of elements");
    let reps: usize = reps.parse().expect("a count of calls");
    let (allocations, checksum) = match side.as_str() {
        "seam" => seam_side::run(op, elements, reps),
        "burn" => burn_side::run(op, elements, reps),
        other => panic!("no side {other}: seam or burn"),
    };
    println!("allocations {allocations} checksum {checksum}");
}
