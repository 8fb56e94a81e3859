//! Seam's embedded default backend: pure-Rust CPU kernels.
//!
//! [`Cpu`] implements [`seam_backend::Backend`] for all five dtypes (`f32`, `f64`,
//! `i32`, `i64`, `bool`). A [`CpuTensor`] is a typed buffer shared behind a reference
//! count plus a strided view of it (dims, strides in elements, and an element offset); the
//! buffer holds its own row-major view, so a tensor that is all of its buffer (every
//! op's result) holds no view of its own, and another view is shared behind a count
//! of its own:
//!
//! - layout ops are views where they can be: `permute` only reorders the dims and
//!   their strides, `expand` sets stride 0 along the dims it grows, `slice` moves the
//!   offset and shrinks the dims, and `reshape` reuses the buffer of a contiguous
//!   tensor;
//! - every other op (`cast`, `unary`, `binary`, `compare`, `mask_where`, `matmul`,
//!   `reduce_dim`, `gather`, `scatter_add`) reads its inputs through their strides,
//!   so a transposed, broadcast or sliced view is as good an input as a contiguous
//!   tensor, and writes a contiguous row-major result;
//! - `slice_assign` writes into the tensor's own buffer when nothing else shares it
//!   and the tensor is all of it, row-major; otherwise into a contiguous copy;
//! - `f32`/`f64` `matmul` goes through the `gemm` crate, given each operand's row and
//!   column strides, so transposed, sliced and broadcast views are multiplied without
//!   a copy (rayon above 64³ multiply-adds, or one product a thread when a batch
//!   has at least as many as there are threads); integers use a plain strided loop.
//!
//! Kernels are generic over the element type; a small macro picks the typed buffer
//! out of the storage enum. Integer `add`, `sub`, `mul`, `neg` and `abs` wrap on
//! overflow (the same in debug and release builds), and integer division or
//! remainder by zero panics. `erf` comes from the pure-Rust `libm` crate; `f32`
//! `exp`, `tanh` and `gelu` are written here without branches (`vmath.rs`), so
//! that the elementwise loops vectorise them: within 1 and 2 ulp of the exact value
//! for `exp` and `tanh` (checked on every bit pattern), 7 for `gelu` (on every 13th).
//!
//! # Speed
//!
//! - **Vectorised loops.** The elementwise kernels (`unary`, `binary`,
//!   `binary_scalar`, `compare`, `mask_where`, `cast`) pick the op once, outside the
//!   loop, then walk their operands one run of the innermost dim at a time, after
//!   dropping size-1 dims and merging dims that every operand steps through as one
//!   (a contiguous tensor is one run). A run with stride 1 is a slice and one with
//!   stride 0 is one repeated element, so the loop is a zip over slices that LLVM
//!   auto-vectorises; other strides index per element, with no per-element index
//!   arithmetic beyond `start + j * stride`. A scalar operand is a captured value.
//!   The loops over contiguous operands are compiled three times, the other copies
//!   with AVX-512 and with AVX2 and FMA, and the widest the CPU has runs
//!   (`wide.rs`; the same bits either way), and below the thread threshold their
//!   output is collected, not zeroed first. A transposed view is walked in 16 x 16
//!   tiles instead of runs (`Runs::tiles`), so that its copy reads whole cache lines.
//! - **Reductions.** `reduce_dim` folds a contiguous lane (the reduced dim has
//!   stride 1) as a slice in 16 interleaved accumulators, and a dim whose output
//!   positions are contiguous in the input (an outer dim, such as dim 0 of a
//!   row-major matrix) row by row into the output row, an axpy-style loop; other
//!   layouts gather each lane into a scratch buffer first. `Max`, `Min` and the
//!   `Arg` ops give exactly numpy's sequential scan's answer (the first of equal
//!   elements, or the first `NaN`); `Max` and `Min` get it by plain comparisons,
//!   which vectorise, and one flag for whether a `NaN` was read, scanning again
//!   only then. Float `Sum` and `Prod` of contiguous lanes round as a 16-way
//!   interleaved sum does, not as a sequential one.
//! - **Softmax.** `softmax` and `log_softmax` are one fused kernel (`ops/softmax.rs`):
//!   each lane's maximum, exponentials, sum and quotient in three passes over the
//!   lane while it is in cache, where the composed ops read the tensor five times.
//!   Along an outer dim with fewer blocks than threads, the rows are split in bands.
//! - **Threads.** A kernel whose work is at least 2^18 = 262144 splits its output
//!   into chunks (a few per thread, no fewer than 2^16 of work each), which the
//!   calling thread and tasks on rayon's pool take in turn (the caller works from
//!   the start rather than sleeping until the pool is done: `parallel::share_chunks`);
//!   below that the calling thread does all of it. Work counts the
//!   output elements, times the elements each one reads in a reduction, times 16
//!   for a transcendental function (`erf`, `gelu`, `f64` `exp`, ...; 19 for a
//!   softmax), times 2 for `f32` `exp` and `tanh`, which run vectorised
//!   (`parallel::VECTORISED`). The thresholds come from `cargo run --release -p
//!   seam-bench --bin thresholds`; the measurements behind them are in the
//!   repository's `docs/benchmarks.md`.
//! - **Buffer reuse.** `unary`, `binary` and `binary_scalar` take their tensors by
//!   value and write the result over an input's buffer, without allocating, when
//!   that input is all of its buffer, row-major from index 0, with the result's
//!   dims and dtype, and its pointer is unique (`Shared::get_mut`): for `binary` the left
//!   operand first, else the right (as when the left is broadcast). A buffer that
//!   another tensor still shares is never written.
//! - **Buffer pool.** A new large buffer is a fresh `mmap` (glibc's threshold for
//!   that is at most 32 MiB), and each of its pages faults and is zeroed by the OS
//!   on first write: a 64 MiB output then costs more than the op that fills it
//!   (`a + b` of 16M `f32` ran at ~30% of `memcpy` bandwidth). So when the last
//!   tensor viewing a buffer of at least 1 MiB is dropped, the buffer goes to a
//!   process-wide pool (at most 8 buffers and 1 GiB in all; a full pool frees its
//!   oldest), and an op's output of exactly that length and element type takes
//!   it, pages already mapped. The outputs of the elementwise ops, `cast`,
//!   `compare`, `mask_where`, `reduce_dim`, `matmul` and `full`, and the copies
//!   that `slice_assign`, `scatter_add`, `reshape` and `into_data` make, come from
//!   the pool when it has one. A recycled buffer holds an earlier tensor's values:
//!   every kernel writing into one overwrites each element (`matmul`'s integer
//!   loop zeroes each output row before accumulating into it). A buffer that a
//!   tensor still views is never in the pool. Buffers the pool lacks are
//!   allocated zeroed.
//! - **Small buffers in line.** A result of at most 64 bytes of elements (16 `f32`s,
//!   8 `f64`s) that an elementwise, `cast` or `compare` kernel writes is held in the
//!   pointer's own allocation, not in a `Vec` beside it: one `malloc` and one `free`
//!   less per op (a 1-element `add`, two clones included, went from 2,023 to 1,718
//!   instructions under callgrind, as `seam-bench`'s `opcount` binary counts them).
//! - **Small handles.** A tensor is three words (the dtype, the buffer's pointer, and
//!   its view's pointer or none), not the 120 bytes of an `Arc` and a whole layout: it
//!   moves through the layers of an op (seam-tensor, autodiff, dispatch, here) in a
//!   few stores, and a clone is a reference count or two (cloning and dropping two
//!   1-element tensors went from 353 to 126 instructions under `opcount`, a
//!   1-element `add` from 1,507 to 1,357).
//! - **Built in place.** A small result is written where its pointer keeps it, each
//!   field through a raw place (`Buffer::shared`), and an elementwise op on two
//!   whole buffers of equal dims copies their layout rather than working out a
//!   broadcast and a new one. Moving a buffer built on the stack into an `Arc`,
//!   and `Arc::get_mut`'s locked compare-exchange, had been a third of a 1-element
//!   `add`'s time under `perf` (1,307 to 895 instructions under `opcount`).
//! - **One count.** Buffers and views live behind `Shared` (`shared.rs`), a reference
//!   count with no weak references: a handle that is the last one is known by a
//!   plain load, so an op's result is freed, and a reusable buffer written over,
//!   without the locked instructions `Arc` spends on its strong and weak counts
//!   (a 1-element `add` in 0.89 of the time, `bench/README.md`).
//!
//! # Layers
//!
//! From the bottom up; a file's code uses only files listed before it:
//!
//! 1. `vmath.rs` (branch-free `exp`, `tanh`, `gelu`), `wide.rs` (the vector copies of
//!    a loop), `parallel.rs` (splitting an output across threads), `layout.rs` (a
//!    strided view, no memory);
//! 2. memory: `pool.rs` (recycled large allocations), `shared.rs` (the reference
//!    count buffers and views live behind), `buffer.rs` (a tensor's
//!    elements), `storage.rs` (the buffer of each dtype), `element.rs` (what a kernel
//!    needs of an element type);
//! 3. `loops.rs` (the loops over views every elementwise kernel runs), `lanes.rs`
//!    (the folds of a contiguous lane that reductions and softmax share);
//! 4. `ops/`: the op families, each over the files above and none over another
//!    family; `backend.rs`: the `Backend` impl, one call into a family per op.
//!
//! ```
//! use seam_backend::{Backend, BinaryOp, TensorData};
//! use seam_cpu::{Cpu, CpuDevice};
//!
//! let a = Cpu::from_data(TensorData::new(vec![1.0f32, 2.0, 3.0, 4.0], [2, 2]), &CpuDevice);
//! let at = Cpu::permute(a.clone(), &[1, 0]); // a view: no data is copied
//! let sum = Cpu::binary(BinaryOp::Add, a, at);
//! assert_eq!(Cpu::into_data(sum).to_vec::<f32>().unwrap(), vec![2.0, 5.0, 5.0, 8.0]);
//! ```

mod backend;
mod buffer;
mod element;
mod lanes;
mod layout;
mod loops;
mod ops;
mod parallel;
mod pool;
mod shared;
mod storage;
mod tensor;
mod vmath;
mod wide;

pub use backend::{Cpu, CpuDevice};
pub use parallel::THRESHOLD_VAR;
pub use tensor::CpuTensor;
