//! Benchmarks of Seam's CPU backend, each beside its ceiling: the kernel crate
//! called directly (`gemm` for matmul) or a plain Rust loop / `memcpy` on the same
//! data. `bench/numpy_bench.py` runs the same cases in numpy, and
//! `bench/boundary_ratio.sh` compares seam-tensor with and without its compile-time
//! boundary. `README.md` beside this crate has the commands and the figures.
//!
//! The bench targets (`benches/`, criterion, `harness = false`):
//!
//! - `matmul`: `f32` products of 64², 256² and 1024², in GFLOP/s;
//! - `elementwise`: `add` and `exp` of 1M and 16M `f32`, in GB/s;
//! - `reduce`: `sum_dim` along each dim of 4096², `softmax` of 1024², in GB/s;
//! - `overhead`: a 1-element op, in ns;
//! - `boundary`: a chain of small ops, in ns, for the boundary on/off ratio.
//!
//! The `thresholds` binary measures where the CPU backend's threads start to pay
//! (`cargo run --release -p seam-bench --bin thresholds`); the `training` binary,
//! what autodiff costs a training step beside gradients written by hand, and the
//! memory a 1,000-step loop holds (`--bin training`); the `opcount` binary, the
//! instructions a small op costs, under callgrind (`--bin opcount`).
//!
//! This library holds what they share: the inputs ([`data`]), the plain-loop
//! ceilings ([`ceiling`]) and the timing of the harnesses that are not criterion's
//! ([`timing`]: `thresholds` and `bench/peers`).

pub mod ceiling;
pub mod data;
pub mod timing;
