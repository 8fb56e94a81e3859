//! Reductions: the whole-tensor `sum`, `mean`, `prod`, `max`, `min` (shape `[1]`);
//! `sum_dim`, `mean_dim`, `prod_dim`, `max_dim`, `min_dim`, `argmax`, `argmin` (which
//! keep the reduced dim with size 1, arg ops taking the first of ties); `var`,
//! `softmax` and `log_softmax` (stable for large inputs); the running `cumsum` and
//! `cumprod` (which keep the shape) — at every rank and on every dim, on contiguous and strided
//! inputs, `Float` (`f32`, `f64`) and `Int`.

use seam_ops::device_test;
use seam_ops::{
    assert_close_f64, assert_float, assert_int, counting, counting_tensor, f32s, flat_index, float, int,
    needs, unflat_index,
};
use seam_tensor::{DType, Tensor};

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

#[device_test]
fn sum_dim_rank_1() {
    assert_float(float(vec![1.0, 2.0, 3.0, 4.0], [4]).sum_dim(0), [1], &[10.0]);
    assert_float(float(vec![-2.5], [1]).sum_dim(0), [1], &[-2.5]);
}

#[device_test]
fn sum_dim_rank_2() {
    // [[1, 2, 3], [4, 5, 6]]
    let t = counting_tensor([2, 3], 1.0);
    assert_float(t.clone().sum_dim(0), [1, 3], &[5.0, 7.0, 9.0]);
    assert_float(t.sum_dim(1), [2, 1], &[6.0, 15.0]);
}

#[device_test]
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

#[device_test]
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

#[device_test]
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

#[device_test]
fn sum_dim_of_a_transposed_tensor() {
    // [[1, 2, 3], [4, 5, 6]] transposed: [[1, 4], [2, 5], [3, 6]]
    let t = counting_tensor([2, 3], 1.0).transpose();
    assert_float(t.clone().sum_dim(0), [1, 2], &[6.0, 15.0]);
    assert_float(t.sum_dim(1), [3, 1], &[5.0, 7.0, 9.0]);
}

#[device_test]
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

#[device_test]
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

#[device_test]
fn sum_dims_chained() {
    let t = counting_tensor([2, 3, 4], 0.0);
    // 0 + 1 + .. + 23
    assert_float(t.sum_dim(2).sum_dim(0).sum_dim(1), [1, 1, 1], &[276.0]);
}

#[device_test]
fn sum_dim_of_empty_dim_is_zero() {
    let t = Tensor::<2>::zeros([2, 0], &seam_ops::device());
    assert_float(t.clone().sum_dim(1), [2, 1], &[0.0, 0.0]);
    assert_float(t.sum_dim(0), [1, 0], &[]);
}

#[device_test]
fn mean_dim_rank_1_and_2() {
    assert_float(float(vec![1.0, 2.0, 3.0, 4.0], [4]).mean_dim(0), [1], &[2.5]);
    let t = float(vec![1.0, 2.0, 3.0, 4.0], [2, 2]);
    assert_float(t.clone().mean_dim(0), [1, 2], &[2.0, 3.0]);
    assert_float(t.mean_dim(1), [2, 1], &[1.5, 3.5]);
}

#[device_test]
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

#[device_test]
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

#[device_test]
fn mean_dim_of_a_transposed_tensor() {
    // [[1, 4], [2, 5], [3, 6]]
    let t = counting_tensor([2, 3], 1.0).transpose();
    assert_float(t.clone().mean_dim(0), [1, 2], &[2.0, 5.0]);
    assert_float(t.mean_dim(1), [3, 1], &[2.5, 3.5, 4.5]);
}

#[device_test]
fn int_sum_dim() {
    let t = int(vec![1, -2, 3, 4, 5, -6], [2, 3]);
    assert_int(t.clone().sum_dim(0), [1, 3], &[5, 3, -3]);
    assert_int(t.sum_dim(1), [2, 1], &[2, 3]);
    let t = int((0..8).collect(), [2, 1, 2, 2]);
    assert_int(t.clone().sum_dim(0), [1, 1, 2, 2], &[4, 6, 8, 10]);
    assert_int(t.sum_dim(2), [2, 1, 1, 2], &[2, 4, 10, 12]);
}

