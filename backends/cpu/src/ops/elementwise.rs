//! Elementwise ops: `unary`, `binary` (with broadcasting) and `binary_scalar`, over
//! the shared loops of [`crate::loops`]. The op is chosen once, outside the loops.

use crate::CpuTensor;
use crate::buffer::Buffer;
use crate::element::{CpuElement, Float, Numeric};
use crate::layout::{Layout, broadcast_dims};
use crate::loops::{gather, map, map_whole, owned, reusable, unshared, update, update_with, zip, zip_whole};
use crate::ops::{float_only, float_pair_mismatch, numeric_pair_mismatch};
use crate::parallel::{TRANSCENDENTAL, fill_chunks};
use crate::shared::Shared;
use crate::storage::dispatch;
use seam_backend::{BinaryOp, Scalar, UnaryOp};

/// `op` applied to each element of `tensor`, in `tensor`'s own buffer when nothing
/// else shares it (see [`reusable`]).
pub(crate) fn unary(op: UnaryOp, mut tensor: CpuTensor) -> CpuTensor {
    let dtype = tensor.dtype();
    // The view apart from the buffer, which the op may write over (and which holds
    // the view when `view` is `None`).
    let layout = tensor.view.as_deref();
    if op.is_float_only() {
        dispatch!(&mut tensor.storage; F32 | F64
            => |buf| float_unary(op, buf, layout);
            else float_only(op.name(), dtype))
    } else {
        dispatch!(&mut tensor.storage; F32 | F64 | I32 | I64
            => |buf| numeric_unary(op, buf, layout);
            else panic!("{} needs a numeric dtype, got {dtype}", op.name()))
    }
}

/// `op` applied elementwise to `lhs` and `rhs`, broadcast to a common shape; in the
/// buffer of `lhs`, or else of `rhs`, when it can be reused (see [`reusable`]).
pub(crate) fn binary(op: BinaryOp, mut lhs: CpuTensor, mut rhs: CpuTensor) -> CpuTensor {
    let name = op.name();
    // The views apart from the buffers, which the op may write over (and which hold
    // the views that are `None`).
    let (la, lb) = (lhs.view.as_deref(), rhs.view.as_deref());
    if op == BinaryOp::Pow {
        dispatch!((&mut lhs.storage, &mut rhs.storage); F32 | F64
            => |a, b| zip_with(a, la, b, lb, name, Float::powf);
            else float_pair_mismatch(op.name(), &lhs, &rhs))
    } else {
        dispatch!((&mut lhs.storage, &mut rhs.storage); F32 | F64 | I32 | I64
            => |a, b| numeric_binary(op, a, la, b, lb);
            else numeric_pair_mismatch(op.name(), &lhs, &rhs))
    }
}

/// `op` applied to each element of `lhs`, with `rhs` converted to its dtype on the
/// right; in `lhs`'s buffer when it can be reused (see [`reusable`]).
pub(crate) fn binary_scalar(op: BinaryOp, mut lhs: CpuTensor, rhs: Scalar) -> CpuTensor {
    let dtype = lhs.dtype();
    // The view apart from the buffer, which the op may write over (and which holds
    // the view when `view` is `None`).
    let layout = lhs.view.as_deref();
    if op == BinaryOp::Pow {
        dispatch!(&mut lhs.storage; F32 | F64
            => |buf| {
                let y = CpuElement::from_scalar(rhs);
                map_with(buf, layout, TRANSCENDENTAL, move |x| Float::powf(x, y))
            };
            else float_only(op.name(), dtype))
    } else {
        dispatch!(&mut lhs.storage; F32 | F64 | I32 | I64
            => |buf| numeric_scalar(op, buf, layout, CpuElement::from_scalar(rhs));
            else panic!("{} (scalar) needs a numeric dtype, got {dtype}", op.name()))
    }
}

/// A unary op of numeric dtypes (`Neg`, `Abs`).
fn numeric_unary<T: Numeric>(op: UnaryOp, buf: &mut Shared<Buffer<T>>, layout: View<'_>) -> CpuTensor {
    // One instantiation per op keeps the op out of the inner loop.
    match op {
        UnaryOp::Neg => map_with(buf, layout, 1, T::neg),
        UnaryOp::Abs => map_with(buf, layout, 1, T::abs),
        _ => unreachable!("{op:?} is float-only"),
    }
}

