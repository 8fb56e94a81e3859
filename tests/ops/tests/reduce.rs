//! Reductions: `sum_dim` and `mean_dim` (which keep the reduced dim with size 1) at
//! every rank and on every dim, on contiguous and strided inputs, `Float` and `Int`.

use seam_ops::{
    assert_float, assert_int, counting, counting_tensor, f32s, flat_index, float, int, unflat_index,
};
use seam_tensor::Tensor;

/// A naive sum along `dim` of row-major `values` of `dims`, keeping the dim.
fn reference_sum(values: &[f32], dims: &[usize], dim: usize) -> Vec<f32> {
    let mut out_dims = dims.to_vec();
    out_dims[dim] = 1;
    let n: usize = out_dims.iter().product();
    (0..n)
        .map(|flat| {
            let mut index = unflat_index(&out_dims, flat);
            (0..dims[dim])
                .map(|j| {
                    index[dim] = j;
                    values[flat_index(dims, &index)]
                })
                .sum()
        })
        .collect()
}

#[test]
fn sum_dim_rank_1() {
    assert_float(float(vec![1.0, 2.0, 3.0, 4.0], [4]).sum_dim(0), [1], &[10.0]);
    assert_float(float(vec![-2.5], [1]).sum_dim(0), [1], &[-2.5]);
}

#[test]
fn sum_dim_rank_2() {
    // [[1, 2, 3], [4, 5, 6]]
    let t = counting_tensor([2, 3], 1.0);
    assert_float(t.clone().sum_dim(0), [1, 3], &[5.0, 7.0, 9.0]);
    assert_float(t.sum_dim(1), [2, 1], &[6.0, 15.0]);
}

#[test]
fn sum_dim_rank_3_each_dim() {
    // x[i, j, k] = 12i + 4j + k
    let t = counting_tensor([2, 3, 4], 0.0);
    // dim 0: 12 + 8j + 2k
    assert_float(
        t.clone().sum_dim(0),
        [1, 3, 4],
        &[
            12.0, 14.0, 16.0, 18.0, 20.0, 22.0, 24.0, 26.0, 28.0, 30.0, 32.0, 34.0,
        ],
    );
    // dim 1: 36i + 12 + 3k
    assert_float(
        t.clone().sum_dim(1),
        [2, 1, 4],
        &[12.0, 15.0, 18.0, 21.0, 48.0, 51.0, 54.0, 57.0],
    );
    // dim 2: 48i + 16j + 6
    assert_float(t.sum_dim(2), [2, 3, 1], &[6.0, 22.0, 38.0, 54.0, 70.0, 86.0]);
}

#[test]
fn sum_dim_rank_4_each_dim() {
    // x = 0..16 in [2, 2, 2, 2]
    let t = counting_tensor([2, 2, 2, 2], 0.0);
    // dim 0: x + (x + 8)
    assert_float(
        t.clone().sum_dim(0),
        [1, 2, 2, 2],
        &[8.0, 10.0, 12.0, 14.0, 16.0, 18.0, 20.0, 22.0],
    );
    // dim 1: x + (x + 4), x over the first half of each [2, 2, 2] block
    assert_float(
        t.clone().sum_dim(1),
        [2, 1, 2, 2],
        &[4.0, 6.0, 8.0, 10.0, 20.0, 22.0, 24.0, 26.0],
    );
    // dim 2: x + (x + 2)
    assert_float(
        t.clone().sum_dim(2),
        [2, 2, 1, 2],
        &[2.0, 4.0, 10.0, 12.0, 18.0, 20.0, 26.0, 28.0],
    );
    // dim 3: pairs
    assert_float(
        t.sum_dim(3),
        [2, 2, 2, 1],
        &[1.0, 5.0, 9.0, 13.0, 17.0, 21.0, 25.0, 29.0],
    );
}

#[test]
fn sum_dim_rank_4_against_reference() {
    let dims = [2, 3, 4, 5];
    let values: Vec<f32> = (0..120).map(|i| ((i * 37) % 11) as f32 - 5.0).collect();
    let t = float(values.clone(), dims);
    for dim in 0..4 {
        let mut out_dims = dims;
        out_dims[dim] = 1;
        assert_float(
            t.clone().sum_dim(dim),
            out_dims,
            &reference_sum(&values, &dims, dim),
        );
    }
}

#[test]
fn sum_dim_of_a_transposed_tensor() {
    // [[1, 2, 3], [4, 5, 6]] transposed: [[1, 4], [2, 5], [3, 6]]
    let t = counting_tensor([2, 3], 1.0).transpose();
    assert_float(t.clone().sum_dim(0), [1, 2], &[6.0, 15.0]);
    assert_float(t.sum_dim(1), [3, 1], &[5.0, 7.0, 9.0]);
}

#[test]
fn sum_dim_of_a_swapped_rank_3_tensor() {
    // y = x.swap_dims(0, 2), y[k, j, i] = x[i, j, k] = 12i + 4j + k
    let y = counting_tensor([2, 3, 4], 0.0).swap_dims(0, 2);
    assert_eq!(y.dims(), [4, 3, 2]);
    // dim 2: 12 + 8j + 2k at [k, j]
    assert_float(
        y.clone().sum_dim(2),
        [4, 3, 1],
        &[
            12.0, 20.0, 28.0, 14.0, 22.0, 30.0, 16.0, 24.0, 32.0, 18.0, 26.0, 34.0,
        ],
    );
    // dim 0: 48i + 16j + 6 at [j, i]
    assert_float(
        y.clone().sum_dim(0),
        [1, 3, 2],
        &[6.0, 54.0, 22.0, 70.0, 38.0, 86.0],
    );
    // dim 1: 36i + 12 + 3k at [k, i]
    assert_float(
        y.sum_dim(1),
        [4, 1, 2],
        &[12.0, 48.0, 15.0, 51.0, 18.0, 54.0, 21.0, 57.0],
    );
}

