//! `Bool` logic (`bool_and`, `bool_or`, `bool_not`, with broadcasting) and the masks
//! `mask_where` and `mask_fill` for every kind, at every rank and on strided inputs.

use seam_ops::device_test;
use seam_ops::{
    assert_bool, assert_float, assert_int, assert_panics, boolean, bools, device, f64s, float, float64, int,
    needs, permuted_float, reference_binary, reference_permute,
};
use seam_tensor::{Bool, DType, Tensor};

fn pattern(n: usize, k: usize) -> Vec<bool> {
    (0..n)
        .map(|i| (i * 7 + k).is_multiple_of(3) || i % 5 == k)
        .collect()
}

#[device_test]
fn and_or_with_broadcasting_at_each_rank() {
    let a = pattern(24, 1);
    let b = pattern(6, 2);
    let and = |x: bool, y: bool| x && y;
    let or = |x: bool, y: bool| x || y;
    assert_bool(
        boolean(a[..6].to_vec(), [6]).bool_and(boolean(b.clone(), [6])),
        [6],
        &reference_binary(&a[..6], &[6], &b, &[6], &[6], and),
    );
    assert_bool(
        boolean(a[..6].to_vec(), [6]).bool_or(boolean(b.clone(), [6])),
        [6],
        &reference_binary(&a[..6], &[6], &b, &[6], &[6], or),
    );
    assert_bool(
        boolean(a[..12].to_vec(), [2, 6]).bool_and(boolean(b.clone(), [1, 6])),
        [2, 6],
        &reference_binary(&a[..12], &[2, 6], &b, &[1, 6], &[2, 6], and),
    );
    assert_bool(
        boolean(b.clone(), [6, 1]).bool_or(boolean(a[..12].to_vec(), [1, 12]).reshape([1, -1])),
        [6, 12],
        &reference_binary(&b, &[6, 1], &a[..12], &[1, 12], &[6, 12], or),
    );
    // Strided (transposed storage) rank 3.
    let stored = reference_permute(&a, &[4, 3, 2], &[2, 1, 0]);
    let strided = boolean(stored, [2, 3, 4]).permute([2, 1, 0]);
    assert_bool(
        strided.clone().bool_and(boolean(b[..3].to_vec(), [1, 3, 1])),
        [4, 3, 2],
        &reference_binary(&a, &[4, 3, 2], &b[..3], &[1, 3, 1], &[4, 3, 2], and),
    );
    assert_bool(
        strided.bool_or(boolean(b[..2].to_vec(), [1, 1, 2])),
        [4, 3, 2],
        &reference_binary(&a, &[4, 3, 2], &b[..2], &[1, 1, 2], &[4, 3, 2], or),
    );
    assert_bool(
        boolean(a.clone(), [2, 3, 2, 2]).bool_and(boolean(b[..2].to_vec(), [2, 1, 1, 1])),
        [2, 3, 2, 2],
        &reference_binary(&a, &[2, 3, 2, 2], &b[..2], &[2, 1, 1, 1], &[2, 3, 2, 2], and),
    );
}

#[device_test]
fn not_at_each_rank() {
    let a = pattern(24, 0);
    let not: Vec<bool> = a.iter().map(|x| !x).collect();
    assert_bool(boolean(a[..5].to_vec(), [5]).bool_not(), [5], &not[..5]);
    assert_bool(boolean(a[..6].to_vec(), [3, 2]).bool_not(), [3, 2], &not[..6]);
    assert_bool(boolean(a.clone(), [2, 3, 4]).bool_not(), [2, 3, 4], &not);
    let strided = boolean(a.clone(), [2, 2, 3, 2]).swap_dims(1, 2).bool_not();
    assert_bool(
        strided,
        [2, 3, 2, 2],
        &reference_permute(&not, &[2, 2, 3, 2], &[0, 2, 1, 3]),
    );
    assert_bool(boolean(a[..2].to_vec(), [2]).bool_not().bool_not(), [2], &a[..2]);
}

#[device_test]
fn truth_tables() {
    let a = boolean(vec![true, true, false, false], [4]);
    let b = boolean(vec![true, false, true, false], [4]);
    assert_bool(a.clone().bool_and(b.clone()), [4], &[true, false, false, false]);
    assert_bool(a.clone().bool_or(b), [4], &[true, true, true, false]);
    assert_bool(a.bool_not(), [4], &[false, false, true, true]);
}