/// A float-only unary op.
fn float_unary<T: Float>(op: UnaryOp, buf: &mut Shared<Buffer<T>>, layout: View<'_>) -> CpuTensor {
    match op {
        UnaryOp::Exp => map_with(buf, layout, T::EXP_WORK, T::exp),
        UnaryOp::Log => map_with(buf, layout, TRANSCENDENTAL, T::ln),
        UnaryOp::Log1p => map_with(buf, layout, TRANSCENDENTAL, T::ln_1p),
        UnaryOp::Sqrt => map_with(buf, layout, 1, T::sqrt),
        UnaryOp::Sin => map_with(buf, layout, TRANSCENDENTAL, T::sin),
        UnaryOp::Cos => map_with(buf, layout, TRANSCENDENTAL, T::cos),
        UnaryOp::Tanh => map_with(buf, layout, T::EXP_WORK, T::tanh),
        UnaryOp::Erf => map_with(buf, layout, TRANSCENDENTAL, T::erf),
        UnaryOp::Recip => map_with(buf, layout, 1, T::recip),
        UnaryOp::Gelu => map_in_place(buf, layout, TRANSCENDENTAL, T::gelu_in_place),
        UnaryOp::Neg | UnaryOp::Abs => numeric_unary(op, buf, layout),
    }
}

/// A binary op of numeric dtypes with a scalar on the right (`Pow` is float-only
/// and handled by the caller).
fn numeric_scalar<T: Numeric>(
    op: BinaryOp,
    buf: &mut Shared<Buffer<T>>,
    layout: View<'_>,
    y: T,
) -> CpuTensor {
    match op {
        BinaryOp::Add => map_with(buf, layout, 1, move |x| x.add(y)),
        BinaryOp::Sub => map_with(buf, layout, 1, move |x| x.sub(y)),
        BinaryOp::Mul => map_with(buf, layout, 1, move |x| x.mul(y)),
        BinaryOp::Div => map_with(buf, layout, 1, move |x| x.div(y)),
        BinaryOp::Rem => map_with(buf, layout, 1, move |x| x.rem(y)),
        BinaryOp::Max => map_with(buf, layout, 1, move |x| x.max(y)),
        BinaryOp::Min => map_with(buf, layout, 1, move |x| x.min(y)),
        BinaryOp::Pow => unreachable!("pow is float-only"),
    }
}

/// A binary op of numeric dtypes (`Pow` is float-only and handled by the caller).
fn numeric_binary<T: Numeric>(
    op: BinaryOp,
    a: &mut Shared<Buffer<T>>,
    la: View<'_>,
    b: &mut Shared<Buffer<T>>,
    lb: View<'_>,
) -> CpuTensor {
    let name = op.name();
    match op {
        BinaryOp::Add => zip_with(a, la, b, lb, name, T::add),
        BinaryOp::Sub => zip_with(a, la, b, lb, name, T::sub),
        BinaryOp::Mul => zip_with(a, la, b, lb, name, T::mul),
        BinaryOp::Div => zip_with(a, la, b, lb, name, T::div),
        BinaryOp::Rem => zip_with(a, la, b, lb, name, T::rem),
        BinaryOp::Max => zip_with(a, la, b, lb, name, T::max),
        BinaryOp::Min => zip_with(a, la, b, lb, name, T::min),
        BinaryOp::Pow => unreachable!("pow is float-only"),
    }
}

/// A tensor's own view of its buffer, or `None` when the view is the buffer's own
/// layout ([`CpuTensor`]'s `view`).
type View<'a> = Option<&'a Layout>;

/// The layout through which a tensor with `view` sees `buf`.
#[inline]
fn seen<'a, T: CpuElement>(buf: &'a Buffer<T>, view: View<'a>) -> &'a Layout {
    view.unwrap_or_else(|| buf.layout())
}

/// `f` of each element of the view `view` of `buf`, as a contiguous tensor: in
/// `buf` itself when it can be reused, else in a new buffer.
fn map_with<T: CpuElement>(
    buf: &mut Shared<Buffer<T>>,
    view: View<'_>,
    work: usize,
    f: impl Fn(T) -> T + Sync,
) -> CpuTensor {
    let layout = seen(buf, view);
    if !reusable(buf, layout, &layout.dims) {
        return match view {
            None => map_whole(buf, work, f),
            Some(view) => map(buf, view, work, f),
        };
    }
    update(owned(buf), work, f);
    CpuTensor::reused(Shared::clone(buf), view)
}