#[test]
fn sum_dim_of_strided_rank_4_against_reference() {
    let dims = [2, 3, 4, 5];
    let values = counting(120, 0.0);
    // swap_dims(1, 3): [2, 5, 4, 3]; its values, row-major, by a reference loop.
    let swapped_dims = [2, 5, 4, 3];
    let swapped: Vec<f32> = (0..120)
        .map(|flat| {
            let mut index = unflat_index(&swapped_dims, flat);
            index.swap(1, 3);
            values[flat_index(&dims, &index)]
        })
        .collect();
    let t = float(values, dims).swap_dims(1, 3);
    assert_eq!(f32s(t.clone()), swapped);
    for dim in 0..4 {
        let mut out_dims = swapped_dims;
        out_dims[dim] = 1;
        assert_float(
            t.clone().sum_dim(dim),
            out_dims,
            &reference_sum(&swapped, &swapped_dims, dim),
        );
    }
}

#[test]
fn sum_dims_chained() {
    let t = counting_tensor([2, 3, 4], 0.0);
    // 0 + 1 + .. + 23
    assert_float(t.sum_dim(2).sum_dim(0).sum_dim(1), [1, 1, 1], &[276.0]);
}

#[test]
fn sum_dim_of_empty_dim_is_zero() {
    let t = Tensor::<2>::zeros([2, 0], &seam_ops::device());
    assert_float(t.clone().sum_dim(1), [2, 1], &[0.0, 0.0]);
    assert_float(t.sum_dim(0), [1, 0], &[]);
}

#[test]
fn mean_dim_rank_1_and_2() {
    assert_float(float(vec![1.0, 2.0, 3.0, 4.0], [4]).mean_dim(0), [1], &[2.5]);
    let t = float(vec![1.0, 2.0, 3.0, 4.0], [2, 2]);
    assert_float(t.clone().mean_dim(0), [1, 2], &[2.0, 3.0]);
    assert_float(t.mean_dim(1), [2, 1], &[1.5, 3.5]);
}

#[test]
fn mean_dim_rank_3_each_dim() {
    let t = counting_tensor([2, 3, 4], 0.0);
    assert_float(
        t.clone().mean_dim(0),
        [1, 3, 4],
        &[6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0],
    );
    assert_float(
        t.clone().mean_dim(1),
        [2, 1, 4],
        &[4.0, 5.0, 6.0, 7.0, 16.0, 17.0, 18.0, 19.0],
    );
    assert_float(t.mean_dim(2), [2, 3, 1], &[1.5, 5.5, 9.5, 13.5, 17.5, 21.5]);
}

#[test]
fn mean_dim_rank_4() {
    let t = counting_tensor([2, 2, 2, 2], 0.0);
    assert_float(
        t.clone().mean_dim(0),
        [1, 2, 2, 2],
        &[4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0],
    );
    assert_float(
        t.mean_dim(3),
        [2, 2, 2, 1],
        &[0.5, 2.5, 4.5, 6.5, 8.5, 10.5, 12.5, 14.5],
    );
}

#[test]
fn mean_dim_of_a_transposed_tensor() {
    // [[1, 4], [2, 5], [3, 6]]
    let t = counting_tensor([2, 3], 1.0).transpose();
    assert_float(t.clone().mean_dim(0), [1, 2], &[2.0, 5.0]);
    assert_float(t.mean_dim(1), [3, 1], &[2.5, 3.5, 4.5]);
}

#[test]
fn int_sum_dim() {
    let t = int(vec![1, -2, 3, 4, 5, -6], [2, 3]);
    assert_int(t.clone().sum_dim(0), [1, 3], &[5, 3, -3]);
    assert_int(t.sum_dim(1), [2, 1], &[2, 3]);
    let t = int((0..8).collect(), [2, 1, 2, 2]);
    assert_int(t.clone().sum_dim(0), [1, 1, 2, 2], &[4, 6, 8, 10]);
    assert_int(t.sum_dim(2), [2, 1, 1, 2], &[2, 4, 10, 12]);
}

#[test]
fn int_mean_dim_truncates_toward_zero() {
    // [[1, 2], [4, -7]]: along dim 0, 5 / 2 = 2 and -5 / 2 = -2 (not -3)
    let t = int(vec![1, 2, 4, -7], [2, 2]);
    assert_int(t.clone().mean_dim(0), [1, 2], &[2, -2]);
    // along dim 1, 3 / 2 = 1 and -3 / 2 = -1 (not -2)
    assert_int(t.mean_dim(1), [2, 1], &[1, -1]);
    // rank 1 and 3
    assert_int(int(vec![1, 1, 1, 2], [4]).mean_dim(0), [1], &[1]);
    assert_int(int(vec![-1, -1, -2], [1, 3, 1]).mean_dim(1), [1, 1, 1], &[-1]);
    // rank 4: sum 10 over 3 -> 3, sum -10 over 3 -> -3
    assert_int(
        int(vec![3, 3, 4, -3, -3, -4], [2, 1, 3, 1]).mean_dim(2),
        [2, 1, 1, 1],
        &[3, -3],
    );
}
