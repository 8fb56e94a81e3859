//! `matmul`: the dot product at rank 1, matrix products at rank 2, batched products
//! at rank 3 and broadcast batch dims at rank 4, including the `[.., b, 1, k] @
//! [.., 1, k, n]` case that is rewritten internally, on contiguous and strided inputs.

use seam_ops::device_test;
use seam_ops::{
    assert_close_f64, assert_float, assert_int, counting, counting_tensor, f64s, flat_index, float, float64,
    int, needs, unflat_index,
};
use seam_tensor::{DType, Tensor};

/// A naive batched matrix product of row-major `lhs` (of `ld`) and `rhs` (of `rd`),
/// with numpy broadcasting of the batch dims. Returns the output dims and values.
fn reference_matmul(lhs: &[f32], ld: &[usize], rhs: &[f32], rd: &[usize]) -> (Vec<usize>, Vec<f32>) {
    let r = ld.len();
    assert_eq!(r, rd.len());
    let (m, k, n) = (ld[r - 2], ld[r - 1], rd[r - 1]);
    assert_eq!(rd[r - 2], k);
    let mut out_dims: Vec<usize> = ld[..r - 2]
        .iter()
        .zip(&rd[..r - 2])
        .map(|(&l, &rr)| if l == 1 { rr } else { l })
        .collect();
    out_dims.extend([m, n]);
    let total: usize = out_dims.iter().product();
    let values = (0..total)
        .map(|flat| {
            let index = unflat_index(&out_dims, flat);
            let (i, j) = (index[r - 2], index[r - 1]);
            let batch_of = |dims: &[usize]| -> Vec<usize> {
                index[..r - 2]
                    .iter()
                    .zip(dims)
                    .map(|(&b, &d)| if d == 1 { 0 } else { b })
                    .collect()
            };
            let (lb, rb) = (batch_of(ld), batch_of(rd));
            (0..k)
                .map(|p| {
                    let mut li = lb.clone();
                    li.extend([i, p]);
                    let mut ri = rb.clone();
                    ri.extend([p, j]);
                    lhs[flat_index(ld, &li)] * rhs[flat_index(rd, &ri)]
                })
                .sum()
        })
        .collect();
    (out_dims, values)
}

/// A tensor of `dims` holding row-major `values`, as a strided view: it is stored
/// with dims `a` and `b` exchanged (values rearranged to match) and returned as
/// `stored.swap_dims(a, b)`. With `a == b` it is contiguous.
fn swapped_view(values: &[f32], dims: [usize; 4], a: usize, b: usize) -> Tensor<4> {
    let mut stored = dims;
    stored.swap(a, b);
    let stored_values: Vec<f32> = (0..values.len())
        .map(|flat| {
            let mut index = unflat_index(&stored, flat);
            index.swap(a, b);
            values[flat_index(&dims, &index)]
        })
        .collect();
    float(stored_values, stored).swap_dims(a, b)
}

/// Small, varied values that stay exact in `f32` products and sums.
fn sample(n: usize, seed: i32) -> Vec<f32> {
    (0..n as i32)
        .map(|i| ((i * 7 + seed * 3) % 9 - 4) as f32)
        .collect()
}

#[device_test]
fn reference_matmul_is_right() {
    // The reference itself, against a product computed by hand.
    let (dims, values) = reference_matmul(&[1.0, 2.0, 3.0, 4.0], &[2, 2], &[5.0, 6.0, 7.0, 8.0], &[2, 2]);
    assert_eq!(dims, vec![2, 2]);
    assert_eq!(values, vec![19.0, 22.0, 43.0, 50.0]);
}

#[device_test]
fn matmul_rank_1_is_the_dot_product() {
    let a = float(vec![1.0, 2.0, 3.0], [3]);
    let b = float(vec![4.0, 5.0, 6.0], [3]);
    assert_float(a.clone().matmul(b), [1], &[32.0]);
    assert_float(a.clone().matmul(a), [1], &[14.0]);
    assert_float(float(vec![-2.0], [1]).matmul(float(vec![3.5], [1])), [1], &[-7.0]);
}