#[device_test]
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

// ---- whole-tensor reductions: sum, mean, prod, max, min -> shape [1] ----

#[device_test]
fn whole_tensor_reductions_at_each_rank() {
    let v = seam_ops::varied(24, 31);
    let sum: f64 = v.iter().map(|&x| f64::from(x)).sum();
    let max = v.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let min = v.iter().copied().fold(f32::INFINITY, f32::min);
    let check = |t: Tensor<1>, n: usize| {
        let s: f64 = v[..n].iter().map(|&x| f64::from(x)).sum();
        let mx = v[..n].iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let mn = v[..n].iter().copied().fold(f32::INFINITY, f32::min);
        seam_ops::assert_float_tol(t.clone().sum(), [1], &[s], 1e-5);
        seam_ops::assert_float_tol(t.clone().mean(), [1], &[s / n as f64], 1e-5);
        assert_float(t.clone().max(), [1], &[mx]);
        assert_float(t.min(), [1], &[mn]);
    };
    check(float(v[..5].to_vec(), [5]), 5);
    let t2 = float(v[..6].to_vec(), [2, 3]);
    seam_ops::assert_float_tol(
        t2.clone().sum(),
        [1],
        &[v[..6].iter().map(|&x| f64::from(x)).sum()],
        1e-5,
    );
    check(t2.reshape([-1]), 6);
    let t3 = seam_ops::permuted_float(&v, [2, 3, 4], [2, 0, 1]);
    seam_ops::assert_float_tol(t3.clone().sum(), [1], &[sum], 1e-5);
    seam_ops::assert_float_tol(t3.clone().mean(), [1], &[sum / 24.0], 1e-5);
    assert_float(t3.clone().max(), [1], &[max]);
    assert_float(t3.min(), [1], &[min]);
    let t4 = seam_ops::permuted_float(&v, [2, 2, 3, 2], [3, 2, 1, 0]);
    seam_ops::assert_float_tol(t4.clone().sum(), [1], &[sum], 1e-5);
    assert_float(t4.clone().max(), [1], &[max]);
    assert_float(t4.min(), [1], &[min]);
    // An expanded (broadcast) view counts each repeated element.
    let e = float(vec![1.0, 2.0, 3.0], [3]).expand([4, 3]);
    assert_float(e.clone().sum(), [1], &[24.0]);
    assert_float(e.mean(), [1], &[2.0]);
}

#[device_test]
fn prod_at_each_rank() {
    let v: Vec<f32> = seam_ops::varied(24, 5)
        .into_iter()
        .map(|x| x / 4.0 + 1.0)
        .collect();
    let prod = |n: usize| v[..n].iter().map(|&x| f64::from(x)).product::<f64>();
    seam_ops::assert_float_tol(float(v[..4].to_vec(), [4]).prod(), [1], &[prod(4)], 1e-5);
    seam_ops::assert_float_tol(
        float(v[..6].to_vec(), [3, 2]).transpose().prod(),
        [1],
        &[prod(6)],
        1e-5,
    );
    seam_ops::assert_float_tol(float(v[..12].to_vec(), [2, 3, 2]).prod(), [1], &[prod(12)], 1e-5);
    seam_ops::assert_float_tol(
        float(v.clone(), [2, 2, 2, 3]).swap_dims(0, 2).prod(),
        [1],
        &[prod(24)],
        1e-5,
    );
    assert_int(int(vec![1, -2, 3, 4, -5], [5]).prod(), [1], &[120]);
    assert_int(int(vec![1, -2, 3, 4, 0, 7], [1, 2, 3]).prod(), [1], &[0]);
}

