//! Every op of the CPU backend against hand-computed values, on contiguous and on
//! strided (transposed, broadcast) inputs. The newer ops have a file each.

use seam_backend::{Backend, BinaryOp, DType, Element, Scalar, Shape, TensorData, UnaryOp};
use seam_cpu::{Cpu, CpuDevice, CpuTensor};

fn tensor<T: Element>(values: Vec<T>, dims: &[usize]) -> CpuTensor {
    Cpu::from_data(TensorData::new(values, dims.to_vec()), &CpuDevice)
}

fn values<T: Element>(tensor: CpuTensor) -> Vec<T> {
    Cpu::into_data(tensor).to_vec().unwrap()
}

fn dims(tensor: &CpuTensor) -> Vec<usize> {
    Cpu::shape(tensor).into_dims().into_vec()
}

/// `[[1, 2, 3], [4, 5, 6]]` viewed as its `[3, 2]` transpose `[[1, 4], [2, 5], [3, 6]]`.
fn transposed_f32() -> CpuTensor {
    swap_dims::<Cpu>(tensor(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3]), 0, 1)
}

fn assert_close(actual: &[f64], expected: &[f64]) {
    assert_eq!(actual.len(), expected.len(), "{actual:?} vs {expected:?}");
    for (a, e) in actual.iter().zip(expected) {
        assert!((a - e).abs() < 1e-6, "{actual:?} vs {expected:?}");
    }
}

// ---- metadata and data ----

#[test]
fn metadata() {
    let t = tensor(vec![1i32, 2, 3, 4, 5, 6], &[2, 3]);
    assert_eq!(Cpu::name(), "cpu");
    assert_eq!(Cpu::device(&t), CpuDevice);
    assert_eq!(Cpu::shape(&t), Shape::from([2, 3]));
    assert_eq!(Cpu::dtype(&t), DType::I32);
    assert!(t.is_contiguous());
    assert_eq!(t.strides(), &[3, 1]);
    assert_eq!(t.offset(), 0);
    assert!(format!("{t:?}").contains("I32"));
}

#[test]
fn round_trips_every_dtype() {
    assert_eq!(values::<f32>(tensor(vec![1.5f32, -2.0], &[2])), vec![1.5, -2.0]);
    assert_eq!(
        values::<f64>(tensor(vec![1.5f64, -2.0], &[1, 2])),
        vec![1.5, -2.0]
    );
    assert_eq!(values::<i32>(tensor(vec![7i32, -1], &[2, 1])), vec![7, -1]);
    assert_eq!(
        values::<i64>(tensor(vec![i64::MAX, -1], &[2])),
        vec![i64::MAX, -1]
    );
    assert_eq!(values::<bool>(tensor(vec![true, false], &[2])), vec![true, false]);
    let scalar = tensor(vec![3.0f64], &[]);
    assert_eq!(
        Cpu::into_data(scalar),
        TensorData::new(vec![3.0f64], Shape::new(vec![]))
    );
}