#[device_test]
fn matmul_rank_1_transposed_is_the_same() {
    let a = float(vec![1.0, -1.0], [2]).transpose();
    let b = float(vec![3.0, 5.0], [2]).transpose();
    assert_float(a.matmul(b), [1], &[-2.0]);
}

#[device_test]
fn matmul_rank_2() {
    // [[1, 2, 3], [4, 5, 6]] @ [[7, 8], [9, 10], [11, 12]]
    let a = counting_tensor([2, 3], 1.0);
    let b = counting_tensor([3, 2], 7.0);
    assert_float(a.clone().matmul(b.clone()), [2, 2], &[58.0, 64.0, 139.0, 154.0]);
    // b @ a: [3, 2] @ [2, 3]
    assert_float(
        b.matmul(a),
        [3, 3],
        &[39.0, 54.0, 69.0, 49.0, 68.0, 87.0, 59.0, 82.0, 105.0],
    );
}

#[device_test]
fn matmul_rank_2_vector_shapes() {
    let row = float(vec![1.0, 2.0, 3.0], [1, 3]);
    let col = float(vec![4.0, 5.0, 6.0], [3, 1]);
    // [1, 3] @ [3, 1]: inner product
    assert_float(row.clone().matmul(col.clone()), [1, 1], &[32.0]);
    // [3, 1] @ [1, 3]: outer product
    assert_float(
        col.matmul(row),
        [3, 3],
        &[4.0, 8.0, 12.0, 5.0, 10.0, 15.0, 6.0, 12.0, 18.0],
    );
}

#[device_test]
fn matmul_with_identity() {
    let d = seam_ops::device();
    let a = counting_tensor([2, 2], 1.0);
    let eye = float(vec![1.0, 0.0, 0.0, 1.0], [2, 2]);
    assert_float(a.clone().matmul(eye.clone()), [2, 2], &[1.0, 2.0, 3.0, 4.0]);
    assert_float(eye.matmul(a.clone()), [2, 2], &[1.0, 2.0, 3.0, 4.0]);
    assert_float(a.matmul(Tensor::zeros([2, 3], &d)), [2, 3], &[0.0; 6]);
}

#[device_test]
fn matmul_with_empty_inner_dim_is_zero() {
    let d = seam_ops::device();
    let a = Tensor::<2>::zeros([2, 0], &d);
    let b = Tensor::<2>::zeros([0, 3], &d);
    assert_float(a.matmul(b), [2, 3], &[0.0; 6]);
}

#[device_test]
fn matmul_rank_3_batched() {
    // batch 0: [[1, 2], [3, 4]] @ [[5, 6], [7, 8]] = [[19, 22], [43, 50]]
    // batch 1: identity @ [[2, 3], [4, 5]] = [[2, 3], [4, 5]]
    let a = float(vec![1.0, 2.0, 3.0, 4.0, 1.0, 0.0, 0.0, 1.0], [2, 2, 2]);
    let b = float(vec![5.0, 6.0, 7.0, 8.0, 2.0, 3.0, 4.0, 5.0], [2, 2, 2]);
    assert_float(
        a.matmul(b),
        [2, 2, 2],
        &[19.0, 22.0, 43.0, 50.0, 2.0, 3.0, 4.0, 5.0],
    );
}

