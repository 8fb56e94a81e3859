//! Joining and repeating: `cat` / `try_cat`, `stack` / `try_stack`, `repeat`,
//! `expand` / `try_expand`, at every rank, on strided inputs, for every kind.

use seam_ops::device_test;
use seam_ops::{
    assert_bool, assert_float, assert_int, assert_panics, boolean, counting, device, float, float64, int,
    needs, permuted_float, reference_permute, unflat_index,
};
use seam_tensor::{DType, Tensor, TensorErrorKind};

/// Row-major `parts` (with their dims) joined along `dim`.
fn reference_cat(parts: &[(Vec<f32>, Vec<usize>)], dim: usize) -> Vec<f32> {
    let mut out_dims = parts[0].1.clone();
    out_dims[dim] = parts.iter().map(|(_, d)| d[dim]).sum();
    let n: usize = out_dims.iter().product();
    (0..n)
        .map(|flat| {
            let mut index = unflat_index(&out_dims, flat);
            let mut p = 0;
            while index[dim] >= parts[p].1[dim] {
                index[dim] -= parts[p].1[dim];
                p += 1;
            }
            parts[p].0[seam_ops::flat_index(&parts[p].1, &index)]
        })
        .collect()
}

#[device_test]
fn cat_along_each_dim_at_each_rank() {
    let a = counting(24, 0.0);
    let b = counting(24, 100.0);
    assert_float(
        Tensor::cat(vec![float(a[..2].to_vec(), [2]), float(b[..3].to_vec(), [3])], 0),
        [5],
        &[0.0, 1.0, 100.0, 101.0, 102.0],
    );
    for dim in 0..2 {
        let mut bd = vec![2, 3];
        bd[dim] = 1;
        let bn: usize = bd.iter().product();
        let t = Tensor::cat(
            vec![
                float(a[..6].to_vec(), [2, 3]),
                float(b[..bn].to_vec(), [bd[0], bd[1]]),
            ],
            dim,
        );
        let mut out = [2, 3];
        out[dim] += 1;
        assert_float(
            t,
            out,
            &reference_cat(&[(a[..6].to_vec(), vec![2, 3]), (b[..bn].to_vec(), bd)], dim),
        );
    }
    for dim in 0..3 {
        let mut out = [2, 3, 4];
        out[dim] *= 3;
        let parts = vec![
            (a.clone(), vec![2, 3, 4]),
            (b.clone(), vec![2, 3, 4]),
            (a.clone(), vec![2, 3, 4]),
        ];
        // One strided part.
        let t = Tensor::cat(
            vec![
                float(a.clone(), [2, 3, 4]),
                permuted_float(&b, [2, 3, 4], [1, 2, 0]),
                float(a.clone(), [2, 3, 4]),
            ],
            dim,
        );
        assert_float(t, out, &reference_cat(&parts, dim));
    }
    let t = Tensor::cat(
        vec![
            float(a[..12].to_vec(), [1, 2, 3, 2]),
            float(b.clone(), [1, 2, 3, 4]),
        ],
        3,
    );
    assert_float(
        t,
        [1, 2, 3, 6],
        &reference_cat(
            &[
                (a[..12].to_vec(), vec![1, 2, 3, 2]),
                (b.clone(), vec![1, 2, 3, 4]),
            ],
            3,
        ),
    );
}

#[device_test]
fn cat_of_one_and_of_empty_parts() {
    let v = counting(6, 1.0);
    assert_float(Tensor::cat(vec![float(v.clone(), [2, 3])], 1), [2, 3], &v);
    let t = Tensor::cat(
        vec![Tensor::<2>::zeros([2, 0], &device()), float(v.clone(), [2, 3])],
        1,
    );
    assert_float(t, [2, 3], &v);
}

