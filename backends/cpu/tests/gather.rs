//! `gather` and `scatter_add` along each dim, on every dtype they take, with
//! strided tensors, indices and values.

mod common;

use common::*;
use seam_backend::{Backend, DType};
use seam_cpu::Cpu;

#[test]
fn gather_rank_1_and_2() {
    let t = tensor(vec![10i32, 20, 30], &[3]);
    let g = Cpu::gather(0, t, tensor(vec![2i64, 0, 2, 1], &[4]));
    assert_eq!(values::<i32>(g), vec![30, 10, 30, 20]);
    // [[1, 2, 3], [4, 5, 6]].
    let m = || tensor(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3]);
    let g = Cpu::gather(1, m(), tensor(vec![2i64, 0, 1, 1], &[2, 2]));
    assert_eq!(dims(&g), vec![2, 2]);
    assert_eq!(values::<f32>(g), vec![3.0, 1.0, 5.0, 5.0]);
    let g = Cpu::gather(0, m(), tensor(vec![1i64, 0, 1], &[1, 3]));
    assert_eq!(values::<f32>(g), vec![4.0, 2.0, 6.0]);
    // Indices shorter than the tensor along the other dim.
    let g = Cpu::gather(1, m(), tensor(vec![2i64], &[1, 1]));
    assert_eq!(values::<f32>(g), vec![3.0]);
}

#[test]
fn gather_rank_3_every_dtype() {
    // x[i][j][k] = 6i + 2j + k in [2, 3, 2].
    let idx = tensor(vec![1i64, 0, 0, 0, 1, 1], &[2, 3, 1]);
    let expected = [1i32, 2, 4, 6, 9, 11];
    let g = Cpu::gather(2, arange(&[2, 3, 2], DType::I64), idx.clone());
    assert_eq!(dims(&g), vec![2, 3, 1]);
    assert_eq!(values::<i64>(g), expected.map(i64::from));
    let g = Cpu::gather(2, arange(&[2, 3, 2], DType::F64), idx.clone());
    assert_eq!(values::<f64>(g), expected.map(f64::from));
    let g = Cpu::gather(2, arange(&[2, 3, 2], DType::I32), idx.clone());
    assert_eq!(values::<i32>(g), expected);
    let g = Cpu::gather(2, arange(&[2, 3, 2], DType::Bool), idx);
    assert_eq!(values::<bool>(g), vec![true; 6]);
    // Along dim 1: out[i][j][k] = x[i][idx][k] with idx [[[2, 0]], [[1, 2]]].
    let idx = tensor(vec![2i64, 0, 1, 2], &[2, 1, 2]);
    let g = Cpu::gather(1, arange(&[2, 3, 2], DType::F32), idx);
    assert_eq!(values::<f32>(g), vec![4.0, 1.0, 8.0, 11.0]);
    let b = tensor(vec![true, false, false, true], &[2, 2]);
    let g = Cpu::gather(1, b, tensor(vec![1i64, 1, 0, 1], &[2, 2]));
    assert_eq!(values::<bool>(g), vec![false, false, false, true]);
}

