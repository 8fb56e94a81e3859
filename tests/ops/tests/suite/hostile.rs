//! A bounded fuzzer of hostile inputs, run on every `cargo test`: random shapes with
//! 0, 1, small, huge and overflowing dims, and random values with `NaN` and
//! infinities, through the ops that count elements, allocate or compare. Each
//! result must equal a naive `f64` reference (numpy's rules) or be the documented
//! refusal: an `Err` from a `try_` form, or a panic that names the op; never a wrong
//! result, undefined behaviour or an abort (an abort would end this test process).
//! The last fuzzer runs random sequences of ops on random shapes against that
//! reference; under valgrind (in `.ci/run`) it also drives the native gemm path,
//! which Miri cannot run.

use proptest::prelude::*;
use seam_ops::device_test;
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
    #![proptest_config(seam_ops::proptest_config(seam_ops::property_cases(64), "proptest-regressions/hostile.txt"))]

    /// Constructors, views and data of any shape: the count is right, or the shape
    /// is refused by name.
    #[device_test]
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
    #[device_test]
    fn extrema_follow_numpy_with_nan_and_infinities(
        rows in 1usize..4,
        cols in 1usize..20,
        values in prop::collection::vec(value(), 80),
        bound in -2.0f32..2.0,
    ) {
        let values = &values[..rows * cols];
        let at = |r: usize, c: usize| f64::from(values[r * cols + c]);
        let t = float(values.to_vec(), [rows, cols]);
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
            let argmaxes = i64s(view.clone().argmax(1));
            let argmins = i64s(view.argmin(1));
            for i in 0..lanes {
                prop_assert_eq!(argmaxes[i] as usize, reference_extreme(&lane(i), true).1);
                prop_assert_eq!(argmins[i] as usize, reference_extreme(&lane(i), false).1);
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

/// A rank-2 `f64` reference of a tensor: numpy's answer to each op, rounded to `f32`
/// as the tensor stores it, with the size of the terms behind each element (the
/// tolerance of a sum grows with what it adds up).
#[derive(Clone, Debug)]
struct Model {
    dims: [usize; 2],
    values: Vec<f64>,
    scale: Vec<f64>,
}

/// One step of a random op sequence.
#[derive(Clone, Debug)]
enum Step {
    AddRow(Vec<f32>),
    AddCol(Vec<f32>),
    MulScalar(f32),
    Exp,
    Neg,
    Abs,
    Relu,
    Sqrt,
    Log,
    Tanh,
    Sigmoid,
    Clamp(f32, f32),
    SwapDims,
    SumDim(usize),
    MeanDim(usize),
    MaxDim(usize),
    Softmax(usize),
    Matmul(usize, Vec<f32>),
    Flatten,
    CatSelf(usize),
    SliceRows(usize, usize),
}

fn step() -> impl Strategy<Value = Step> {
    let lane = || prop::collection::vec(value(), LIMIT);
    prop_oneof![
        lane().prop_map(Step::AddRow),
        lane().prop_map(Step::AddCol),
        value().prop_map(Step::MulScalar),
        Just(Step::Exp),
        Just(Step::Neg),
        Just(Step::Abs),
        Just(Step::Relu),
        Just(Step::Sqrt),
        Just(Step::Log),
        Just(Step::Tanh),
        Just(Step::Sigmoid),
        (-3.0f32..0.0, 0.0f32..3.0).prop_map(|(lo, hi)| Step::Clamp(lo, hi)),
        Just(Step::SwapDims),
        (0usize..2).prop_map(Step::SumDim),
        (0usize..2).prop_map(Step::MeanDim),
        (0usize..2).prop_map(Step::MaxDim),
        (0usize..2).prop_map(Step::Softmax),
        (0usize..4, prop::collection::vec(value(), 3 * LIMIT)).prop_map(|(k, v)| Step::Matmul(k, v)),
        Just(Step::Flatten),
        (0usize..2).prop_map(Step::CatSelf),
        (0usize..5, 0usize..5).prop_map(|(a, b)| Step::SliceRows(a.min(b), a.max(b))),
    ]
}

impl Model {
    fn new(dims: [usize; 2], values: Vec<f64>) -> Self {
        let scale = values.iter().map(|v| v.abs()).collect();
        Model { dims, values, scale }
    }

    fn at(&self, r: usize, c: usize) -> (f64, f64) {
        let i = r * self.dims[1] + c;
        (self.values[i], self.scale[i])
    }

    /// Each element through `f`.
    fn map(&self, f: impl Fn(f64) -> f64) -> Model {
        let values: Vec<f64> = self.values.iter().map(|&x| f(x)).collect();
        Model::new(self.dims, values)
    }

    /// `f(self, other)` with `other` of shape `dims`, broadcast as numpy does.
    fn zip(&self, other: &[f32], dims: [usize; 2], f: impl Fn(f64, f64) -> f64) -> Model {
        let (rows, cols) = (self.dims[0], self.dims[1]);
        let mut out = Vec::with_capacity(rows * cols);
        for r in 0..rows {
            for c in 0..cols {
                let o = other[(r % dims[0]) * dims[1] + c % dims[1]];
                out.push(f(self.at(r, c).0, f64::from(o)));
            }
        }
        Model::new(self.dims, out)
    }

    /// Builds a model of `dims` from a function of the position.
    fn build(dims: [usize; 2], f: impl Fn(usize, usize) -> (f64, f64)) -> Model {
        let mut values = Vec::new();
        let mut scale = Vec::new();
        for r in 0..dims[0] {
            for c in 0..dims[1] {
                let (v, s) = f(r, c);
                values.push(v);
                scale.push(s);
            }
        }
        Model { dims, values, scale }
    }

    /// A lane along `dim` at position `i` of the other dim.
    fn lane(&self, dim: usize, i: usize) -> Vec<f64> {
        (0..self.dims[dim])
            .map(|j| {
                if dim == 0 {
                    self.at(j, i).0
                } else {
                    self.at(i, j).0
                }
            })
            .collect()
    }

    /// A reduction along `dim` (kept with size 1) by `f` of each lane, which
    /// gives the value and its scale.
    fn reduce(&self, dim: usize, f: impl Fn(&[f64]) -> (f64, f64)) -> Model {
        let mut dims = self.dims;
        dims[dim] = 1;
        Model::build(dims, |r, c| f(&self.lane(dim, if dim == 0 { c } else { r })))
    }
}

/// numpy's softmax of a lane by the documented formula, `e^(x - max) / sum`.
fn softmax_lane(lane: &[f64]) -> Vec<f64> {
    if lane.is_empty() {
        return Vec::new();
    }
    let (max, _) = reference_extreme(lane, true);
    let exp: Vec<f64> = lane.iter().map(|&x| f32_round((x - max).exp())).collect();
    let sum: f64 = exp.iter().sum();
    exp.iter().map(|&e| e / sum).collect()
}

fn f32_round(x: f64) -> f64 {
    f64::from(x as f32)
}

/// The reference of `step` on `m`: the model, or `Err(op)` where the method is
/// documented to panic with a message naming `op`.
fn reference(m: &Model, step: &Step) -> Result<Model, &'static str> {
    let [rows, cols] = m.dims;
    Ok(match step {
        Step::AddRow(v) => m.zip(v, [1, cols], |a, b| a + b),
        Step::AddCol(v) => m.zip(v, [rows, 1], |a, b| a + b),
        Step::MulScalar(s) => m.map(|x| x * f64::from(*s)),
        Step::Exp => m.map(f64::exp),
        Step::Neg => m.map(|x| -x),
        Step::Abs => m.map(f64::abs),
        Step::Relu => m.map(|x| if x.is_nan() { x } else { x.max(0.0) }),
        Step::Sqrt => m.map(f64::sqrt),
        Step::Log => m.map(f64::ln),
        Step::Tanh => m.map(f64::tanh),
        Step::Sigmoid => m.map(|x| 1.0 / (1.0 + (-x).exp())),
        Step::Clamp(lo, hi) => m.map(|x| x.clamp(f64::from(*lo), f64::from(*hi))),
        Step::SwapDims => Model::build([cols, rows], |r, c| m.at(c, r)),
        Step::SumDim(d) => m.reduce(*d, |l| (l.iter().sum(), l.iter().map(|x| x.abs()).sum())),
        Step::MeanDim(d) => m.reduce(*d, |l| {
            let n = l.len() as f64;
            (
                l.iter().sum::<f64>() / n,
                l.iter().map(|x| x.abs()).sum::<f64>() / n,
            )
        }),
        Step::MaxDim(d) => {
            if m.dims[*d] == 0 {
                return Err("max_dim");
            }
            m.reduce(*d, |l| {
                let (v, _) = reference_extreme(l, true);
                (v, v.abs())
            })
        }
        Step::Softmax(d) => {
            let lanes: Vec<Vec<f64>> = (0..m.dims[1 - *d])
                .map(|i| softmax_lane(&m.lane(*d, i)))
                .collect();
            Model::build(m.dims, |r, c| {
                let v = if *d == 0 { lanes[c][r] } else { lanes[r][c] };
                (v, 1.0)
            })
        }
        Step::Matmul(k, v) => Model::build([rows, *k], |r, j| {
            let terms = (0..cols).map(|c| m.at(r, c).0 * f64::from(v[c * k + j]));
            let (sum, scale) = terms.fold((0.0, 0.0), |(s, a), t| (s + t, a + t.abs()));
            (sum, scale)
        }),
        Step::Flatten => Model {
            dims: [1, rows * cols],
            ..m.clone()
        },
        Step::CatSelf(d) => {
            let mut dims = m.dims;
            dims[*d] *= 2;
            Model::build(dims, |r, c| m.at(r % rows.max(1), c % cols.max(1)))
        }
        Step::SliceRows(a, b) => {
            let (a, b) = ((*a).min(rows), (*b).min(rows));
            Model::build([b - a, cols], |r, c| m.at(a + r, c))
        }
    })
}

/// A panic's message.
fn payload_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// The largest dim a sequence grows to, and its most elements.
const LIMIT: usize = 32;
const MOST: usize = 256;

/// `step` applied to the tensor, as the user would write it.
fn apply(t: Tensor<2>, step: &Step) -> Tensor<2> {
    let [rows, cols] = t.dims();
    match step {
        Step::AddRow(v) => t + float(v[..cols].to_vec(), [1, cols]),
        Step::AddCol(v) => t + float(v[..rows].to_vec(), [rows, 1]),
        Step::MulScalar(s) => t * *s,
        Step::Exp => t.exp(),
        Step::Neg => -t,
        Step::Abs => t.abs(),
        Step::Relu => t.relu(),
        Step::Sqrt => t.sqrt(),
        Step::Log => t.log(),
        Step::Tanh => t.tanh(),
        Step::Sigmoid => t.sigmoid(),
        Step::Clamp(lo, hi) => t.clamp(*lo, *hi),
        Step::SwapDims => t.swap_dims(0, 1),
        Step::SumDim(d) => t.sum_dim(*d),
        Step::MeanDim(d) => t.mean_dim(*d),
        Step::MaxDim(d) => t.max_dim(*d),
        Step::Softmax(d) => t.softmax(*d),
        Step::Matmul(k, v) => t.matmul(float(v[..cols * k].to_vec(), [cols, *k])),
        Step::Flatten => t.reshape([1, (rows * cols) as i64]),
        Step::CatSelf(d) => Tensor::cat(vec![t.clone(), t], *d),
        Step::SliceRows(a, b) => t.slice([(*a).min(rows)..(*b).min(rows), 0..cols]),
    }
}

/// Whether the tensor's `got` is numpy's `want` (rounded to `f32`, as the tensor
/// stores it), within `f32`'s precision of the terms behind it (`scale`).
fn agrees(got: f32, want: f64, scale: f64) -> bool {
    let (got, want) = (f64::from(got), f32_round(want));
    if scale > 1e30 {
        // Partial sums past f32's range overflow in one order and not in another.
        return true;
    }
    if want.is_nan() || want.is_infinite() {
        return got.is_nan() == want.is_nan() && (want.is_nan() || got == want);
    }
    (got - want).abs() <= 1e-4 * (1.0 + scale.max(want.abs()))
}

proptest! {
    #![proptest_config(seam_ops::proptest_config(seam_ops::property_cases(64), "proptest-regressions/hostile.txt"))]

    /// Random op sequences on random shapes (empty dims included) and values (`NaN`
    /// and infinities included), each op checked against numpy's answer in `f64`:
    /// the result agrees, or the method panics as documented, naming itself.
    #[device_test]
    fn op_sequences_follow_numpy(
        rows in 0usize..4,
        cols in 0usize..5,
        values in prop::collection::vec(value(), 20),
        steps in prop::collection::vec(step(), 1..8),
    ) {
        let start: Vec<f32> = values[..rows * cols].to_vec();
        let mut model = Model::new([rows, cols], start.iter().map(|&v| f64::from(v)).collect());
        let mut tensor = float(start, [rows, cols]);
        for step in &steps {
            let want = match reference(&model, step) {
                Ok(want) if want.dims.iter().all(|&n| n <= LIMIT) && want.values.len() <= MOST => Ok(want),
                Ok(_) => continue,
                Err(op) => Err(op),
            };
            let input = tensor.clone();
            let got = std::panic::catch_unwind(|| apply(input, step));
            match (want, got) {
                (Ok(want), Ok(got)) => {
                    prop_assert_eq!(got.dims(), want.dims, "{:?} of {:?}", step, model.dims);
                    let values = f32s(got.clone());
                    for (i, &v) in values.iter().enumerate() {
                        prop_assert!(
                            agrees(v, want.values[i], want.scale[i]),
                            "{:?} of {:?}: element {} is {}, numpy says {}", step, model, i, v, want.values[i]
                        );
                    }
                    // Go on from the tensor's own values, so that rounding does not add up.
                    model = Model { values: values.iter().map(|&v| f64::from(v)).collect(), ..want };
                    tensor = got;
                }
                (Err(op), Err(payload)) => {
                    let message = payload_text(&*payload);
                    prop_assert!(message.starts_with(op), "{:?}: {}", step, message);
                    break;
                }
                (Ok(_), Err(payload)) => {
                    prop_assert!(false, "{:?} of {:?} panicked: {}", step, model, payload_text(&*payload));
                }
                (Err(op), Ok(_)) => prop_assert!(false, "{:?} of {:?}: {} should have panicked", step, model, op),
            }
        }
    }
}

/// A value that ties often: a small integer, sometimes `NaN` or an infinity.
fn tying_value() -> impl Strategy<Value = f32> {
    prop_oneof![
        6 => (-2i32..3).prop_map(|i| i as f32),
        1 => Just(f32::NAN),
        1 => Just(f32::INFINITY),
        1 => Just(f32::NEG_INFINITY),
    ]
}

/// The steps whose backward rule the crate documents, for the gradient fuzzer.
fn gradient_step() -> impl Strategy<Value = Step> {
    let lane = || prop::collection::vec(value(), LIMIT);
    prop_oneof![
        1 => lane().prop_map(Step::AddRow),
        1 => lane().prop_map(Step::AddCol),
        1 => (-3i32..4).prop_map(|s| Step::MulScalar(s as f32 / 2.0)),
        1 => Just(Step::Exp),
        1 => Just(Step::Neg),
        1 => Just(Step::Abs),
        1 => Just(Step::Relu),
        1 => Just(Step::Tanh),
        1 => Just(Step::SwapDims),
        1 => (0usize..2).prop_map(Step::SumDim),
        1 => (0usize..2).prop_map(Step::MeanDim),
        3 => (0usize..2).prop_map(Step::MaxDim),
    ]
}

/// The gradient reaching a step's input, from the gradient `g` of its output, by
/// the documented rule, in `f64`, on the values the tensor itself computed (`x`
/// in, `y` out, both row-major of `dims_in` and `dims_out`): `max_dim` splits
/// between ties, and between the `NaN`s of a `NaN` lane; `relu` and `abs`
/// pass none at 0; the weights of a rule multiply `g` once.
fn backward(step: &Step, dims_in: [usize; 2], x: &[f64], y: &[f64], g: &[f64]) -> Vec<f64> {
    let [rows, cols] = dims_in;
    // The flat index of the output of a reduction along `d` that element (r, c) feeds.
    let along = |d: usize, r: usize, c: usize| if d == 0 { c } else { r };
    match step {
        Step::AddRow(_) | Step::AddCol(_) => g.to_vec(),
        Step::MulScalar(s) => g.iter().map(|g| g * f64::from(*s)).collect(),
        Step::Exp => g.iter().zip(y).map(|(g, y)| g * y).collect(),
        Step::Neg => g.iter().map(|g| -g).collect(),
        Step::Tanh => g.iter().zip(y).map(|(g, y)| g * (1.0 - y * y)).collect(),
        Step::Relu => g
            .iter()
            .zip(x)
            .map(|(g, &x)| g * f64::from(u8::from(x > 0.0)))
            .collect(),
        Step::Abs => g
            .iter()
            .zip(x)
            .map(|(g, &x)| g * (f64::from(u8::from(x > 0.0)) - f64::from(u8::from(x < 0.0))))
            .collect(),
        Step::SwapDims => (0..rows * cols)
            .map(|i| g[(i % cols) * rows + i / cols])
            .collect(),
        Step::SumDim(d) | Step::MeanDim(d) | Step::MaxDim(d) => {
            let n = dims_in[*d] as f64;
            (0..rows * cols)
                .map(|i| {
                    let (r, c) = (i / cols, i % cols);
                    // The lane's output, and its elements' flat indices.
                    let out = along(*d, r, c);
                    let lane: Vec<usize> = if *d == 0 {
                        (0..rows).map(|k| k * cols + c).collect()
                    } else {
                        (0..cols).map(|k| r * cols + k).collect()
                    };
                    match step {
                        Step::SumDim(_) => g[out],
                        Step::MeanDim(_) => g[out] / n,
                        _ => {
                            let result = y[out];
                            let hits = lane.iter().filter(|&&k| x[k] == result).count() as f64;
                            let nan = f64::from(u8::from(result.is_nan()));
                            let nans = lane.iter().filter(|&&k| x[k].is_nan()).count() as f64;
                            let share = f64::from(u8::from(x[i] == result)) / (hits + nan);
                            let nan_share = f64::from(u8::from(x[i].is_nan())) / (nans + 1.0 - nan);
                            g[out] * (share + nan_share)
                        }
                    }
                })
                .collect()
        }
        other => unreachable!("{other:?} is not a gradient step"),
    }
}

proptest! {
    #![proptest_config(seam_ops::proptest_config(seam_ops::property_cases(64), "proptest-regressions/hostile-gradients.txt"))]

    /// Random chains of ops with a documented backward rule, on values full of ties,
    /// `NaN` and infinities: each leaf's gradient of the sum of the result is the
    /// rules' answer in `f64` (on the values the forward pass computed), `NaN` where
    /// and only where the rules give `NaN`.
    #[device_test]
    fn gradients_follow_the_documented_rules(
        rows in 1usize..4,
        cols in 1usize..5,
        values in prop::collection::vec(tying_value(), 16),
        steps in prop::collection::vec(gradient_step(), 1..6),
    ) {
        let x = float(values[..rows * cols].to_vec(), [rows, cols]).require_grad();
        let mut tensor = x.clone();
        let mut tape = Vec::new();
        for step in &steps {
            let next = apply(tensor.clone(), step);
            let as_f64 = |t: &Tensor<2>| f32s(t.clone()).into_iter().map(f64::from).collect::<Vec<_>>();
            tape.push((step, tensor.dims(), as_f64(&tensor), next.dims(), as_f64(&next)));
            tensor = next;
        }
        let grads = tensor.sum().backward();
        let got = f32s(x.grad(&grads).expect("every step keeps the gradient"));
        let [r, c] = tape.last().expect("a step").3;
        let mut g = vec![1.0; r * c];
        for (step, dims_in, x, _, y) in tape.iter().rev() {
            g = backward(step, *dims_in, x, y, &g);
        }
        prop_assert_eq!(got.len(), g.len());
        for (i, (&got, &want)) in got.iter().zip(&g).enumerate() {
            prop_assert!(
                agrees(got, want, want.abs()),
                "{:?} from {:?}: gradient {} is {}, the rules say {}", steps, &values[..rows * cols], i, got, want
            );
        }
    }
}

/// A `usize` argument at the edges of its type: small, or near `usize::MAX` or
/// `2^63`. (No sizes between: a result of some gigabytes would be allocated, and
/// filled, before anything could refuse it.)
fn edge_usize() -> impl Strategy<Value = usize> {
    prop_oneof![4 => 0usize..5, 1 => Just(usize::MAX), 1 => Just(usize::MAX - 1), 1 => Just(1usize << 63)]
}

/// An `i64` argument at the edges of its type.
fn edge_i64() -> impl Strategy<Value = i64> {
    prop_oneof![
        4 => -3i64..5,
        1 => Just(i64::MIN),
        1 => Just(i64::MIN + 1),
        1 => Just(i64::MAX),
        1 => Just(i64::MAX - 1),
    ]
}

/// One call that takes an index, a length, a count or a step.
#[derive(Clone, Debug)]
enum EdgeCall {
    Narrow(usize, usize, usize),
    Split(usize, usize),
    Chunk(usize, usize),
    Slice(usize, usize),
    Repeat(usize),
    Select(i64),
    Gather(i64),
    ArangeStep(i64, i64, usize),
}

fn edge_call() -> impl Strategy<Value = EdgeCall> {
    prop_oneof![
        (edge_usize(), edge_usize(), edge_usize()).prop_map(|(d, s, l)| EdgeCall::Narrow(d, s, l)),
        (edge_usize(), edge_usize()).prop_map(|(s, d)| EdgeCall::Split(s, d)),
        (edge_usize(), edge_usize()).prop_map(|(c, d)| EdgeCall::Chunk(c, d)),
        (edge_usize(), edge_usize()).prop_map(|(s, e)| EdgeCall::Slice(s, e)),
        edge_usize().prop_map(EdgeCall::Repeat),
        edge_i64().prop_map(EdgeCall::Select),
        edge_i64().prop_map(EdgeCall::Gather),
        (edge_i64(), edge_i64(), edge_usize()).prop_map(|(a, b, s)| EdgeCall::ArangeStep(a, b, s)),
    ]
}

/// `call` on a `[2, 3]` tensor: the name its refusals start with, and the dims of
/// what it returned (the first part's, for `split` and `chunk`).
fn run_edge_call(call: &EdgeCall) -> (&'static str, std::thread::Result<Vec<usize>>) {
    let t = float(vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [2, 3]);
    let device = device();
    let at = |i: i64| Tensor::<1, seam_tensor::Int>::from_ints([i], &device);
    let run = |f: &dyn Fn() -> Vec<usize>| std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    match *call {
        EdgeCall::Narrow(d, s, l) => ("narrow", run(&|| t.clone().narrow(d, s, l).dims().to_vec())),
        EdgeCall::Split(s, d) => ("split", run(&|| t.clone().split(s, d)[0].dims().to_vec())),
        EdgeCall::Chunk(c, d) => ("chunk", run(&|| t.clone().chunk(c, d)[0].dims().to_vec())),
        EdgeCall::Slice(s, e) => {
            let range = core::ops::Range { start: s, end: e };
            (
                "slice",
                run(&|| t.clone().slice([0..2, range.clone()]).dims().to_vec()),
            )
        }
        EdgeCall::Repeat(k) => ("repeat", run(&|| t.clone().repeat([k, 1]).dims().to_vec())),
        EdgeCall::Select(i) => ("select", run(&|| t.clone().select(1, at(i)).dims().to_vec())),
        EdgeCall::Gather(i) => {
            let indices = Tensor::<2, seam_tensor::Int>::from_ints([[i], [0]], &device);
            (
                "gather",
                run(&|| t.clone().gather(1, indices.clone()).dims().to_vec()),
            )
        }
        EdgeCall::ArangeStep(a, b, s) => {
            let range = core::ops::Range { start: a, end: b };
            (
                "arange",
                run(&|| {
                    Tensor::<1, seam_tensor::Int>::arange_step(range.clone(), s, &device)
                        .dims()
                        .to_vec()
                }),
            )
        }
    }
}

proptest! {
    #![proptest_config(seam_ops::proptest_config(seam_ops::property_cases(256), "proptest-regressions/hostile-edges.txt"))]

    /// Every index, length, count and step at the edges of its type, on every op
    /// that takes one: the call returns what it should, or panics naming itself;
    /// never an overflow inside the library (a debug build would panic with Rust's
    /// own message), never a wrapped value.
    #[device_test]
    fn index_arithmetic_at_the_edges_is_checked(call in edge_call()) {
        // The indices and ranges are at i64's edges, which an i32 tensor cannot hold.
        if !needs(&[DType::I64]) {
            return Ok(());
        }
        let (name, result) = run_edge_call(&call);
        match result {
            Ok(dims) => {
                let fits = match call {
                    EdgeCall::Narrow(d, s, l) => d < 2 && s.checked_add(l).is_some_and(|e| e <= [2, 3][d]) && dims[d] == l,
                    EdgeCall::Slice(s, e) => s <= e && e <= 3 && dims == [2, e - s],
                    EdgeCall::Repeat(k) => dims == [2 * k, 3],
                    EdgeCall::Select(i) | EdgeCall::Gather(i) => (0..3).contains(&i) && dims[1] == 1,
                    EdgeCall::Split(s, d) => d < 2 && s > 0 && dims[d] == s.min([2, 3][d]),
                    EdgeCall::Chunk(c, d) => d < 2 && c > 0 && dims[d] == [2usize, 3][d].div_ceil(c).max(1).min([2, 3][d]),
                    EdgeCall::ArangeStep(a, b, s) => {
                        let span = (i128::from(b) - i128::from(a)).max(0) as u128;
                        s > 0 && dims == [span.div_ceil(s as u128) as usize]
                    }
                };
                prop_assert!(fits, "{:?} gave dims {:?}", call, dims);
            }
            Err(payload) => {
                let message = payload_text(&*payload);
                prop_assert!(message.starts_with(name), "{:?} panicked with {:?}", call, message);
            }
        }
    }
}
