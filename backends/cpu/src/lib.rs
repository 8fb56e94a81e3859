//! Seam's embedded default backend: pure-Rust CPU kernels.
//!
//! [`Cpu`] implements [`seam_backend::Backend`] for all five dtypes (`f32`, `f64`,
//! `i32`, `i64`, `bool`). A [`CpuTensor`] is a typed buffer shared behind an `Arc`
//! plus a strided view of it (dims, strides in elements, and an element offset):
//!
//! - layout ops are views where they can be: `permute` only reorders the dims and
//!   their strides, `expand` sets stride 0 along the dims it grows, `slice` moves the
//!   offset and shrinks the dims, and `reshape` reuses the buffer of a contiguous
//!   tensor;
//! - every other op (`cast`, `unary`, `binary`, `compare`, `mask_where`, `matmul`,
//!   `reduce_dim`, `gather`, `scatter_add`) reads its inputs through their strides,
//!   so a transposed, broadcast or sliced view is as good an input as a contiguous
//!   tensor, and writes a new contiguous row-major result;
//! - `slice_assign` writes into the tensor's own buffer when nothing else shares it
//!   and the tensor is all of it, row-major; otherwise into a contiguous copy.
//!
//! Kernels are generic over the element type; a small macro picks the typed buffer
//! out of the storage enum. The elementwise ops share two loops (one input, or two
//! broadcast inputs), and the reductions share one fold along a dim. Integer `add`,
//! `sub`, `mul`, `neg` and `abs` wrap on overflow (the same in debug and release
//! builds), and integer division or remainder by zero panics. `erf` comes from the
//! pure-Rust `libm` crate.
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
mod element;
mod layout;
mod ops;
mod parallel;
mod storage;
mod tensor;

pub use backend::{Cpu, CpuDevice};
pub use tensor::CpuTensor;
