//! The [`Backend`] implementation for [`CubeBackend`], forwarding to the kernels
//! (`kernels`).

use crate::element;
use crate::kernels::{self, elementwise, layout};
use crate::runtime::{CubeDevice, CubeRuntime};
use crate::tensor::{self, CubeTensor};
use core::marker::PhantomData;
use seam_backend::{Backend, DType, DataFuture, DeviceInfo, Scalar, Shape, TensorData};

/// The ops of `seam_backend::for_each_tensor_op!`, for `impl Backend for
/// CubeBackend<R>`: each calls its entry point, the function named as the op in its
/// family's module of [`kernels`](crate::kernels).
macro_rules! kernel_entries {
    ($(fn $name:ident($($arg:ident: $ty:ty),*) [$($t:ident),+] ($op:expr) in $family:ident;)*) => {$(
        fn $name($($arg: $ty),*) -> CubeTensor<R> {
            kernels::$family::$name($($arg),*)
        }
    )*};
}

/// The CubeCL backend on runtime `R`.
pub struct CubeBackend<R: CubeRuntime> {
    runtime: PhantomData<fn() -> R>,
}

impl<R: CubeRuntime> CubeBackend<R> {
    /// Panics, naming `op`, if the device cannot hold `dtype`.
    pub(crate) fn check_dtype(op: &str, device: &CubeDevice<R>, dtype: DType) {
        let client = device.client();
        if !client.properties().supports_type(element::storage(dtype)) {
            panic!(
                "{op}: the {} device {:?} has no {dtype}; use another dtype or another device ({})",
                R::NAME,
                device.inner(),
                Self::describe(device)
            );
        }
    }
}

impl<R: CubeRuntime> Backend for CubeBackend<R> {
    type Tensor = CubeTensor<R>;
    type Device = CubeDevice<R>;

    fn name() -> &'static str {
        R::NAME
    }

    /// The graphics API and adapter the device's client came up on, and the dtypes
    /// its kernels can hold there (starting the client if it was not yet).
    fn describe(device: &CubeDevice<R>) -> DeviceInfo {
        let client = device.client();
        let properties = client.properties();
        let dtypes = DType::ALL
            .into_iter()
            .filter(|&dtype| properties.supports_type(element::storage(dtype)));
        DeviceInfo::new(
            R::NAME,
            R::api(device.inner()),
            properties.identity.name.clone(),
            dtypes,
        )
    }

    fn device(tensor: &CubeTensor<R>) -> CubeDevice<R> {
        tensor.device.clone()
    }

    fn dims(tensor: &CubeTensor<R>) -> &[usize] {
        &tensor.dims
    }

    fn dtype(tensor: &CubeTensor<R>) -> DType {
        tensor.dtype
    }

    fn from_data(data: TensorData, device: &CubeDevice<R>) -> CubeTensor<R> {
        let (bytes, shape, dtype) = data.into_parts();
        Self::check_dtype("from_data", device, dtype);
        let client = device.client();
        let dims = shape.into_dims();
        if bytes.is_empty() {
            return tensor::empty(device, &client, dims, dtype);
        }
        let handle = client.create_from_slice(&element::to_device_bytes(dtype, bytes));
        CubeTensor::contiguous(device, client, handle, dims, dtype)
    }

    fn into_data(tensor: CubeTensor<R>) -> TensorData {
        cubecl::future::block_on(Self::into_data_async(tensor))
    }

    fn full(shape: Shape, value: Scalar, dtype: DType, device: &CubeDevice<R>) -> CubeTensor<R> {
        Self::check_dtype("full", device, dtype);
        let out = tensor::empty(device, &device.client(), shape.into_dims(), dtype);
        elementwise::fill(out, value)
    }

    fn into_data_async(tensor: CubeTensor<R>) -> DataFuture {
        let (dims, dtype) = (tensor.dims.clone(), tensor.dtype);
        let len = tensor.num_elements();
        // The copy into a contiguous buffer is queued now; the read waits inside.
        let tensor = (len > 0).then(|| layout::into_contiguous(tensor));
        Box::pin(async move {
            let bytes = match tensor {
                None => Vec::new(),
                Some(tensor) => {
                    let read = tensor
                        .client
                        .read_async(vec![tensor.handle.clone()])
                        .await
                        .unwrap_or_else(|e| {
                            panic!("into_data: reading the {} device failed: {e:?}", R::NAME)
                        });
                    element::from_device_bytes(dtype, &read[0][..len * element::storage_size(dtype)])
                }
            };
            TensorData::from_bytes(bytes, dims, dtype).expect("the device gave back the tensor's own bytes")
        })
    }

    seam_backend::for_each_tensor_op!(kernel_entries);
}
