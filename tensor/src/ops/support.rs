//! Non-generic pieces that several op bodies share: they take and give erased
//! tensors, so they compile once, here. They check through `check.rs` and raise no
//! error of their own.

use crate::bridge::BridgeTensor;
use crate::bridge::{Engine, EngineTensor};
use crate::check;
use crate::error::{OrPanic, TensorError};
use crate::kind::Kind;
use core::ops::Range;
use seam_backend::{Backend, CompareOp, DType, ReduceOp, Scalar, Shape, TensorData};

/// A tensor of `tensor`'s shape, dtype and device, filled with `value`.
pub(crate) fn full_like(tensor: &BridgeTensor, value: Scalar) -> EngineTensor {
    let t = tensor.as_engine();
    Engine::full(Engine::shape(t), value, Engine::dtype(t), &Engine::device(t))
}

/// `op` elementwise after checking that the shapes broadcast and the dtypes match.
#[track_caller]
pub(crate) fn compare(op: CompareOp, lhs: BridgeTensor, rhs: BridgeTensor) -> BridgeTensor {
    let (l, r) = (lhs.as_engine(), rhs.as_engine());
    check::broadcasts(op.name(), Engine::dims(l), Engine::dims(r)).or_panic();
    check::same_dtype(op.name(), Engine::dtype(l), Engine::dtype(r)).or_panic();
    BridgeTensor::from_engine(Engine::compare(op, lhs.into_engine(), rhs.into_engine()))
}

/// `op` along `dim`, after checking the dim (and, for ops without an identity,
/// that it is not empty); the `Arg` ops' indices as an `Int` tensor of the device.
#[track_caller]
pub(crate) fn reduce_dim(op: ReduceOp, tensor: BridgeTensor, dim: usize) -> EngineTensor {
    check::reduce_dim(op, &Engine::shape(tensor.as_engine()), dim).or_panic();
    let out = Engine::reduce_dim(op, tensor.into_engine(), dim);
    if !op.is_arg() {
        return out;
    }
    // The backend's indices are of the device's own integer dtype; an `Int` tensor
    // is of the one chosen for the device.
    let int = crate::device::int_dtype(&Engine::device(&out));
    if Engine::dtype(&out) == int {
        out
    } else {
        Engine::cast(out, int)
    }
}

/// `op` over all elements, as a tensor of shape `[1]`; `name` is the method's.
#[track_caller]
pub(crate) fn reduce_all(op: ReduceOp, name: &'static str, tensor: BridgeTensor) -> EngineTensor {
    let shape = Engine::shape(tensor.as_engine());
    check::reduce_all(op, name, &shape).or_panic();
    let flat = Engine::reshape(tensor.into_engine(), Shape::from([shape.num_elements()]));
    Engine::reduce_dim(op, flat, 0)
}

/// A tensor holding `data` (checked to be of the tensor's kind) on `device`: integer
/// data converted to the device's integer dtype, as every `Int` tensor is made.
pub(crate) fn from_data(data: TensorData, device: &crate::Device) -> EngineTensor {
    let data = if data.dtype().is_int() {
        data.convert(device.int_dtype())
    } else {
        data
    };
    Engine::from_data(data, device.as_dispatch())
}

/// `tensor` as a tensor of `kind`: itself if it is one, otherwise cast to the dtype
/// new tensors of the kind get on its device.
pub(crate) fn to_kind(tensor: BridgeTensor, kind: Kind) -> BridgeTensor {
    if tensor.kind() == kind {
        return tensor;
    }
    let dtype = kind.dtype_on(&Engine::device(tensor.as_engine()));
    BridgeTensor::from_engine(Engine::cast(tensor.into_engine(), dtype))
}

/// `tensor` with the part at `ranges` replaced by `value`, after the checks.
pub(crate) fn slice_assign(
    tensor: BridgeTensor,
    ranges: &[Range<usize>],
    value: BridgeTensor,
) -> Result<BridgeTensor, TensorError> {
    let (t, v) = (tensor.as_engine(), value.as_engine());
    check::slice("slice_assign", &Engine::shape(t), ranges)?;
    let part = check::sliced_shape(ranges);
    check::same_shape(
        "slice_assign",
        ("the part it replaces", &part),
        ("the value", &Engine::shape(v)),
    )?;
    check::same_dtype("slice_assign", Engine::dtype(t), Engine::dtype(v))?;
    let out = Engine::slice_assign(tensor.into_engine(), ranges, value.into_engine());
    Ok(BridgeTensor::from_engine(out))
}

/// `tensors` joined along `dim`, after the checks.
pub(crate) fn cat(
    op: &'static str,
    tensors: Vec<BridgeTensor>,
    dim: usize,
) -> Result<BridgeTensor, TensorError> {
    let shapes: Vec<Shape> = tensors.iter().map(|t| Engine::shape(t.as_engine())).collect();
    let dtypes: Vec<DType> = tensors.iter().map(|t| t.dtype()).collect();
    let shape = check::cat(op, &shapes, &dtypes, dim)?;
    if tensors.len() == 1 {
        return Ok(tensors.into_iter().next().expect("one tensor"));
    }
    let parts = tensors.into_iter().map(BridgeTensor::into_engine).collect();
    let out = Engine::cat(parts, dim);
    debug_assert_eq!(Engine::shape(&out), shape, "{op}: the joined shape");
    Ok(BridgeTensor::from_engine(out))
}

/// `tensors` of rank `rank` joined along a new dim `dim`, giving rank `result_rank`.
pub(crate) fn stack(
    tensors: Vec<BridgeTensor>,
    dim: usize,
    rank: usize,
    result_rank: usize,
) -> Result<BridgeTensor, TensorError> {
    check::result_rank("stack", result_rank, rank + 1, "stack adds one dim")?;
    let shapes: Vec<Shape> = tensors.iter().map(|t| Engine::shape(t.as_engine())).collect();
    check::stack(&shapes, dim, rank)?;
    // The result's size before any copy: unsqueezing a broadcast view copies it.
    // (No tensors at all is refused by `cat` below.)
    if let Some(first) = shapes.first() {
        let mut out = first.dims().to_vec();
        out.insert(dim, tensors.len());
        check::counted("stack", out)?;
    }
    let unsqueezed = tensors
        .into_iter()
        .zip(shapes)
        .map(|(t, shape)| {
            let mut dims = shape.into_dims();
            dims.insert(dim, 1);
            BridgeTensor::from_engine(Engine::reshape(t.into_engine(), Shape::new(dims)))
        })
        .collect();
    cat("stack", unsqueezed, dim)
}

/// `length` elements of `tensor` along `dim` from `start`, after the check.
pub(crate) fn narrow(
    tensor: BridgeTensor,
    dim: usize,
    start: usize,
    length: usize,
) -> Result<BridgeTensor, TensorError> {
    let shape = Engine::shape(tensor.as_engine());
    let range = check::narrow(&shape, dim, start, length)?;
    let mut ranges: Vec<Range<usize>> = shape.dims().iter().map(|&n| 0..n).collect();
    ranges[dim] = range;
    Ok(BridgeTensor::from_engine(Engine::slice(
        tensor.into_engine(),
        &ranges,
    )))
}

/// `tensor` broadcast to `shape`, after the check; dims are added in front.
pub(crate) fn expand(tensor: BridgeTensor, shape: Shape) -> Result<BridgeTensor, TensorError> {
    let from = Engine::shape(tensor.as_engine());
    let lifted = check::expand(&from, &shape)?;
    let t = Engine::reshape(tensor.into_engine(), lifted);
    Ok(BridgeTensor::from_engine(Engine::expand(t, shape)))
}
