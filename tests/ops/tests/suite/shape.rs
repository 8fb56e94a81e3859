//! Shape ops: `reshape` (with `-1`) and `try_reshape`, `flatten`, `squeeze`,
//! `unsqueeze`, `unsqueeze_dim`, `permute`, `flip`, on contiguous and strided inputs
//! of every kind, and the panics and errors of bad shapes.

use seam_ops::device_test;
use seam_ops::{
    assert_bool, assert_float, assert_int, assert_panics, boolean, counting, device, f32s, flat_index, float,
    int, permuted_float, reference_permute, unflat_index,
};
use seam_tensor::{Int, Tensor, TensorErrorKind};

#[device_test]
fn reshape_infers_minus_one() {
    let v = counting(24, 0.0);
    let t = float(v.clone(), [24]);
    assert_float(t.clone().reshape([4, -1]), [4, 6], &v);
    assert_float(t.clone().reshape([-1, 2, 3]), [4, 2, 3], &v);
    assert_float(t.clone().reshape([2, 3, -1, 2]), [2, 3, 2, 2], &v);
    assert_float(t.clone().reshape([-1]), [24], &v);
    assert_float(t.reshape([2, 3, 4]).reshape([-1, 4]), [6, 4], &v);
    // An empty tensor: -1 is inferred from the known sizes when they are not 0.
    assert_eq!(
        Tensor::<2>::zeros([0, 3], &device()).reshape([-1, 3]).dims(),
        [0, 3]
    );
}

#[device_test]
fn reshape_of_strided_tensors_reads_the_logical_order() {
    let v = counting(24, 1.0);
    let t = permuted_float(&v, [2, 3, 4], [2, 1, 0]);
    assert_float(t.clone().reshape([6, -1]), [6, 4], &v);
    let sliced = float(v.clone(), [4, 6]).slice([1..3, 2..5]);
    assert_float(sliced.reshape([-1]), [6], &[9.0, 10.0, 11.0, 15.0, 16.0, 17.0]);
    let expanded = float(vec![1.0, 2.0], [2, 1]).expand([2, 3]);
    assert_float(expanded.reshape([3, 2]), [3, 2], &[1.0, 1.0, 1.0, 2.0, 2.0, 2.0]);
}

#[device_test]
fn reshape_int_and_bool() {
    let t = int((0..12).collect(), [3, 4]).transpose().reshape([2, -1]);
    assert_int(t, [2, 6], &[0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
    let b = boolean(vec![true, false, false, true, true, false], [2, 3]).reshape([3, 1, -1]);
    assert_bool(b, [3, 1, 2], &[true, false, false, true, true, false]);
}

#[device_test]
fn try_reshape_errors() {
    let t = Tensor::<2>::zeros([2, 3], &device());
    assert_eq!(t.clone().try_reshape([3, -1]).unwrap().dims(), [3, 2]);
    let err = t.clone().try_reshape([4, 2]).unwrap_err();
    assert_eq!(err.kind(), TensorErrorKind::Reshape);
    assert_eq!(err.op(), "reshape");
    assert!(
        err.to_string().starts_with(
            "reshape: a tensor of shape [2, 3] (6 elements) cannot be read as shape [4, 2] (8 elements)"
        ),
        "{err}"
    );
    assert_eq!(
        t.clone().try_reshape([4, -1]).unwrap_err().kind(),
        TensorErrorKind::Reshape
    );
    assert_eq!(
        t.clone().try_reshape([-1, -1]).unwrap_err().kind(),
        TensorErrorKind::Reshape
    );
    assert_eq!(
        t.clone().try_reshape([-2, -3]).unwrap_err().kind(),
        TensorErrorKind::Reshape
    );
    assert_eq!(
        t.try_reshape([0, -1]).unwrap_err().kind(),
        TensorErrorKind::Reshape
    );
}

#[device_test]
#[should_panic(expected = "reshape: shape [-1, -1] is not a shape")]
fn reshape_with_two_minus_ones_panics() {
    let _ = Tensor::<1>::zeros([4], &device()).reshape([-1, -1]);
}

#[device_test]
#[should_panic(
    expected = "reshape: a tensor of shape [5] (5 elements) cannot be read as shape [2, -1]: no size for -1"
)]
fn reshape_with_no_fitting_minus_one_panics() {
    let _ = Tensor::<1>::zeros([5], &device()).reshape([2, -1]);
}

// ---- flatten ----

