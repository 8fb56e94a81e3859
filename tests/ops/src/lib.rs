//! Helpers shared by the integration tests of `seam-tensor`'s ops (in `tests/`):
//! building tensors from a `Vec` and a shape, reading their values back with a dtype
//! check, comparing floats approximately, and row-major index arithmetic for the
//! naive reference loops the tests compare against.

use seam_tensor::{Bool, DType, Device, Int, Tensor, TensorData, TensorKind};

pub use seam_ops_macros::device_test;

std::thread_local! {
    /// The device of the test running on this thread, and its name.
    static DEVICE: std::cell::RefCell<Option<(&'static str, Device)>> = const { std::cell::RefCell::new(None) };
}

/// The device the running test runs on: the one [`on_device`] set for it (each
/// [`device_test`] runs once per device of the build).
///
/// # Panics
///
/// Outside a [`device_test`] (a plain `#[test]` has no device: mark it
/// `#[device_test]`, or name a device with `Device::cpu()` and the like).
#[track_caller]
pub fn device() -> Device {
    DEVICE
        .with_borrow(|device| device.as_ref().map(|(_, device)| device.clone()))
        .unwrap_or_else(|| {
            panic!("seam_ops::device() is set inside a #[device_test] only; mark this test #[device_test]")
        })
}

/// The name of [`device`]'s device (`cpu`, `wgpu` or `vulkan`).
///
/// # Panics
///
/// As [`device`].
#[track_caller]
pub fn device_name() -> &'static str {
    DEVICE
        .with_borrow(|device| device.as_ref().map(|(name, _)| *name))
        .unwrap_or_else(|| {
            panic!(
                "seam_ops::device_name() is set inside a #[device_test] only; mark this test #[device_test]"
            )
        })
}

/// The device `name`, made once per test binary: the tests share it, as users of
/// one device do.
fn found(name: &'static str) -> Result<Device, String> {
    type Found = Vec<(&'static str, Result<Device, String>)>;
    static FOUND: std::sync::Mutex<Found> = std::sync::Mutex::new(Vec::new());
    let mut found = FOUND.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, device)) = found.iter().find(|(n, _)| *n == name) {
        return device.clone();
    }
    let device = Device::named(name).map_err(|e| e.to_string());
    found.push((name, device.clone()));
    device
}

/// Runs `test` with [`device`] set to the device `name` (what [`device_test`]'s
/// tests call). Where the machine lacks the device (no wgpu adapter, no Vulkan
/// driver) the test is reported as skipped and passes, except under `CI`, which
/// installs them: there it fails.
pub fn on_device(name: &'static str, test: impl FnOnce()) {
    let device = match found(name) {
        Ok(device) => device,
        Err(reason) if std::env::var_os("CI").is_none() => {
            seam_test_support::skipped(&seam_test_support::test_name(), &reason);
            return;
        }
        Err(reason) => panic!("CI must have the device {name}: {reason}"),
    };
    /// Clears the thread's device when the test ends, by a panic too.
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            DEVICE.set(None);
        }
    }
    DEVICE.set(Some((name, device)));
    let _reset = Reset;
    test();
}

pub use seam_test_support::{assert_panics, panic_message};

/// Whether the test device holds every dtype in `dtypes`: a test (or the part of one)
/// that needs one starts with `if !needs(&[DType::F64]) { return; }`. When the device
/// lacks one (a wgpu device on OpenGL has no `f64` and no `i64`; its `Int` tensors are
/// `i32`, so only the tests of `i64`'s own range need `i64`), the test is reported as
/// not run, once, after checking the device's refusal
/// ([`seam_test_support::not_run`]).
#[track_caller]
pub fn needs(dtypes: &[DType]) -> bool {
    needs_on(&device(), dtypes)
}

/// [`needs`] for another device than the test device.
#[track_caller]
pub fn needs_on(device: &Device, dtypes: &[DType]) -> bool {
    let info = device.describe();
    let Some(missing) = seam_test_support::first_missing(&info, dtypes) else {
        return true;
    };
    // Once per test: a property test asks on every case.
    static REPORTED: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let test = seam_test_support::test_name();
    let mut reported = REPORTED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if !reported.contains(&test) {
        reported.push(test.clone());
        seam_test_support::not_run(&test, missing, &info, || {
            drop(round_trip(
                TensorData::full([1], seam_tensor::Scalar::Int(0), missing),
                device,
            ));
        });
    }
    false
}

