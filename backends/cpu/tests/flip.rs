//! `flip` against a naive index reversal: every set of dims of a rank-3 tensor,
//! contiguous, strided, sliced and broadcast inputs, every dtype, a dim listed twice,
//! and empty and size-1 dims.

mod common;

use common::*;
use seam_backend::{Backend, DType};
use seam_cpu::Cpu;

/// Row-major `xs` of `dims` with the order reversed along each dim of `axes`.
fn reference<T: Copy>(xs: &[T], dims: &[usize], axes: &[usize]) -> Vec<T> {
    let rank = dims.len();
    (0..xs.len())
        .map(|flat| {
            let (mut rest, mut source, mut step) = (flat, 0, 1);
            for d in (0..rank).rev() {
                let mut i = rest % dims[d];
                rest /= dims[d];
                if axes.contains(&d) {
                    i = dims[d] - 1 - i;
                }
                source += i * step;
                step *= dims[d];
            }
            xs[source]
        })
        .collect()
}

const DIMS: [usize; 3] = [3, 4, 5];

/// Every subset of the three dims.
fn all_axes() -> impl Iterator<Item = Vec<usize>> {
    (0..8usize).map(|bits| (0..3).filter(|d| bits >> d & 1 == 1).collect())
}

#[test]
fn every_set_of_dims_of_a_contiguous_tensor() {
    let xs: Vec<i64> = (0..60).map(|i| i * 7 - 100).collect();
    for axes in all_axes() {
        let got = Cpu::flip(tensor(xs.clone(), &DIMS), &axes);
        assert_eq!(dims(&got), DIMS);
        assert_eq!(values::<i64>(got), reference(&xs, &DIMS, &axes), "{axes:?}");
    }
}

#[test]
fn strided_sliced_and_broadcast_views_are_read_in_their_logical_order() {
    let xs: Vec<f64> = (0..60).map(|i| f64::from(i) * 0.5).collect();
    // [5, 4, 3]: the tensor with dims 0 and 2 swapped.
    let swapped = swap_dims(tensor(xs.clone(), &DIMS), 0, 2);
    let swapped_values = values::<f64>(swapped.clone());
    // [2, 4, 3]: rows 1..3 of dim 0 of that view, offset into the buffer.
    let part = Cpu::slice(swapped.clone(), &[1..3, 0..4, 0..3]);
    let part_values = values::<f64>(part.clone());
    // [3, 4, 5]: one row of 5 repeated.
    let row = expand(tensor(vec![1.0f64, 2.0, 3.0, 4.0, 5.0], &[1, 1, 5]), &DIMS);
    let row_values = values::<f64>(row.clone());
    for axes in all_axes() {
        let got = values::<f64>(Cpu::flip(swapped.clone(), &axes));
        assert_eq!(got, reference(&swapped_values, &[5, 4, 3], &axes), "{axes:?}");
        let got = values::<f64>(Cpu::flip(part.clone(), &axes));
        assert_eq!(got, reference(&part_values, &[2, 4, 3], &axes), "{axes:?}");
        let got = values::<f64>(Cpu::flip(row.clone(), &axes));
        assert_eq!(got, reference(&row_values, &DIMS, &axes), "{axes:?}");
    }
}

#[test]
fn every_dtype_and_a_dim_listed_twice() {
    for dtype in DType::ALL {
        let t = arange(&[2, 3], dtype);
        let xs = floats(t.clone());
        let got = Cpu::flip(t.clone(), &[1, 1]);
        assert_eq!(Cpu::dtype(&got), dtype);
        assert_eq!(floats(got), reference(&xs, &[2, 3], &[1]), "{dtype}");
        assert_eq!(
            floats(Cpu::flip(t, &[0])),
            reference(&xs, &[2, 3], &[0]),
            "{dtype}"
        );
    }
}

#[test]
fn empty_and_size_one_dims_keep_the_shape() {
    let empty = tensor(Vec::<f32>::new(), &[2, 0, 3]);
    for axes in all_axes() {
        let got = Cpu::flip(empty.clone(), &axes);
        assert_eq!(dims(&got), [2, 0, 3]);
        assert!(values::<f32>(got).is_empty());
    }
    let column = tensor(vec![1i32, 2, 3], &[3, 1]);
    assert_eq!(values::<i32>(Cpu::flip(column.clone(), &[1])), [1, 2, 3]);
    assert_eq!(values::<i32>(Cpu::flip(column, &[0])), [3, 2, 1]);
    let scalar = tensor(vec![7.0f32], &[]);
    assert_eq!(values::<f32>(Cpu::flip(scalar, &[])), [7.0]);
}