#[device_test]
fn flatten_ranges_of_dims() {
    let v = counting(24, 0.0);
    let t = float(v.clone(), [2, 3, 2, 2]);
    assert_float(t.clone().flatten::<1>(0, 3), [24], &v);
    assert_float(t.clone().flatten::<3>(1, 2), [2, 6, 2], &v);
    assert_float(t.clone().flatten::<2>(0, 2), [12, 2], &v);
    assert_float(t.clone().flatten::<4>(2, 2), [2, 3, 2, 2], &v);
    assert_float(float(v[..6].to_vec(), [2, 3]).flatten::<1>(0, 1), [6], &v[..6]);
    // Strided: flatten reads the logical order.
    let p = permuted_float(&v, [2, 3, 4], [1, 0, 2]);
    assert_float(p.flatten::<2>(1, 2), [2, 12], &v);
    let tr = int((0..6).collect(), [2, 3]).transpose().flatten::<1>(0, 1);
    assert_int(tr, [6], &[0, 3, 1, 4, 2, 5]);
}

#[device_test]
#[should_panic(expected = "flatten: start dim 2 is after end dim 1")]
fn flatten_with_start_after_end_panics() {
    let _ = Tensor::<3>::zeros([2, 3, 4], &device()).flatten::<3>(2, 1);
}

#[device_test]
#[should_panic(expected = "flatten: dim 3 is out of range for a tensor of shape [2, 3, 4]")]
fn flatten_past_the_last_dim_panics() {
    let _ = Tensor::<3>::zeros([2, 3, 4], &device()).flatten::<2>(2, 3);
}

#[device_test]
#[should_panic(expected = "flatten: the result has rank 2 but rank 1 was asked for")]
fn flatten_to_the_wrong_rank_panics() {
    let _ = Tensor::<3>::zeros([2, 3, 4], &device()).flatten::<1>(1, 2);
}

// ---- squeeze, unsqueeze, unsqueeze_dim ----

#[device_test]
fn squeeze_each_dim() {
    let v = counting(6, 1.0);
    assert_float(float(v.clone(), [1, 2, 3]).squeeze::<2>(0), [2, 3], &v);
    assert_float(float(v.clone(), [2, 1, 3]).squeeze::<2>(1), [2, 3], &v);
    assert_float(float(v.clone(), [2, 3, 1]).squeeze::<2>(2), [2, 3], &v);
    assert_float(float(v.clone(), [2, 1, 3, 1]).squeeze::<3>(3), [2, 1, 3], &v);
    assert_float(float(v[..1].to_vec(), [1]).squeeze::<0>(0), [], &v[..1]);
    // A strided input.
    let t = float(v.clone(), [3, 1, 2]).permute([2, 1, 0]).squeeze::<2>(1);
    assert_float(t, [2, 3], &[1.0, 3.0, 5.0, 2.0, 4.0, 6.0]);
    assert_int(int(vec![4, 5], [1, 2]).squeeze::<1>(0), [2], &[4, 5]);
}

#[device_test]
#[should_panic(expected = "squeeze: dim 1 of shape [2, 3] has size 3; only a dim of size 1 can be removed")]
fn squeeze_of_a_dim_larger_than_one_panics() {
    let _ = Tensor::<2>::zeros([2, 3], &device()).squeeze::<1>(1);
}

#[device_test]
#[should_panic(expected = "squeeze: dim 2 is out of range for a tensor of shape [2, 1]")]
fn squeeze_out_of_range_panics() {
    let _ = Tensor::<2>::zeros([2, 1], &device()).squeeze::<1>(2);
}

#[device_test]
#[should_panic(expected = "squeeze: the result has rank 1 but rank 2 was asked for")]
fn squeeze_to_the_wrong_rank_panics() {
    let _ = Tensor::<2>::zeros([2, 1], &device()).squeeze::<2>(1);
}