#[test]
fn gather_through_strided_tensors_and_indices() {
    // Transposed [[1, 4], [2, 5], [3, 6]], along dim 0 with indices [[2, 0]].
    let t = || transposed(vec![1i64, 2, 3, 4, 5, 6]);
    let g = Cpu::gather(0, t(), tensor(vec![2i64, 0], &[1, 2]));
    assert_eq!(values::<i64>(g), vec![3, 4]);
    // Transposed indices [[1, 0], [0, 1], [1, 1]] (from [[1, 0, 1], [0, 1, 1]]) along dim 1.
    let idx = transposed(vec![1i64, 0, 1, 0, 1, 1]);
    let g = Cpu::gather(1, t(), idx);
    assert_eq!(values::<i64>(g), vec![4, 1, 2, 5, 6, 6]);
    // Broadcast indices: one column of index 1, expanded to [3, 2].
    let idx = expand(tensor(vec![1i64], &[1, 1]), &[3, 2]);
    assert_eq!(values::<i64>(Cpu::gather(1, t(), idx)), vec![4, 4, 5, 5, 6, 6]);
    // A broadcast tensor: a row expanded to [2, 3], gathered along dim 0 and dim 1.
    let e = || expand(tensor(vec![7.0f64, 8.0, 9.0], &[1, 3]), &[2, 3]);
    let g = Cpu::gather(0, e(), tensor(vec![1i64, 0, 1], &[1, 3]));
    assert_eq!(values::<f64>(g), vec![7.0, 8.0, 9.0]);
    let g = Cpu::gather(1, e(), tensor(vec![2i64, 2, 0, 1], &[2, 2]));
    assert_eq!(values::<f64>(g), vec![9.0, 9.0, 7.0, 8.0]);
    // A sliced tensor: rows 1..3 of [[0, 1], [2, 3], [4, 5]].
    let s = Cpu::slice(arange(&[3, 2], DType::I32), &[1..3, 0..2]);
    let g = Cpu::gather(1, s, tensor(vec![1i64, 0], &[2, 1]));
    assert_eq!(values::<i32>(g), vec![3, 4]);
}

#[test]
#[should_panic(expected = "gather: index 3 is out of range for dim 1 of size 3")]
fn gather_index_past_the_end_panics() {
    Cpu::gather(1, tensor(vec![0i32; 6], &[2, 3]), tensor(vec![0i64, 3], &[1, 2]));
}

#[test]
#[should_panic(expected = "gather: index -1 is out of range for dim 0 of size 2")]
fn gather_negative_index_panics() {
    Cpu::gather(0, tensor(vec![0.0f32; 2], &[2]), tensor(vec![-1i64], &[1]));
}

#[test]
fn scatter_add_rank_1_and_2() {
    let z = tensor(vec![0i32; 4], &[4]);
    let s = Cpu::scatter_add(
        0,
        z,
        tensor(vec![0i64, 2, 0], &[3]),
        tensor(vec![1i32, 2, 3], &[3]),
    );
    assert_eq!(values::<i32>(s), vec![4, 0, 2, 0]);
    // out[idx[i][j]][j] += v[i][j].
    let z = tensor(vec![0.0f32; 6], &[2, 3]);
    let idx = tensor(vec![1i64, 0, 1, 0, 0, 0], &[2, 3]);
    let v = tensor(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3]);
    let s = Cpu::scatter_add(0, z, idx, v);
    assert_eq!(dims(&s), vec![2, 3]);
    assert_eq!(values::<f32>(s), vec![4.0, 7.0, 6.0, 1.0, 0.0, 3.0]);
    // out[i][idx[i][j]] += v[i][j] on ones, with fewer columns of indices.
    let ones = tensor(vec![1i64; 6], &[2, 3]);
    let idx = tensor(vec![2i64, 2, 0, 1], &[2, 2]);
    let v = tensor(vec![10i64, 20, 30, 40], &[2, 2]);
    assert_eq!(
        values::<i64>(Cpu::scatter_add(1, ones, idx, v)),
        vec![1, 1, 31, 31, 41, 1]
    );
}

#[test]
fn scatter_add_rank_3_f64() {
    // x = 0..12 in [2, 3, 2]; along dim 1, every value goes to row 2 of its block.
    let idx = tensor(vec![2i64; 4], &[2, 1, 2]);
    let v = tensor(vec![0.5f64, 1.5, 2.5, 3.5], &[2, 1, 2]);
    let s = Cpu::scatter_add(1, arange(&[2, 3, 2], DType::F64), idx, v);
    assert_eq!(
        values::<f64>(s),
        vec![0.0, 1.0, 2.0, 3.0, 4.5, 6.5, 6.0, 7.0, 8.0, 9.0, 12.5, 14.5]
    );
}