/// Rank-1 `data` through a tensor of its dtype on `device`, and back (an `Int` one
/// is made at the device's integer dtype, then cast to the data's).
///
/// # Panics
///
/// If `data` is not rank 1, or the device cannot hold its dtype.
#[track_caller]
pub fn round_trip(data: TensorData, device: &Device) -> TensorData {
    let dtype = data.dtype();
    match dtype {
        DType::F32 | DType::F64 => Tensor::<1>::from_data(data, device).into_data(),
        DType::I32 | DType::I64 => Tensor::<1, Int>::from_data(data, device).cast(dtype).into_data(),
        DType::Bool => Tensor::<1, Bool>::from_data(data, device).into_data(),
    }
}

/// A `Float` tensor of `dims` holding row-major `f32` `values`.
///
/// # Panics
///
/// If the number of values is not the product of `dims`.
#[track_caller]
pub fn float<const D: usize>(values: Vec<f32>, dims: [usize; D]) -> Tensor<D> {
    Tensor::from_data(TensorData::new(values, dims), &device())
}

/// A `Float` tensor of `dims` holding row-major `f64` `values` (dtype `f64`).
///
/// # Panics
///
/// If the number of values is not the product of `dims`.
#[track_caller]
pub fn float64<const D: usize>(values: Vec<f64>, dims: [usize; D]) -> Tensor<D> {
    Tensor::from_data(TensorData::new(values, dims), &device())
}

/// An `Int` tensor of `dims` holding row-major `i64` `values`.
///
/// # Panics
///
/// If the number of values is not the product of `dims`.
#[track_caller]
pub fn int<const D: usize>(values: Vec<i64>, dims: [usize; D]) -> Tensor<D, Int> {
    Tensor::from_data(TensorData::new(values, dims), &device())
}

/// A `Bool` tensor of `dims` holding row-major `values`.
///
/// # Panics
///
/// If the number of values is not the product of `dims`.
#[track_caller]
pub fn boolean<const D: usize>(values: Vec<bool>, dims: [usize; D]) -> Tensor<D, Bool> {
    Tensor::from_data(TensorData::new(values, dims), &device())
}

/// `n` consecutive `f32` values `start, start + 1, ..`.
pub fn counting(n: usize, start: f32) -> Vec<f32> {
    (0..n).map(|i| start + i as f32).collect()
}

/// A `Float` tensor of `dims` holding `start, start + 1, ..` in row-major order.
pub fn counting_tensor<const D: usize>(dims: [usize; D], start: f32) -> Tensor<D> {
    float(counting(dims.iter().product(), start), dims)
}

/// The values of an `f32` tensor, row-major.
///
/// # Panics
///
/// If the tensor's dtype is not `f32`.
#[track_caller]
pub fn f32s<const D: usize>(tensor: Tensor<D>) -> Vec<f32> {
    let data = tensor.into_data();
    assert_eq!(data.dtype(), DType::F32, "expected f32 data");
    data.to_vec::<f32>().unwrap()
}

/// The values of an `f64` tensor, row-major.
///
/// # Panics
///
/// If the tensor's dtype is not `f64`.
#[track_caller]
pub fn f64s<const D: usize>(tensor: Tensor<D>) -> Vec<f64> {
    let data = tensor.into_data();
    assert_eq!(data.dtype(), DType::F64, "expected f64 data");
    data.to_vec::<f64>().unwrap()
}

/// The values of an `Int` tensor, row-major, as `i64`.
///
/// # Panics
///
/// If the tensor's dtype is not its device's integer dtype (`i64`, or `i32` on a
/// device without it).
#[track_caller]
pub fn i64s<const D: usize>(tensor: Tensor<D, Int>) -> Vec<i64> {
    let int = tensor.device().int_dtype();
    let data = tensor.into_data();
    assert_eq!(data.dtype(), int, "expected the device's integer dtype");
    data.to_vec::<i64>().unwrap()
}

