//! Elementwise kernels: unary ops, binary ops between two tensors (broadcast through
//! strides) and with a scalar, and filling.
//!
//! Each family is one kernel per element kind (numeric, float) with the op as a
//! compile-time argument. The float binary kernel serves `Pow` (a float-only op) and
//! `max`/`min` of floats (which propagate `NaN`); their scalar forms read the scalar
//! as a broadcast one-element tensor.

use super::args::{broadcast_arg, out_arg};
use super::gelu::gelu;
use super::{elementwise_launch, layout, strided};
use crate::CubeBackend;
use crate::element::{FromScalar, with_elem, with_float, with_numeric};
use crate::runtime::CubeRuntime;
use crate::tensor;
use crate::tensor::CubeTensor;
use cubecl::prelude::*;
use seam_backend::{Backend, BinaryOp, DType, Dims, Scalar, TensorData, UnaryOp};

seam_backend::unary_ops!(kernel_groups, NumericUnary FloatUnary UnaryKernel from);
seam_backend::binary_ops!(kernel_groups, Binary FloatOnlyBinary BinaryKernel from);

/// The numeric kernel's op for `op`, which is not float-only (those have the float
/// kernel, [`FloatBinary::of`]).
fn numeric_binary(op: BinaryOp) -> Binary {
    match BinaryKernel::from(op) {
        BinaryKernel::Numeric(op) => op,
        BinaryKernel::Float(op) => unreachable!("{op:?} has the float kernel"),
    }
}

#[cube]
fn apply<E: Numeric>(a: E, b: E, #[comptime] op: Binary) -> E {
    match op {
        Binary::Add => a + b,
        Binary::Sub => a - b,
        Binary::Mul => a * b,
        Binary::Div => a / b,
        Binary::Rem => rem::<E>(a, b),
        Binary::Max => select(b > a, b, a),
        Binary::Min => select(b < a, b, a),
    }
}

/// `a % b` truncated, with the dividend's sign, as Rust's `%`. The shader `%` is
/// taken only on magnitudes: GLSL leaves an integer `%` with a negative operand
/// undefined, and Mesa's llvmpipe on OpenGL gives `-7 % -4 == -7`. (`i32::MIN` and
/// `i64::MIN` have no magnitude and stay undefined there.)
#[cube]
fn rem<E: Numeric>(a: E, b: E) -> E {
    let r = E::abs(a) % E::abs(b);
    select(a < E::from_int(0), E::from_int(0) - r, r)
}

/// `a` to the power `b` as `f64::powf` gives it: the shader `pow` is undefined for a
/// negative base, so it raises `|a|` and restores the sign for an odd integral
/// exponent (a non-integral one gives `NaN`); any base to the power 0 is 1.
#[cube]
fn powf<F: Float>(a: F, b: F) -> F {
    let zero = F::from_int(0);
    let magnitude = F::powf(F::abs(a), b);
    let integral = F::trunc(b) == b;
    let odd = integral && F::abs(b % F::from_int(2)) == F::from_int(1);
    // WGSL has no NaN literal: build it from its bits.
    let nan = F::cast_from(f32::reinterpret(0x7fc0_0000u32));
    let signed = select(odd, zero - magnitude, magnitude);
    let negative = select(integral, signed, nan);
    let value = select(a < zero, negative, magnitude);
    select(b == zero, F::from_int(1), value)
}

/// A binary op with a float kernel of its own, as that kernel's compile-time argument.
#[derive(CubeType, Clone, Copy, Hash, PartialEq, Eq, Debug)]
pub(crate) enum FloatBinary {
    /// [`powf`].
    Pow,
    /// The larger, `NaN` if either is (numpy's `maximum`).
    Max,
    /// The smaller, `NaN` if either is (numpy's `minimum`).
    Min,
}

impl FloatBinary {
    /// The float kernel's op for `op` on `dtype`, if it has one: `Pow`, and `Max`
    /// and `Min` of floats (the numeric kernel's `select` would pass a NaN over).
    fn of(op: BinaryOp, dtype: seam_backend::DType) -> Option<Self> {
        match BinaryKernel::from(op) {
            BinaryKernel::Float(FloatOnlyBinary::Pow) => Some(FloatBinary::Pow),
            BinaryKernel::Numeric(Binary::Max) if dtype.is_float() => Some(FloatBinary::Max),
            BinaryKernel::Numeric(Binary::Min) if dtype.is_float() => Some(FloatBinary::Min),
            _ => None,
        }
    }
}

/// `op` of two floats. `Max` and `Min` are cubecl's NaN-propagating extrema: a
/// hand-written `x != x` test is folded to `false` by the shader compilers.
#[cube]
fn apply_float<F: Float>(a: F, b: F, #[comptime] op: FloatBinary) -> F {
    match op {
        FloatBinary::Pow => powf::<F>(a, b),
        FloatBinary::Max => max_nan(a, b),
        FloatBinary::Min => min_nan(a, b),
    }
}

