//! The tensor suite: `seam-tensor`'s API tested op by op, one module a family, in
//! one binary. Each test is written once and marked `#[device_test]`
//! (`seam-ops-macros`), which runs it once per device of the build: `cargo test -p
//! seam-ops` runs every test on the CPU (`reduce::int_sum_dim::cpu`); with this
//! crate's features `wgpu` and `vulkan` each also runs on the CubeCL backend
//! (`reduce::int_sum_dim::wgpu`, `::vulkan`), side by side, and `-- ::vulkan` runs
//! one device. `cross_backend` compares the CPU and wgpu on random inputs (feature
//! `wgpu`).

mod arithmetic;
mod autodiff;
mod casts;
mod comparison;
mod creation;
mod cross_backend;
mod data;
mod display;
mod elementwise_float;
mod errors;
mod hostile;
mod indexing;
mod joining;
mod layout;
mod limits;
mod logic;
mod matmul;
mod model;
mod nan;
mod optim;
mod reduce;
mod shape;
mod slicing;