#[device_test]
fn comparisons_compose_with_logic() {
    // 0 < x <= 2
    let t = float(vec![-1.0, 0.0, 0.5, 2.0, 2.5, 1.0], [2, 3]);
    let inside = t
        .clone()
        .greater_scalar(0.0)
        .bool_and(t.clone().lower_equal_scalar(2.0));
    assert_bool(inside.clone(), [2, 3], &[false, false, true, true, false, true]);
    assert_bool(
        inside.bool_not().bool_or(t.equal_scalar(0.0)),
        [2, 3],
        &[true, true, false, false, true, false],
    );
}

// ---- mask_where ----

#[device_test]
fn mask_where_float_with_broadcasting_at_each_rank() {
    let x: Vec<f32> = (0..24).map(|i| i as f32).collect();
    let v: Vec<f32> = (0..6).map(|i| -(i as f32) - 0.5).collect();
    let m = pattern(24, 3);
    // Reference: value where mask, self elsewhere; all three broadcast.
    let pick =
        |mask: &[bool], md: &[usize], xs: &[f32], xd: &[usize], vs: &[f32], vd: &[usize], od: &[usize]| {
            let n: usize = od.iter().product();
            (0..n)
                .map(|flat| {
                    let i = seam_ops::unflat_index(od, flat);
                    let (mm, xx, vv) = (
                        mask[seam_ops::broadcast_index(md, &i)],
                        xs[seam_ops::broadcast_index(xd, &i)],
                        vs[seam_ops::broadcast_index(vd, &i)],
                    );
                    if mm { vv } else { xx }
                })
                .collect::<Vec<f32>>()
        };
    assert_float(
        float(x[..6].to_vec(), [6]).mask_where(boolean(m[..6].to_vec(), [6]), float(v.clone(), [6])),
        [6],
        &pick(&m[..6], &[6], &x[..6], &[6], &v, &[6], &[6]),
    );
    assert_float(
        float(x[..12].to_vec(), [2, 6])
            .mask_where(boolean(m[..12].to_vec(), [2, 6]), float(v.clone(), [1, 6])),
        [2, 6],
        &pick(&m[..12], &[2, 6], &x[..12], &[2, 6], &v, &[1, 6], &[2, 6]),
    );
    // Mask broadcast, self strided, value broadcast.
    assert_float(
        permuted_float(&x, [2, 3, 4], [1, 2, 0]).mask_where(
            boolean(m[..4].to_vec(), [1, 1, 4]),
            float(v[..3].to_vec(), [1, 3, 1]),
        ),
        [2, 3, 4],
        &pick(
            &m[..4],
            &[1, 1, 4],
            &x,
            &[2, 3, 4],
            &v[..3],
            &[1, 3, 1],
            &[2, 3, 4],
        ),
    );
    // Self broadcast by the mask: the result takes the mask's shape.
    assert_float(
        float(x[..2].to_vec(), [1, 2, 1, 1]).mask_where(
            boolean(m.clone(), [2, 2, 3, 2]),
            float(v[..1].to_vec(), [1, 1, 1, 1]),
        ),
        [2, 2, 3, 2],
        &pick(
            &m,
            &[2, 2, 3, 2],
            &x[..2],
            &[1, 2, 1, 1],
            &v[..1],
            &[1, 1, 1, 1],
            &[2, 2, 3, 2],
        ),
    );
}

#[device_test]
fn mask_where_int_bool_and_f64() {
    let mask = boolean(vec![true, false, false, true], [2, 2]);
    assert_int(
        int(vec![1, 2, 3, 4], [2, 2]).mask_where(mask.clone(), int(vec![-1, -2], [1, 2])),
        [2, 2],
        &[-1, 2, 3, -2],
    );
    assert_int(
        int(vec![1, 2, 3, 4], [2, 2])
            .transpose()
            .mask_where(mask.clone(), int(vec![9], [1, 1])),
        [2, 2],
        &[9, 3, 2, 9],
    );
    let t = boolean(vec![false, false, true, true], [2, 2])
        .mask_where(mask.clone(), boolean(vec![true, false], [2, 1]));
    assert_bool(t, [2, 2], &[true, false, true, false]);
    if !needs(&[DType::F64]) {
        return;
    }
    let t = float64(vec![0.1, 0.2, 0.3, 0.4], [2, 2]).mask_where(mask.clone(), float64(vec![1e-300], [1, 1]));
    assert_eq!(f64s(t), vec![1e-300, 0.2, 0.3, 1e-300]);
    let i32s = int(vec![1, 2, 3, 4], [2, 2])
        .cast(DType::I32)
        .mask_where(mask, int(vec![0], [1, 1]).cast(DType::I32));
    assert_eq!(i32s.into_data().to_vec::<i32>().unwrap(), vec![0, 2, 3, 0]);
}

