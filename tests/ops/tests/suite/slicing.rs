//! Parts of tensors: `slice` / `try_slice`, `slice_assign` / `try_slice_assign`,
//! `narrow`, `chunk`, `split`, at every rank, on strided inputs, for every kind.

// Rank-1 slices take an array of one range.
#![allow(clippy::single_range_in_vec_init)]

use seam_ops::device_test;
use seam_ops::{
    assert_bool, assert_float, assert_int, boolean, counting, device, f32s, float, i64s, int, needs,
    permuted_float, unflat_index,
};
use seam_tensor::{DType, Int, Tensor, TensorErrorKind};
use std::ops::Range;

/// The row-major values of `values` (of `dims`) inside `ranges`.
fn reference_slice<T: Copy>(values: &[T], dims: &[usize], ranges: &[Range<usize>]) -> Vec<T> {
    (0..values.len())
        .filter(|&flat| {
            unflat_index(dims, flat)
                .iter()
                .zip(ranges)
                .all(|(i, r)| r.contains(i))
        })
        .map(|flat| values[flat])
        .collect()
}

/// `values` (of `dims`) with the part inside `ranges` replaced by `part`, row-major.
fn reference_slice_assign<T: Copy>(
    values: &[T],
    dims: &[usize],
    ranges: &[Range<usize>],
    part: &[T],
) -> Vec<T> {
    let mut out = values.to_vec();
    let mut next = part.iter();
    for (flat, slot) in out.iter_mut().enumerate() {
        if unflat_index(dims, flat)
            .iter()
            .zip(ranges)
            .all(|(i, r)| r.contains(i))
        {
            *slot = *next.next().unwrap();
        }
    }
    out
}

#[device_test]
fn slice_at_each_rank() {
    let v = counting(48, 0.0);
    assert_float(float(v[..6].to_vec(), [6]).slice([1..4]), [3], &[1.0, 2.0, 3.0]);
    assert_float(
        float(v[..12].to_vec(), [3, 4]).slice([1..3, 0..2]),
        [2, 2],
        &[4.0, 5.0, 8.0, 9.0],
    );
    let r3 = [0..2, 1..3, 2..4];
    assert_float(
        float(v[..24].to_vec(), [2, 3, 4]).slice(r3.clone()),
        [2, 2, 2],
        &reference_slice(&v[..24], &[2, 3, 4], &r3),
    );
    let r4 = [1..2, 0..3, 1..2, 0..4];
    assert_float(
        float(v.clone(), [2, 3, 2, 4]).slice(r4.clone()),
        [1, 3, 1, 4],
        &reference_slice(&v, &[2, 3, 2, 4], &r4),
    );
    // Full and empty ranges.
    assert_float(
        float(v[..6].to_vec(), [2, 3]).slice([0..2, 0..3]),
        [2, 3],
        &v[..6],
    );
    assert_eq!(float(v[..6].to_vec(), [2, 3]).slice([1..1, 0..3]).dims(), [0, 3]);
}

#[device_test]
fn slice_of_strided_and_sliced_views() {
    let v = counting(24, 0.0);
    let r = [1..4, 0..2, 1..2];
    let t = permuted_float(&v, [4, 3, 2], [2, 0, 1]).slice(r.clone());
    assert_float(t, [3, 2, 1], &reference_slice(&v, &[4, 3, 2], &r));
    // A slice of a slice.
    let t = float(v.clone(), [4, 6]).slice([1..4, 1..5]).slice([1..3, 0..2]);
    assert_float(t, [2, 2], &[13.0, 14.0, 19.0, 20.0]);
    // A slice of an expanded view.
    let t = float(vec![1.0, 2.0, 3.0], [1, 3])
        .expand([4, 3])
        .slice([1..3, 1..3]);
    assert_float(t.clone(), [2, 2], &[2.0, 3.0, 2.0, 3.0]);
    // Ops on a slice see only the slice.
    assert_float(t.sum_dim(0), [1, 2], &[4.0, 6.0]);
}