#[device_test]
fn cat_int_bool_and_f64() {
    let t = Tensor::cat(
        vec![int(vec![1, 2], [1, 2]), int(vec![3, 4, 5, 6], [2, 2]).transpose()],
        0,
    );
    assert_int(t, [3, 2], &[1, 2, 3, 5, 4, 6]);
    let t = Tensor::cat(
        vec![boolean(vec![true], [1, 1]), boolean(vec![false, true], [1, 2])],
        1,
    );
    assert_bool(t, [1, 3], &[true, false, true]);
    if !needs(&[DType::F64]) {
        return;
    }
    let t = Tensor::cat(vec![float64(vec![0.1], [1]), float64(vec![0.2, 0.3], [2])], 0);
    assert_eq!(seam_ops::f64s(t), vec![0.1, 0.2, 0.3]);
}

#[device_test]
fn try_cat_errors() {
    if !needs(&[DType::F64]) {
        return;
    }
    let d = device();
    let a = Tensor::<2>::zeros([2, 3], &d);
    let err = Tensor::try_cat(vec![a.clone(), Tensor::zeros([3, 2], &d)], 0).unwrap_err();
    assert_eq!(err.kind(), TensorErrorKind::Cat);
    assert_eq!(err.op(), "cat");
    assert!(
        err.message()
            .contains("tensor 1 has shape [3, 2] but tensor 0 has [2, 3]: they differ in dim 1"),
        "{err}"
    );
    assert_eq!(
        Tensor::<2>::try_cat(vec![], 0).unwrap_err().kind(),
        TensorErrorKind::Cat
    );
    assert_eq!(
        Tensor::try_cat(vec![a.clone(), a.clone()], 2).unwrap_err().kind(),
        TensorErrorKind::Dim
    );
    let f64a = float64(vec![0.0; 6], [2, 3]);
    assert_eq!(
        Tensor::try_cat(vec![a.clone(), f64a], 0).unwrap_err().kind(),
        TensorErrorKind::DType
    );
    assert_eq!(Tensor::try_cat(vec![a.clone(), a], 1).unwrap().dims(), [2, 6]);
}

#[device_test]
#[should_panic(expected = "cat: no tensors were given; give at least one")]
fn cat_of_nothing_panics() {
    let _ = Tensor::<1>::cat(vec![], 0);
}

#[device_test]
fn cat_of_mixed_dtypes_panics() {
    if !needs(&[DType::F64]) {
        return;
    }
    assert_panics("cat: tensor 1 has dtype f64 but tensor 0 has f32", || {
        let _ = Tensor::cat(vec![float(vec![1.0], [1]), float64(vec![1.0], [1])], 0);
    });
}

// ---- stack ----