#[device_test]
fn int_whole_tensor_reductions() {
    let t = int(vec![5, -3, 8, 0, 2, -7], [2, 3]);
    assert_int(t.clone().sum(), [1], &[5]);
    assert_int(t.clone().max(), [1], &[8]);
    assert_int(t.clone().min(), [1], &[-7]);
    // 5 / 6 truncates to 0; -7 / 2 to -3.
    assert_int(t.clone().mean(), [1], &[0]);
    assert_int(int(vec![-3, -4], [2]).mean(), [1], &[-3]);
    assert_int(t.transpose().sum(), [1], &[5]);
    let t = int(vec![1, 2, 3], [3]).cast(seam_tensor::DType::I32);
    let s = t.sum();
    assert_eq!(s.dtype(), seam_tensor::DType::I32);
    assert_eq!(s.into_data().to_vec::<i32>().unwrap(), vec![6]);
}

#[device_test]
fn empty_sum_is_zero_and_prod_is_one() {
    let t = Tensor::<2>::zeros([0, 3], &seam_ops::device());
    assert_float(t.clone().sum(), [1], &[0.0]);
    assert_float(t.clone().prod(), [1], &[1.0]);
    assert_float(t.prod_dim(0), [1, 3], &[1.0, 1.0, 1.0]);
}

#[device_test]
#[should_panic(expected = "max: the tensor of shape [2, 0] is empty; it has no element to give")]
fn max_of_an_empty_tensor_panics() {
    let _ = Tensor::<2>::zeros([2, 0], &seam_ops::device()).max();
}

#[device_test]
#[should_panic(expected = "argmin: dim 1 of shape [2, 0] is empty; it has no index to give")]
fn argmin_over_an_empty_dim_panics() {
    let _ = Tensor::<2>::zeros([2, 0], &seam_ops::device()).argmin(1);
}

#[device_test]
#[should_panic(expected = "max_dim: dim 2 is out of range for a tensor of shape [2, 3]; dims go from 0 to 1")]
fn max_dim_out_of_range_panics() {
    let _ = Tensor::<2>::zeros([2, 3], &seam_ops::device()).max_dim(2);
}

#[device_test]
#[should_panic(expected = "var: dim 3 is out of range for a tensor of shape [1, 2, 3]")]
fn var_out_of_range_panics() {
    let _ = Tensor::<3>::zeros([1, 2, 3], &seam_ops::device()).var(3);
}

// ---- prod_dim, max_dim, min_dim, argmax, argmin: every dim at every rank ----

/// Checks the `_dim` reductions of `t` (logical `values` of `dims`) along every dim
/// against naive references.
fn check_dim_reductions<const D: usize>(t: Tensor<D>, values: &[f32], dims: [usize; D]) {
    for dim in 0..D {
        let mut out = dims;
        out[dim] = 1;
        let lane = |f: fn(&[f32]) -> f64| seam_ops::reference_reduce(values, &dims, dim, f);
        seam_ops::assert_float_tol(
            t.clone().prod_dim(dim),
            out,
            &lane(|l| l.iter().map(|&x| f64::from(x)).product()),
            1e-5,
        );
        seam_ops::assert_float_tol(
            t.clone().sum_dim(dim),
            out,
            &lane(|l| l.iter().map(|&x| f64::from(x)).sum()),
            1e-5,
        );
        seam_ops::assert_float_tol(
            t.clone().max_dim(dim),
            out,
            &lane(|l| f64::from(l.iter().copied().fold(f32::NEG_INFINITY, f32::max))),
            0.0,
        );
        seam_ops::assert_float_tol(
            t.clone().min_dim(dim),
            out,
            &lane(|l| f64::from(l.iter().copied().fold(f32::INFINITY, f32::min))),
            0.0,
        );
        let first_of = |l: &[f32], better: fn(f32, f32) -> bool| {
            (1..l.len()).fold(0, |best, i| if better(l[i], l[best]) { i } else { best }) as i64
        };
        let argmax = seam_ops::reference_reduce(values, &dims, dim, |l| first_of(l, |a, b| a > b));
        let argmin = seam_ops::reference_reduce(values, &dims, dim, |l| first_of(l, |a, b| a < b));
        assert_int(t.clone().argmax(dim), out, &argmax);
        assert_int(t.clone().argmin(dim), out, &argmin);
    }
}