#[device_test]
fn slice_int_and_bool() {
    let iv: Vec<i64> = (0..24).collect();
    let r = [0..1, 1..3, 0..4];
    assert_int(
        int(iv.clone(), [2, 3, 4]).slice(r.clone()),
        [1, 2, 4],
        &reference_slice(&iv, &[2, 3, 4], &r),
    );
    assert_int(
        int(iv[..6].to_vec(), [2, 3]).transpose().slice([1..3, 0..1]),
        [2, 1],
        &[1, 2],
    );
    let bv: Vec<bool> = (0..8).map(|i| i % 3 == 1).collect();
    assert_bool(
        boolean(bv, [2, 2, 2]).slice([0..2, 0..1, 1..2]),
        [2, 1, 1],
        &[true, false],
    );
}

#[device_test]
fn try_slice_errors() {
    let t = Tensor::<2>::zeros([2, 3], &device());
    assert_eq!(t.clone().try_slice([0..1, 1..3]).unwrap().dims(), [1, 2]);
    let err = t.clone().try_slice([0..2, 2..4]).unwrap_err();
    assert_eq!(err.kind(), TensorErrorKind::Slice);
    assert_eq!(err.op(), "slice");
    assert!(
        err.message()
            .contains("range 2..4 for dim 1 is outside the dim (size 3)"),
        "{err}"
    );
    #[allow(clippy::reversed_empty_ranges)]
    let decreasing = [1..0, 0..3];
    assert_eq!(
        t.try_slice(decreasing).unwrap_err().kind(),
        TensorErrorKind::Slice
    );
}

#[device_test]
#[should_panic(
    expected = "slice: range 2..4 for dim 0 is outside the dim (size 3) of a tensor of shape [3, 2]"
)]
fn slice_past_the_end_panics() {
    let _ = Tensor::<2>::zeros([3, 2], &device()).slice([2..4, 0..1]);
}

// ---- slice_assign ----

#[device_test]
fn slice_assign_at_each_rank() {
    let v = counting(48, 0.0);
    let p = counting(48, -100.0);
    assert_float(
        float(v[..5].to_vec(), [5]).slice_assign([1..3], float(p[..2].to_vec(), [2])),
        [5],
        &[0.0, -100.0, -99.0, 3.0, 4.0],
    );
    let r2 = [1..3, 1..2];
    assert_float(
        float(v[..12].to_vec(), [3, 4]).slice_assign(r2.clone(), float(p[..2].to_vec(), [2, 1])),
        [3, 4],
        &reference_slice_assign(&v[..12], &[3, 4], &r2, &p[..2]),
    );
    let r3 = [0..2, 1..3, 0..2];
    assert_float(
        float(v[..24].to_vec(), [2, 3, 4]).slice_assign(r3.clone(), float(p[..8].to_vec(), [2, 2, 2])),
        [2, 3, 4],
        &reference_slice_assign(&v[..24], &[2, 3, 4], &r3, &p[..8]),
    );
    let r4 = [1..2, 0..3, 0..2, 2..4];
    assert_float(
        float(v.clone(), [2, 3, 2, 4]).slice_assign(r4.clone(), float(p[..12].to_vec(), [1, 3, 2, 2])),
        [2, 3, 2, 4],
        &reference_slice_assign(&v, &[2, 3, 2, 4], &r4, &p[..12]),
    );
}

#[device_test]
fn slice_assign_with_strided_operands() {
    let v = counting(24, 0.0);
    let p = counting(8, 50.0);
    let r = [1..3, 0..2, 0..2];
    // Strided target, strided value (transposed storage).
    let target = permuted_float(&v, [4, 3, 2], [1, 2, 0]);
    let value = float(p.clone(), [2, 2, 2]).permute([2, 1, 0]);
    let value_logical = seam_ops::reference_permute(&p, &[2, 2, 2], &[2, 1, 0]);
    assert_float(
        target.slice_assign(r.clone(), value),
        [4, 3, 2],
        &reference_slice_assign(&v, &[4, 3, 2], &r, &value_logical),
    );
    // An expanded value.
    let t =
        float(v[..6].to_vec(), [2, 3]).slice_assign([0..2, 1..3], float(vec![7.0], [1, 1]).expand([2, 2]));
    assert_float(t, [2, 3], &[0.0, 7.0, 7.0, 3.0, 7.0, 7.0]);
}