#[device_test]
fn matmul_rank_3_broadcast_batch() {
    // lhs [1, 2, 2] is used for both rhs batches.
    let a = float(vec![1.0, 2.0, 3.0, 4.0], [1, 2, 2]);
    let b = float(vec![1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0], [2, 2, 2]);
    // a @ I = a; a @ [[0, 1], [1, 0]] swaps a's columns.
    assert_float(
        a.clone().matmul(b.clone()),
        [2, 2, 2],
        &[1.0, 2.0, 3.0, 4.0, 2.0, 1.0, 4.0, 3.0],
    );
    // b [2, 2, 2] @ a [1, 2, 2]: I @ a = a; swap-rows @ a swaps a's rows.
    assert_float(b.matmul(a), [2, 2, 2], &[1.0, 2.0, 3.0, 4.0, 3.0, 4.0, 1.0, 2.0]);
}

#[device_test]
fn matmul_rank_3_against_reference() {
    for (ld, rd) in [
        ([3, 2, 4], [3, 4, 5]),
        ([1, 3, 2], [4, 2, 3]),
        ([4, 3, 2], [1, 2, 1]),
        ([2, 1, 3], [2, 3, 2]),
    ] {
        let (lv, rv) = (sample(ld.iter().product(), 1), sample(rd.iter().product(), 2));
        let (dims, expected) = reference_matmul(&lv, &ld, &rv, &rd);
        let out = float(lv, ld).matmul(float(rv, rd));
        assert_float(out, dims.try_into().unwrap(), &expected);
    }
}

/// Products of at least 32^3 multiply-adds, which the CubeCL backend gives to cubek's
/// routines rather than its plain kernel: square, tall and thin, odd sizes, a
/// broadcast batch and a transposed operand. (On lavapipe's SPIR-V one of cubek's
/// routines crashed the driver at every one of these sizes; the small products of
/// the other tests never reached it.)
#[device_test]
fn matmul_large_enough_for_the_tuned_routines() {
    for (ld, rd) in [
        ([1, 64, 64], [1, 64, 64]),
        ([1, 1024, 2], [1, 2, 32]),
        ([1, 384, 32], [1, 32, 3]),
        ([1, 33, 47], [1, 47, 65]),
        ([2, 48, 40], [1, 40, 72]),
    ] {
        let (lv, rv) = (sample(ld.iter().product(), 5), sample(rd.iter().product(), 6));
        let (dims, expected) = reference_matmul(&lv, &ld, &rv, &rd);
        let out = float(lv, ld).matmul(float(rv.clone(), rd));
        assert_float(out, dims.clone().try_into().unwrap(), &expected);
        // The same product with `rhs` stored transposed.
        let [b, k, n] = rd;
        let transposed: Vec<f32> = (0..rv.len())
            .map(|flat| {
                let [i, c, r] = unflat_index(&[b, n, k], flat)[..] else {
                    unreachable!()
                };
                rv[flat_index(&rd, &[i, r, c])]
            })
            .collect();
        let rhs_t = float(transposed, [b, n, k]).swap_dims(1, 2);
        let out = float(sample(ld.iter().product(), 5), ld).matmul(rhs_t);
        assert_float(out, dims.try_into().unwrap(), &expected);
    }
}

#[device_test]
fn matmul_rank_4_broadcast_batch_dims() {
    // lhs [2, 1, 2, 2], rhs [1, 3, 2, 2] -> [2, 3, 2, 2]
    // lhs batch i: [[1, i], [0, 1]]; rhs batch j: [[j, 1], [1, 0]]
    // product: [[j + i, 1], [1, 0]]
    let lhs = float(vec![1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0, 1.0], [2, 1, 2, 2]);
    let rhs = float(
        vec![0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 2.0, 1.0, 1.0, 0.0],
        [1, 3, 2, 2],
    );
    #[rustfmt::skip]
    let expected = [
        0.0, 1.0, 1.0, 0.0,  1.0, 1.0, 1.0, 0.0,  2.0, 1.0, 1.0, 0.0, // i 0
        1.0, 1.0, 1.0, 0.0,  2.0, 1.0, 1.0, 0.0,  3.0, 1.0, 1.0, 0.0, // i 1
    ];
    assert_float(lhs.matmul(rhs), [2, 3, 2, 2], &expected);
}