#[device_test]
fn unsqueeze_adds_leading_dims() {
    let v = counting(6, 0.0);
    assert_float(float(v.clone(), [6]).unsqueeze::<2>(), [1, 6], &v);
    assert_float(float(v.clone(), [2, 3]).unsqueeze::<4>(), [1, 1, 2, 3], &v);
    assert_float(float(v.clone(), [2, 3]).unsqueeze::<2>(), [2, 3], &v);
    let t = float(v.clone(), [2, 3]).transpose().unsqueeze::<3>();
    assert_float(t, [1, 3, 2], &[0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
    assert_bool(
        boolean(vec![true, false], [2]).unsqueeze::<3>(),
        [1, 1, 2],
        &[true, false],
    );
}

#[device_test]
#[should_panic(expected = "unsqueeze: a rank-2 tensor cannot become rank 1")]
fn unsqueeze_to_a_lower_rank_panics() {
    let _ = Tensor::<2>::zeros([2, 3], &device()).unsqueeze::<1>();
}

#[device_test]
fn unsqueeze_dim_at_each_position() {
    let v = counting(6, 0.0);
    let t = float(v.clone(), [2, 3]);
    assert_float(t.clone().unsqueeze_dim::<3>(0), [1, 2, 3], &v);
    assert_float(t.clone().unsqueeze_dim::<3>(1), [2, 1, 3], &v);
    assert_float(t.clone().unsqueeze_dim::<3>(2), [2, 3, 1], &v);
    assert_float(
        float(v.clone(), [1, 2, 3]).unsqueeze_dim::<4>(3),
        [1, 2, 3, 1],
        &v,
    );
    assert_int(int(vec![1, 2], [2]).unsqueeze_dim::<2>(1), [2, 1], &[1, 2]);
    // Broadcasting against an unsqueezed vector: an outer sum.
    let col = float(vec![10.0, 20.0], [2]).unsqueeze_dim::<2>(1);
    let row = float(vec![1.0, 2.0, 3.0], [3]).unsqueeze_dim::<2>(0);
    assert_float(col + row, [2, 3], &[11.0, 12.0, 13.0, 21.0, 22.0, 23.0]);
}

#[device_test]
#[should_panic(expected = "unsqueeze_dim: dim 3 is out of range for a rank-2 tensor; insert at 0 to 2")]
fn unsqueeze_dim_out_of_range_panics() {
    let _ = Tensor::<2>::zeros([2, 3], &device()).unsqueeze_dim::<3>(3);
}

#[device_test]
#[should_panic(expected = "unsqueeze_dim: the result has rank 3 but rank 4 was asked for")]
fn unsqueeze_dim_to_the_wrong_rank_panics() {
    let _ = Tensor::<2>::zeros([2, 3], &device()).unsqueeze_dim::<4>(0);
}

// ---- permute ----

#[device_test]
fn permute_every_order_rank_3() {
    let v = counting(24, 0.0);
    let dims = [2, 3, 4];
    for axes in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
        let out: [usize; 3] = std::array::from_fn(|i| dims[axes[i]]);
        assert_float(
            float(v.clone(), dims).permute(axes),
            out,
            &reference_permute(&v, &dims, &axes),
        );
    }
}

#[device_test]
fn permute_rank_2_and_4_and_composed() {
    let v = counting(24, 0.0);
    assert_float(
        float(v[..6].to_vec(), [2, 3]).permute([1, 0]),
        [3, 2],
        &[0.0, 3.0, 1.0, 4.0, 2.0, 5.0],
    );
    let dims = [2, 1, 3, 4];
    let axes = [3, 0, 2, 1];
    assert_float(
        float(v.clone(), dims).permute(axes),
        [4, 2, 3, 1],
        &reference_permute(&v, &dims, &axes),
    );
    // Permuting a permuted view composes the two.
    let once = reference_permute(&v, &dims, &axes);
    let twice = reference_permute(&once, &[4, 2, 3, 1], &[1, 3, 0, 2]);
    let t = float(v.clone(), dims).permute(axes).permute([1, 3, 0, 2]);
    assert_float(t.clone(), [2, 1, 4, 3], &twice);
    // ... and then ops read it right.
    let plus: Vec<f32> = twice.iter().map(|x| x + 1.0).collect();
    assert_float(t + 1.0, [2, 1, 4, 3], &plus);
    let iv: Vec<i64> = (0..24).collect();
    assert_int(
        int(iv.clone(), [2, 3, 4]).permute([2, 0, 1]),
        [4, 2, 3],
        &reference_permute(&iv, &[2, 3, 4], &[2, 0, 1]),
    );
    let bv: Vec<bool> = (0..6).map(|i| i % 4 == 0).collect();
    assert_bool(
        boolean(bv.clone(), [1, 2, 3]).permute([2, 0, 1]),
        [3, 1, 2],
        &reference_permute(&bv, &[1, 2, 3], &[2, 0, 1]),
    );
}

#[device_test]
#[should_panic(
    expected = "permute: axes [0, 0, 1] are not a permutation of the dims 0..3; list each dim once"
)]
fn permute_with_a_repeated_axis_panics() {
    let _ = Tensor::<3>::zeros([2, 3, 4], &device()).permute([0, 0, 1]);
}