/// Values with ties (rounded to halves), in a range where products stay small.
fn tied_values(n: usize, seed: u32) -> Vec<f32> {
    seam_ops::varied(n, seed)
        .into_iter()
        .map(|x| (x * 0.5).round() * 0.5 + 0.25)
        .collect()
}

#[device_test]
fn dim_reductions_rank_1_and_2() {
    let v = tied_values(6, 1);
    check_dim_reductions(float(v.clone(), [6]), &v, [6]);
    check_dim_reductions(float(v.clone(), [2, 3]), &v, [2, 3]);
    check_dim_reductions(
        float(v.clone(), [3, 2]).transpose(),
        &seam_ops::reference_permute(&v, &[3, 2], &[1, 0]),
        [2, 3],
    );
}

#[device_test]
fn dim_reductions_rank_3_contiguous_and_strided() {
    let v = tied_values(24, 2);
    check_dim_reductions(float(v.clone(), [2, 3, 4]), &v, [2, 3, 4]);
    check_dim_reductions(seam_ops::permuted_float(&v, [3, 4, 2], [1, 2, 0]), &v, [3, 4, 2]);
    // A sliced view.
    let sliced = float(v.clone(), [2, 3, 4]).slice([0..2, 1..3, 1..4]);
    let expected: Vec<f32> = (0..2)
        .flat_map(|i| (1..3).flat_map(move |j| (1..4).map(move |k| (i, j, k))))
        .map(|(i, j, k)| v[i * 12 + j * 4 + k])
        .collect();
    check_dim_reductions(sliced, &expected, [2, 2, 3]);
}

#[device_test]
fn dim_reductions_rank_4() {
    let v = tied_values(24, 3);
    check_dim_reductions(float(v.clone(), [2, 1, 3, 4]), &v, [2, 1, 3, 4]);
    check_dim_reductions(
        seam_ops::permuted_float(&v, [2, 3, 2, 2], [3, 0, 2, 1]),
        &v,
        [2, 3, 2, 2],
    );
}

#[device_test]
fn dim_reductions_of_an_expanded_view() {
    let e = float(vec![3.0, -1.0, 2.0], [3, 1]).expand([3, 2]);
    assert_float(e.clone().prod_dim(1), [3, 1], &[9.0, 1.0, 4.0]);
    assert_float(e.clone().max_dim(0), [1, 2], &[3.0, 3.0]);
    assert_int(e.clone().argmin(0), [1, 2], &[1, 1]);
    // Ties: the first index.
    assert_int(e.argmax(1), [3, 1], &[0, 0, 0]);
}

#[device_test]
fn arg_reductions_take_the_first_of_ties() {
    let t = float(vec![1.0, 5.0, 5.0, -2.0, -2.0, 0.0, 7.0, 7.0], [2, 4]);
    assert_int(t.clone().argmax(1), [2, 1], &[1, 2]);
    assert_int(t.clone().argmin(1), [2, 1], &[3, 0]);
    assert_int(float(vec![2.0, 2.0, 2.0], [3]).argmax(0), [1], &[0]);
    assert_int(float(vec![2.0, 2.0, 2.0], [3]).argmin(0), [1], &[0]);
    assert_int(t.argmax(0), [1, 4], &[0, 0, 1, 1]);
}