#[device_test]
fn matmul_rank_4_against_reference() {
    for (ld, rd) in [
        ([2, 1, 3, 4], [1, 3, 4, 2]),
        ([1, 2, 2, 3], [3, 1, 3, 3]),
        ([2, 2, 2, 2], [2, 2, 2, 2]),
        ([1, 1, 2, 5], [2, 3, 5, 1]),
        ([2, 3, 2, 2], [2, 3, 2, 2]),
    ] {
        let (lv, rv) = (sample(ld.iter().product(), 3), sample(rd.iter().product(), 4));
        let (dims, expected) = reference_matmul(&lv, &ld, &rv, &rd);
        let out = float(lv, ld).matmul(float(rv, rd));
        assert_float(out, dims.try_into().unwrap(), &expected);
    }
}

#[device_test]
fn matmul_rewritten_row_vector_case_by_hand() {
    // lhs [2, 3, 1, 2] (values 1..=12) @ rhs [2, 1, 2, 2] (values 1..=8): each of the
    // three rows of batch b is multiplied by rhs[b, 0].
    // rhs[0] = [[1, 2], [3, 4]], rhs[1] = [[5, 6], [7, 8]]
    let lhs = counting_tensor([2, 3, 1, 2], 1.0);
    let rhs = counting_tensor([2, 1, 2, 2], 1.0);
    #[rustfmt::skip]
    let expected = [
        7.0, 10.0,   15.0, 22.0,   23.0, 34.0,  // [1, 2], [3, 4], [5, 6] @ rhs[0]
        91.0, 106.0, 115.0, 134.0, 139.0, 162.0, // [7, 8], [9, 10], [11, 12] @ rhs[1]
    ];
    assert_float(lhs.matmul(rhs), [2, 3, 1, 2], &expected);
}

#[device_test]
fn matmul_rewritten_case_against_reference() {
    let (ld, rd) = ([2, 3, 1, 2], [2, 1, 2, 2]);
    let (lv, rv) = (counting(12, 1.0), counting(8, 1.0));
    let (dims, expected) = reference_matmul(&lv, &ld, &rv, &rd);
    assert_eq!(dims, vec![2, 3, 1, 2]);
    assert_float(float(lv, ld).matmul(float(rv, rd)), [2, 3, 1, 2], &expected);

    // Other shapes of the same form, at rank 3 and 4, with n != k and broadcast
    // leading batch dims.
    for (ld, rd) in [
        ([1, 4, 1, 3], [2, 1, 3, 2]),
        ([2, 4, 1, 3], [1, 1, 3, 5]),
        ([3, 2, 1, 1], [3, 1, 1, 4]),
    ] {
        let (lv, rv) = (sample(ld.iter().product(), 5), sample(rd.iter().product(), 6));
        let (dims, expected) = reference_matmul(&lv, &ld, &rv, &rd);
        let out = float(lv, ld).matmul(float(rv, rd));
        assert_float(out, dims.try_into().unwrap(), &expected);
    }
    let (ld, rd) = ([3, 1, 2], [1, 2, 4]);
    let (lv, rv) = (sample(6, 7), sample(8, 8));
    let (dims, expected) = reference_matmul(&lv, &ld, &rv, &rd);
    let out = float(lv, ld).matmul(float(rv, rd));
    assert_float(out, dims.try_into().unwrap(), &expected);
}

#[device_test]
fn matmul_rewritten_case_with_strided_lhs() {
    // lhs as a view: [2, 1, 3, 2] with dims 1 and 2 swapped gives a [2, 3, 1, 2] view
    // whose row-major values are 1..=12 again.
    let lhs = counting_tensor([2, 1, 3, 2], 1.0).swap_dims(1, 2);
    let rhs = counting_tensor([2, 1, 2, 2], 1.0);
    assert_float(
        lhs.matmul(rhs),
        [2, 3, 1, 2],
        &[
            7.0, 10.0, 15.0, 22.0, 23.0, 34.0, 91.0, 106.0, 115.0, 134.0, 139.0, 162.0,
        ],
    );
}

