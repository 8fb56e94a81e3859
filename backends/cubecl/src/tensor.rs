//! [`CubeTensor`]: a device buffer with a shape, strides and a dtype.

use crate::element;
use crate::runtime::{CubeDevice, CubeRuntime};
use core::fmt;
use cubecl::client::Client;
use cubecl::server::Handle;
use seam_backend::{DType, Dims, Shape};

/// A tensor of the CubeCL backend on runtime `R`.
pub struct CubeTensor<R: CubeRuntime> {
    pub(crate) client: Client,
    pub(crate) device: CubeDevice<R>,
    pub(crate) handle: Handle,
    pub(crate) dims: Dims,
    /// In elements; 0 along a broadcast dim.
    pub(crate) strides: Dims,
    pub(crate) dtype: DType,
}

impl<R: CubeRuntime> CubeTensor<R> {
    /// A contiguous tensor over `handle`.
    pub(crate) fn contiguous(
        device: &CubeDevice<R>,
        client: Client,
        handle: Handle,
        dims: Dims,
        dtype: DType,
    ) -> Self {
        let strides = Shape::new(dims.clone()).contiguous_strides();
        CubeTensor {
            client,
            device: device.clone(),
            handle,
            dims,
            strides,
            dtype,
        }
    }

    /// A new, uninitialized, contiguous tensor on the same device as `self`.
    pub(crate) fn empty_like(&self, dims: Dims, dtype: DType) -> Self {
        empty(&self.device, &self.client, dims, dtype)
    }

    /// The number of elements.
    pub(crate) fn num_elements(&self) -> usize {
        seam_backend::count(&self.dims)
    }

    /// Whether the elements lie row-major with no gaps, from the handle's start.
    pub(crate) fn is_contiguous(&self) -> bool {
        seam_backend::strides::is_contiguous(&self.dims, &self.strides)
    }

    /// The tensor's shape.
    pub fn shape(&self) -> Shape {
        Shape::new(self.dims.clone())
    }

    /// The tensor's dtype.
    pub fn dtype(&self) -> DType {
        self.dtype
    }

    /// The device the tensor lives on.
    pub fn device(&self) -> &CubeDevice<R> {
        &self.device
    }
}

/// A new, uninitialized, contiguous tensor on `device`.
pub(crate) fn empty<R: CubeRuntime>(
    device: &CubeDevice<R>,
    client: &Client,
    dims: Dims,
    dtype: DType,
) -> CubeTensor<R> {
    let len = seam_backend::count(&dims);
    // One buffer holds the tensor: refuse by name what the device cannot allocate in
    // one go, before cubecl fails somewhere in a launch.
    let largest = client.properties().memory.max_page_size;
    let bytes = len.checked_mul(element::storage_size(dtype));
    if bytes.is_none_or(|bytes| bytes as u64 > largest) {
        panic!(
            "{}the {} device cannot allocate a {dtype} tensor of shape {dims:?} ({len} elements): \
             its largest buffer holds {largest} bytes",
            seam_backend::in_op(),
            R::NAME
        );
    }
    // A zero-sized buffer is not allowed: give an empty tensor one element of room.
    let handle = client.empty(len.max(1) * element::storage_size(dtype));
    CubeTensor::contiguous(device, client.clone(), handle, dims, dtype)
}

/// The shape that `tensors` (of equal rank) broadcast to: along each dim the size
/// that is not 1, or 1.
pub(crate) fn broadcast_dims<R: CubeRuntime>(tensors: &[&CubeTensor<R>]) -> Dims {
    let rank = tensors[0].dims.len();
    (0..rank)
        .map(|d| {
            tensors
                .iter()
                .fold(1, |size, t| if size == 1 { t.dims[d] } else { size })
        })
        .collect()
}

// A tensor is an immutable handle: no op mutates a tensor it was given, so a panic
// inside an op cannot leave one half-changed for code that catches the unwind. The
// client it holds keeps its mutable state behind locks. (Its `dyn` internals are not
// marked unwind-safe, which would otherwise make every tensor of every backend
// `!RefUnwindSafe` through `DispatchTensor`.)
impl<R: CubeRuntime> core::panic::UnwindSafe for CubeTensor<R> {}
impl<R: CubeRuntime> core::panic::RefUnwindSafe for CubeTensor<R> {}

impl<R: CubeRuntime> Clone for CubeTensor<R> {
    fn clone(&self) -> Self {
        CubeTensor {
            client: self.client.clone(),
            device: self.device.clone(),
            handle: self.handle.clone(),
            dims: self.dims.clone(),
            strides: self.strides.clone(),
            dtype: self.dtype,
        }
    }
}

impl<R: CubeRuntime> fmt::Debug for CubeTensor<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CubeTensor")
            .field("device", &self.device)
            .field("dims", &self.dims)
            .field("strides", &self.strides)
            .field("dtype", &self.dtype)
            .finish()
    }
}