#[cube(launch)]
fn binary_kernel<E: Numeric>(lhs: &Tensor<E>, rhs: &Tensor<E>, out: &mut Tensor<E>, #[comptime] op: Binary) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    let a = lhs[strided::offset(lhs, ABSOLUTE_POS)];
    let b = rhs[strided::offset(rhs, ABSOLUTE_POS)];
    out[ABSOLUTE_POS] = apply::<E>(a, b, op);
}

#[cube(launch)]
fn scalar_kernel<E: Numeric + LaunchArg>(
    lhs: &Tensor<E>,
    rhs: E,
    out: &mut Tensor<E>,
    #[comptime] op: Binary,
) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    let a = lhs[strided::offset(lhs, ABSOLUTE_POS)];
    out[ABSOLUTE_POS] = apply::<E>(a, rhs, op);
}

/// A float binary op per element, as [`apply_float`] gives it.
#[cube(launch)]
fn float_binary_kernel<F: Float>(
    lhs: &Tensor<F>,
    rhs: &Tensor<F>,
    out: &mut Tensor<F>,
    #[comptime] op: FloatBinary,
) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    let a = lhs[strided::offset(lhs, ABSOLUTE_POS)];
    let b = rhs[strided::offset(rhs, ABSOLUTE_POS)];
    out[ABSOLUTE_POS] = apply_float::<F>(a, b, op);
}

/// A numeric unary op per element.
#[cube(launch)]
fn numeric_unary_kernel<E: Numeric>(input: &Tensor<E>, out: &mut Tensor<E>, #[comptime] op: NumericUnary) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    let x = input[strided::offset(input, ABSOLUTE_POS)];
    out[ABSOLUTE_POS] = match op {
        NumericUnary::Neg => E::from_int(0) - x,
        NumericUnary::Abs => E::abs(x),
    };
}

#[cube(launch)]
fn float_unary_kernel<F: Float>(input: &Tensor<F>, out: &mut Tensor<F>, #[comptime] op: FloatUnary) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    let x = input[strided::offset(input, ABSOLUTE_POS)];
    out[ABSOLUTE_POS] = match op {
        FloatUnary::Exp => F::exp(x),
        FloatUnary::Log => F::ln(x),
        FloatUnary::Log1p => F::log1p(x),
        FloatUnary::Sqrt => F::sqrt(x),
        FloatUnary::Sin => F::sin(x),
        FloatUnary::Cos => F::cos(x),
        // Mesa's OpenGL gives tanh(NaN) = -1: a NaN (the one value unequal to
        // itself) passes through as itself.
        FloatUnary::Tanh => {
            let same = x;
            select(x != same, x, F::tanh(x))
        }
        FloatUnary::Erf => F::erf(x),
        FloatUnary::Recip => F::recip(x),
        FloatUnary::Gelu => gelu::<F>(x),
    };
}

#[cube(launch)]
fn fill_kernel<E: Numeric + LaunchArg>(value: E, out: &mut Tensor<E>) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    out[ABSOLUTE_POS] = value;
}

/// `op` applied to each element: an `f64` tensor's float functions (all but
/// `recip`) on the host ([`f64_on_host`]), everything else by a kernel.
pub(crate) fn unary<R: CubeRuntime>(op: UnaryOp, tensor: CubeTensor<R>) -> CubeTensor<R> {
    if tensor.dtype == DType::F64 && op.is_float_only() && op != UnaryOp::Recip {
        return f64_on_host(op, tensor);
    }
    launch_unary(op, &tensor)
}

/// `op` applied elementwise to `lhs` and `rhs`, broadcast together: an integer
/// division by zero panics ([`check_no_zero`]), an `f64` `pow` runs on the host.
pub(crate) fn binary<R: CubeRuntime>(op: BinaryOp, lhs: CubeTensor<R>, rhs: CubeTensor<R>) -> CubeTensor<R> {
    if matches!(op, BinaryOp::Div | BinaryOp::Rem) && lhs.dtype.is_int() {
        check_no_zero(op, &rhs);
    }
    let dims = tensor::broadcast_dims(&[&lhs, &rhs]);
    if op == BinaryOp::Pow && lhs.dtype == DType::F64 {
        return f64_pow_on_host(&lhs, &rhs, dims);
    }
    launch_binary(op, &lhs, &rhs, dims)
}

