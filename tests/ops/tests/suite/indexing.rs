//! Indexing: `gather`, `scatter` (which adds, repeated indices accumulating) and
//! `select`, along every dim at every rank, on strided inputs and indices, for
//! `Float`, `Int` and (`gather`, `select`) `Bool`.

use seam_ops::device_test;
use seam_ops::{
    assert_bool, assert_float, assert_int, assert_panics, boolean, counting, device, flat_index, float,
    float64, int, needs, permuted_float, permuted_int, unflat_index,
};
use seam_tensor::{DType, Int, Tensor};

/// `out[.., i, ..] = values[.., indices[.., i, ..], ..]` along `dim`.
fn reference_gather<T: Copy>(
    values: &[T],
    dims: &[usize],
    dim: usize,
    indices: &[i64],
    index_dims: &[usize],
) -> Vec<T> {
    (0..indices.len())
        .map(|flat| {
            let mut index = unflat_index(index_dims, flat);
            index[dim] = indices[flat] as usize;
            values[flat_index(dims, &index)]
        })
        .collect()
}

/// `out = base; out[.., indices[.., i, ..], ..] += values[.., i, ..]` along `dim`.
fn reference_scatter(
    base: &[f64],
    dims: &[usize],
    dim: usize,
    indices: &[i64],
    index_dims: &[usize],
    values: &[f64],
) -> Vec<f64> {
    let mut out = base.to_vec();
    for flat in 0..indices.len() {
        let mut index = unflat_index(index_dims, flat);
        index[dim] = indices[flat] as usize;
        out[flat_index(dims, &index)] += values[flat];
    }
    out
}

/// Deterministic indices in `0..bound`.
fn indices(n: usize, bound: usize, seed: usize) -> Vec<i64> {
    (0..n)
        .map(|i| ((i * 7 + seed * 3 + i / 3) % bound) as i64)
        .collect()
}

#[device_test]
fn gather_along_each_dim_at_each_rank() {
    let v = counting(24, 0.5);
    let i1 = indices(5, 6, 1);
    assert_float(
        float(v[..6].to_vec(), [6]).gather(0, int(i1.clone(), [5])),
        [5],
        &reference_gather(&v[..6], &[6], 0, &i1, &[5]),
    );
    for dim in 0..2 {
        // Indices of shape [2, 2]: not larger than [3, 4] off `dim`, any size along it.
        let id = [2, 2];
        let ix = indices(4, [3, 4][dim], dim);
        assert_float(
            float(v[..12].to_vec(), [3, 4]).gather(dim, int(ix.clone(), id)),
            id,
            &reference_gather(&v[..12], &[3, 4], dim, &ix, &id),
        );
    }
    for dim in 0..3 {
        let dims = [2, 3, 4];
        let mut id = [2, 2, 3];
        id[dim] = 5;
        let ix = indices(id.iter().product(), dims[dim], dim);
        // Strided input, strided indices.
        let t = permuted_float(&v, dims, [2, 0, 1]);
        let it = permuted_int(&ix, id, [1, 2, 0]);
        assert_float(t.gather(dim, it), id, &reference_gather(&v, &dims, dim, &ix, &id));
    }
    let dims = [2, 3, 2, 2];
    let id = [2, 1, 2, 3];
    let ix = indices(12, 2, 4);
    assert_float(
        float(v.clone(), dims).gather(3, int(ix.clone(), id)),
        id,
        &reference_gather(&v, &dims, 3, &ix, &id),
    );
}