#[device_test]
fn matmul_of_transposed_rank_2() {
    // a = [[1, 2, 3], [4, 5, 6]]; a^T @ a = [[17, 22, 27], [22, 29, 36], [27, 36, 45]]
    let a = counting_tensor([2, 3], 1.0);
    assert_float(
        a.clone().transpose().matmul(a.clone()),
        [3, 3],
        &[17.0, 22.0, 27.0, 22.0, 29.0, 36.0, 27.0, 36.0, 45.0],
    );
    // a @ a^T = [[14, 32], [32, 77]]
    assert_float(
        a.clone().matmul(a.clone().transpose()),
        [2, 2],
        &[14.0, 32.0, 32.0, 77.0],
    );
    // (a^T)^T... and both transposed: b^T @ a^T with b = [[7, 8], [9, 10], [11, 12]]
    // = (a @ b)^T = [[58, 139], [64, 154]]
    let b = counting_tensor([3, 2], 7.0);
    assert_float(
        b.transpose().matmul(a.transpose()),
        [2, 2],
        &[58.0, 139.0, 64.0, 154.0],
    );
}

#[device_test]
fn matmul_of_strided_rank_3_and_4_against_reference() {
    // Each operand is built contiguous with two dims exchanged, then swapped back to
    // the operand shape, so it reaches matmul as a strided view.
    let cases = [
        ([2, 3, 4, 2], (2, 3), [2, 3, 2, 5], (2, 3)),
        ([2, 3, 4, 2], (0, 1), [1, 3, 2, 5], (0, 3)),
        ([2, 3, 1, 4], (1, 2), [2, 1, 4, 3], (0, 2)),
        ([3, 2, 2, 2], (0, 3), [3, 2, 2, 2], (1, 2)),
    ];
    for (ld, (la, lb), rd, (ra, rb)) in cases {
        let (lv, rv) = (sample(ld.iter().product(), 9), sample(rd.iter().product(), 10));
        let (dims, expected) = reference_matmul(&lv, &ld, &rv, &rd);

        let lhs = swapped_view(&lv, ld, la, lb);
        let rhs = swapped_view(&rv, rd, ra, rb);
        assert_eq!(lhs.dims(), ld);
        assert_eq!(rhs.dims(), rd);
        assert_float(lhs.matmul(rhs), dims.try_into().unwrap(), &expected);
    }

    // Rank 3: a transposed batch.
    let ld = [2, 3, 2];
    let lv = sample(12, 11);
    let rv = sample(16, 12);
    let (dims, expected) = reference_matmul(&lv, &ld, &rv, &[2, 2, 4]);
    // Store lhs as [2, 2, 3] so that its transpose is `lv` of `ld`.
    let stored: Vec<f32> = (0..12)
        .map(|flat| {
            let i = unflat_index(&[2, 2, 3], flat);
            lv[flat_index(&ld, &[i[0], i[2], i[1]])]
        })
        .collect();
    let lhs = float(stored, [2, 2, 3]).transpose();
    let out = lhs.matmul(float(rv, [2, 2, 4]));
    assert_float(out, dims.try_into().unwrap(), &expected);
}

#[device_test]
fn matmul_int() {
    // [[1, 2], [3, 4]] @ [[-1, 0], [2, 1]] = [[3, 2], [5, 4]]
    let a = int(vec![1, 2, 3, 4], [2, 2]);
    let b = int(vec![-1, 0, 2, 1], [2, 2]);
    assert_int(a.clone().matmul(b), [2, 2], &[3, 2, 5, 4]);
    assert_int(
        int(vec![1, 2, 3], [3]).matmul(int(vec![-1, 1, 2], [3])),
        [1],
        &[7],
    );
    // Batched, with a transposed operand: a^T = [[1, 3], [2, 4]]
    let a3 = int(vec![1, 2, 3, 4, 1, 0, 0, 1], [2, 2, 2]).transpose();
    let b3 = int(vec![1, 1, 1, 1], [1, 2, 2]);
    assert_int(a3.matmul(b3), [2, 2, 2], &[4, 4, 6, 6, 1, 1, 1, 1]);
}