#[device_test]
fn int_dim_reductions() {
    let v: Vec<i64> = vec![3, -1, 4, 1, -5, 9, 2, 6, -5, 3, 5, 9];
    let t = int(v.clone(), [2, 3, 2]);
    for dim in 0..3 {
        let mut out = [2, 3, 2];
        out[dim] = 1;
        assert_int(
            t.clone().prod_dim(dim),
            out,
            &seam_ops::reference_reduce(&v, &[2, 3, 2], dim, |l| l.iter().product()),
        );
        assert_int(
            t.clone().max_dim(dim),
            out,
            &seam_ops::reference_reduce(&v, &[2, 3, 2], dim, |l| *l.iter().max().unwrap()),
        );
        assert_int(
            t.clone().min_dim(dim),
            out,
            &seam_ops::reference_reduce(&v, &[2, 3, 2], dim, |l| *l.iter().min().unwrap()),
        );
        let first = |l: &[i64], want: i64| l.iter().position(|&x| x == want).unwrap() as i64;
        assert_int(
            t.clone().argmax(dim),
            out,
            &seam_ops::reference_reduce(&v, &[2, 3, 2], dim, |l| first(l, *l.iter().max().unwrap())),
        );
        assert_int(
            t.clone().argmin(dim),
            out,
            &seam_ops::reference_reduce(&v, &[2, 3, 2], dim, |l| first(l, *l.iter().min().unwrap())),
        );
    }
    let strided = seam_ops::permuted_int(&v, [3, 2, 2], [2, 1, 0]);
    assert_int(
        strided.clone().max_dim(0),
        [1, 2, 2],
        &seam_ops::reference_reduce(&v, &[3, 2, 2], 0, |l| *l.iter().max().unwrap()),
    );
    assert_int(
        strided.argmin(0),
        [1, 2, 2],
        &seam_ops::reference_reduce(&v, &[3, 2, 2], 0, |l| {
            l.iter().position(|x| x == l.iter().min().unwrap()).unwrap() as i64
        }),
    );
}

#[device_test]
fn f64_dim_reductions() {
    if !needs(&[DType::F64]) {
        return;
    }
    let t = seam_ops::float64(vec![1e-12, 1.0, 2.0, 1.0 + 1e-12], [2, 2]);
    assert_eq!(seam_ops::f64s(t.clone().max_dim(1)), vec![1.0, 2.0]);
    assert_eq!(seam_ops::f64s(t.clone().min_dim(0)), vec![1e-12, 1.0]);
    assert_int(t.clone().argmax(0), [1, 2], &[1, 1]); // 1 + 1e-12 > 1 only in f64
    assert_close_f64(&seam_ops::f64s(t.prod_dim(0)), &[2e-12, 1.0 + 1e-12]);
}

// ---- var ----

#[device_test]
fn var_is_the_sample_variance_along_each_dim() {
    let v = seam_ops::varied(24, 17);
    let var = |l: &[f32]| {
        let n = l.len() as f64;
        let mean = l.iter().map(|&x| f64::from(x)).sum::<f64>() / n;
        l.iter().map(|&x| (f64::from(x) - mean).powi(2)).sum::<f64>() / (n - 1.0)
    };
    seam_ops::assert_float_tol(float(v[..5].to_vec(), [5]).var(0), [1], &[var(&v[..5])], 1e-5);
    for dim in 0..2 {
        let mut out = [4, 6];
        out[dim] = 1;
        seam_ops::assert_float_tol(
            float(v.clone(), [4, 6]).var(dim),
            out,
            &seam_ops::reference_reduce(&v, &[4, 6], dim, var),
            1e-5,
        );
    }
    for dim in 0..3 {
        let mut out = [2, 3, 4];
        out[dim] = 1;
        seam_ops::assert_float_tol(
            seam_ops::permuted_float(&v, [2, 3, 4], [1, 2, 0]).var(dim),
            out,
            &seam_ops::reference_reduce(&v, &[2, 3, 4], dim, var),
            1e-5,
        );
    }
    seam_ops::assert_float_tol(
        float(v.clone(), [2, 2, 3, 2]).var(2),
        [2, 2, 1, 2],
        &seam_ops::reference_reduce(&v, &[2, 2, 3, 2], 2, var),
        1e-5,
    );
    // By hand: [1, 2, 3, 4] -> 5/3; a constant row -> 0.
    seam_ops::assert_float_tol(
        float(vec![1.0, 2.0, 3.0, 4.0, 7.0, 7.0, 7.0, 7.0], [2, 4]).var(1),
        [2, 1],
        &[5.0 / 3.0, 0.0],
        1e-6,
    );
}

