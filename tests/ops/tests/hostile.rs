//! A bounded fuzzer of hostile inputs, run on every `cargo test`: random shapes with
//! 0, 1, small, huge and overflowing dims, and random values with `NaN` and
//! infinities, through the ops that count elements, allocate or compare. Each
//! result must equal a naive `f64` reference (numpy's rules) or be the documented
//! refusal: an `Err` from a `try_` form, or a panic that names the op; never a wrong
//! result, undefined behaviour or an abort (an abort would end this test process).

use proptest::prelude::*;
use seam_ops::{device, f32s, float, i64s, needs};
use seam_tensor::{BinaryOp, DType, Shape, Tensor, TensorData, TensorErrorKind};

/// Dims that exercise the counts: empty, one, small, a large allocation (2^20), one
/// past the 47-bit address space, and one at `usize::MAX`.
fn dim() -> impl Strategy<Value = usize> {
    prop_oneof![4 => 0usize..4, 1 => Just(1 << 20), 1 => Just(1 << 47), 1 => Just(usize::MAX)]
}

/// A value of a hostile lane: mostly small numbers, sometimes `NaN` or an infinity.
fn value() -> impl Strategy<Value = f32> {
    prop_oneof![
        6 => -4.0f32..4.0,
        1 => Just(f32::NAN),
        1 => Just(f32::INFINITY),
        1 => Just(f32::NEG_INFINITY),
    ]
}

/// The number of elements of `dims`, or `None` if it overflows (numpy's count).
fn count(dims: &[usize]) -> Option<usize> {
    if dims.contains(&0) {
        return Some(0);
    }
    dims.iter().try_fold(1usize, |n, &d| n.checked_mul(d))
}

/// The most elements a case allocates for real (16 MiB of `f32`).
const SMALL: usize = 1 << 22;

/// Whether `f32` data of `elements` may be allocated in a test: small enough to be
/// quick, or past the address space (so the allocator surely refuses it, whatever
/// the machine's overcommit policy).
fn safe_to_allocate(elements: usize) -> bool {
    elements <= SMALL || elements.checked_mul(4).is_none_or(|bytes| bytes >= 1 << 47)
}

/// numpy's `max` of a lane: the first `NaN`, else the largest.
fn reference_extreme(lane: &[f64], max: bool) -> (f64, usize) {
    let mut best = (lane[0], 0);
    for (i, &x) in lane.iter().enumerate().skip(1) {
        if best.0.is_nan() {
            break;
        }
        if x.is_nan() || (max && x > best.0) || (!max && x < best.0) {
            best = (x, i);
        }
    }
    (best.0, best.1)
}

