//! [`CpuTensor`]: a shared typed buffer plus a strided view of it.

use crate::buffer::Buffer;
use crate::element::CpuElement;
use crate::layout::Layout;
use crate::shared::Shared;
use crate::storage::Storage;
use core::fmt;
use seam_backend::{DType, Dims};

/// A tensor of the CPU backend: a typed buffer shared behind a `Shared` pointer, and the dims,
/// strides and offset through which this tensor sees it.
///
/// Cloning is cheap (the buffer is shared, never copied), and so are the views that
/// layout ops such as `swap_dims` return.
///
/// The handle is three words: the storage (dtype and pointer) and, for a view that is
/// not its whole buffer row-major, a shared layout of its own. Every op's result is
/// its whole buffer, whose layout the buffer holds (`Buffer::layout`), so it moves
/// through the layers of an op as 24 bytes and clones with one reference count.
#[derive(Clone)]
pub struct CpuTensor {
    pub(crate) storage: Storage,
    /// The view, when it is not the buffer's own layout.
    pub(crate) view: Option<Shared<Layout>>,
}

impl CpuTensor {
    /// A contiguous tensor of `dims` holding row-major `values` (a `Vec` or a
    /// [`Buffer`]).
    pub(crate) fn new<T: CpuElement>(values: impl Into<Buffer<T>>, dims: impl Into<Dims>) -> Self {
        let (values, dims) = (values.into(), dims.into());
        debug_assert_eq!(values.len(), seam_backend::count(&dims));
        Self {
            storage: T::into_storage(values.shaped(dims)),
            view: None,
        }
    }

    /// A contiguous tensor of `dims` holding `values`, row-major, each written once
    /// into a new buffer ([`Buffer::shared`]).
    #[track_caller]
    #[inline]
    pub(crate) fn collect<T: CpuElement>(dims: &[usize], values: impl Iterator<Item = T>) -> Self {
        Self {
            storage: T::shared_storage(Buffer::shared(dims, values)),
            view: None,
        }
    }

    /// [`Self::collect`] with `layout`, a buffer's own ([`Buffer::shared_like`]).
    #[track_caller]
    #[inline]
    pub(crate) fn collect_like<T: CpuElement>(layout: &Layout, values: impl Iterator<Item = T>) -> Self {
        Self {
            storage: T::shared_storage(Buffer::shared_like(layout, values)),
            view: None,
        }
    }

    /// A contiguous tensor of `dims` over all of `buf`, row-major.
    pub(crate) fn from_shared<T: CpuElement>(buf: Shared<Buffer<T>>, dims: &[usize]) -> Self {
        debug_assert_eq!(buf.len(), seam_backend::count(dims));
        if buf.layout().dims == dims {
            return Self {
                storage: T::shared_storage(buf),
                view: None,
            };
        }
        Self::with_layout(T::shared_storage(buf), Layout::contiguous(dims, 0))
    }

    /// A contiguous tensor over all of `buf`, which an op wrote its result over: a
    /// tensor that was all of `buf`, row-major, through `view` (its own view, if it
    /// had one, else the buffer's layout).
    #[inline]
    pub(crate) fn reused<T: CpuElement>(buf: Shared<Buffer<T>>, view: Option<&Layout>) -> Self {
        match view {
            None => Self {
                storage: T::shared_storage(buf),
                view: None,
            },
            Some(view) => Self::from_shared(buf, &view.dims),
        }
    }

    /// The view `layout` of `storage`.
    pub(crate) fn with_layout(storage: Storage, layout: Layout) -> Self {
        let mut tensor = Self { storage, view: None };
        tensor.set_layout(layout);
        tensor
    }

    /// The view through which the tensor sees its buffer.
    #[inline]
    pub(crate) fn layout(&self) -> &Layout {
        match &self.view {
            Some(view) => view,
            None => self.storage.layout(),
        }
    }

    /// Makes `layout` the tensor's view of its buffer.
    pub(crate) fn set_layout(&mut self, layout: Layout) {
        self.view = if *self.storage.layout() == layout {
            None
        } else {
            Some(Shared::new(layout))
        };
    }

    /// Whether the tensor's elements are held in line in its buffer's allocation.
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
        &self.layout().dims
    }

    /// The buffer step of each dim, in elements (0 along a broadcast dim).
    pub fn strides(&self) -> &[usize] {
        &self.layout().strides
    }

    /// The buffer index, in elements, of the tensor's first element.
    pub fn offset(&self) -> usize {
        self.layout().offset
    }

    /// The dtype of the elements.
    pub fn dtype(&self) -> DType {
        self.storage.dtype()
    }

    /// Whether the tensor is a row-major run of its buffer, so that reshaping it
    /// copies nothing.
    pub fn is_contiguous(&self) -> bool {
        self.layout().is_contiguous()
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
            .field("dims", &self.layout().dims)
            .field("strides", &self.layout().strides)
            .field("offset", &self.layout().offset)
            .field("buffer_len", &self.storage.len())
            .finish()
    }
}
