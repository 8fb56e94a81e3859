//! The [`Backend`] implementation for [`CubeBackend`], forwarding to the kernels.

use crate::element;
use crate::kernels::{elementwise, layout, matmul, reduce};
use crate::runtime::{CubeDevice, CubeRuntime};
use crate::tensor::{self, CubeTensor};
use core::marker::PhantomData;
use core::ops::Range;
use seam_backend::{
    Backend, BinaryOp, CompareOp, DType, DataFuture, ReduceOp, Scalar, Shape, TensorData, UnaryOp,
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
                "{op}: the {} device {:?} ({}) has no {dtype}; use another dtype or another device",
                R::NAME,
                device.inner(),
                client.name()
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

    fn device(tensor: &CubeTensor<R>) -> CubeDevice<R> {
        tensor.device.clone()
    }

    fn shape(tensor: &CubeTensor<R>) -> Shape {
        tensor.shape()
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
        let (dims, dtype) = (tensor.dims.clone(), tensor.dtype);
        let len = tensor.num_elements();
        let bytes = if len == 0 {
            Vec::new()
        } else {
            let tensor = layout::into_contiguous(tensor);
            let read = tensor
                .client
                .read_one(tensor.handle.clone())
                .unwrap_or_else(|e| panic!("into_data: reading the {} device failed: {e:?}", R::NAME));
            element::from_device_bytes(dtype, &read[..len * element::storage_size(dtype)])
        };
        TensorData::from_bytes(bytes, dims, dtype).expect("the device gave back the tensor's own bytes")
    }

    fn full(shape: Shape, value: Scalar, dtype: DType, device: &CubeDevice<R>) -> CubeTensor<R> {
        Self::check_dtype("full", device, dtype);
        let out = tensor::empty(device, &device.client(), shape.into_dims(), dtype);
        elementwise::fill(out, value)
    }

    fn into_data_async(_tensor: CubeTensor<R>) -> DataFuture {
        todo!("cubecl into_data_async")
    }

    fn cast(_tensor: CubeTensor<R>, _dtype: DType) -> CubeTensor<R> {
        todo!("cubecl cast")
    }

    fn unary(op: UnaryOp, tensor: CubeTensor<R>) -> CubeTensor<R> {
        if tensor.dtype == DType::F64 && matches!(op, UnaryOp::Exp | UnaryOp::Log) {
            return f64_on_host(op, tensor);
        }
        elementwise::unary(op, &tensor)
    }

    fn binary(op: BinaryOp, lhs: CubeTensor<R>, rhs: CubeTensor<R>) -> CubeTensor<R> {
        if op == BinaryOp::Div && lhs.dtype.is_int() {
            check_no_zero(&rhs);
        }
        let dims = lhs
            .dims
            .iter()
            .zip(&rhs.dims)
            .map(|(&a, &b)| if a == 1 { b } else { a })
            .collect();
        elementwise::binary(op, &lhs, &rhs, dims)
    }

    fn binary_scalar(op: BinaryOp, lhs: CubeTensor<R>, rhs: Scalar) -> CubeTensor<R> {
        if op == BinaryOp::Div && lhs.dtype.is_int() && rhs.to_i64() == 0 {
            panic!("division by zero in int div ({} tensor)", lhs.dtype);
        }
        elementwise::binary_scalar(op, &lhs, rhs)
    }

    fn compare(_op: CompareOp, _lhs: CubeTensor<R>, _rhs: CubeTensor<R>) -> CubeTensor<R> {
        todo!("cubecl compare")
    }

    fn compare_scalar(_op: CompareOp, _lhs: CubeTensor<R>, _rhs: Scalar) -> CubeTensor<R> {
        todo!("cubecl compare_scalar")
    }

    fn mask_where(_mask: CubeTensor<R>, _on_true: CubeTensor<R>, _on_false: CubeTensor<R>) -> CubeTensor<R> {
        todo!("cubecl mask_where")
    }

    fn matmul(lhs: CubeTensor<R>, rhs: CubeTensor<R>) -> CubeTensor<R> {
        matmul::matmul(&lhs, &rhs)
    }

    fn reduce_dim(op: ReduceOp, tensor: CubeTensor<R>, dim: usize) -> CubeTensor<R> {
        match op {
            ReduceOp::Sum => reduce::sum_dim(&tensor, dim),
            _ => todo!("cubecl reduce_dim {op:?}"),
        }
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

    fn expand(_tensor: CubeTensor<R>, _shape: Shape) -> CubeTensor<R> {
        todo!("cubecl expand")
    }

    fn slice(_tensor: CubeTensor<R>, _ranges: &[Range<usize>]) -> CubeTensor<R> {
        todo!("cubecl slice")
    }

    fn slice_assign(
        _tensor: CubeTensor<R>,
        _ranges: &[Range<usize>],
        _value: CubeTensor<R>,
    ) -> CubeTensor<R> {
        todo!("cubecl slice_assign")
    }

    fn gather(_dim: usize, _tensor: CubeTensor<R>, _indices: CubeTensor<R>) -> CubeTensor<R> {
        todo!("cubecl gather")
    }

    fn scatter_add(
        _dim: usize,
        _tensor: CubeTensor<R>,
        _indices: CubeTensor<R>,
        _values: CubeTensor<R>,
    ) -> CubeTensor<R> {
        todo!("cubecl scatter_add")
    }
}

/// `exp` and `log` of an `f64` tensor, computed on the host: SPIR-V's and WGSL's
/// transcendental functions take 16- and 32-bit floats only (lavapipe returns
/// garbage for `f64`), and a device `f64` polynomial is not worth it for a dtype that
/// GPUs run slowly anyway.
fn f64_on_host<R: CubeRuntime>(op: UnaryOp, tensor: CubeTensor<R>) -> CubeTensor<R> {
    let device = tensor.device.clone();
    let data = <CubeBackend<R> as Backend>::into_data(tensor);
    let shape = data.shape().clone();
    let values = data.into_vec::<f64>().expect("an f64 tensor holds f64 data");
    let f = match op {
        UnaryOp::Exp => f64::exp,
        _ => f64::ln,
    };
    let data = TensorData::new(values.into_iter().map(f).collect::<Vec<_>>(), shape);
    <CubeBackend<R> as Backend>::from_data(data, &device)
}

/// Integer division by zero panics, as it does on the CPU backend (a GPU kernel
/// cannot panic, so the divisor is read back and checked first).
fn check_no_zero<R: CubeRuntime>(rhs: &CubeTensor<R>) {
    let data = <CubeBackend<R> as Backend>::into_data(rhs.clone());
    if (0..data.num_elements()).any(|i| data.value_f64(i) == 0.0) {
        panic!("division by zero in int div ({} tensor)", rhs.dtype);
    }
}