/// Like [`map_with`], for a function written over a slice, which it rewrites in
/// place: applied to the tensor's own buffer when it can be reused, else to a
/// contiguous copy of the view, chunk by chunk (in parallel above the threshold).
fn map_in_place<T: CpuElement>(
    buf: &mut Shared<Buffer<T>>,
    view: View<'_>,
    work: usize,
    f: impl Fn(&mut [T]) + Sync,
) -> CpuTensor {
    let layout = seen(buf, view);
    if !reusable(buf, layout, &layout.dims) {
        let mut out = gather(buf, layout);
        fill_chunks(&mut out, work, |_, chunk| f(chunk));
        return CpuTensor::new(out, layout.dims.clone());
    }
    fill_chunks(owned(buf), work, |_, chunk| f(chunk));
    CpuTensor::reused(Shared::clone(buf), view)
}

/// `f` of each pair of elements of the views `va` of `a` and `vb` of `b` broadcast
/// to a common shape (else a panic naming the op `name`), as a contiguous tensor:
/// in `a` or else `b` when one can be reused, else in a new buffer.
fn zip_with<T: CpuElement>(
    a: &mut Shared<Buffer<T>>,
    va: View<'_>,
    b: &mut Shared<Buffer<T>>,
    vb: View<'_>,
    name: &str,
    f: impl Fn(T, T) -> T + Sync,
) -> CpuTensor {
    let (la, lb) = (seen(a, va), seen(b, vb));
    if va.is_none() && vb.is_none() && la.dims == lb.dims {
        return zip_whole_with(a, b, f);
    }
    let dims = broadcast_dims(name, &la.dims, &lb.dims);
    if reusable(a, la, &dims) {
        update_with(owned(a), b, &lb.broadcast_to(&dims), &f);
        return CpuTensor::reused(Shared::clone(a), va);
    }
    if reusable(b, lb, &dims) {
        update_with(owned(b), a, &la.broadcast_to(&dims), |y, x| f(x, y));
        return CpuTensor::reused(Shared::clone(b), vb);
    }
    zip(a, &la.broadcast_to(&dims), b, &lb.broadcast_to(&dims), f)
}

/// [`zip_with`] of two tensors of the same dims that are each all of its buffer,
/// row-major (most operands): nothing to broadcast, and the result has their
/// layout.
fn zip_whole_with<T: CpuElement>(
    a: &mut Shared<Buffer<T>>,
    b: &mut Shared<Buffer<T>>,
    f: impl Fn(T, T) -> T + Sync,
) -> CpuTensor {
    if unshared(a) {
        update_with(owned(a), b, b.layout(), &f);
        return CpuTensor::reused(Shared::clone(a), None);
    }
    if unshared(b) {
        update_with(owned(b), a, a.layout(), |y, x| f(x, y));
        return CpuTensor::reused(Shared::clone(b), None);
    }
    zip_whole(a, b, f)
}

#[cfg(test)]
mod tests {
    use crate::parallel::{on_four_threads, threshold};
    use crate::{Cpu, CpuDevice, CpuTensor};
    use seam_backend::{Backend, BinaryOp, CompareOp, Scalar, Shape, TensorData, UnaryOp};

    fn tensor(values: Vec<f32>, dims: &[usize]) -> CpuTensor {
        Cpu::from_data(TensorData::new(values, dims.to_vec()), &CpuDevice)
    }

    fn values(t: CpuTensor) -> Vec<f32> {
        Cpu::into_data(t).to_vec::<f32>().unwrap()
    }

    /// `n` distinct, non-integer values.
    fn ramp(n: usize) -> Vec<f32> {
        (0..n).map(|i| i as f32 * 0.5 - 7.25).collect()
    }

    /// The view's elements, row-major, read one index at a time (the reference).
    fn naive(t: &CpuTensor, dims: &[usize]) -> Vec<f32> {
        let crate::storage::Storage::F32(buf) = &t.storage else {
            panic!()
        };
        t.layout().broadcast_to(dims).indices().map(|i| buf[i]).collect()
    }

    #[test]
    fn unary_reuses_a_unique_buffer() {
        let a = tensor(ramp(6), &[2, 3]);
        let ptr = a.buffer_ptr();
        let neg = Cpu::unary(UnaryOp::Neg, a);
        assert_eq!(neg.buffer_ptr(), ptr);
        assert_eq!(values(neg), ramp(6).iter().map(|x| -x).collect::<Vec<_>>());
    }

    #[test]
    fn a_shared_buffer_is_not_overwritten() {
        let a = tensor(ramp(6), &[2, 3]);
        let kept = a.clone();
        let exp = Cpu::unary(UnaryOp::Exp, a);
        assert_ne!(exp.buffer_ptr(), kept.buffer_ptr());
        let b = tensor(ramp(6), &[2, 3]);
        let kept_b = b.clone();
        let sum = Cpu::binary(BinaryOp::Add, kept.clone(), b);
        assert!(!sum.shares_storage_with(&kept) && !sum.shares_storage_with(&kept_b));
        let scaled = Cpu::binary_scalar(BinaryOp::Mul, kept.clone(), Scalar::from(2.0f32));
        assert!(!scaled.shares_storage_with(&kept));
        assert_eq!(values(kept), ramp(6));
        assert_eq!(values(kept_b), ramp(6));
        assert_eq!(values(sum), ramp(6).iter().map(|x| x + x).collect::<Vec<_>>());
    }