#[device_test]
fn var_f64() {
    if !needs(&[DType::F64]) {
        return;
    }
    let t = seam_ops::float64(vec![1.0, 2.0, 4.0], [1, 3]);
    // mean 7/3; squares of deviations 16/9 + 1/9 + 25/9 = 42/9; / 2
    assert_close_f64(&seam_ops::f64s(t.var(1)), &[42.0 / 18.0]);
}

// ---- softmax, log_softmax ----

fn reference_softmax(l: &[f32]) -> Vec<f64> {
    let max = l.iter().map(|&x| f64::from(x)).fold(f64::NEG_INFINITY, f64::max);
    let sum: f64 = l.iter().map(|&x| (f64::from(x) - max).exp()).sum();
    l.iter().map(|&x| (f64::from(x) - max).exp() / sum).collect()
}

/// `f` of each lane along `dim`, scattered back into row-major order.
fn per_lane(values: &[f32], dims: &[usize], dim: usize, f: impl Fn(&[f32]) -> Vec<f64>) -> Vec<f64> {
    let lanes = seam_ops::reference_reduce(values, dims, dim, &f);
    let mut out_dims = dims.to_vec();
    out_dims[dim] = 1;
    let mut out = vec![0.0; values.len()];
    for (lane_flat, lane) in lanes.iter().enumerate() {
        let mut index = seam_ops::unflat_index(&out_dims, lane_flat);
        for (j, &x) in lane.iter().enumerate() {
            index[dim] = j;
            out[seam_ops::flat_index(dims, &index)] = x;
        }
    }
    out
}

#[device_test]
fn softmax_and_log_softmax_along_each_dim() {
    let v = seam_ops::varied(24, 23);
    let log_sm = |l: &[f32]| reference_softmax(l).into_iter().map(f64::ln).collect::<Vec<_>>();
    seam_ops::assert_float_tol(
        float(v[..5].to_vec(), [5]).softmax(0),
        [5],
        &reference_softmax(&v[..5]),
        1e-5,
    );
    seam_ops::assert_float_tol(
        float(v[..5].to_vec(), [5]).log_softmax(0),
        [5],
        &log_sm(&v[..5]),
        1e-5,
    );
    for dim in 0..2 {
        seam_ops::assert_float_tol(
            float(v.clone(), [4, 6]).softmax(dim),
            [4, 6],
            &per_lane(&v, &[4, 6], dim, reference_softmax),
            1e-5,
        );
    }
    for dim in 0..3 {
        let t = seam_ops::permuted_float(&v, [2, 3, 4], [2, 0, 1]);
        seam_ops::assert_float_tol(
            t.clone().softmax(dim),
            [2, 3, 4],
            &per_lane(&v, &[2, 3, 4], dim, reference_softmax),
            1e-5,
        );
        seam_ops::assert_float_tol(
            t.log_softmax(dim),
            [2, 3, 4],
            &per_lane(&v, &[2, 3, 4], dim, log_sm),
            1e-5,
        );
    }
    seam_ops::assert_float_tol(
        float(v.clone(), [2, 2, 2, 3]).log_softmax(3),
        [2, 2, 2, 3],
        &per_lane(&v, &[2, 2, 2, 3], 3, log_sm),
        1e-5,
    );
}