#[test]
fn scatter_add_through_strided_inputs() {
    // Transposed tensor [[1, 4], [2, 5], [3, 6]]: the result is contiguous, the
    // buffer unchanged.
    let base = tensor(vec![1i32, 2, 3, 4, 5, 6], &[2, 3]);
    let t = swap_dims(base.clone(), 0, 1);
    let idx = tensor(vec![2i64, 0], &[1, 2]);
    let v = tensor(vec![100i32, 200], &[1, 2]);
    let s = Cpu::scatter_add(0, t, idx, v);
    assert!(s.is_contiguous());
    assert_eq!(values::<i32>(s), vec![1, 204, 2, 5, 103, 6]);
    assert_eq!(values::<i32>(base), vec![1, 2, 3, 4, 5, 6]);
    // Broadcast values and transposed indices along dim 1 of zeros [3, 2]:
    // idx [[1, 0], [0, 1], [1, 1]], every value 1.
    let z = tensor(vec![0.0f32; 6], &[3, 2]);
    let idx = transposed(vec![1i64, 0, 1, 0, 1, 1]);
    let v = expand(tensor(vec![1.0f32], &[1, 1]), &[3, 2]);
    assert_eq!(
        values::<f32>(Cpu::scatter_add(1, z, idx, v)),
        vec![1.0, 1.0, 1.0, 1.0, 0.0, 2.0]
    );
    // An expanded tensor gets its own elements.
    let e = expand(tensor(vec![0i64, 0], &[1, 2]), &[2, 2]);
    let s = Cpu::scatter_add(0, e, tensor(vec![1i64], &[1, 1]), tensor(vec![5i64], &[1, 1]));
    assert_eq!(values::<i64>(s), vec![0, 0, 5, 0]);
}

#[test]
fn scatter_add_of_ints_wraps() {
    let t = tensor(vec![i32::MAX], &[1]);
    let s = Cpu::scatter_add(0, t, tensor(vec![0i64, 0], &[2]), tensor(vec![1i32, 1], &[2]));
    assert_eq!(values::<i32>(s), vec![i32::MIN + 1]);
}

#[test]
#[should_panic(expected = "scatter: index 5 is out of range for dim 0 of size 2")]
fn scatter_index_out_of_range_panics() {
    Cpu::scatter_add(
        0,
        tensor(vec![0i32; 2], &[2]),
        tensor(vec![5i64], &[1]),
        tensor(vec![1i32], &[1]),
    );
}

#[test]
#[should_panic(expected = "scatter_add needs a numeric dtype, got bool")]
fn scatter_add_of_bools_panics() {
    Cpu::scatter_add(
        0,
        tensor(vec![false], &[1]),
        tensor(vec![0i64], &[1]),
        tensor(vec![true], &[1]),
    );
}

#[test]
fn i32_indices_gather_and_scatter_as_i64_ones_do() {
    let t = tensor(vec![10i32, 20, 30], &[3]);
    let wide = Cpu::gather(0, t.clone(), tensor(vec![2i64, 0, 2], &[3]));
    let narrow = Cpu::gather(0, t.clone(), tensor(vec![2i32, 0, 2], &[3]));
    assert_eq!(Cpu::into_data(narrow), Cpu::into_data(wide));
    let values = tensor(vec![1i32, 2, 4], &[3]);
    let wide = Cpu::scatter_add(0, t.clone(), tensor(vec![2i64, 0, 2], &[3]), values.clone());
    let narrow = Cpu::scatter_add(0, t, tensor(vec![2i32, 0, 2], &[3]), values);
    assert_eq!(Cpu::into_data(narrow.clone()), Cpu::into_data(wide));
    assert_eq!(Cpu::into_data(narrow).to_vec::<i32>().unwrap(), vec![12, 20, 35]);
}

#[test]
#[should_panic(expected = "gather: indices need an integer dtype (i32 or i64), got f32")]
fn non_integer_indices_panic() {
    Cpu::gather(0, tensor(vec![0i32; 2], &[2]), tensor(vec![0.0f32], &[1]));
}