// ---- mask_fill ----

#[device_test]
fn mask_fill_every_kind_and_rank() {
    let m = pattern(24, 4);
    let x: Vec<f32> = (0..24).map(|i| i as f32 * 0.5).collect();
    let filled = |n: usize, fill: f32| {
        (0..n)
            .map(|i| if m[i] { fill } else { x[i] })
            .collect::<Vec<f32>>()
    };
    assert_float(
        float(x[..5].to_vec(), [5]).mask_fill(boolean(m[..5].to_vec(), [5]), -7.5),
        [5],
        &filled(5, -7.5),
    );
    assert_float(
        float(x[..6].to_vec(), [2, 3]).mask_fill(boolean(m[..6].to_vec(), [2, 3]), 1),
        [2, 3],
        &filled(6, 1.0),
    );
    assert_float(
        permuted_float(&x, [2, 3, 4], [2, 0, 1]).mask_fill(boolean(m.clone(), [2, 3, 4]), f32::NEG_INFINITY),
        [2, 3, 4],
        &filled(24, f32::NEG_INFINITY),
    );
    assert_float(
        float(x.clone(), [2, 2, 2, 3]).mask_fill(boolean(m.clone(), [2, 2, 2, 3]), 0.0),
        [2, 2, 2, 3],
        &filled(24, 0.0),
    );
    // Broadcast mask: one row of the mask for every row.
    let t = float(vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [2, 3])
        .mask_fill(boolean(vec![false, true, false], [1, 3]), 0.0);
    assert_float(t, [2, 3], &[1.0, 0.0, 3.0, 4.0, 0.0, 6.0]);
    // Int (a float fill truncates), Bool.
    let t =
        int(vec![1, 2, 3, 4], [1, 2, 2]).mask_fill(boolean(vec![true, false, false, true], [1, 2, 2]), 99);
    assert_int(t, [1, 2, 2], &[99, 2, 3, 99]);
    let t = int(vec![1, 2], [2]).mask_fill(boolean(vec![false, true], [2]), 2.9);
    assert_int(t, [2], &[1, 2]);
    let t = boolean(vec![true, true, false], [3]).mask_fill(boolean(vec![true, false, true], [3]), false);
    assert_eq!(bools(t), vec![false, true, false]);
    let t =
        Tensor::<2, Bool>::full([2, 2], false, &device()).mask_fill(boolean(vec![true, false], [2, 1]), true);
    assert_bool(t, [2, 2], &[true, true, false, false]);
}

#[device_test]
#[should_panic(expected = "bool_and: shapes [2] and [3] do not broadcast: dim 0 has sizes 2 and 3")]
fn bool_and_of_non_broadcastable_shapes_panics() {
    let _ = boolean(vec![true; 2], [2]).bool_and(boolean(vec![true; 3], [3]));
}

#[device_test]
#[should_panic(expected = "bool_or: shapes [2, 1] and [3, 2] do not broadcast")]
fn bool_or_of_non_broadcastable_shapes_panics() {
    let _ = boolean(vec![true; 2], [2, 1]).bool_or(boolean(vec![true; 6], [3, 2]));
}

#[device_test]
#[should_panic(expected = "mask_where: shapes [2, 2] and [3, 2] do not broadcast")]
fn mask_where_of_non_broadcastable_mask_panics() {
    let _ = Tensor::<2>::zeros([3, 2], &device())
        .mask_where(boolean(vec![true; 4], [2, 2]), Tensor::ones([3, 2], &device()));
}

#[device_test]
fn mask_where_of_mixed_dtypes_panics() {
    if !needs(&[DType::F64]) {
        return;
    }
    assert_panics("mask_where: operands have different dtypes (f32 and f64)", || {
        let _ = float(vec![1.0], [1]).mask_where(boolean(vec![true], [1]), float64(vec![1.0], [1]));
    });
}

#[device_test]
#[should_panic(expected = "mask_fill: shapes [3] and [2] do not broadcast")]
fn mask_fill_of_non_broadcastable_mask_panics() {
    let _ = float(vec![1.0, 2.0], [2]).mask_fill(boolean(vec![true; 3], [3]), 0.0);
}