#[device_test]
fn gather_int_bool_f64_and_i32_indices() {
    let t = int(vec![10, 20, 30, 40], [2, 2]);
    assert_int(
        t.gather(1, int(vec![1, 0, 1, 1], [2, 2])),
        [2, 2],
        &[20, 10, 40, 40],
    );
    let b = boolean(vec![true, false, false, true], [2, 2]);
    assert_bool(b.gather(0, int(vec![1, 1], [1, 2])), [1, 2], &[false, true]);
    if !needs(&[DType::F64]) {
        return;
    }
    let f = float64(vec![0.1, 0.2, 0.3], [3]).gather(0, int(vec![2, 2, 0], [3]));
    assert_eq!(seam_ops::f64s(f), vec![0.3, 0.3, 0.1]);
    let idx32 = int(vec![2, 0], [2]).cast(DType::I32);
    assert_float(float(vec![1.0, 2.0, 3.0], [3]).gather(0, idx32), [2], &[3.0, 1.0]);
    // Expanded indices.
    let ix = int(vec![2, 0], [1, 2]).expand([3, 2]);
    assert_float(
        float(counting(9, 0.0), [3, 3]).gather(1, ix),
        [3, 2],
        &[2.0, 0.0, 5.0, 3.0, 8.0, 6.0],
    );
}

#[device_test]
fn gather_with_indices_too_large_off_dim_panics() {
    assert_panics(
        "gather: indices of shape [3, 2] do not fit a tensor of shape [2, 2] along dim 1",
        || {
            let _ =
                Tensor::<2>::zeros([2, 2], &device()).gather(1, Tensor::<2, Int>::zeros([3, 2], &device()));
        },
    );
}

#[device_test]
fn gather_out_of_range_dim_panics() {
    assert_panics(
        "gather: dim 2 is out of range for a tensor of shape [2, 2]",
        || {
            let _ =
                Tensor::<2>::zeros([2, 2], &device()).gather(2, Tensor::<2, Int>::zeros([2, 2], &device()));
        },
    );
}

// ---- scatter ----

#[device_test]
fn scatter_adds_along_each_dim_at_each_rank() {
    let base = counting(24, 0.0);
    let wide = |v: &[f32]| v.iter().map(|&x| f64::from(x)).collect::<Vec<f64>>();
    let vals = counting(24, 100.0);
    let i1 = vec![0i64, 2, 0, 5, 2];
    seam_ops::assert_float_tol(
        float(base[..6].to_vec(), [6]).scatter(0, int(i1.clone(), [5]), float(vals[..5].to_vec(), [5])),
        [6],
        &reference_scatter(&wide(&base[..6]), &[6], 0, &i1, &[5], &wide(&vals[..5])),
        1e-6,
    );
    for dim in 0..2 {
        let id = [2, 3];
        let ix = indices(6, [3, 4][dim], dim + 1);
        seam_ops::assert_float_tol(
            float(base[..12].to_vec(), [3, 4]).scatter(
                dim,
                int(ix.clone(), id),
                float(vals[..6].to_vec(), id),
            ),
            [3, 4],
            &reference_scatter(&wide(&base[..12]), &[3, 4], dim, &ix, &id, &wide(&vals[..6])),
            1e-6,
        );
    }
    for dim in 0..3 {
        let dims = [2, 3, 4];
        let mut id = [2, 2, 3];
        id[dim] = 4;
        let n: usize = id.iter().product();
        let ix = indices(n, dims[dim], dim);
        // Strided base, indices and values.
        let t = permuted_float(&base, dims, [1, 2, 0]);
        let it = permuted_int(&ix, id, [2, 1, 0]);
        let vt = permuted_float(&vals[..n], id, [0, 2, 1]);
        seam_ops::assert_float_tol(
            t.scatter(dim, it, vt),
            dims,
            &reference_scatter(&wide(&base), &dims, dim, &ix, &id, &wide(&vals[..n])),
            1e-6,
        );
    }
    let dims = [2, 3, 2, 2];
    let id = [1, 3, 2, 2];
    let ix = indices(12, 2, 2);
    seam_ops::assert_float_tol(
        float(base.clone(), dims).scatter(2, int(ix.clone(), id), float(vals[..12].to_vec(), id)),
        dims,
        &reference_scatter(&wide(&base), &dims, 2, &ix, &id, &wide(&vals[..12])),
        1e-6,
    );
}