#[device_test]
fn softmax_and_log_softmax_are_stable_for_large_inputs() {
    let v = vec![1000.0f32, 1001.0, 999.0, -1000.0, -1001.0, -999.0];
    let t = float(v.clone(), [2, 3]);
    let sm = f32s(t.clone().softmax(1));
    assert!(sm.iter().all(|x| x.is_finite()), "{sm:?}");
    seam_ops::assert_float_tol(
        t.clone().softmax(1),
        [2, 3],
        &per_lane(&v, &[2, 3], 1, reference_softmax),
        1e-5,
    );
    let log_sm = |l: &[f32]| reference_softmax(l).into_iter().map(f64::ln).collect::<Vec<_>>();
    seam_ops::assert_float_tol(
        t.clone().log_softmax(1),
        [2, 3],
        &per_lane(&v, &[2, 3], 1, log_sm),
        1e-5,
    );
    // Along dim 0 the lanes mix +-1000: softmax underflows to 0, log_softmax stays finite.
    let ls = f32s(t.clone().log_softmax(0));
    assert!(ls.iter().all(|x| x.is_finite()), "{ls:?}");
    seam_ops::assert_float_tol(
        t.clone().log_softmax(0),
        [2, 3],
        &[0.0, 0.0, 0.0, -2000.0, -2002.0, -1998.0],
        1e-6,
    );
    assert_float(t.softmax(0), [2, 3], &[1.0, 1.0, 1.0, 0.0, 0.0, 0.0]);
}

#[device_test]
fn softmax_sums_to_one_f64() {
    if !needs(&[DType::F64]) {
        return;
    }
    let t = seam_ops::float64(vec![0.5, -3.0, 700.0, 2.0, 2.0, 2.0], [2, 3]);
    let s = seam_ops::f64s(t.clone().softmax(1).sum_dim(1));
    assert_close_f64(&s, &[1.0, 1.0]);
    assert_close_f64(&seam_ops::f64s(t.softmax(1)).split_off(3), &[1.0 / 3.0; 3]);
}

/// A naive running sum (or product) along `dim` of row-major `values` of `dims`:
/// each element folded onto the running value of the one before it along the dim.
fn reference_scan(values: &[f32], dims: &[usize], dim: usize, prod: bool) -> Vec<f32> {
    let mut out = values.to_vec();
    for flat in 0..values.len() {
        let mut index = unflat_index(dims, flat);
        if index[dim] == 0 {
            continue;
        }
        index[dim] -= 1;
        let before = out[flat_index(dims, &index)];
        out[flat] = if prod {
            before * out[flat]
        } else {
            before + out[flat]
        };
    }
    out
}

#[device_test]
fn cumsum_and_cumprod_of_a_matrix_as_numpy() {
    // [[1, 2, 3], [4, 5, 6]]; numpy.cumsum / numpy.cumprod with axis 0 and 1.
    let t = counting_tensor([2, 3], 1.0);
    assert_float(t.clone().cumsum(0), [2, 3], &[1.0, 2.0, 3.0, 5.0, 7.0, 9.0]);
    assert_float(t.clone().cumsum(1), [2, 3], &[1.0, 3.0, 6.0, 4.0, 9.0, 15.0]);
    assert_float(t.clone().cumprod(0), [2, 3], &[1.0, 2.0, 3.0, 4.0, 10.0, 18.0]);
    assert_float(t.cumprod(1), [2, 3], &[1.0, 2.0, 6.0, 4.0, 20.0, 120.0]);
    assert_float(float(vec![-2.5], [1]).cumsum(0), [1], &[-2.5]);
}

#[device_test]
fn cumsum_and_cumprod_of_a_transposed_tensor() {
    // [[1, 4], [2, 5], [3, 6]], read through swapped strides.
    let t = counting_tensor([2, 3], 1.0).transpose();
    assert_float(t.clone().cumsum(0), [3, 2], &[1.0, 4.0, 3.0, 9.0, 6.0, 15.0]);
    assert_float(t.clone().cumsum(1), [3, 2], &[1.0, 5.0, 2.0, 7.0, 3.0, 9.0]);
    assert_float(t.cumprod(0), [3, 2], &[1.0, 4.0, 2.0, 20.0, 6.0, 120.0]);
}