    #[test]
    fn binary_reuses_the_left_then_the_right() {
        let (a, b) = (tensor(ramp(6), &[2, 3]), tensor(vec![1.0; 6], &[2, 3]));
        let ptr = a.buffer_ptr();
        let diff = Cpu::binary(BinaryOp::Sub, a, b);
        assert_eq!(diff.buffer_ptr(), ptr);
        assert_eq!(values(diff), ramp(6).iter().map(|x| x - 1.0).collect::<Vec<_>>());
        // The left is broadcast, so the result goes into the right's buffer.
        let row = Cpu::expand(tensor(vec![10.0, 20.0, 30.0], &[1, 3]), Shape::from(vec![2, 3]));
        let b = tensor(ramp(6), &[2, 3]);
        let ptr = b.buffer_ptr();
        let diff = Cpu::binary(BinaryOp::Sub, row, b);
        assert_eq!(diff.buffer_ptr(), ptr);
        let expected: Vec<f32> = ramp(6)
            .iter()
            .enumerate()
            .map(|(i, x)| [10.0, 20.0, 30.0][i % 3] - x)
            .collect();
        assert_eq!(values(diff), expected);
    }

    #[test]
    fn scalar_ops_reuse_a_unique_buffer() {
        let a = tensor(ramp(6), &[3, 2]);
        let ptr = a.buffer_ptr();
        let r = Cpu::binary_scalar(BinaryOp::Sub, a, Scalar::from(1.5f32));
        assert_eq!(r.buffer_ptr(), ptr);
        assert_eq!(values(r), ramp(6).iter().map(|x| x - 1.5).collect::<Vec<_>>());
    }

    #[test]
    fn views_of_part_of_a_buffer_get_a_new_one() {
        let a = tensor(ramp(12), &[4, 3]);
        let part = Cpu::slice(a, &[1..3, 0..3]);
        let ptr = part.buffer_ptr();
        let neg = Cpu::unary(UnaryOp::Neg, part);
        assert_ne!(neg.buffer_ptr(), ptr);
        assert_eq!(values(neg), ramp(12)[3..9].iter().map(|x| -x).collect::<Vec<_>>());
        let t = Cpu::permute(tensor(ramp(6), &[2, 3]), &[1, 0]);
        let ptr = t.buffer_ptr();
        let neg = Cpu::unary(UnaryOp::Neg, t.clone());
        assert_ne!(neg.buffer_ptr(), ptr);
        assert_eq!(
            values(neg),
            naive(&t, &[3, 2]).iter().map(|x| -x).collect::<Vec<_>>()
        );
    }

    /// `lhs op rhs` through the kernels and through the naive reference agree, for
    /// the shapes of a `[rows, cols]` result, each operand given as a contiguous
    /// tensor, a transposed one, a row broadcast down or a column broadcast across.
    fn check_layouts(rows: usize, cols: usize) {
        let n = rows * cols;
        let operands = || {
            vec![
                tensor(ramp(n), &[rows, cols]),
                Cpu::permute(tensor(ramp(n), &[cols, rows]), &[1, 0]),
                Cpu::expand(tensor(ramp(cols), &[1, cols]), Shape::from(vec![rows, cols])),
                Cpu::expand(tensor(ramp(rows), &[rows, 1]), Shape::from(vec![rows, cols])),
                Cpu::slice(
                    tensor(ramp(n + 2 * cols), &[rows + 2, cols]),
                    &[1..rows + 1, 0..cols],
                ),
            ]
        };
        let dims = [rows, cols];
        for (i, a) in operands().into_iter().enumerate() {
            for (j, b) in operands().into_iter().enumerate() {
                let expected: Vec<f32> = naive(&a, &dims)
                    .iter()
                    .zip(naive(&b, &dims))
                    .map(|(x, y)| x - y)
                    .collect();
                let got = values(Cpu::binary(BinaryOp::Sub, a.clone(), b.clone()));
                assert_eq!(got, expected, "sub, operands {i} and {j}, {rows}x{cols}");
                let expected: Vec<bool> = naive(&a, &dims)
                    .iter()
                    .zip(naive(&b, &dims))
                    .map(|(x, y)| *x > y)
                    .collect();
                let got = Cpu::into_data(Cpu::compare(CompareOp::Greater, a.clone(), b.clone()));
                assert_eq!(
                    got.to_vec::<bool>().unwrap(),
                    expected,
                    "greater, operands {i} and {j}"
                );
                let mask = Cpu::compare_scalar(CompareOp::Greater, a.clone(), Scalar::from(0.0f32));
                let expected: Vec<f32> = naive(&a, &dims)
                    .iter()
                    .zip(naive(&b, &dims))
                    .map(|(&x, y)| if x > 0.0 { x } else { y })
                    .collect();
                assert_eq!(
                    values(Cpu::mask_where(mask, a.clone(), b)),
                    expected,
                    "mask_where {i}, {j}"
                );
            }
            // The layout walk is checked here; `vmath` checks `exp` itself.
            let expected: Vec<f32> = naive(&a, &dims)
                .iter()
                .map(|&x| crate::vmath::exp_f32(x))
                .collect();
            assert_eq!(
                values(Cpu::unary(UnaryOp::Exp, a.clone())),
                expected,
                "exp, operand {i}"
            );
            let expected: Vec<i64> = naive(&a, &dims).iter().map(|&x| x as i64).collect();
            let cast = Cpu::into_data(Cpu::cast(a, seam_backend::DType::I64));
            assert_eq!(cast.to_vec::<i64>().unwrap(), expected, "cast, operand {i}");
        }
    }