#[device_test]
fn scatter_accumulates_repeated_indices() {
    let t = Tensor::<1>::zeros([3], &device());
    let i = int(vec![1, 1, 1, 0], [4]);
    assert_float(
        t.scatter(0, i, float(vec![1.0, 2.0, 3.0, 4.0], [4])),
        [3],
        &[4.0, 6.0, 0.0],
    );
    let t = int(vec![1, 1, 1, 1], [2, 2]);
    let i = int(vec![0, 0, 1, 1], [2, 2]);
    assert_int(
        t.scatter(1, i, int(vec![5, 6, 7, 8], [2, 2])),
        [2, 2],
        &[12, 1, 1, 16],
    );
    let t = Tensor::<2, Int>::zeros([2, 2], &device()).cast(DType::I32);
    let s = t.scatter(
        0,
        int(vec![1, 1], [1, 2]),
        int(vec![3, 4], [1, 2]).cast(DType::I32),
    );
    assert_eq!(s.into_data().to_vec::<i32>().unwrap(), vec![0, 0, 3, 4]);
}

#[device_test]
fn scatter_with_values_of_another_shape_panics() {
    assert_panics(
        "scatter: the values tensor has shape [2] but the indices tensor has shape [3]",
        || {
            let _ = Tensor::<1>::zeros([3], &device()).scatter(
                0,
                int(vec![0, 1, 2], [3]),
                float(vec![1.0, 2.0], [2]),
            );
        },
    );
}

#[device_test]
fn scatter_of_mixed_dtypes_panics() {
    if !needs(&[DType::F64]) {
        return;
    }
    assert_panics("scatter: operands have different dtypes (f32 and f64)", || {
        let _ = Tensor::<1>::zeros([3], &device()).scatter(0, int(vec![0], [1]), float64(vec![1.0], [1]));
    });
}

// ---- select ----

#[device_test]
fn select_along_each_dim_at_each_rank() {
    let v = counting(24, 0.0);
    let sel = |ix: &[i64]| Tensor::<1, Int>::from_ints(ix.to_vec(), &device());
    assert_float(
        float(v[..5].to_vec(), [5]).select(0, sel(&[4, 0, 4])),
        [3],
        &[4.0, 0.0, 4.0],
    );
    assert_float(
        float(v[..6].to_vec(), [2, 3]).select(1, sel(&[2, 0])),
        [2, 2],
        &[2.0, 0.0, 5.0, 3.0],
    );
    assert_float(
        float(v[..6].to_vec(), [2, 3]).select(0, sel(&[1, 1, 0])),
        [3, 3],
        &[3.0, 4.0, 5.0, 3.0, 4.0, 5.0, 0.0, 1.0, 2.0],
    );
    for dim in 0..3 {
        let dims = [2, 3, 4];
        let ix: Vec<i64> = vec![dims[dim] as i64 - 1, 0];
        let mut id = dims;
        id[dim] = 2;
        // select == gather with the indices broadcast along the other dims.
        let full: Vec<i64> = (0..id.iter().product())
            .map(|flat| ix[unflat_index(&id, flat)[dim]])
            .collect();
        let t = permuted_float(&v, dims, [2, 1, 0]);
        assert_float(
            t.select(dim, sel(&ix)),
            id,
            &reference_gather(&v, &dims, dim, &full, &id),
        );
    }
    let t = float(v.clone(), [2, 3, 2, 2]).select(3, sel(&[1]));
    assert_float(
        t,
        [2, 3, 2, 1],
        &(0..12).map(|i| (2 * i + 1) as f32).collect::<Vec<_>>(),
    );
    assert_int(
        int(vec![1, 2, 3, 4], [2, 2]).transpose().select(0, sel(&[1])),
        [1, 2],
        &[2, 4],
    );
    assert_bool(
        boolean(vec![true, false], [2, 1]).select(0, sel(&[1, 0])),
        [2, 1],
        &[false, true],
    );
    assert_eq!(float(v, [24]).select(0, sel(&[])).dims(), [0]);
}

#[device_test]
fn select_out_of_range_dim_panics() {
    assert_panics("select: dim 1 is out of range for a tensor of shape [3]", || {
        let _ = Tensor::<1>::zeros([3], &device()).select(1, int(vec![0], [1]));
    });
}