#[track_caller]
fn same(got: f32, want: f64) -> bool {
    (got.is_nan() && want.is_nan()) || f64::from(got) == want
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Constructors, views and data of any shape: the count is right, or the shape
    /// is refused by name.
    #[test]
    fn shapes_are_counted_or_refused(dims in prop::array::uniform3(dim())) {
        let d = device();
        let elements = count(&dims);
        // Data: an empty buffer fits only an empty shape; nothing panics.
        let data = TensorData::try_new(Vec::<f32>::new(), dims);
        prop_assert_eq!(data.is_ok(), elements == Some(0));
        // A view of any shape: as many elements as numpy counts, or an `Err`.
        match Tensor::<3>::ones([1, 1, 1], &d).try_expand(dims) {
            Ok(view) => {
                prop_assert!(elements.is_some());
                prop_assert_eq!(view.dims(), dims);
            }
            Err(err) => {
                prop_assert!(elements.is_none());
                prop_assert_eq!(err.kind(), TensorErrorKind::Size);
            }
        }
        // A new tensor: made, or refused by a panic naming `zeros` and the shape (an
        // overflowing count) or the bytes (a refused allocation).
        // Too large to make here and too small to be refused: not made.
        if elements.is_none_or(safe_to_allocate) {
            let made = std::panic::catch_unwind(|| Tensor::<3>::zeros(dims, &d).dims());
            match (elements, made) {
                (Some(n), Ok(got)) => {
                    prop_assert!(n <= SMALL, "zeros of {:?} past the address space", dims);
                    prop_assert_eq!(got, dims);
                }
                (None, Ok(_)) => prop_assert!(false, "zeros of an overflowing shape {:?}", dims),
                (elements, Err(payload)) => {
                    let message = payload.downcast_ref::<String>().cloned().unwrap_or_default();
                    let refusal = if elements.is_some() { "cannot allocate" } else { "zeros: shape" };
                    prop_assert!(message.contains(refusal), "{:?}: {}", dims, message);
                }
            }
        }
        // Reshaping a small tensor to the shape: only an equal count is accepted.
        let small = Tensor::<1>::ones([4], &d);
        let spec = dims.map(|n| i64::try_from(n).unwrap_or(i64::MAX));
        let fits = dims.iter().all(|&n| i64::try_from(n).is_ok()) && elements == Some(4);
        prop_assert_eq!(small.try_reshape(spec).is_ok(), fits);
        // Shape arithmetic in the shared helper agrees with numpy's count.
        prop_assert_eq!(Shape::from(dims).checked_num_elements(), elements);
    }

    /// Reductions and elementwise extrema over lanes with `NaN` and infinities,
    /// against the `f64` reference, along each dim of a contiguous and a transposed
    /// tensor.
    #[test]
    fn extrema_follow_numpy_with_nan_and_infinities(
        rows in 1usize..4,
        cols in 1usize..20,
        values in prop::collection::vec(value(), 80),
        bound in -2.0f32..2.0,
    ) {
        let values = &values[..rows * cols];
        let at = |r: usize, c: usize| f64::from(values[r * cols + c]);
        let t = float(values.to_vec(), [rows, cols]);
        let ints = needs(&[DType::I64]);
        for (view, lanes, len, transposed) in [(t.clone(), rows, cols, false), (t.clone().swap_dims(0, 1), cols, rows, true)] {
            let lane = |i: usize| -> Vec<f64> {
                (0..len).map(|j| if transposed { at(j, i) } else { at(i, j) }).collect()
            };
            let maxes = f32s(view.clone().max_dim(1));
            let mins = f32s(view.clone().min_dim(1));
            for i in 0..lanes {
                let (max, _) = reference_extreme(&lane(i), true);
                let (min, _) = reference_extreme(&lane(i), false);
                prop_assert!(same(maxes[i], max), "max of {:?}: {}", lane(i), maxes[i]);
                prop_assert!(same(mins[i], min), "min of {:?}: {}", lane(i), mins[i]);
            }
            if ints {
                let argmaxes = i64s(view.clone().argmax(1));
                let argmins = i64s(view.argmin(1));
                for i in 0..lanes {
                    prop_assert_eq!(argmaxes[i] as usize, reference_extreme(&lane(i), true).1);
                    prop_assert_eq!(argmins[i] as usize, reference_extreme(&lane(i), false).1);
                }
            }
        }
        // Elementwise: against a broadcast row, and against a scalar bound.
        let row = float(values[..cols].to_vec(), [1, cols]);
        let max = f32s(t.clone().binary(BinaryOp::Max, row.clone()));
        let min = f32s(t.clone().binary(BinaryOp::Min, row));
        let clamped = f32s(t.clone().clamp(bound.min(0.0), bound.max(0.0)));
        let relu = f32s(t.relu());
        for r in 0..rows {
            for c in 0..cols {
                let (x, y) = (at(r, c), at(0, c));
                let i = r * cols + c;
                let nan = x.is_nan() || y.is_nan();
                let (want_max, want_min) = if nan { (f64::NAN, f64::NAN) } else { (x.max(y), x.min(y)) };
                let (lo, hi) = (f64::from(bound.min(0.0)), f64::from(bound.max(0.0)));
                // f64's `clamp` and `max` keep a NaN `x`, as numpy does.
                let (want_clamped, want_relu) = (x.clamp(lo, hi), if x.is_nan() { x } else { x.max(0.0) });
                prop_assert!(same(max[i], want_max), "max({}, {}) = {}", x, y, max[i]);
                prop_assert!(same(min[i], want_min), "min({}, {}) = {}", x, y, min[i]);
                prop_assert!(same(clamped[i], want_clamped), "clamp({}) = {}", x, clamped[i]);
                prop_assert!(same(relu[i], want_relu), "relu({}) = {}", x, relu[i]);
            }
        }
    }
}