#[device_test]
fn cumsum_and_cumprod_at_rank_4_on_each_dim_against_reference() {
    let dims = [2, 3, 4, 5];
    // Small values, whose running sums and products are exact in f32.
    let values: Vec<f32> = (0..120).map(|i| ((i * 7) % 5) as f32 * 0.5 - 1.0).collect();
    let t = float(values.clone(), dims);
    // The same values read through a permutation: dims [5, 4, 3, 2].
    let permuted = t.clone().permute([3, 2, 1, 0]);
    let permuted_values = f32s(permuted.clone());
    for dim in 0..4 {
        let p_dims = [5, 4, 3, 2];
        for prod in [false, true] {
            let (got, got_p) = if prod {
                (t.clone().cumprod(dim), permuted.clone().cumprod(dim))
            } else {
                (t.clone().cumsum(dim), permuted.clone().cumsum(dim))
            };
            assert_float(got, dims, &reference_scan(&values, &dims, dim, prod));
            assert_float(
                got_p,
                p_dims,
                &reference_scan(&permuted_values, &p_dims, dim, prod),
            );
        }
    }
}

#[device_test]
fn cumsum_and_cumprod_of_a_large_tensor_split_across_threads_as_one_scan() {
    // 400,000 elements, past the CPU's parallel threshold; small integers stay exact.
    let dims = [8, 50_000];
    let values: Vec<f32> = (0..400_000).map(|i| (i % 3) as f32).collect();
    let t = float(values.clone(), dims);
    for dim in 0..2 {
        assert_float(
            t.clone().cumsum(dim),
            dims,
            &reference_scan(&values, &dims, dim, false),
        );
    }
    // Ones, twos and halves whose running products stay within a few powers of two.
    let values: Vec<f32> = (0..400_000).map(|i| [1.0, 2.0, 1.0, 0.5][i % 4]).collect();
    let t = float(values.clone(), dims);
    for dim in 0..2 {
        assert_float(
            t.clone().cumprod(dim),
            dims,
            &reference_scan(&values, &dims, dim, true),
        );
    }
}

#[device_test]
fn cumsum_and_cumprod_of_empty_dims_are_empty() {
    let t = float(vec![], [2, 0, 3]);
    for dim in 0..3 {
        assert_float(t.clone().cumsum(dim), [2, 0, 3], &[]);
        assert_float(t.clone().cumprod(dim), [2, 0, 3], &[]);
    }
}

#[device_test]
fn cumsum_and_cumprod_carry_nan_and_infinity_forward() {
    // numpy: cumsum([1, nan, 2]) = [1, nan, nan]; cumprod([2, inf, 0, 3]) =
    // [2, inf, nan, nan]; the elements before a NaN keep their values.
    let got = f32s(float(vec![1.0, f32::NAN, 2.0], [3]).cumsum(0));
    assert_eq!(got[0], 1.0);
    assert!(got[1].is_nan() && got[2].is_nan(), "{got:?}");
    let got = f32s(float(vec![2.0, f32::INFINITY, 0.0, 3.0], [4]).cumprod(0));
    assert_eq!(&got[..2], &[2.0, f32::INFINITY]);
    assert!(got[2].is_nan() && got[3].is_nan(), "{got:?}");
}

#[device_test]
fn int_cumsum_and_cumprod_wrap_on_overflow() {
    let t = int(vec![1, -2, 3, 4, 5, -6], [2, 3]);
    assert_int(t.clone().cumsum(0), [2, 3], &[1, -2, 3, 5, 3, -3]);
    assert_int(t.clone().cumsum(1), [2, 3], &[1, -1, 2, 4, 9, 3]);
    assert_int(t.cumprod(1), [2, 3], &[1, -2, -6, 4, 20, -120]);
    // numpy's int64 cumsum and cumprod wrap the same way, silently (at i32 on a
    // device without i64: `int_data_wraps_at_i32`).
    if !needs(&[DType::I64]) {
        return;
    }
    let t = int(vec![i64::MAX, 1, 1], [3]);
    assert_int(t.cumsum(0), [3], &[i64::MAX, i64::MIN, i64::MIN + 1]);
    let t = int(vec![1 << 62, 2, 2], [3]);
    assert_int(t.cumprod(0), [3], &[1 << 62, i64::MIN, 0]);
}