#[device_test]
fn permute_with_an_axis_out_of_range_panics() {
    assert_panics(
        "permute: axes [0, 2] are not a permutation of the dims 0..2",
        || {
            let _ = Tensor::<2, Int>::zeros([2, 3], &device()).permute([0, 2]);
        },
    );
}

// ---- flip ----

/// `values` of `dims`, row-major, with the order reversed along each dim of `axes`.
fn reference_flip<T: Copy>(values: &[T], dims: &[usize], axes: &[usize]) -> Vec<T> {
    (0..values.len())
        .map(|flat| {
            let mut index = unflat_index(dims, flat);
            for (d, i) in index.iter_mut().enumerate() {
                if axes.contains(&d) {
                    *i = dims[d] - 1 - *i;
                }
            }
            values[flat_index(dims, &index)]
        })
        .collect()
}

#[device_test]
fn flip_as_numpy() {
    // [[1, 2, 3], [4, 5, 6]]; numpy.flip with axis 0, 1, (0, 1), (1, 1) and ().
    let t = float(counting(6, 1.0), [2, 3]);
    assert_float(t.clone().flip(&[0]), [2, 3], &[4.0, 5.0, 6.0, 1.0, 2.0, 3.0]);
    assert_float(t.clone().flip(&[1]), [2, 3], &[3.0, 2.0, 1.0, 6.0, 5.0, 4.0]);
    assert_float(t.clone().flip(&[0, 1]), [2, 3], &[6.0, 5.0, 4.0, 3.0, 2.0, 1.0]);
    assert_float(t.clone().flip(&[1, 1]), [2, 3], &[3.0, 2.0, 1.0, 6.0, 5.0, 4.0]);
    assert_float(t.flip(&[]), [2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
}

#[device_test]
fn flip_of_every_set_of_dims_of_strided_views_and_every_kind() {
    let dims = [2, 3, 4, 5];
    let values = counting(120, 0.0);
    // The same logical values stored permuted, a broadcast view and a slice.
    let strided = permuted_float(&values, dims, [3, 1, 0, 2]);
    let row = float(counting(5, 1.0), [1, 1, 1, 5]).expand([2, 3, 4, 5]);
    let row_values = f32s(row.clone());
    let part = float(counting(240, 0.0), [2, 3, 8, 5]).slice([0..2, 0..3, 2..6, 0..5]);
    let part_values = f32s(part.clone());
    for bits in 0..16usize {
        let axes: Vec<usize> = (0..4).filter(|d| bits >> d & 1 == 1).collect();
        let want = reference_flip(&values, &dims, &axes);
        assert_float(float(values.clone(), dims).flip(&axes), dims, &want);
        assert_float(strided.clone().flip(&axes), dims, &want);
        assert_float(
            row.clone().flip(&axes),
            dims,
            &reference_flip(&row_values, &dims, &axes),
        );
        assert_float(
            part.clone().flip(&axes),
            dims,
            &reference_flip(&part_values, &dims, &axes),
        );
    }
    let bv: Vec<bool> = (0..12).map(|i| i % 5 == 0).collect();
    assert_bool(
        boolean(bv.clone(), [3, 4]).flip(&[0]),
        [3, 4],
        &reference_flip(&bv, &[3, 4], &[0]),
    );
    let iv: Vec<i64> = (0..12).map(|i| i * 7 - 40).collect();
    assert_int(
        int(iv.clone(), [4, 3]).flip(&[1]),
        [4, 3],
        &reference_flip(&iv, &[4, 3], &[1]),
    );
}

#[device_test]
fn flip_of_empty_and_size_one_dims_keeps_the_shape() {
    let empty = float(vec![], [2, 0, 3]);
    for axes in [&[0usize][..], &[1], &[0, 1, 2]] {
        assert_float(empty.clone().flip(axes), [2, 0, 3], &[]);
    }
    let column = float(vec![1.0, 2.0, 3.0], [3, 1]);
    assert_float(column.clone().flip(&[1]), [3, 1], &[1.0, 2.0, 3.0]);
    assert_float(column.flip(&[0]), [3, 1], &[3.0, 2.0, 1.0]);
}

#[device_test]
#[should_panic(expected = "flip: dim 2 is out of range for a tensor of shape [2, 3]")]
fn flip_of_a_dim_out_of_range_panics() {
    let _ = Tensor::<2>::zeros([2, 3], &device()).flip(&[0, 2]);
}
