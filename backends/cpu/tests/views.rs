//! The view ops `expand` and `slice`: no copy, and every op reads their results.

// `&[a..b]` is one range for a rank-1 tensor, not a list of numbers.
#![allow(clippy::single_range_in_vec_init)]

mod common;

use common::*;
use seam_backend::{Backend, BinaryOp, DType};
use seam_cpu::Cpu;

#[test]
fn expand_sets_stride_0_along_grown_dims() {
    let row = tensor(vec![1.0f32, 2.0, 3.0], &[1, 3]);
    let e = expand(row.clone(), &[2, 3]);
    assert!(e.shares_storage_with(&row));
    assert_eq!(dims(&e), vec![2, 3]);
    assert_eq!(e.strides(), &[0, 1]);
    assert_eq!(values::<f32>(e), vec![1.0, 2.0, 3.0, 1.0, 2.0, 3.0]);
    let col = tensor(vec![1i64, 2], &[2, 1]);
    let e = expand(col, &[2, 3]);
    assert_eq!(e.strides(), &[1, 0]);
    assert_eq!(values::<i64>(e), vec![1, 1, 1, 2, 2, 2]);
    let one = tensor(vec![true], &[1]);
    assert_eq!(values::<bool>(expand(one, &[3])), vec![true; 3]);
}

#[test]
fn expand_rank_3_and_of_views() {
    let t = tensor(vec![1i32, 2], &[1, 2, 1]);
    let e = expand(t, &[3, 2, 2]);
    assert_eq!(e.strides(), &[0, 1, 0]);
    assert_eq!(values::<i32>(e), [1, 1, 2, 2].repeat(3));
    // A transposed view: the [3, 1] transpose of a [1, 3] row.
    let t = swap_dims(tensor(vec![1.0f64, 2.0, 3.0], &[1, 3]), 0, 1);
    let e = expand(t, &[3, 2]);
    assert_eq!(values::<f64>(e), vec![1.0, 1.0, 2.0, 2.0, 3.0, 3.0]);
    // Same shape: unchanged.
    let t = tensor(vec![1i32, 2, 3, 4], &[2, 2]);
    let e = expand(t.clone(), &[2, 2]);
    assert_eq!(e.strides(), t.strides());
    assert_eq!(values::<i32>(e), vec![1, 2, 3, 4]);
    // An expanded view of a sliced view.
    let s = Cpu::slice(tensor(vec![1i32, 2, 3, 4], &[4]), &[2..3]);
    assert_eq!(values::<i32>(expand(s, &[3])), vec![3, 3, 3]);
}

// A `Backend` precondition: checked in debug builds only.
#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "expand: shape [2, 3] does not broadcast to [3, 3]")]
fn expand_of_a_non_1_dim_panics() {
    expand(tensor(vec![0i32; 6], &[2, 3]), &[3, 3]);
}

#[test]
fn slice_moves_the_offset_and_keeps_the_strides() {
    let t = tensor(vec![0i64, 1, 2, 3, 4], &[5]);
    let s = Cpu::slice(t.clone(), &[1..4]);
    assert!(s.shares_storage_with(&t));
    assert_eq!((s.offset(), s.strides()), (1, &[1usize][..]));
    assert_eq!(values::<i64>(s), vec![1, 2, 3]);
    // [3, 4] of 0..12, rows 1..3 and cols 1..3: [[5, 6], [9, 10]].
    let m = arange(&[3, 4], DType::F32);
    let s = Cpu::slice(m, &[1..3, 1..3]);
    assert_eq!(
        (dims(&s), s.strides(), s.offset()),
        (vec![2, 2], &[4usize, 1][..], 5)
    );
    assert!(!s.is_contiguous());
    assert_eq!(values::<f32>(s), vec![5.0, 6.0, 9.0, 10.0]);
    // Rank 3: x[1..2, 0..3, 1..2] of 0..12 in [2, 3, 2] = [7, 9, 11].
    let s = Cpu::slice(arange(&[2, 3, 2], DType::F64), &[1..2, 0..3, 1..2]);
    assert_eq!(s.offset(), 7);
    assert_eq!(values::<f64>(s), vec![7.0, 9.0, 11.0]);
}

#[test]
fn slice_of_views() {
    // Transposed [[1, 4], [2, 5], [3, 6]], rows 1..3, col 1: [[5], [6]].
    let t = transposed(vec![1i32, 2, 3, 4, 5, 6]);
    let s = Cpu::slice(t, &[1..3, 1..2]);
    assert_eq!(dims(&s), vec![2, 1]);
    assert_eq!(values::<i32>(s), vec![5, 6]);
    // A slice of a slice: offsets add up.
    let s = Cpu::slice(tensor((0..10).collect::<Vec<i64>>(), &[10]), &[2..9]);
    let s = Cpu::slice(s, &[3..5]);
    assert_eq!(s.offset(), 5);
    assert_eq!(values::<i64>(s), vec![5, 6]);
    // A slice of a broadcast view.
    let e = expand(tensor(vec![true, false, true], &[1, 3]), &[4, 3]);
    let s = Cpu::slice(e, &[1..3, 1..3]);
    assert_eq!(values::<bool>(s), vec![false, true, false, true]);
    // Two sliced views as the operands of a binary op: [1, 2] + [3, 4].
    let a = tensor(vec![0.0f32, 1.0, 2.0, 3.0, 4.0], &[5]);
    let sum = Cpu::binary(
        BinaryOp::Add,
        Cpu::slice(a.clone(), &[1..3]),
        Cpu::slice(a, &[3..5]),
    );
    assert_eq!(values::<f32>(sum), vec![4.0, 6.0]);
}

#[test]
fn empty_ranges_give_empty_dims() {
    let t = tensor(vec![1i32, 2, 3, 4, 5, 6], &[2, 3]);
    let s = Cpu::slice(t.clone(), &[0..2, 1..1]);
    assert_eq!(dims(&s), vec![2, 0]);
    assert_eq!(values::<i32>(s), Vec::<i32>::new());
    // Both ranges at the ends: the offset would lie past the buffer.
    let s = Cpu::slice(t.clone(), &[2..2, 3..3]);
    assert_eq!(dims(&s), vec![0, 0]);
    assert_eq!(values::<i32>(s.clone()), Vec::<i32>::new());
    assert_eq!(
        values::<i32>(Cpu::binary(BinaryOp::Add, s.clone(), s)),
        Vec::<i32>::new()
    );
    let s = Cpu::slice(t, &[1..2, 3..3]);
    assert_eq!(
        values::<i32>(Cpu::reduce_dim(seam_backend::ReduceOp::Sum, s, 1)),
        vec![0]
    );
}

// A `Backend` precondition: checked in debug builds only.
#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "slice: range 2..4 is not within dim 0 of size 3")]
fn slice_past_the_end_panics() {
    Cpu::slice(tensor(vec![1i32, 2, 3], &[3]), &[2..4]);
}