/// `op` applied to each element of `lhs` with `rhs` on the right, with the same
/// exceptions as [`binary`].
pub(crate) fn binary_scalar<R: CubeRuntime>(op: BinaryOp, lhs: CubeTensor<R>, rhs: Scalar) -> CubeTensor<R> {
    if matches!(op, BinaryOp::Div | BinaryOp::Rem) && lhs.dtype.is_int() && rhs.to_i64() == 0 {
        panic!("division by zero in int {} ({} tensor)", op_word(op), lhs.dtype);
    }
    if op == BinaryOp::Pow && lhs.dtype == DType::F64 {
        let rhs = scalar_tensor(&lhs, rhs);
        return f64_pow_on_host(&lhs, &rhs, lhs.dims.clone());
    }
    launch_binary_scalar(op, &lhs, rhs)
}

/// `op` applied elementwise to `lhs` and `rhs`, whose shapes broadcast to `dims`.
fn launch_binary<R: CubeRuntime>(
    op: BinaryOp,
    lhs: &CubeTensor<R>,
    rhs: &CubeTensor<R>,
    dims: Dims,
) -> CubeTensor<R> {
    let out = lhs.empty_like(dims, lhs.dtype);
    let len = out.num_elements();
    if len == 0 {
        return out;
    }
    let (count, dim) = elementwise_launch(&out.client, len);
    if let Some(float_op) = FloatBinary::of(op, lhs.dtype) {
        with_float!(lhs.dtype, op.name(), F => float_binary_kernel::launch::<F>(
            &out.client,
            count,
            dim,
            broadcast_arg(lhs, &out.dims),
            broadcast_arg(rhs, &out.dims),
            out_arg(&out),
            float_op,
        ));
        return out;
    }
    with_numeric!(lhs.dtype, op.name(), E => binary_kernel::launch::<E>(
        &out.client,
        count,
        dim,
        broadcast_arg(lhs, &out.dims),
        broadcast_arg(rhs, &out.dims),
        out_arg(&out),
        numeric_binary(op),
    ));
    out
}

/// `op` applied to each element of `lhs` with `rhs` on the right.
fn launch_binary_scalar<R: CubeRuntime>(op: BinaryOp, lhs: &CubeTensor<R>, rhs: Scalar) -> CubeTensor<R> {
    if FloatBinary::of(op, lhs.dtype).is_some() {
        let rhs = scalar_tensor(lhs, rhs);
        return launch_binary(op, lhs, &rhs, lhs.dims.clone());
    }
    let out = lhs.empty_like(lhs.dims.clone(), lhs.dtype);
    let len = out.num_elements();
    if len == 0 {
        return out;
    }
    let (count, dim) = elementwise_launch(&out.client, len);
    with_numeric!(lhs.dtype, op.name(), E => scalar_kernel::launch::<E>(
        &out.client,
        count,
        dim,
        broadcast_arg(lhs, &out.dims),
        E::from_scalar(rhs),
        out_arg(&out),
        numeric_binary(op),
    ));
    out
}

/// `op` applied to each element, by a kernel.
fn launch_unary<R: CubeRuntime>(op: UnaryOp, input: &CubeTensor<R>) -> CubeTensor<R> {
    let out = input.empty_like(input.dims.clone(), input.dtype);
    let len = out.num_elements();
    if len == 0 {
        return out;
    }
    let (count, dim) = elementwise_launch(&out.client, len);
    let (client, arg, out_a) = (&out.client, broadcast_arg(input, &out.dims), out_arg(&out));
    let float = match UnaryKernel::from(op) {
        UnaryKernel::Numeric(numeric) => {
            with_numeric!(input.dtype, op.name(), E => numeric_unary_kernel::launch::<E>(client, count, dim, arg, out_a, numeric));
            return out;
        }
        UnaryKernel::Float(float) => float,
    };
    with_float!(input.dtype, op.name(), F => float_unary_kernel::launch::<F>(client, count, dim, arg, out_a, float));
    out
}

/// Fills a new contiguous tensor with `value`.
pub(crate) fn fill<R: CubeRuntime>(out: CubeTensor<R>, value: Scalar) -> CubeTensor<R> {
    let len = out.num_elements();
    if len == 0 {
        return out;
    }
    let (count, dim) = elementwise_launch(&out.client, len);
    with_elem!(out.dtype, E => fill_kernel::launch::<E>(
        &out.client,
        count,
        dim,
        E::from_scalar(value),
        out_arg(&out),
    ));
    out
}

/// `value` as a one-element tensor of `like`'s dtype and rank, which every kernel
/// reads broadcast to any shape of that rank.
pub(crate) fn scalar_tensor<R: CubeRuntime>(like: &CubeTensor<R>, value: Scalar) -> CubeTensor<R> {
    let out = tensor::empty(
        &like.device,
        &like.client,
        Dims::filled(1, like.dims.len()),
        like.dtype,
    );
    fill(out, value)
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
        let data = <CubeBackend<R> as Backend>::into_data(layout::copy_broadcast(t, dims.clone()));
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