/// Whether `actual` is within a relative (or, near zero, absolute) `tolerance` of
/// `expected`. Two NaNs are close; infinities must be equal.
pub fn is_close(actual: f64, expected: f64, tolerance: f64) -> bool {
    if expected.is_nan() {
        return actual.is_nan();
    }
    if expected.is_infinite() {
        return actual == expected;
    }
    (actual - expected).abs() <= tolerance * expected.abs().max(1.0)
}

/// Asserts that two `f32` slices have the same length and elementwise close values
/// (relative tolerance `1e-5`, see [`is_close`]).
///
/// # Panics
///
/// If they differ, with both slices and the first differing index in the message.
#[track_caller]
pub fn assert_close(actual: &[f32], expected: &[f32]) {
    assert_eq!(
        actual.len(),
        expected.len(),
        "lengths differ:\n  actual   {actual:?}\n  expected {expected:?}"
    );
    if let Some(i) =
        (0..actual.len()).find(|&i| !is_close(f64::from(actual[i]), f64::from(expected[i]), 1e-5))
    {
        panic!(
            "values differ at index {i} ({} vs {}):\n  actual   {actual:?}\n  expected {expected:?}",
            actual[i], expected[i]
        );
    }
}

/// Asserts that two `f64` slices have the same length and elementwise close values
/// (relative tolerance `1e-12`, see [`is_close`]).
///
/// # Panics
///
/// If they differ, with both slices and the first differing index in the message.
#[track_caller]
pub fn assert_close_f64(actual: &[f64], expected: &[f64]) {
    assert_eq!(
        actual.len(),
        expected.len(),
        "lengths differ:\n  actual   {actual:?}\n  expected {expected:?}"
    );
    if let Some(i) = (0..actual.len()).find(|&i| !is_close(actual[i], expected[i], 1e-12)) {
        panic!(
            "values differ at index {i} ({} vs {}):\n  actual   {actual:?}\n  expected {expected:?}",
            actual[i], expected[i]
        );
    }
}

/// Asserts that `tensor` is an `f32` tensor of `dims` whose values are close to
/// `expected` (see [`assert_close`]).
///
/// # Panics
///
/// If the dims, the dtype or the values differ.
#[track_caller]
pub fn assert_float<const D: usize>(tensor: Tensor<D>, dims: [usize; D], expected: &[f32]) {
    assert_eq!(tensor.dims(), dims, "dims differ");
    assert_close(&f32s(tensor), expected);
}

/// Asserts that `tensor` is an `i64` tensor of `dims` holding exactly `expected`.
///
/// # Panics
///
/// If the dims, the dtype or the values differ.
#[track_caller]
pub fn assert_int<const D: usize>(tensor: Tensor<D, Int>, dims: [usize; D], expected: &[i64]) {
    assert_eq!(tensor.dims(), dims, "dims differ");
    assert_eq!(i64s(tensor), expected);
}

/// The row-major position of the element at `index` in a tensor of `dims`.
///
/// # Panics
///
/// If `index` and `dims` have different lengths or an index is out of bounds.
pub fn flat_index(dims: &[usize], index: &[usize]) -> usize {
    assert_eq!(dims.len(), index.len(), "index rank differs from dims rank");
    dims.iter().zip(index).fold(0, |acc, (&d, &i)| {
        assert!(i < d, "index {index:?} is out of bounds for dims {dims:?}");
        acc * d + i
    })
}

/// The multi-dim index of the row-major position `flat` in a tensor of `dims`: the
/// inverse of [`flat_index`].
pub fn unflat_index(dims: &[usize], mut flat: usize) -> Vec<usize> {
    let mut index = vec![0; dims.len()];
    for (slot, &d) in index.iter_mut().zip(dims).rev() {
        *slot = flat % d;
        flat /= d;
    }
    index
}