#[device_test]
fn matmul_f64() {
    if !needs(&[DType::F64]) {
        return;
    }
    // f64 precision: 0.1 * 0.1 + 0.2 * 0.2 = 0.05 (close, in f64)
    let a = float64(vec![0.1, 0.2], [1, 2]);
    let b = float64(vec![0.1, 0.2], [2, 1]);
    assert_close_f64(&f64s(a.matmul(b)), &[0.05]);
    let a = float64(vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], [2, 1, 2, 2]);
    let b = float64(vec![1.0, 0.0, 0.0, 1.0], [1, 1, 2, 2]);
    assert_close_f64(&f64s(a.matmul(b)), &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]);
}

#[device_test]
fn matmul_of_every_swapped_view_against_reference() {
    // For a plain and a rewritten shape pair, each operand reaches matmul as every
    // view `stored.swap_dims(a, b)` of its shape (a == b: contiguous).
    for (ld, rd) in [([2, 1, 3, 4], [1, 3, 4, 2]), ([2, 3, 1, 4], [2, 1, 4, 3])] {
        let (lv, rv) = (sample(ld.iter().product(), 13), sample(rd.iter().product(), 14));
        let (dims, expected) = reference_matmul(&lv, &ld, &rv, &rd);
        for la in 0..4 {
            for lb in la..4 {
                for ra in 0..4 {
                    for rb in ra..4 {
                        let out = swapped_view(&lv, ld, la, lb).matmul(swapped_view(&rv, rd, ra, rb));
                        assert_eq!(
                            out.dims().to_vec(),
                            dims,
                            "lhs swap ({la}, {lb}), rhs swap ({ra}, {rb})"
                        );
                        assert_eq!(
                            seam_ops::f32s(out),
                            expected,
                            "lhs swap ({la}, {lb}), rhs swap ({ra}, {rb})"
                        );
                    }
                }
            }
        }
    }
}

#[device_test]
fn ops_on_the_result_of_the_rewritten_case() {
    // The rewritten product comes back as a view; later ops must read it right.
    let out = counting_tensor([2, 3, 1, 2], 1.0).matmul(counting_tensor([2, 1, 2, 2], 1.0));
    let values = [
        7.0, 10.0, 15.0, 22.0, 23.0, 34.0, 91.0, 106.0, 115.0, 134.0, 139.0, 162.0,
    ];
    // sum over the 3 rows of each batch
    assert_float(out.clone().sum_dim(1), [2, 1, 1, 2], &[45.0, 66.0, 345.0, 402.0]);
    assert_float(out.clone().sum_dim(2), [2, 3, 1, 2], &values);
    assert_float(out.clone().transpose(), [2, 3, 2, 1], &values);
    assert_float(
        out.clone().swap_dims(1, 3),
        [2, 2, 1, 3],
        &[
            7.0, 15.0, 23.0, 10.0, 22.0, 34.0, 91.0, 115.0, 139.0, 106.0, 134.0, 162.0,
        ],
    );
    assert_float(out.clone() - out.clone(), [2, 3, 1, 2], &[0.0; 12]);
    // And as the lhs of another product: each row times [[1], [1]] is its sum.
    let ones = Tensor::<4>::ones([1, 1, 2, 1], &seam_ops::device());
    assert_float(
        out.matmul(ones),
        [2, 3, 1, 1],
        &[17.0, 37.0, 57.0, 197.0, 249.0, 301.0],
    );
}
