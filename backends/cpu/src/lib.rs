//! Seam's embedded default backend: pure-Rust CPU kernels.
//!
//! [`Cpu`] implements [`seam_backend::Backend`] for all five dtypes (`f32`, `f64`,
//! `i32`, `i64`, `bool`). A [`CpuTensor`] is a typed buffer shared behind an `Arc`
//! plus a strided view of it (dims, strides in elements, and an element offset):
//!
//! - layout ops are views where they can be: `permute` only reorders the dims and
//!   their strides, and `reshape` reuses the buffer of a contiguous tensor;
//! - every other op reads its inputs through their strides, so a transposed or
//!   broadcast view is as good an input as a contiguous tensor, and writes a new
//!   contiguous row-major result.
//!
//! Kernels are generic over the element type; a small macro picks the typed buffer
//! out of the storage enum. Integer `add`, `sub` and `mul` wrap on overflow (the same
//! in debug and release builds), and integer division by zero panics.
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
mod storage;
mod tensor;

pub use backend::{Cpu, CpuDevice};
pub use tensor::CpuTensor;