#[device_test]
fn stack_along_each_new_dim() {
    let a = counting(6, 0.0);
    let b = counting(6, 10.0);
    for dim in 0..3 {
        let t = Tensor::stack::<3>(
            vec![float(a.clone(), [2, 3]), float(b.clone(), [3, 2]).transpose()],
            dim,
        );
        let b_logical = reference_permute(&b, &[3, 2], &[1, 0]);
        // The reference: both unsqueezed at `dim`, then joined along it.
        let mut d = vec![2, 3];
        d.insert(dim, 1);
        let expected = reference_cat(&[(a.clone(), d.clone()), (b_logical, d.clone())], dim);
        let mut out = [1, 2, 3];
        out[..dim].copy_from_slice(&[2, 3][..dim]);
        out[dim] = 2;
        out[dim + 1..].copy_from_slice(&[2, 3][dim..]);
        assert_float(t, out, &expected);
    }
    let t = Tensor::stack::<2>(
        vec![
            float(vec![1.0, 2.0], [2]),
            float(vec![3.0, 4.0], [2]),
            float(vec![5.0, 6.0], [2]),
        ],
        0,
    );
    assert_float(t, [3, 2], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let t = Tensor::stack::<4>(vec![float(counting(12, 0.0), [2, 3, 2]); 2], 3);
    let expected: Vec<f32> = counting(12, 0.0).into_iter().flat_map(|x| [x, x]).collect();
    assert_float(t, [2, 3, 2, 2], &expected);
    let t = Tensor::stack::<2>(vec![int(vec![1, 2], [2]), int(vec![3, 4], [2])], 1);
    assert_int(t, [2, 2], &[1, 3, 2, 4]);
    let t = Tensor::stack::<2>(vec![boolean(vec![true], [1]), boolean(vec![false], [1])], 0);
    assert_bool(t, [2, 1], &[true, false]);
}

#[device_test]
fn try_stack_errors() {
    let d = device();
    let err =
        Tensor::try_stack::<2>(vec![Tensor::<1>::zeros([2], &d), Tensor::zeros([3], &d)], 0).unwrap_err();
    assert_eq!(err.kind(), TensorErrorKind::Cat);
    assert_eq!(err.op(), "stack");
    assert_eq!(
        Tensor::try_stack::<2>(vec![Tensor::<1>::zeros([2], &d)], 2)
            .unwrap_err()
            .kind(),
        TensorErrorKind::Dim
    );
    assert_eq!(
        Tensor::try_stack::<3>(vec![Tensor::<1>::zeros([2], &d)], 0)
            .unwrap_err()
            .kind(),
        TensorErrorKind::Dim
    );
    assert_eq!(
        Tensor::<1>::try_stack::<2>(vec![], 0).unwrap_err().kind(),
        TensorErrorKind::Cat
    );
}

#[device_test]
#[should_panic(
    expected = "stack: tensor 1 has shape [3] but tensor 0 has [2]; stacked tensors must have one shape"
)]
fn stack_of_different_shapes_panics() {
    let _ = Tensor::stack::<2>(
        vec![Tensor::<1>::zeros([2], &device()), Tensor::zeros([3], &device())],
        0,
    );
}

#[device_test]
#[should_panic(expected = "stack: the result has rank 3 but rank 2 was asked for")]
fn stack_to_the_wrong_rank_panics() {
    let _ = Tensor::stack::<2>(vec![Tensor::<2>::zeros([2, 2], &device())], 0);
}

// ---- repeat ----

#[device_test]
fn repeat_at_each_rank() {
    assert_float(
        float(vec![1.0, 2.0], [2]).repeat([3]),
        [6],
        &[1.0, 2.0, 1.0, 2.0, 1.0, 2.0],
    );
    assert_float(
        float(vec![1.0, 2.0, 3.0, 4.0], [2, 2]).repeat([1, 2]),
        [2, 4],
        &[1.0, 2.0, 1.0, 2.0, 3.0, 4.0, 3.0, 4.0],
    );
    assert_float(
        float(vec![1.0, 2.0, 3.0, 4.0], [2, 2]).repeat([2, 1]),
        [4, 2],
        &[1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0],
    );
    // Reference: out[i] = in[i mod dims].
    let v = counting(12, 0.0);
    let dims = [2, 3, 2];
    let times = [2, 1, 3];
    let out = [4, 3, 6];
    let expected: Vec<f32> = (0..out.iter().product())
        .map(|flat| {
            let i = unflat_index(&out, flat);
            let j: Vec<usize> = i.iter().zip(&dims).map(|(x, d)| x % d).collect();
            v[seam_ops::flat_index(&dims, &j)]
        })
        .collect();
    assert_float(float(v.clone(), dims).repeat(times), out, &expected);
    // Strided input.
    let t = permuted_float(&v, dims, [2, 1, 0]).repeat(times);
    assert_float(t, out, &expected);
    let t = float(counting(4, 0.0), [1, 2, 1, 2]).repeat([2, 1, 2, 1]);
    assert_float(
        t,
        [2, 2, 2, 2],
        &[
            0.0, 1.0, 0.0, 1.0, 2.0, 3.0, 2.0, 3.0, 0.0, 1.0, 0.0, 1.0, 2.0, 3.0, 2.0, 3.0,
        ],
    );
    assert_int(
        int(vec![5, 6], [2, 1]).repeat([1, 3]),
        [2, 3],
        &[5, 5, 5, 6, 6, 6],
    );
    assert_bool(
        boolean(vec![true, false], [2]).repeat([2]),
        [4],
        &[true, false, true, false],
    );
    assert_eq!(float(vec![1.0], [1]).repeat([0]).dims(), [0]);
}

