//! The [`Backend`] implementation for [`CubeBackend`], forwarding to the kernels.

use crate::element;
use crate::kernels::{cast, compare, elementwise, index, layout, mask, matmul, reduce, scan, slice};
use crate::runtime::{CubeDevice, CubeRuntime};
use crate::tensor::{self, CubeTensor};
use core::marker::PhantomData;
use core::ops::Range;
use seam_backend::{
    Backend, BinaryOp, CompareOp, DType, DataFuture, DeviceInfo, Dims, ReduceOp, Scalar, ScanOp, Shape,
    TensorData, UnaryOp,
};

/// The CubeCL backend on runtime `R`.
pub struct CubeBackend<R: CubeRuntime> {
    runtime: PhantomData<fn() -> R>,
}

impl<R: CubeRuntime> CubeBackend<R> {
    /// Panics, naming `op`, if the device cannot hold `dtype`.
    fn check_dtype(op: &str, device: &CubeDevice<R>, dtype: DType) {
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

    fn cast(tensor: CubeTensor<R>, dtype: DType) -> CubeTensor<R> {
        Self::check_dtype("cast", &tensor.device, dtype);
        cast::cast(tensor, dtype)
    }

    fn unary(op: UnaryOp, tensor: CubeTensor<R>) -> CubeTensor<R> {
        if tensor.dtype == DType::F64 && op.is_float_only() && op != UnaryOp::Recip {
            return f64_on_host(op, tensor);
        }
        elementwise::unary(op, &tensor)
    }

    fn binary(op: BinaryOp, lhs: CubeTensor<R>, rhs: CubeTensor<R>) -> CubeTensor<R> {
        if matches!(op, BinaryOp::Div | BinaryOp::Rem) && lhs.dtype.is_int() {
            check_no_zero(op, &rhs);
        }
        let dims = tensor::broadcast_dims(&[&lhs, &rhs]);
        if op == BinaryOp::Pow && lhs.dtype == DType::F64 {
            return f64_pow_on_host(&lhs, &rhs, dims);
        }
        elementwise::binary(op, &lhs, &rhs, dims)
    }

    fn binary_scalar(op: BinaryOp, lhs: CubeTensor<R>, rhs: Scalar) -> CubeTensor<R> {
        if matches!(op, BinaryOp::Div | BinaryOp::Rem) && lhs.dtype.is_int() && rhs.to_i64() == 0 {
            panic!("division by zero in int {} ({} tensor)", op_word(op), lhs.dtype);
        }
        if op == BinaryOp::Pow && lhs.dtype == DType::F64 {
            let rhs = elementwise::scalar_tensor(&lhs, rhs);
            return f64_pow_on_host(&lhs, &rhs, lhs.dims.clone());
        }
        elementwise::binary_scalar(op, &lhs, rhs)
    }

    fn compare(op: CompareOp, lhs: CubeTensor<R>, rhs: CubeTensor<R>) -> CubeTensor<R> {
        let dims = tensor::broadcast_dims(&[&lhs, &rhs]);
        compare::compare(op, &lhs, &rhs, dims)
    }

    fn compare_scalar(op: CompareOp, lhs: CubeTensor<R>, rhs: Scalar) -> CubeTensor<R> {
        compare::compare_scalar(op, &lhs, rhs)
    }

    fn mask_where(mask: CubeTensor<R>, on_true: CubeTensor<R>, on_false: CubeTensor<R>) -> CubeTensor<R> {
        mask::mask_where(&mask, &on_true, &on_false)
    }

    fn matmul(lhs: CubeTensor<R>, rhs: CubeTensor<R>) -> CubeTensor<R> {
        matmul::matmul(&lhs, &rhs)
    }

    fn reduce_dim(op: ReduceOp, tensor: CubeTensor<R>, dim: usize) -> CubeTensor<R> {
        if op.is_arg() {
            // The indices are i64 whatever the input: refuse here, not in the
            // shader compiler at the first read.
            Self::check_dtype(op.name(), &tensor.device, DType::I64);
        }
        reduce::reduce_dim(op, &tensor, dim)
    }

    fn scan_dim(op: ScanOp, tensor: CubeTensor<R>, dim: usize, reverse: bool) -> CubeTensor<R> {
        scan::scan_dim(op, &tensor, dim, reverse)
    }

    fn reshape(tensor: CubeTensor<R>, shape: Shape) -> CubeTensor<R> {
        let mut tensor = layout::into_contiguous(tensor);
        tensor.dims = shape.into_dims();
        tensor.strides = Shape::new(tensor.dims.clone()).contiguous_strides();
        tensor
    }

    fn permute(mut tensor: CubeTensor<R>, axes: &[usize]) -> CubeTensor<R> {
        tensor.dims = axes.iter().map(|&a| tensor.dims[a]).collect();
        tensor.strides = axes.iter().map(|&a| tensor.strides[a]).collect();
        tensor
    }

    /// Metadata only: every kernel reads its inputs through their strides, and a
    /// broadcast dim has stride 0.
    fn expand(mut tensor: CubeTensor<R>, shape: Shape) -> CubeTensor<R> {
        let dims = shape.into_dims();
        tensor.strides = seam_backend::strides::broadcast(&tensor.dims, &tensor.strides, &dims);
        tensor.dims = dims;
        tensor
    }

    fn slice(tensor: CubeTensor<R>, ranges: &[Range<usize>]) -> CubeTensor<R> {
        slice::slice(tensor, ranges)
    }

    fn slice_assign(tensor: CubeTensor<R>, ranges: &[Range<usize>], value: CubeTensor<R>) -> CubeTensor<R> {
        slice::slice_assign(tensor, ranges, &value)
    }

    fn gather(dim: usize, tensor: CubeTensor<R>, indices: CubeTensor<R>) -> CubeTensor<R> {
        index::gather(dim, &tensor, &indices)
    }

    fn scatter_add(
        dim: usize,
        tensor: CubeTensor<R>,
        indices: CubeTensor<R>,
        values: CubeTensor<R>,
    ) -> CubeTensor<R> {
        index::scatter_add(dim, &tensor, &indices, &values)
    }
}

/// A float-only unary op (all but `recip`) of an `f64` tensor, computed on the host:
/// SPIR-V's and WGSL's transcendental functions take 16- and 32-bit floats only
/// (lavapipe returns garbage for `f64`), and a device `f64` polynomial is not worth it
/// for a dtype that GPUs run slowly anyway.
fn f64_on_host<R: CubeRuntime>(op: UnaryOp, tensor: CubeTensor<R>) -> CubeTensor<R> {
    let device = tensor.device.clone();
    let data = <CubeBackend<R> as Backend>::into_data(tensor);
    let shape = data.shape().clone();
    let values = data.into_vec::<f64>().expect("an f64 tensor holds f64 data");
    let f: fn(f64) -> f64 = match op {
        UnaryOp::Exp => f64::exp,
        UnaryOp::Log => f64::ln,
        UnaryOp::Log1p => f64::ln_1p,
        UnaryOp::Sqrt => f64::sqrt,
        UnaryOp::Sin => f64::sin,
        UnaryOp::Cos => f64::cos,
        UnaryOp::Tanh => f64::tanh,
        // `std` has no `erf`; the CPU backend's, so both backends agree.
        UnaryOp::Erf => libm::erf,
        UnaryOp::Recip => f64::recip,
        UnaryOp::Gelu => seam_backend::gelu,
        UnaryOp::Neg | UnaryOp::Abs => unreachable!("{op:?} runs on the device"),
    };
    let data = TensorData::new(values.into_iter().map(f).collect::<Vec<_>>(), shape);
    <CubeBackend<R> as Backend>::from_data(data, &device)
}

/// `lhs` to the power `rhs` for `f64` tensors broadcast to `dims`, on the host: the
/// shader `pow` is as unusable for `f64` as the unary functions ([`f64_on_host`]).
fn f64_pow_on_host<R: CubeRuntime>(lhs: &CubeTensor<R>, rhs: &CubeTensor<R>, dims: Dims) -> CubeTensor<R> {
    let read = |t: &CubeTensor<R>| {
        let data = <CubeBackend<R> as Backend>::into_data(layout::expand(t, dims.clone()));
        data.into_vec::<f64>().expect("an f64 tensor holds f64 data")
    };
    let (a, b) = (read(lhs), read(rhs));
    let values: Vec<f64> = a.into_iter().zip(b).map(|(x, y)| x.powf(y)).collect();
    <CubeBackend<R> as Backend>::from_data(TensorData::new(values, dims), &lhs.device)
}

/// The word the panics of an integer division by zero use for `op` (`div` or `rem`).
fn op_word(op: BinaryOp) -> &'static str {
    if op == BinaryOp::Rem { "rem" } else { "div" }
}

/// Integer division (or remainder) by zero panics, as it does on the CPU backend (a
/// GPU kernel cannot panic, so the divisor is read back and checked first).
fn check_no_zero<R: CubeRuntime>(op: BinaryOp, rhs: &CubeTensor<R>) {
    let data = <CubeBackend<R> as Backend>::into_data(rhs.clone());
    if (0..data.num_elements()).any(|i| data.value_f64(i) == 0.0) {
        panic!("division by zero in int {} ({} tensor)", op_word(op), rhs.dtype);
    }
}
