//! `slice_assign`: in place when the tensor owns its whole buffer, on a copy
//! otherwise (other views unchanged), for every dtype and strided tensors and values.

// `&[a..b]` is one range for a rank-1 tensor, not a list of numbers.
#![allow(clippy::single_range_in_vec_init)]

mod common;

use common::*;
use seam_backend::{Backend, DType};
use seam_cpu::Cpu;

#[test]
fn rank_1_in_place() {
    let t = tensor(vec![0.0f32, 1.0, 2.0, 3.0, 4.0], &[5]);
    let out = Cpu::slice_assign(t, &[1..3], tensor(vec![10.0f32, 20.0], &[2]));
    assert!(out.is_contiguous());
    assert_eq!(values::<f32>(out), vec![0.0, 10.0, 20.0, 3.0, 4.0]);
}

#[test]
fn a_kept_clone_forces_a_copy_and_stays_unchanged() {
    let t = tensor(vec![1i64, 2, 3, 4, 5, 6], &[2, 3]);
    let kept = t.clone();
    let out = Cpu::slice_assign(t, &[0..2, 2..3], tensor(vec![-3i64, -6], &[2, 1]));
    assert!(!out.shares_storage_with(&kept));
    assert_eq!(values::<i64>(out), vec![1, 2, -3, 4, 5, -6]);
    assert_eq!(values::<i64>(kept), vec![1, 2, 3, 4, 5, 6]);
}

#[test]
fn rank_3_with_a_transposed_value() {
    // x = 0..12 in [2, 3, 2]; the part [0..2, 1..2, 0..2] (x[i][1][k]) gets the
    // transpose of [[100, 101], [102, 103]]: value[i][0][k] = 100 + 2k + i.
    let x = arange(&[2, 3, 2], DType::F64);
    let value = swap_dims(tensor(vec![100.0f64, 101.0, 102.0, 103.0], &[2, 1, 2]), 0, 2);
    assert_eq!(dims(&value), vec![2, 1, 2]);
    let out = Cpu::slice_assign(x, &[0..2, 1..2, 0..2], value);
    assert_eq!(
        values::<f64>(out),
        vec![
            0.0, 1.0, 100.0, 102.0, 4.0, 5.0, 6.0, 7.0, 101.0, 103.0, 10.0, 11.0
        ]
    );
}

#[test]
fn a_transposed_tensor_is_copied_row_major() {
    // [[1, 4], [2, 5], [3, 6]] with column 1 of rows 0..2 replaced by [7, 8].
    let base = tensor(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3]);
    let t = swap_dims(base.clone(), 0, 1);
    let out = Cpu::slice_assign(t, &[0..2, 1..2], tensor(vec![7.0f32, 8.0], &[2, 1]));
    assert!(out.is_contiguous());
    assert_eq!(dims(&out), vec![3, 2]);
    assert_eq!(values::<f32>(out), vec![1.0, 7.0, 2.0, 8.0, 3.0, 6.0]);
    assert_eq!(values::<f32>(base), vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
}

#[test]
fn sliced_and_broadcast_tensors_are_copied() {
    // A slice [1..4] of 0..6, then [1..2] of it replaced: the buffer is untouched.
    let base = tensor(vec![0i32, 1, 2, 3, 4, 5], &[6]);
    let part = Cpu::slice(base.clone(), &[1..4]);
    let out = Cpu::slice_assign(part, &[1..2], tensor(vec![-2i32], &[1]));
    assert_eq!(values::<i32>(out), vec![1, -2, 3]);
    assert_eq!(values::<i32>(base), vec![0, 1, 2, 3, 4, 5]);
    // An expanded row gets its own rows: only row 1 changes.
    let e = expand(tensor(vec![1i32, 2, 3], &[1, 3]), &[2, 3]);
    let out = Cpu::slice_assign(e, &[1..2, 0..3], tensor(vec![7i32, 8, 9], &[1, 3]));
    assert_eq!(values::<i32>(out), vec![1, 2, 3, 7, 8, 9]);
}

#[test]
fn broadcast_and_sliced_values() {
    // A [2, 2] part of a [3, 3] bool tensor set from an expanded `true`.
    let t = tensor(vec![false; 9], &[3, 3]);
    let value = expand(tensor(vec![true], &[1, 1]), &[2, 2]);
    let out = Cpu::slice_assign(t, &[1..3, 0..2], value);
    assert_eq!(
        values::<bool>(out),
        vec![false, false, false, true, true, false, true, true, false]
    );
    // A value that is itself a sliced view.
    let v = Cpu::slice(tensor(vec![9i64, 8, 7, 6], &[4]), &[1..3]);
    let out = Cpu::slice_assign(tensor(vec![0i64; 3], &[3]), &[0..2], v);
    assert_eq!(values::<i64>(out), vec![8, 7, 0]);
}

#[test]
fn an_empty_part_changes_nothing() {
    let t = tensor(vec![1i32, 2, 3, 4], &[2, 2]);
    let out = Cpu::slice_assign(t, &[1..1, 0..2], tensor(Vec::<i32>::new(), &[0, 2]));
    assert_eq!(values::<i32>(out), vec![1, 2, 3, 4]);
}

// A `Backend` precondition: checked in debug builds only.
#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "slice_assign: the value's shape [2] is not the shape [3] of the part")]
fn a_value_of_another_shape_panics() {
    Cpu::slice_assign(tensor(vec![0i32; 4], &[4]), &[0..3], tensor(vec![1i32, 2], &[2]));
}

#[test]
#[should_panic(expected = "slice_assign: operands have different dtypes (f32 and f64)")]
fn a_value_of_another_dtype_panics() {
    Cpu::slice_assign(tensor(vec![0.0f32; 2], &[2]), &[0..1], tensor(vec![1.0f64], &[1]));
}