/// The values of a `Bool` tensor, row-major.
///
/// # Panics
///
/// If the tensor's dtype is not `bool`.
#[track_caller]
pub fn bools<const D: usize>(tensor: Tensor<D, Bool>) -> Vec<bool> {
    let data = tensor.into_data();
    assert_eq!(data.dtype(), DType::Bool, "expected bool data");
    data.to_vec::<bool>().unwrap()
}

/// The values of a tensor of any kind and dtype, row-major, as `f64` (`true` is 1).
pub fn values_f64<const D: usize, K: TensorKind>(tensor: Tensor<D, K>) -> Vec<f64> {
    let data = tensor.into_data();
    (0..data.num_elements()).map(|i| data.value_f64(i)).collect()
}

/// Asserts that `tensor` is a `Bool` tensor of `dims` holding exactly `expected`.
///
/// # Panics
///
/// If the dims, the dtype or the values differ.
#[track_caller]
pub fn assert_bool<const D: usize>(tensor: Tensor<D, Bool>, dims: [usize; D], expected: &[bool]) {
    assert_eq!(tensor.dims(), dims, "dims differ");
    assert_eq!(bools(tensor), expected);
}

/// Asserts that `actual` (any float precision, widened to `f64`) is elementwise
/// within the relative `tolerance` of the `f64` reference `expected` (see
/// [`is_close`]).
///
/// # Panics
///
/// If the lengths or the values differ, naming the first differing index.
#[track_caller]
pub fn assert_close_tol(actual: &[f64], expected: &[f64], tolerance: f64) {
    assert_eq!(
        actual.len(),
        expected.len(),
        "lengths differ:\n  actual   {actual:?}\n  expected {expected:?}"
    );
    if let Some(i) = (0..actual.len()).find(|&i| !is_close(actual[i], expected[i], tolerance)) {
        panic!(
            "values differ at index {i} ({} vs {}, tolerance {tolerance}):\n  actual   {actual:?}\n  expected {expected:?}",
            actual[i], expected[i]
        );
    }
}

/// Asserts that `tensor` is an `f32` tensor of `dims` whose values are within the
/// relative `tolerance` of the `f64` reference `expected`.
///
/// # Panics
///
/// If the dims, the dtype or the values differ.
#[track_caller]
pub fn assert_float_tol<const D: usize>(
    tensor: Tensor<D>,
    dims: [usize; D],
    expected: &[f64],
    tolerance: f64,
) {
    assert_eq!(tensor.dims(), dims, "dims differ");
    let actual: Vec<f64> = f32s(tensor).into_iter().map(f64::from).collect();
    assert_close_tol(&actual, expected, tolerance);
}

/// The row-major values of `values` (of `dims`) with the dims reordered as
/// `permute(axes)` reorders them: dim `i` of the result is dim `axes[i]` of the input.
pub fn reference_permute<T: Copy>(values: &[T], dims: &[usize], axes: &[usize]) -> Vec<T> {
    let out_dims: Vec<usize> = axes.iter().map(|&a| dims[a]).collect();
    let n: usize = out_dims.iter().product();
    (0..n)
        .map(|flat| {
            let out_index = unflat_index(&out_dims, flat);
            let mut index = vec![0; dims.len()];
            for (i, &a) in axes.iter().enumerate() {
                index[a] = out_index[i];
            }
            values[flat_index(dims, &index)]
        })
        .collect()
}

/// The inverse permutation of `axes`.
fn inverse_axes<const D: usize>(axes: [usize; D]) -> [usize; D] {
    let mut inverse = [0; D];
    for (i, &a) in axes.iter().enumerate() {
        inverse[a] = i;
    }
    inverse
}

/// A `Float` tensor of logical `dims` holding row-major `values`, built as a strided
/// view: the data is stored permuted by the inverse of `axes` and the result is
/// `stored.permute(axes)`, so no element is where a contiguous tensor keeps it
/// (unless `axes` is the identity).
///
/// # Panics
///
/// If the number of values is not the product of `dims` or `axes` is not a
/// permutation.
#[track_caller]
pub fn permuted_float<const D: usize>(values: &[f32], dims: [usize; D], axes: [usize; D]) -> Tensor<D> {
    let inverse = inverse_axes(axes);
    let stored_dims: [usize; D] = std::array::from_fn(|i| dims[inverse[i]]);
    let stored = reference_permute(values, &dims, &inverse);
    let t = float(stored, stored_dims).permute(axes);
    assert_eq!(t.dims(), dims, "permuted_float: axes do not give back dims");
    t
}