#[test]
fn into_data_of_a_transposed_view_is_row_major() {
    let t = transposed_f32();
    let data = Cpu::into_data(t);
    assert_eq!(data.shape(), &Shape::from([3, 2]));
    assert_eq!(data.to_vec::<f32>().unwrap(), vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
}

#[test]
fn full_converts_the_scalar() {
    let device = CpuDevice;
    let f = Cpu::full(Shape::from([2, 2]), Scalar::Int(3), DType::F32, &device);
    assert_eq!(values::<f32>(f), vec![3.0; 4]);
    let d = Cpu::full(Shape::from([3]), Scalar::Float(0.25), DType::F64, &device);
    assert_eq!(values::<f64>(d), vec![0.25; 3]);
    let i = Cpu::full(Shape::from([2]), Scalar::Float(-2.9), DType::I32, &device);
    assert_eq!(values::<i32>(i), vec![-2, -2]);
    let l = Cpu::full(Shape::from([1, 2]), Scalar::Bool(true), DType::I64, &device);
    assert_eq!(values::<i64>(l), vec![1, 1]);
    let b = Cpu::full(Shape::from([2]), Scalar::Int(5), DType::Bool, &device);
    assert_eq!(values::<bool>(b), vec![true, true]);
    let empty = Cpu::full(Shape::from([2, 0]), Scalar::Int(5), DType::I64, &device);
    assert_eq!(values::<i64>(empty), Vec::<i64>::new());
}

// ---- layout ----

#[test]
fn swap_dims_is_a_view() {
    let a = tensor(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3]);
    let t = swap_dims::<Cpu>(a.clone(), 0, 1);
    assert!(t.shares_storage_with(&a));
    assert_eq!(dims(&t), vec![3, 2]);
    assert_eq!(t.strides(), &[1, 3]);
    assert!(!t.is_contiguous());
    // Swapping back gives the original layout.
    let back = swap_dims::<Cpu>(t, 1, 0);
    assert!(back.is_contiguous());
    assert_eq!(values::<f32>(back), vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
}

#[test]
fn swap_dims_rank_3() {
    // x[i][j][k] = 6i + 2j + k, dims [2, 3, 2]; y = x with dims 0 and 2 swapped.
    let x = tensor((0..12i64).collect(), &[2, 3, 2]);
    let y = swap_dims::<Cpu>(x, 0, 2);
    assert_eq!(dims(&y), vec![2, 3, 2]);
    // y[k][j][i] = 6i + 2j + k.
    assert_eq!(values::<i64>(y), vec![0, 6, 2, 8, 4, 10, 1, 7, 3, 9, 5, 11]);
}

#[test]
fn reshape_of_a_contiguous_tensor_is_a_view() {
    let a = tensor(vec![1i32, 2, 3, 4, 5, 6], &[2, 3]);
    let r = Cpu::reshape(a.clone(), Shape::from([3, 1, 2]));
    assert!(r.shares_storage_with(&a));
    assert_eq!(dims(&r), vec![3, 1, 2]);
    assert_eq!(values::<i32>(r), vec![1, 2, 3, 4, 5, 6]);
}

#[test]
fn reshape_of_a_transposed_tensor_copies_row_major() {
    let t = transposed_f32();
    let flat = Cpu::reshape(t.clone(), Shape::from([6]));
    assert!(!flat.shares_storage_with(&t));
    assert!(flat.is_contiguous());
    assert_eq!(values::<f32>(flat), vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    let r = Cpu::reshape(t, Shape::from([2, 3]));
    assert_eq!(dims(&r), vec![2, 3]);
    assert_eq!(values::<f32>(r), vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    // Bool tensors reshape too.
    let b = swap_dims::<Cpu>(tensor(vec![true, false, false, true, true, false], &[2, 3]), 0, 1);
    let b = Cpu::reshape(b, Shape::from([6]));
    assert_eq!(values::<bool>(b), vec![true, true, false, true, false, false]);
}

// ---- unary ----

#[test]
fn neg_contiguous_and_transposed() {
    assert_eq!(
        values::<f32>(Cpu::unary(UnaryOp::Neg, tensor(vec![1.0f32, -2.0], &[2]))),
        vec![-1.0, 2.0]
    );
    let t = Cpu::unary(UnaryOp::Neg, transposed_f32());
    assert_eq!(dims(&t), vec![3, 2]);
    assert_eq!(values::<f32>(t), vec![-1.0, -4.0, -2.0, -5.0, -3.0, -6.0]);
    let i = swap_dims::<Cpu>(tensor(vec![1i64, 2, 3, 4], &[2, 2]), 0, 1);
    assert_eq!(values::<i64>(Cpu::unary(UnaryOp::Neg, i)), vec![-1, -3, -2, -4]);
    // Int negation wraps instead of overflowing.
    let min = tensor(vec![i32::MIN, 5], &[2]);
    assert_eq!(values::<i32>(Cpu::unary(UnaryOp::Neg, min)), vec![i32::MIN, -5]);
}

#[test]
fn exp_and_log() {
    let e = std::f64::consts::E;
    let x = tensor(vec![0.0f64, 1.0, 2.0], &[3]);
    assert_close(&values::<f64>(Cpu::unary(UnaryOp::Exp, x)), &[1.0, e, e * e]);
    let y = tensor(vec![1.0f64, e, e * e], &[3]);
    assert_close(&values::<f64>(Cpu::unary(UnaryOp::Log, y)), &[0.0, 1.0, 2.0]);
    // f32, through a transposed view: [[1, 4], [2, 5], [3, 6]].
    let logs: Vec<f64> = values::<f32>(Cpu::unary(UnaryOp::Log, transposed_f32()))
        .into_iter()
        .map(f64::from)
        .collect();
    let expected: Vec<f64> = [1.0f64, 4.0, 2.0, 5.0, 3.0, 6.0].iter().map(|v| v.ln()).collect();
    assert_close(&logs, &expected);
    let exps = values::<f32>(Cpu::unary(UnaryOp::Exp, tensor(vec![0.0f32, 1.0], &[2])));
    assert_close(&[f64::from(exps[0]), f64::from(exps[1])], &[1.0, e]);
}

#[test]
#[should_panic(expected = "exp needs a float dtype, got i64")]
fn exp_of_int_panics() {
    Cpu::unary(UnaryOp::Exp, tensor(vec![1i64], &[1]));
}

#[test]
#[should_panic(expected = "log needs a float dtype, got i32")]
fn log_of_int_panics() {
    Cpu::unary(UnaryOp::Log, tensor(vec![1i32], &[1]));
}

#[test]
#[should_panic(expected = "softmax needs a float dtype, got i32")]
fn softmax_of_int_panics() {
    Cpu::softmax(tensor(vec![1i32, 2], &[2]), 0);
}

#[test]
#[should_panic(expected = "log_softmax needs a float dtype, got i64")]
fn log_softmax_of_int_panics() {
    Cpu::log_softmax(tensor(vec![1i64, 2], &[2]), 0);
}

#[test]
#[should_panic(expected = "neg needs a numeric dtype, got bool")]
fn neg_of_bool_panics() {
    Cpu::unary(UnaryOp::Neg, tensor(vec![true], &[1]));
}

// ---- binary ----

#[test]
fn binary_ops_contiguous_f32() {
    let a = || tensor(vec![1.0f32, 2.0, 3.0, 4.0], &[2, 2]);
    let b = || tensor(vec![4.0f32, 3.0, 2.0, 1.0], &[2, 2]);
    assert_eq!(values::<f32>(Cpu::binary(BinaryOp::Add, a(), b())), vec![5.0; 4]);
    assert_eq!(
        values::<f32>(Cpu::binary(BinaryOp::Sub, a(), b())),
        vec![-3.0, -1.0, 1.0, 3.0]
    );
    assert_eq!(
        values::<f32>(Cpu::binary(BinaryOp::Mul, a(), b())),
        vec![4.0, 6.0, 6.0, 4.0]
    );
    assert_eq!(
        values::<f32>(Cpu::binary(BinaryOp::Div, a(), b())),
        vec![0.25, 2.0 / 3.0, 1.5, 4.0]
    );
}

#[test]
fn binary_broadcasts_column_and_row() {
    let col = tensor(vec![1.0f32, 2.0], &[2, 1]);
    let row = tensor(vec![10.0f32, 20.0, 30.0], &[1, 3]);
    let sum = Cpu::binary(BinaryOp::Add, col.clone(), row.clone());
    assert_eq!(dims(&sum), vec![2, 3]);
    assert_eq!(values::<f32>(sum), vec![11.0, 21.0, 31.0, 12.0, 22.0, 32.0]);
    let diff = Cpu::binary(BinaryOp::Sub, row, col);
    assert_eq!(values::<f32>(diff), vec![9.0, 19.0, 29.0, 8.0, 18.0, 28.0]);
}

#[test]
fn binary_on_transposed_inputs() {
    // [[1, 4], [2, 5], [3, 6]] * [[10, 20], [30, 40], [50, 60]]
    let b = tensor(vec![10.0f32, 20.0, 30.0, 40.0, 50.0, 60.0], &[3, 2]);
    let prod = Cpu::binary(BinaryOp::Mul, transposed_f32(), b);
    assert_eq!(values::<f32>(prod), vec![10.0, 80.0, 60.0, 200.0, 150.0, 360.0]);
    // Both transposed: t + t = 2t.
    let twice = Cpu::binary(BinaryOp::Add, transposed_f32(), transposed_f32());
    assert_eq!(values::<f32>(twice), vec![2.0, 8.0, 4.0, 10.0, 6.0, 12.0]);
    // A transposed row [1, 3] -> column [3, 1], broadcast against a [1, 2] row.
    let col = swap_dims::<Cpu>(tensor(vec![1i64, 2, 3], &[1, 3]), 0, 1);
    let row = tensor(vec![100i64, 200], &[1, 2]);
    assert_eq!(
        values::<i64>(Cpu::binary(BinaryOp::Add, col, row)),
        vec![101, 201, 102, 202, 103, 203]
    );
}

#[test]
fn binary_f64() {
    let a = tensor(vec![1.0f64, -2.5, 3.0], &[3, 1]);
    let b = tensor(vec![2.0f64], &[1, 1]);
    assert_eq!(
        values::<f64>(Cpu::binary(BinaryOp::Mul, a.clone(), b.clone())),
        vec![2.0, -5.0, 6.0]
    );
    assert_eq!(
        values::<f64>(Cpu::binary(BinaryOp::Div, a, b)),
        vec![0.5, -1.25, 1.5]
    );
}

#[test]
fn int_ops_i32_and_i64() {
    let a = || tensor(vec![7i32, -7, 9, i32::MAX], &[4]);
    let b = || tensor(vec![2i32, 2, -3, 1], &[4]);
    assert_eq!(
        values::<i32>(Cpu::binary(BinaryOp::Add, a(), b())),
        vec![9, -5, 6, i32::MIN]
    );
    assert_eq!(
        values::<i32>(Cpu::binary(BinaryOp::Sub, a(), b())),
        vec![5, -9, 12, i32::MAX - 1]
    );
    assert_eq!(
        values::<i32>(Cpu::binary(BinaryOp::Mul, a(), b())),
        vec![14, -14, -27, i32::MAX]
    );
    // Truncates toward zero.
    assert_eq!(
        values::<i32>(Cpu::binary(BinaryOp::Div, a(), b())),
        vec![3, -3, -3, i32::MAX]
    );

    let c = swap_dims::<Cpu>(tensor(vec![10i64, 20, 30, 40], &[2, 2]), 0, 1); // [[10, 30], [20, 40]]
    let d = tensor(vec![3i64, -4], &[1, 2]);
    assert_eq!(
        values::<i64>(Cpu::binary(BinaryOp::Div, c.clone(), d.clone())),
        vec![3, -7, 6, -10]
    );
    assert_eq!(
        values::<i64>(Cpu::binary(BinaryOp::Mul, c, d)),
        vec![30, -120, 60, -160]
    );
    let big = tensor(vec![i64::MAX], &[1]);
    assert_eq!(
        values::<i64>(Cpu::binary_scalar(BinaryOp::Mul, big, Scalar::Int(2))),
        vec![-2]
    );
}

#[test]
#[should_panic(expected = "division by zero in int div")]
fn int_division_by_zero_panics() {
    Cpu::binary(
        BinaryOp::Div,
        tensor(vec![1i32, 2], &[2]),
        tensor(vec![1i32, 0], &[2]),
    );
}

#[test]
#[should_panic(expected = "division by zero in int div")]
fn int_scalar_division_by_zero_panics() {
    Cpu::binary_scalar(BinaryOp::Div, tensor(vec![1i64, 2], &[2]), Scalar::Int(0));
}

#[test]
fn float_division_by_zero_is_infinite() {
    let q = Cpu::binary_scalar(BinaryOp::Div, tensor(vec![1.0f32, -1.0], &[2]), Scalar::Int(0));
    assert_eq!(values::<f32>(q), vec![f32::INFINITY, f32::NEG_INFINITY]);
}

#[test]
#[should_panic(expected = "add: operands have different dtypes (f32 and f64)")]
fn binary_dtype_mismatch_panics() {
    Cpu::binary(
        BinaryOp::Add,
        tensor(vec![1.0f32], &[1]),
        tensor(vec![1.0f64], &[1]),
    );
}

#[test]
#[should_panic(expected = "mul needs a numeric dtype, got bool")]
fn binary_of_bools_panics() {
    Cpu::binary(BinaryOp::Mul, tensor(vec![true], &[1]), tensor(vec![false], &[1]));
}

#[test]
#[should_panic(expected = "do not broadcast")]
fn binary_incompatible_shapes_panic() {
    Cpu::binary(
        BinaryOp::Add,
        tensor(vec![1i32, 2], &[2]),
        tensor(vec![1i32, 2, 3], &[3]),
    );
}

// ---- binary_scalar ----

#[test]
fn binary_scalar_converts_to_the_tensor_dtype() {
    let a = tensor(vec![1.0f32, 2.0], &[2]);
    assert_eq!(
        values::<f32>(Cpu::binary_scalar(BinaryOp::Mul, a.clone(), Scalar::Float(1.5))),
        vec![1.5, 3.0]
    );
    assert_eq!(
        values::<f32>(Cpu::binary_scalar(BinaryOp::Sub, a.clone(), Scalar::Int(1))),
        vec![0.0, 1.0]
    );
    assert_eq!(
        values::<f32>(Cpu::binary_scalar(BinaryOp::Div, a, Scalar::Bool(true))),
        vec![1.0, 2.0]
    );
    // 2.9 is truncated to 2 for an int tensor.
    let i = tensor(vec![5i64, -5], &[2]);
    assert_eq!(
        values::<i64>(Cpu::binary_scalar(BinaryOp::Div, i.clone(), Scalar::Float(2.9))),
        vec![2, -2]
    );
    assert_eq!(
        values::<i64>(Cpu::binary_scalar(BinaryOp::Add, i, Scalar::Int(10))),
        vec![15, 5]
    );
    let j = tensor(vec![3i32], &[1, 1]);
    assert_eq!(
        values::<i32>(Cpu::binary_scalar(BinaryOp::Sub, j, Scalar::Int(4))),
        vec![-1]
    );
    let d = tensor(vec![3.0f64], &[]);
    assert_eq!(
        values::<f64>(Cpu::binary_scalar(BinaryOp::Add, d, Scalar::Float(0.5))),
        vec![3.5]
    );
}

#[test]
fn binary_scalar_on_a_transposed_view() {
    let t = Cpu::binary_scalar(BinaryOp::Sub, transposed_f32(), Scalar::Float(1.0));
    assert_eq!(dims(&t), vec![3, 2]);
    assert_eq!(values::<f32>(t), vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
}

#[test]
#[should_panic(expected = "add (scalar) needs a numeric dtype, got bool")]
fn binary_scalar_on_bools_panics() {
    Cpu::binary_scalar(BinaryOp::Add, tensor(vec![true], &[1]), Scalar::Bool(true));
}

// ---- matmul ----

const A: [f32; 6] = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]; // [2, 3]
const B: [f32; 6] = [7.0, 8.0, 9.0, 10.0, 11.0, 12.0]; // [3, 2]
const AB: [f32; 4] = [58.0, 64.0, 139.0, 154.0];

#[test]
fn matmul_2d() {
    let c = Cpu::matmul(tensor(A.to_vec(), &[2, 3]), tensor(B.to_vec(), &[3, 2]));
    assert_eq!(dims(&c), vec![2, 2]);
    assert_eq!(values::<f32>(c), AB.to_vec());
}

#[test]
fn matmul_transposed_operands() {
    // B stored as its transpose [2, 3], then viewed as [3, 2].
    let bt = swap_dims::<Cpu>(tensor(vec![7.0f32, 9.0, 11.0, 8.0, 10.0, 12.0], &[2, 3]), 0, 1);
    let c = Cpu::matmul(tensor(A.to_vec(), &[2, 3]), bt.clone());
    assert_eq!(values::<f32>(c), AB.to_vec());
    // A stored as its transpose [3, 2], then viewed as [2, 3].
    let at = swap_dims::<Cpu>(tensor(vec![1.0f32, 4.0, 2.0, 5.0, 3.0, 6.0], &[3, 2]), 0, 1);
    assert_eq!(values::<f32>(Cpu::matmul(at, bt)), AB.to_vec());
}

#[test]
fn matmul_ints() {
    let a = tensor(vec![1i64, 2, 3, 4], &[2, 2]);
    let b = tensor(vec![5i64, 6, 7, 8], &[2, 2]);
    assert_eq!(values::<i64>(Cpu::matmul(a, b)), vec![19, 22, 43, 50]);
    let a = tensor(vec![1i32, 2, 3, 4], &[1, 2, 2]);
    let b = swap_dims::<Cpu>(tensor(vec![5i32, 7, 6, 8], &[1, 2, 2]), 1, 2);
    assert_eq!(values::<i32>(Cpu::matmul(a, b)), vec![19, 22, 43, 50]);
}

#[test]
fn matmul_broadcasts_batch_dims_small() {
    // lhs [2, 1, 1, 2]: rows L0 = [1, 2], L1 = [3, 4].
    // rhs [1, 2, 2, 1]: columns R0 = [5, 6], R1 = [7, 8].
    // out [2, 2, 1, 1]: out[i][j] = Li . Rj.
    let lhs = tensor(vec![1.0f64, 2.0, 3.0, 4.0], &[2, 1, 1, 2]);
    let rhs = tensor(vec![5.0f64, 6.0, 7.0, 8.0], &[1, 2, 2, 1]);
    let out = Cpu::matmul(lhs, rhs);
    assert_eq!(dims(&out), vec![2, 2, 1, 1]);
    assert_eq!(values::<f64>(out), vec![17.0, 23.0, 39.0, 53.0]);
}

/// The product of row-major `[batch.., m, k]` and `[batch.., k, n]` data, batch dims
/// broadcast, the slow obvious way.
fn reference_matmul(a: &[f64], ad: &[usize], b: &[f64], bd: &[usize]) -> (Vec<f64>, Vec<usize>) {
    let r = ad.len();
    let (m, k, n) = (ad[r - 2], ad[r - 1], bd[r - 1]);
    let batch: Vec<usize> = (0..r - 2).map(|d| ad[d].max(bd[d])).collect();
    let total: usize = batch.iter().product();
    let mut out = Vec::new();
    for flat in 0..total {
        // Unravel `flat` into a batch index, then clamp broadcast dims to 0.
        let mut idx = vec![0; batch.len()];
        let mut rest = flat;
        for d in (0..batch.len()).rev() {
            idx[d] = rest % batch[d];
            rest /= batch[d];
        }
        let start = |dims: &[usize], mat: usize| {
            let mut s = 0;
            for d in 0..batch.len() {
                s = s * dims[d] + if dims[d] == 1 { 0 } else { idx[d] };
            }
            s * mat
        };
        let (sa, sb) = (start(ad, m * k), start(bd, k * n));
        for i in 0..m {
            for j in 0..n {
                out.push((0..k).map(|p| a[sa + i * k + p] * b[sb + p * n + j]).sum());
            }
        }
    }
    let mut dims = batch;
    dims.extend([m, n]);
    (out, dims)
}

#[test]
fn matmul_broadcasts_batch_dims() {
    let ad = [2, 1, 2, 3];
    let bd = [1, 3, 3, 2];
    let a: Vec<f64> = (0..12).map(|v| f64::from(v) - 5.0).collect();
    let b: Vec<f64> = (0..18).map(|v| f64::from(v) * 0.5).collect();
    let (expected, expected_dims) = reference_matmul(&a, &ad, &b, &bd);
    assert_eq!(expected_dims, vec![2, 3, 2, 2]);
    let out = Cpu::matmul(tensor(a.clone(), &ad), tensor(b.clone(), &bd));
    assert_eq!(dims(&out), expected_dims);
    assert_eq!(values::<f64>(out), expected);
    // Same product with rhs given as a transposed view of its transpose.
    let mut b_t = vec![0.0; 18];
    for batch in 0..3 {
        for p in 0..3 {
            for j in 0..2 {
                b_t[batch * 6 + j * 3 + p] = b[batch * 6 + p * 2 + j];
            }
        }
    }
    let rhs = swap_dims::<Cpu>(tensor(b_t, &[1, 3, 2, 3]), 2, 3);
    assert_eq!(values::<f64>(Cpu::matmul(tensor(a, &ad), rhs)), expected);
}

#[test]
fn matmul_with_an_empty_inner_dim_is_zero() {
    let a = tensor(Vec::<f32>::new(), &[2, 0]);
    let b = tensor(Vec::<f32>::new(), &[0, 3]);
    let c = Cpu::matmul(a, b);
    assert_eq!(dims(&c), vec![2, 3]);
    assert_eq!(values::<f32>(c), vec![0.0; 6]);
}

#[test]
#[should_panic(expected = "matmul: operands have different dtypes (i32 and i64)")]
fn matmul_dtype_mismatch_panics() {
    Cpu::matmul(tensor(vec![1i32], &[1, 1]), tensor(vec![1i64], &[1, 1]));
}

// ---- sum_dim ----

/// x[i][j][k] = 6i + 2j + k, dims [2, 3, 2].
fn rank3() -> CpuTensor {
    tensor((0..12u8).map(f32::from).collect(), &[2, 3, 2])
}

#[test]
fn sum_dim_rank_3() {
    let s0 = sum_dim::<Cpu>(rank3(), 0);
    assert_eq!(dims(&s0), vec![1, 3, 2]);
    assert_eq!(values::<f32>(s0), vec![6.0, 8.0, 10.0, 12.0, 14.0, 16.0]);
    let s1 = sum_dim::<Cpu>(rank3(), 1);
    assert_eq!(dims(&s1), vec![2, 1, 2]);
    assert_eq!(values::<f32>(s1), vec![6.0, 9.0, 24.0, 27.0]);
    let s2 = sum_dim::<Cpu>(rank3(), 2);
    assert_eq!(dims(&s2), vec![2, 3, 1]);
    assert_eq!(values::<f32>(s2), vec![1.0, 5.0, 9.0, 13.0, 17.0, 21.0]);
}

#[test]
fn sum_dim_of_transposed_views() {
    let t = transposed_f32(); // [[1, 4], [2, 5], [3, 6]]
    assert_eq!(values::<f32>(sum_dim::<Cpu>(t.clone(), 0)), vec![6.0, 15.0]);
    let s1 = sum_dim::<Cpu>(t, 1);
    assert_eq!(dims(&s1), vec![3, 1]);
    assert_eq!(values::<f32>(s1), vec![5.0, 7.0, 9.0]);

    // y[k][j][i] = x[i][j][k] = 6i + 2j + k.
    let y = swap_dims::<Cpu>(rank3(), 0, 2);
    let first = sum_dim::<Cpu>(y.clone(), 0); // sum over k: 12i + 4j + 1, at [0][j][i]
    assert_eq!(dims(&first), vec![1, 3, 2]);
    assert_eq!(values::<f32>(first), vec![1.0, 13.0, 5.0, 17.0, 9.0, 21.0]);
    let last = sum_dim::<Cpu>(y, 2); // sum over i: 6 + 4j + 2k, at [k][j][0]
    assert_eq!(dims(&last), vec![2, 3, 1]);
    assert_eq!(values::<f32>(last), vec![6.0, 10.0, 14.0, 8.0, 12.0, 16.0]);
}

#[test]
fn sum_dim_ints_and_f64() {
    let i = tensor(vec![1i32, 2, 3, 4, 5, 6], &[2, 3]);
    assert_eq!(values::<i32>(sum_dim::<Cpu>(i, 1)), vec![6, 15]);
    let l = tensor(vec![i64::MAX, 1], &[2]);
    assert_eq!(values::<i64>(sum_dim::<Cpu>(l, 0)), vec![i64::MIN]);
    let d = tensor(vec![0.5f64, 0.25, 0.125], &[3, 1]);
    let s = sum_dim::<Cpu>(d, 0);
    assert_eq!(dims(&s), vec![1, 1]);
    assert_eq!(values::<f64>(s), vec![0.875]);
    let empty = tensor(Vec::<f32>::new(), &[2, 0]);
    assert_eq!(values::<f32>(sum_dim::<Cpu>(empty, 1)), vec![0.0, 0.0]);
}

#[test]
#[should_panic(expected = "sum_dim needs a numeric dtype, got bool")]
fn sum_dim_of_bools_panics() {
    sum_dim::<Cpu>(tensor(vec![true, false], &[2]), 0);
}

// ---- chained ops on views ----

#[test]
fn ops_on_results_of_ops() {
    // (A^T @ I) reshaped, then broadcast against a column: exercises results as inputs.
    let eye = tensor(vec![1.0f32, 0.0, 0.0, 1.0], &[2, 2]);
    let p = Cpu::matmul(transposed_f32(), eye); // [[1, 4], [2, 5], [3, 6]]
    let p = swap_dims::<Cpu>(Cpu::reshape(p, Shape::from([2, 3])), 0, 1); // [[1, 5], [4, 3], [2, 6]]
    let col = tensor(vec![1.0f32, 2.0, 3.0], &[3, 1]);
    let q = Cpu::binary(BinaryOp::Mul, p, col);
    assert_eq!(values::<f32>(q), vec![1.0, 5.0, 8.0, 6.0, 6.0, 18.0]);
}

/// `tensor` with dims `a` and `b` exchanged, through `permute`.
fn swap_dims<B: Backend>(tensor: B::Tensor, a: usize, b: usize) -> B::Tensor {
    let mut axes: Vec<usize> = (0..B::shape(&tensor).rank()).collect();
    axes.swap(a, b);
    B::permute(tensor, &axes)
}

/// The sum along `dim`, through `reduce_dim`.
fn sum_dim<B: Backend>(tensor: B::Tensor, dim: usize) -> B::Tensor {
    B::reduce_dim(seam_backend::ReduceOp::Sum, tensor, dim)
}