// ---- expand ----

#[device_test]
fn expand_adds_and_repeats_dims() {
    assert_float(
        float(vec![1.0, 2.0], [2]).expand([3, 2]),
        [3, 2],
        &[1.0, 2.0, 1.0, 2.0, 1.0, 2.0],
    );
    assert_float(
        float(vec![1.0, 2.0], [2, 1]).expand([2, 3]),
        [2, 3],
        &[1.0, 1.0, 1.0, 2.0, 2.0, 2.0],
    );
    assert_float(float(vec![7.0], [1]).expand([2, 1, 2]), [2, 1, 2], &[7.0; 4]);
    let t = float(vec![1.0, 2.0, 3.0], [1, 3, 1]).expand([2, 2, 3, 2]);
    let expected: Vec<f32> = (0..24).map(|i| [1.0, 2.0, 3.0][(i / 2) % 3]).collect();
    assert_float(t, [2, 2, 3, 2], &expected);
    // Same shape: unchanged; strided input.
    let t = float(counting(6, 0.0), [3, 2])
        .transpose()
        .unsqueeze_dim::<3>(1)
        .expand([2, 2, 3]);
    assert_float(
        t,
        [2, 2, 3],
        &[0.0, 2.0, 4.0, 0.0, 2.0, 4.0, 1.0, 3.0, 5.0, 1.0, 3.0, 5.0],
    );
    assert_int(int(vec![1, 2], [1, 2]).expand([2, 2]), [2, 2], &[1, 2, 1, 2]);
    assert_bool(
        boolean(vec![true, false], [2, 1]).expand([2, 2]),
        [2, 2],
        &[true, true, false, false],
    );
}

#[device_test]
fn expanded_views_in_ops() {
    let e = float(vec![1.0, 2.0, 3.0], [3, 1]).expand([3, 3]);
    let m = float(counting(9, 0.0), [3, 3]);
    assert_float(
        e.clone() * m,
        [3, 3],
        &[0.0, 1.0, 2.0, 6.0, 8.0, 10.0, 18.0, 21.0, 24.0],
    );
    assert_float(
        e.clone().transpose(),
        [3, 3],
        &[1.0, 2.0, 3.0, 1.0, 2.0, 3.0, 1.0, 2.0, 3.0],
    );
    assert_float(
        e.exp().log(),
        [3, 3],
        &[1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 3.0, 3.0, 3.0],
    );
}

#[device_test]
fn try_expand_errors() {
    let t = Tensor::<2>::zeros([2, 3], &device());
    let err = t.clone().try_expand([4, 3]).unwrap_err();
    assert_eq!(err.kind(), TensorErrorKind::Shape);
    assert_eq!(err.op(), "expand");
    assert!(err.message().contains("dim 0 has size 2, not 1 or 4"), "{err}");
    assert_eq!(
        t.clone().try_expand([3]).unwrap_err().kind(),
        TensorErrorKind::Shape
    );
    assert_eq!(t.try_expand([5, 2, 3]).unwrap().dims(), [5, 2, 3]);
}

#[device_test]
#[should_panic(
    expected = "expand: a tensor of shape [2, 3] cannot expand to [2, 4]: dim 1 has size 3, not 1 or 4"
)]
fn expand_to_an_incompatible_shape_panics() {
    let _ = Tensor::<2>::zeros([2, 3], &device()).expand([2, 4]);
}

#[device_test]
#[should_panic(expected = "expand: a tensor of shape [2, 3] cannot expand to [3], which has fewer dims")]
fn expand_to_fewer_dims_panics() {
    let _ = Tensor::<2>::zeros([2, 3], &device()).expand([3]);
}
