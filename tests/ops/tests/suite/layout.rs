//! Layout: `swap_dims` and `transpose`, and strided (transposed) tensors fed into
//! `into_data`, elementwise ops and reductions.

use seam_ops::device_test;
use seam_ops::{
    assert_close, assert_float, assert_int, boolean, counting, counting_tensor, f32s, flat_index, float, int,
    unflat_index,
};
use seam_tensor::Tensor;
use std::f32::consts::LN_2;

/// The row-major values of `values` (of `dims`) with dims `a` and `b` swapped.
fn reference_swap(values: &[f32], dims: &[usize], a: usize, b: usize) -> Vec<f32> {
    let mut swapped = dims.to_vec();
    swapped.swap(a, b);
    (0..values.len())
        .map(|flat| {
            let mut index = unflat_index(&swapped, flat);
            index.swap(a, b);
            values[flat_index(dims, &index)]
        })
        .collect()
}

#[device_test]
fn transpose_rank_1_is_a_no_op() {
    let t = float(vec![1.0, 2.0, 3.0], [3]).transpose();
    assert_float(t, [3], &[1.0, 2.0, 3.0]);
}

#[device_test]
fn transpose_rank_2() {
    // [[1, 2, 3], [4, 5, 6]] -> [[1, 4], [2, 5], [3, 6]]
    let t = counting_tensor([2, 3], 1.0).transpose();
    assert_float(t.clone(), [3, 2], &[1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    // Twice is the original.
    assert_float(t.transpose(), [2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
}

#[device_test]
fn transpose_rank_3_swaps_the_last_two_dims() {
    // x[i, j, k] = 12i + 4j + k; y[i, k, j] = x[i, j, k]
    let t = counting_tensor([2, 3, 4], 0.0).transpose();
    #[rustfmt::skip]
    let expected = [
        0.0, 4.0, 8.0,   1.0, 5.0, 9.0,   2.0, 6.0, 10.0,  3.0, 7.0, 11.0,
        12.0, 16.0, 20.0, 13.0, 17.0, 21.0, 14.0, 18.0, 22.0, 15.0, 19.0, 23.0,
    ];
    assert_float(t, [2, 4, 3], &expected);
}

#[device_test]
fn transpose_rank_4() {
    let values = counting(24, 0.0);
    let t = float(values.clone(), [2, 3, 2, 2]).transpose();
    assert_float(t, [2, 3, 2, 2], &reference_swap(&values, &[2, 3, 2, 2], 2, 3));
}

#[device_test]
fn swap_dims_rank_2_is_transpose() {
    let t = counting_tensor([2, 3], 1.0);
    assert_eq!(f32s(t.clone().swap_dims(0, 1)), f32s(t.clone().transpose()));
    assert_eq!(f32s(t.clone().swap_dims(1, 0)), f32s(t.transpose()));
}

#[device_test]
fn swap_dims_rank_3() {
    // y = x.swap_dims(0, 2), y[k, j, i] = 12i + 4j + k
    let t = counting_tensor([2, 3, 4], 0.0).swap_dims(0, 2);
    #[rustfmt::skip]
    let expected = [
        0.0, 12.0, 4.0, 16.0, 8.0, 20.0,
        1.0, 13.0, 5.0, 17.0, 9.0, 21.0,
        2.0, 14.0, 6.0, 18.0, 10.0, 22.0,
        3.0, 15.0, 7.0, 19.0, 11.0, 23.0,
    ];
    assert_float(t, [4, 3, 2], &expected);
}

#[device_test]
fn swap_dims_rank_4_by_hand() {
    // x [2, 1, 3, 2], x[d, 0, c, a] = 6d + 2c + a; y = x.swap_dims(0, 3), y[a, 0, c, d]
    let t = counting_tensor([2, 1, 3, 2], 0.0).swap_dims(0, 3);
    assert_float(
        t,
        [2, 1, 3, 2],
        &[0.0, 6.0, 2.0, 8.0, 4.0, 10.0, 1.0, 7.0, 3.0, 9.0, 5.0, 11.0],
    );
}

#[device_test]
fn swap_dims_rank_4_every_pair() {
    let dims = [2, 3, 4, 5];
    let values = counting(120, 0.0);
    let t = float(values.clone(), dims);
    for a in 0..4 {
        for b in 0..4 {
            let mut swapped = dims;
            swapped.swap(a, b);
            assert_float(
                t.clone().swap_dims(a, b),
                swapped,
                &reference_swap(&values, &dims, a, b),
            );
        }
    }
}

#[device_test]
fn swap_dims_with_itself_is_a_no_op() {
    let t = counting_tensor([2, 3, 4], 0.0);
    assert_float(t.swap_dims(1, 1), [2, 3, 4], &counting(24, 0.0));
}

#[device_test]
fn swap_dims_composes() {
    // A cycle of three swaps on a rank-4 tensor, then back.
    let dims = [2, 3, 4, 5];
    let values = counting(120, 0.0);
    let t = float(values.clone(), dims)
        .swap_dims(0, 1)
        .swap_dims(1, 2)
        .swap_dims(2, 3);
    assert_eq!(t.dims(), [3, 4, 5, 2]);
    let back = t.swap_dims(2, 3).swap_dims(1, 2).swap_dims(0, 1);
    assert_float(back, dims, &values);
}

// ---- strided inputs ----

#[device_test]
fn into_data_of_strided_tensors() {
    let t = counting_tensor([3, 2], 1.0).transpose();
    let data = t.into_data();
    assert_eq!(data.shape().dims(), &[2, 3]);
    assert_eq!(data.to_vec::<f32>().unwrap(), vec![1.0, 3.0, 5.0, 2.0, 4.0, 6.0]);
}

#[device_test]
fn add_of_transposed_tensors() {
    // t = [[1, 4], [2, 5], [3, 6]] (strided), u = [[10, 20], [30, 40], [50, 60]]
    let t = counting_tensor([2, 3], 1.0).transpose();
    let u = float(vec![10.0, 20.0, 30.0, 40.0, 50.0, 60.0], [3, 2]);
    assert_float(
        t.clone().add(u.clone()),
        [3, 2],
        &[11.0, 24.0, 32.0, 45.0, 53.0, 66.0],
    );
    assert_float(u.add(t.clone()), [3, 2], &[11.0, 24.0, 32.0, 45.0, 53.0, 66.0]);
    // strided + strided
    assert_float(t.clone() + t.clone(), [3, 2], &[2.0, 8.0, 4.0, 10.0, 6.0, 12.0]);
    // strided + broadcast row, broadcast column + strided
    assert_float(
        t.clone().add(float(vec![100.0, 200.0], [1, 2])),
        [3, 2],
        &[101.0, 204.0, 102.0, 205.0, 103.0, 206.0],
    );
    assert_float(
        float(vec![0.5, 1.5, 2.5], [3, 1]).add(t),
        [3, 2],
        &[1.5, 4.5, 3.5, 6.5, 5.5, 8.5],
    );
}

#[device_test]
fn add_of_strided_rank_4() {
    let dims = [2, 3, 4, 5];
    let values = counting(120, 0.0);
    let a = float(values.clone(), dims).swap_dims(0, 2); // [4, 3, 2, 5]
    let a_values = reference_swap(&values, &dims, 0, 2);
    let b_values: Vec<f32> = (0..15).map(|i| 1000.0 * i as f32).collect();
    let b = float(b_values.clone(), [1, 3, 1, 5]);
    let out_dims = [4, 3, 2, 5];
    let expected: Vec<f32> = (0..120)
        .map(|flat| {
            let i = unflat_index(&out_dims, flat);
            a_values[flat] + b_values[flat_index(&[1, 3, 1, 5], &[0, i[1], 0, i[3]])]
        })
        .collect();
    assert_float(a.add(b), out_dims, &expected);
}

#[device_test]
fn elementwise_ops_on_strided_tensors() {
    // [[0, ln 2], [2 ln 2, 3 ln 2]] transposed: [[0, 2 ln 2], [ln 2, 3 ln 2]]
    let t = float(vec![0.0, LN_2, 2.0 * LN_2, 3.0 * LN_2], [2, 2]).transpose();
    assert_float(t.clone().exp(), [2, 2], &[1.0, 4.0, 2.0, 8.0]);
    assert_float(
        t.clone().exp().log(),
        [2, 2],
        &[0.0, 2.0 * LN_2, LN_2, 3.0 * LN_2],
    );
    assert_float(t.clone().neg(), [2, 2], &[0.0, -2.0 * LN_2, -LN_2, -3.0 * LN_2]);
    assert_float(
        t.clone().mul_scalar(2.0),
        [2, 2],
        &[0.0, 4.0 * LN_2, 2.0 * LN_2, 6.0 * LN_2],
    );
    assert_float(
        t.clone() * t.clone(),
        [2, 2],
        &[0.0, 4.0 * LN_2 * LN_2, LN_2 * LN_2, 9.0 * LN_2 * LN_2],
    );
    assert_float(t.clone() - t.clone(), [2, 2], &[0.0; 4]);
    assert_float(t / 2.0, [2, 2], &[0.0, LN_2, 0.5 * LN_2, 1.5 * LN_2]);
}

#[device_test]
fn exp_of_strided_rank_3() {
    let values: Vec<f32> = (0..24).map(|i| i as f32 / 8.0 - 1.5).collect();
    let t = float(values.clone(), [2, 3, 4]).swap_dims(0, 1); // [3, 2, 4]
    let expected: Vec<f32> = reference_swap(&values, &[2, 3, 4], 0, 1)
        .iter()
        .map(|v| v.exp())
        .collect();
    assert_float(t.exp(), [3, 2, 4], &expected);
}

#[device_test]
fn ops_on_strided_results_are_contiguous_again() {
    // The result of an op on a view is an ordinary tensor: transpose it again.
    let t = counting_tensor([2, 3], 1.0)
        .transpose()
        .add_scalar(0.0)
        .transpose();
    assert_float(t, [2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
}

#[device_test]
fn int_strided() {
    let t = int((1..=6).collect(), [2, 3]).transpose();
    assert_int(t.clone(), [3, 2], &[1, 4, 2, 5, 3, 6]);
    assert_int(t.clone() / 2, [3, 2], &[0, 2, 1, 2, 1, 3]);
    assert_int(t.clone().sum_dim(0), [1, 2], &[6, 15]);
    assert_int(-t, [3, 2], &[-1, -4, -2, -5, -3, -6]);
}

#[device_test]
fn bool_swap_dims_and_transpose() {
    let values = vec![true, false, false, false, true, true];
    let t = boolean(values, [2, 3]);
    let data = t.clone().transpose().into_data();
    assert_eq!(data.shape().dims(), &[3, 2]);
    assert_eq!(
        data.to_vec::<bool>().unwrap(),
        vec![true, false, false, true, false, true]
    );
    let t = boolean(vec![true, false, true, true], [1, 2, 1, 2]).swap_dims(1, 3);
    assert_eq!(t.dims(), [1, 2, 1, 2]);
    assert_eq!(
        t.into_data().to_vec::<bool>().unwrap(),
        vec![true, true, false, true]
    );
}

#[device_test]
fn transposed_views_do_not_change_the_original() {
    let t = counting_tensor([2, 2], 1.0);
    let swapped = t.clone().transpose() * 10.0;
    assert_close(&f32s(swapped), &[10.0, 30.0, 20.0, 40.0]);
    assert_float(t, [2, 2], &[1.0, 2.0, 3.0, 4.0]);
    let d = seam_ops::device();
    assert_float(Tensor::<2>::ones([1, 2], &d).transpose(), [2, 1], &[1.0, 1.0]);
}

#[device_test]
fn reshape_keeps_row_major_order_across_ranks() {
    let t = counting_tensor([2, 3], 1.0);
    let flat: Tensor<1> = t.clone().reshape([6]);
    assert_float(flat.clone(), [6], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    assert_float(flat.reshape([3, 2]), [3, 2], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let r3: Tensor<3> = t.clone().reshape([1, 3, 2]);
    assert_eq!(r3.dims(), [1, 3, 2]);
    let r4: Tensor<4> = r3.reshape([2, 1, 3, 1]);
    assert_float(r4, [2, 1, 3, 1], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let ints = int(vec![1, 2, 3, 4], [4]).reshape([2, 2]);
    assert_int(ints, [2, 2], &[1, 2, 3, 4]);
}

#[device_test]
fn reshape_of_a_transposed_tensor_reads_its_logical_order() {
    // [[1, 2, 3], [4, 5, 6]]^T = [[1, 4], [2, 5], [3, 6]], a strided view.
    let t = counting_tensor([2, 3], 1.0).transpose();
    assert_float(t.reshape([6]), [6], &[1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
}

#[device_test]
#[should_panic(
    expected = "reshape: a tensor of shape [2, 3] (6 elements) cannot be read as shape [4, 2] (8 elements)"
)]
fn reshape_to_another_element_count_panics() {
    let _ = counting_tensor([2, 3], 1.0).reshape([4, 2]);
}