#[device_test]
fn slice_assign_leaves_the_original_unchanged() {
    let original = float(counting(6, 0.0), [2, 3]);
    let view = original.clone().transpose();
    let assigned = original
        .clone()
        .slice_assign([0..1, 0..3], Tensor::zeros([1, 3], &device()));
    assert_float(assigned, [2, 3], &[0.0, 0.0, 0.0, 3.0, 4.0, 5.0]);
    assert_float(original, [2, 3], &counting(6, 0.0));
    assert_float(view, [3, 2], &[0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
}

#[device_test]
fn slice_assign_int_and_bool() {
    let t = int((0..6).collect(), [2, 3]).slice_assign([1..2, 0..2], int(vec![-1, -2], [1, 2]));
    assert_int(t, [2, 3], &[0, 1, 2, -1, -2, 5]);
    let t = boolean(vec![false; 4], [2, 2]).slice_assign([0..2, 1..2], boolean(vec![true, true], [2, 1]));
    assert_bool(t, [2, 2], &[false, true, false, true]);
}

#[device_test]
fn try_slice_assign_errors() {
    if !needs(&[DType::F64]) {
        return;
    }
    let t = Tensor::<2>::zeros([2, 3], &device());
    let err = t
        .clone()
        .try_slice_assign([0..2, 0..2], Tensor::ones([2, 3], &device()))
        .unwrap_err();
    assert_eq!(err.kind(), TensorErrorKind::Shape);
    assert_eq!(err.op(), "slice_assign");
    let err = t
        .clone()
        .try_slice_assign([0..3, 0..2], Tensor::ones([3, 2], &device()))
        .unwrap_err();
    assert_eq!(err.kind(), TensorErrorKind::Slice);
    let err = t
        .clone()
        .try_slice_assign([0..1, 0..1], seam_ops::float64(vec![1.0], [1, 1]))
        .unwrap_err();
    assert_eq!(err.kind(), TensorErrorKind::DType);
    assert_float(
        t.try_slice_assign([0..1, 0..1], Tensor::ones([1, 1], &device()))
            .unwrap(),
        [2, 3],
        &[1.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    );
}

#[device_test]
#[should_panic(
    expected = "slice_assign: the value has shape [2, 3] but the part it replaces has shape [2, 2]; they must be equal"
)]
fn slice_assign_of_the_wrong_shape_panics() {
    let _ = Tensor::<2>::zeros([2, 3], &device()).slice_assign([0..2, 0..2], Tensor::ones([2, 3], &device()));
}

// ---- narrow ----

#[device_test]
fn narrow_each_dim() {
    let v = counting(24, 0.0);
    let t = float(v.clone(), [2, 3, 4]);
    assert_float(t.clone().narrow(0, 1, 1), [1, 3, 4], &v[12..]);
    assert_float(
        t.clone().narrow(1, 1, 2),
        [2, 2, 4],
        &reference_slice(&v, &[2, 3, 4], &[0..2, 1..3, 0..4]),
    );
    assert_float(
        t.clone().narrow(2, 3, 1),
        [2, 3, 1],
        &reference_slice(&v, &[2, 3, 4], &[0..2, 0..3, 3..4]),
    );
    assert_float(
        t.transpose().narrow(1, 0, 2),
        [2, 2, 3],
        &[0.0, 4.0, 8.0, 1.0, 5.0, 9.0, 12.0, 16.0, 20.0, 13.0, 17.0, 21.0],
    );
    assert_int(
        Tensor::<1, Int>::arange(0..6, &device()).narrow(0, 4, 2),
        [2],
        &[4, 5],
    );
    assert_eq!(float(v, [24]).narrow(0, 24, 0).dims(), [0]);
}

#[device_test]
#[should_panic(expected = "narrow: start 3 and length 2 along dim 1 reach past its end (size 4)")]
fn narrow_past_the_end_panics() {
    let _ = Tensor::<2>::zeros([2, 4], &device()).narrow(1, 3, 2);
}

#[device_test]
#[should_panic(expected = "narrow: dim 2 is out of range for a tensor of shape [2, 4]")]
fn narrow_out_of_range_dim_panics() {
    let _ = Tensor::<2>::zeros([2, 4], &device()).narrow(2, 0, 1);
}

// ---- chunk, split ----

#[device_test]
fn chunk_into_equal_and_unequal_parts() {
    let t = Tensor::<1, Int>::arange(0..7, &device());
    let parts: Vec<Vec<i64>> = t.clone().chunk(3, 0).into_iter().map(i64s).collect();
    assert_eq!(parts, vec![vec![0, 1, 2], vec![3, 4, 5], vec![6]]);
    let parts: Vec<Vec<i64>> = t.clone().chunk(7, 0).into_iter().map(i64s).collect();
    assert_eq!(parts.len(), 7);
    // More chunks than elements: fewer parts.
    assert_eq!(t.clone().chunk(10, 0).len(), 7);
    assert_eq!(t.chunk(1, 0).len(), 1);
    let m = float(counting(12, 0.0), [3, 4]);
    let parts = m.clone().chunk(2, 1);
    assert_eq!(parts.len(), 2);
    assert_float(parts[0].clone(), [3, 2], &[0.0, 1.0, 4.0, 5.0, 8.0, 9.0]);
    assert_float(parts[1].clone(), [3, 2], &[2.0, 3.0, 6.0, 7.0, 10.0, 11.0]);
    let parts = m.transpose().chunk(2, 0);
    assert_float(parts[1].clone(), [2, 3], &[2.0, 6.0, 10.0, 3.0, 7.0, 11.0]);
    let parts = float(counting(24, 0.0), [2, 3, 2, 2]).chunk(2, 1);
    assert_eq!(
        parts.iter().map(|p| p.dims()).collect::<Vec<_>>(),
        vec![[2, 2, 2, 2], [2, 1, 2, 2]]
    );
    assert_eq!(
        f32s(parts[1].clone()),
        vec![8.0, 9.0, 10.0, 11.0, 20.0, 21.0, 22.0, 23.0]
    );
}

#[device_test]
fn split_into_parts_of_a_size() {
    let t = float(counting(10, 0.0), [2, 5]);
    let parts = t.clone().split(2, 1);
    assert_eq!(
        parts.iter().map(|p| p.dims()).collect::<Vec<_>>(),
        vec![[2, 2], [2, 2], [2, 1]]
    );
    assert_float(parts[2].clone(), [2, 1], &[4.0, 9.0]);
    assert_float(parts[1].clone(), [2, 2], &[2.0, 3.0, 7.0, 8.0]);
    let parts = t.clone().split(5, 1);
    assert_eq!(parts.len(), 1);
    assert_float(parts[0].clone(), [2, 5], &counting(10, 0.0));
    let parts = t.split(1, 0);
    assert_float(parts[1].clone(), [1, 5], &counting(5, 5.0));
    let parts = boolean(vec![true, false, true], [3, 1, 1]).split(2, 0);
    assert_bool(parts[1].clone(), [1, 1, 1], &[true]);
    // The parts joined again are the tensor.
    let v = counting(24, 0.0);
    let parts = permuted_float(&v, [2, 3, 4], [2, 1, 0]).split(3, 2);
    assert_float(Tensor::cat(parts, 2), [2, 3, 4], &v);
}

#[device_test]
#[should_panic(expected = "chunk: cannot cut into 0 chunks")]
fn chunk_into_zero_panics() {
    let _ = Tensor::<1>::zeros([3], &device()).chunk(0, 0);
}

#[device_test]
#[should_panic(expected = "split: parts of size 0 cannot cover dim 0 of shape [3]")]
fn split_of_size_zero_panics() {
    let _ = Tensor::<1>::zeros([3], &device()).split(0, 0);
}

#[device_test]
#[should_panic(expected = "chunk: dim 1 is out of range for a tensor of shape [3]")]
fn chunk_out_of_range_dim_panics() {
    let _ = Tensor::<1>::zeros([3], &device()).chunk(2, 1);
}