/// [`permuted_float`] for `Int` (`i64`) values.
#[track_caller]
pub fn permuted_int<const D: usize>(values: &[i64], dims: [usize; D], axes: [usize; D]) -> Tensor<D, Int> {
    let inverse = inverse_axes(axes);
    let stored_dims: [usize; D] = std::array::from_fn(|i| dims[inverse[i]]);
    let stored = reference_permute(values, &dims, &inverse);
    let t = int(stored, stored_dims).permute(axes);
    assert_eq!(t.dims(), dims, "permuted_int: axes do not give back dims");
    t
}

/// A naive reduction along `dim` of row-major `values` of `dims`: `reduce` is applied
/// to each lane along `dim` (in index order), and the result keeps the dim with
/// size 1, row-major.
pub fn reference_reduce<T: Copy, R>(
    values: &[T],
    dims: &[usize],
    dim: usize,
    reduce: impl Fn(&[T]) -> R,
) -> Vec<R> {
    let mut out_dims = dims.to_vec();
    out_dims[dim] = 1;
    let n: usize = out_dims.iter().product();
    (0..n)
        .map(|flat| {
            let mut index = unflat_index(&out_dims, flat);
            let lane: Vec<T> = (0..dims[dim])
                .map(|j| {
                    index[dim] = j;
                    values[flat_index(dims, &index)]
                })
                .collect();
            reduce(&lane)
        })
        .collect()
}

/// The row-major position in a tensor of `dims` of the element that broadcasting
/// takes from it for position `out_index` of a larger result: dims of size 1 stay
/// at 0; leading dims of the result that `dims` lacks are skipped.
pub fn broadcast_index(dims: &[usize], out_index: &[usize]) -> usize {
    let lead = out_index.len() - dims.len();
    let index: Vec<usize> = dims
        .iter()
        .zip(&out_index[lead..])
        .map(|(&d, &i)| if d == 1 { 0 } else { i })
        .collect();
    flat_index(dims, &index)
}

/// A naive broadcasting binary op: `f(lhs[..], rhs[..])` over the broadcast shape
/// `out_dims` of `lhs` (of `ld`) and `rhs` (of `rd`), row-major.
pub fn reference_binary<A: Copy, B: Copy, R>(
    lhs: &[A],
    ld: &[usize],
    rhs: &[B],
    rd: &[usize],
    out_dims: &[usize],
    f: impl Fn(A, B) -> R,
) -> Vec<R> {
    let n: usize = out_dims.iter().product();
    (0..n)
        .map(|flat| {
            let index = unflat_index(out_dims, flat);
            f(lhs[broadcast_index(ld, &index)], rhs[broadcast_index(rd, &index)])
        })
        .collect()
}

/// `n` varied `f32` values in `[-4, 4)`, a deterministic function of `seed` (for
/// inputs that are not as regular as [`counting`]).
pub fn varied(n: usize, seed: u32) -> Vec<f32> {
    (0..n)
        .map(|i| {
            let h = (i as u32)
                .wrapping_mul(2_654_435_761)
                .wrapping_add(seed.wrapping_mul(40_503))
                >> 7;
            (h % 800) as f32 / 100.0 - 4.0
        })
        .collect()
}

/// The configuration of the suite's property tests (shared with the CPU backend's).
pub use seam_test_support::proptest_config;

/// The cases a property of this suite runs: `local` in a plain `cargo test`, where
/// each case of the GPU properties costs kernel launches, and at least
/// [`CI_CASES`] under `CI`.
pub fn property_cases(local: u32) -> u32 {
    if std::env::var_os("CI").is_some() {
        local.max(CI_CASES)
    } else {
        local
    }
}

/// The least number of cases each property of this suite runs under `CI`.
pub const CI_CASES: u32 = 256;
