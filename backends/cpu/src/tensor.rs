//! [`CpuTensor`]: a shared typed buffer plus a strided view of it.

use crate::buffer::Buffer;
use crate::element::CpuElement;
use crate::layout::Layout;
use crate::storage::Storage;
use core::fmt;
use seam_backend::{DType, Dims};
use std::sync::Arc;

/// A tensor of the CPU backend: a typed buffer shared behind an `Arc`, and the dims,
/// strides and offset through which this tensor sees it.
///
/// Cloning is cheap (the buffer is shared, never copied), and so are the views that
/// layout ops such as `swap_dims` return.
#[derive(Clone)]
pub struct CpuTensor {
    pub(crate) storage: Storage,
    pub(crate) layout: Layout,
}

impl CpuTensor {
    /// A contiguous tensor of `dims` holding row-major `values` (a `Vec` or a
    /// [`Buffer`]).
    pub(crate) fn new<T: CpuElement>(values: impl Into<Buffer<T>>, dims: impl Into<Dims>) -> Self {
        let (values, dims) = (values.into(), dims.into());
        debug_assert_eq!(values.len(), seam_backend::count(&dims));
        Self {
            storage: T::into_storage(values),
            layout: Layout::contiguous(dims, 0),
        }
    }

    /// A contiguous tensor of `dims` over all of `buf`, row-major.
    pub(crate) fn from_arc<T: CpuElement>(buf: Arc<Buffer<T>>, dims: Dims) -> Self {
        debug_assert_eq!(buf.len(), seam_backend::count(&dims));
        Self {
            storage: T::arc_storage(buf),
            layout: Layout::contiguous(dims, 0),
        }
    }

    /// Whether the tensor's elements are held in line in its buffer's `Arc`.
    #[cfg(test)]
    pub(crate) fn is_in_line(&self) -> bool {
        crate::storage::dispatch!(&self.storage; F32 | F64 | I32 | I64 | Bool
            => |buf| buf.is_in_line();
            else unreachable!())
    }

    /// The address of the tensor's buffer, to tell in tests whether an op reused it.
    #[cfg(test)]
    pub(crate) fn buffer_ptr(&self) -> *const () {
        crate::storage::dispatch!(&self.storage; F32 | F64 | I32 | I64 | Bool
            => |buf| buf.as_ptr().cast::<()>();
            else unreachable!())
    }

    /// The size of each dim, outermost first.
    pub fn dims(&self) -> &[usize] {
        &self.layout.dims
    }

    /// The buffer step of each dim, in elements (0 along a broadcast dim).
    pub fn strides(&self) -> &[usize] {
        &self.layout.strides
    }

    /// The buffer index, in elements, of the tensor's first element.
    pub fn offset(&self) -> usize {
        self.layout.offset
    }

    /// The dtype of the elements.
    pub fn dtype(&self) -> DType {
        self.storage.dtype()
    }

    /// Whether the tensor is a row-major run of its buffer, so that reshaping it
    /// copies nothing.
    pub fn is_contiguous(&self) -> bool {
        self.layout.is_contiguous()
    }

    /// Whether both tensors are views of the same buffer.
    pub fn shares_storage_with(&self, other: &CpuTensor) -> bool {
        self.storage.ptr_eq(&other.storage)
    }
}

/// Shows the layout, not the elements (read those with `Backend::into_data`).
impl fmt::Debug for CpuTensor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CpuTensor")
            .field("dtype", &self.dtype())
            .field("dims", &self.layout.dims)
            .field("strides", &self.layout.strides)
            .field("offset", &self.layout.offset)
            .field("buffer_len", &self.storage.len())
            .finish()
    }
}