    #[test]
    fn small_views_match_the_reference() {
        check_layouts(3, 5);
        check_layouts(1, 7);
        check_layouts(6, 1);
        // Runs of either side of `WIDE_RUN`, the least that the wide loops take.
        check_layouts(3, crate::wide::WIDE_RUN - 1);
        check_layouts(3, crate::wide::WIDE_RUN + 1);
    }

    /// Transposed views, which `map_into` walks in tiles (`Runs::tiles`): sides that
    /// are not multiples of the tile, a rank-3 one, one that starts inside its
    /// buffer, and one large enough to be split across threads.
    #[test]
    fn transposed_views_match_the_reference() {
        use crate::layout::TILE;
        check_layouts(TILE + 5, 2 * TILE + 6);
        let side = TILE * 3 + 1;
        let big = threshold() / 40 + 7;
        let views = || {
            [
                Cpu::permute(tensor(ramp(2 * side * 45), &[2, side, 45]), &[0, 2, 1]),
                Cpu::permute(tensor(ramp(2 * side * 45), &[2, side, 45]), &[2, 0, 1]),
                Cpu::slice(
                    Cpu::permute(tensor(ramp(side * side), &[side, side]), &[1, 0]),
                    &[3..side - 1, 1..side - 2],
                ),
                Cpu::permute(tensor(ramp(big * 40), &[big, 40]), &[1, 0]),
            ]
        };
        on_four_threads(|| {
            for (i, view) in views().into_iter().enumerate() {
                let dims = view.layout().dims.to_vec();
                let expected: Vec<f32> = naive(&view, &dims).iter().map(|x| -x).collect();
                assert_eq!(values(Cpu::unary(UnaryOp::Neg, view)), expected, "view {i}");
            }
        });
    }

    #[test]
    fn views_around_the_parallel_threshold_match_the_reference() {
        on_four_threads(|| {
            // Just below the threshold (one thread), and just above (chunks that
            // start and end inside rows).
            check_layouts(2, threshold() / 2 - 1);
            check_layouts(2, threshold() / 2 + 1);
            check_layouts(threshold() / 16 + 3, 16);
        });
    }

    #[test]
    fn in_place_above_the_threshold() {
        on_four_threads(|| {
            let n = threshold() + 5;
            let a = tensor(ramp(n), &[n]);
            let ptr = a.buffer_ptr();
            let r = Cpu::binary(BinaryOp::Add, a, tensor(ramp(n), &[n]));
            assert_eq!(r.buffer_ptr(), ptr);
            assert_eq!(values(r), ramp(n).iter().map(|x| x + x).collect::<Vec<_>>());
        });
    }

    #[test]
    #[should_panic(expected = "division by zero")]
    fn int_division_by_zero_panics_in_parallel_too() {
        on_four_threads(|| {
            let n = threshold() * 2;
            let mut divisors = vec![1i32; n];
            divisors[n - 3] = 0;
            let a = Cpu::from_data(TensorData::new(vec![7i32; n], vec![n]), &CpuDevice);
            let b = Cpu::from_data(TensorData::new(divisors, vec![n]), &CpuDevice);
            let _ = Cpu::binary(BinaryOp::Div, a, b);
        });
    }
}
