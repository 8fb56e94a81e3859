//! `Display` (numpy-like, as `TensorData` prints) and `Debug` of tensors.

use seam_ops::device_test;
use seam_ops::{boolean, counting_tensor, device, float, float64, int, needs};
use seam_tensor::{DType, Tensor, TensorData};

#[device_test]
fn display_2x2_float_matches_tensor_data() {
    let values = vec![1.0f32, 2.0, 3.0, 4.5];
    let t = float(values.clone(), [2, 2]);
    let data = TensorData::new(values, [2, 2]);
    assert_eq!(t.to_string(), data.to_string());
    assert_eq!(t.to_string(), "[[1.0, 2.0],\n [3.0, 4.5000]]");
}

#[device_test]
fn display_with_precision() {
    let t = float(vec![1.0, 2.5, -0.1, 4.0], [2, 2]);
    assert_eq!(format!("{t:.2}"), "[[1.00, 2.50],\n [-0.10, 4.00]]");
    assert_eq!(format!("{t:.2}"), format!("{:.2}", t.into_data()));
}

#[device_test]
fn display_rank_1_and_rank_3() {
    assert_eq!(
        float(vec![1.0, -2.0, 0.5], [3]).to_string(),
        "[1.0, -2.0, 0.5000]"
    );
    let t = int((1..=8).collect(), [2, 2, 2]);
    assert_eq!(t.to_string(), "[[[1, 2],\n  [3, 4]],\n [[5, 6],\n  [7, 8]]]");
    assert_eq!(t.to_string(), t.clone().into_data().to_string());
}

#[device_test]
fn display_rank_4_matches_tensor_data() {
    let t = counting_tensor([2, 1, 2, 2], 0.0);
    assert_eq!(t.to_string(), t.clone().into_data().to_string());
    assert_eq!(
        t.to_string(),
        "[[[[0.0, 1.0],\n   [2.0, 3.0]]],\n [[[4.0, 5.0],\n   [6.0, 7.0]]]]"
    );
}

#[device_test]
fn display_of_a_transposed_tensor() {
    let t = counting_tensor([2, 2], 1.0).transpose();
    assert_eq!(t.to_string(), "[[1.0, 3.0],\n [2.0, 4.0]]");
}

#[device_test]
fn display_elides_long_dims() {
    let t = counting_tensor([10], 0.0);
    assert_eq!(t.to_string(), "[0.0, 1.0, 2.0, ..., 7.0, 8.0, 9.0]");
    let t = int((0..10).collect(), [10]);
    assert_eq!(t.to_string(), "[0, 1, 2, ..., 7, 8, 9]");
}

#[device_test]
fn display_of_other_dtypes() {
    if !needs(&[DType::F64]) {
        return;
    }
    assert_eq!(boolean(vec![true, false], [2]).to_string(), "[true, false]");
    assert_eq!(float64(vec![0.25, 3.0], [2]).to_string(), "[0.2500, 3.0]");
    assert_eq!(int(vec![-5, 7], [1, 2]).to_string(), "[[-5, 7]]");
    assert_eq!(Tensor::<2>::zeros([0, 3], &seam_ops::device()).to_string(), "[]");
}

#[device_test]
fn debug_mentions_rank_kind_shape_dtype_and_device() {
    let t = float(vec![1.0, 2.0, 3.0, 4.5], [2, 2]);
    let debug = format!("{t:?}");
    assert!(debug.contains("Tensor<2, Float>"), "{debug}");
    assert!(debug.contains("shape: [2, 2]"), "{debug}");
    assert!(debug.contains("dtype: f32"), "{debug}");
    assert!(
        debug.contains(&format!("device: {}", seam_ops::device())),
        "{debug}"
    );
    assert!(debug.contains(&t.to_string()), "{debug}");
}

#[device_test]
fn debug_of_int_f64_and_bool() {
    let debug = format!("{:?}", int(vec![1, 2, 3], [3, 1]));
    assert!(debug.contains("Tensor<2, Int>"), "{debug}");
    assert!(debug.contains("shape: [3, 1]"), "{debug}");
    assert!(
        debug.contains(&format!("dtype: {}", device().int_dtype())),
        "{debug}"
    );

    let debug = format!("{:?}", boolean(vec![true], [1]));
    assert!(debug.contains("Tensor<1, Bool>"), "{debug}");
    assert!(debug.contains("dtype: bool"), "{debug}");
    if !needs(&[DType::F64]) {
        return;
    }
    let debug = format!("{:?}", float64(vec![1.0; 8], [1, 2, 2, 2]));
    assert!(debug.contains("Tensor<4, Float>"), "{debug}");
    assert!(debug.contains("shape: [1, 2, 2, 2]"), "{debug}");
    assert!(debug.contains("dtype: f64"), "{debug}");
}

/// A long dim prints its edges; only they are read. The same text as the whole
/// data prints, for every mix of long and short dims.
#[device_test]
fn a_summary_prints_as_the_whole_data_does() {
    for dims in [
        [10, 9, 1],
        [3, 20, 8],
        [8, 8, 8],
        [7, 7, 7],
        [1, 1, 100],
        [0, 9, 9],
    ] {
        let t = counting_tensor(dims, -40.0);
        assert_eq!(t.to_string(), t.to_data().to_string(), "{dims:?}");
        assert!(
            format!("{t:?}").ends_with(&format!("data: {} }}", t.to_data())),
            "{dims:?}"
        );
    }
}

/// numpy prints a huge array without materialising it: so does a broadcast view
/// of 2^40 elements (4 TiB as f32), which is never copied.
#[device_test]
fn a_huge_broadcast_view_prints_its_edges_without_being_copied() {
    let t = float(vec![1.5], [1]).expand([1usize << 40]);
    assert_eq!(
        t.to_string(),
        "[1.5000, 1.5000, 1.5000, ..., 1.5000, 1.5000, 1.5000]"
    );
    let grid = float(vec![1.0, 2.0], [2, 1, 1]).expand([2, 1usize << 20, 1usize << 20]);
    let text = grid.to_string();
    // Two blocks of 6 rows of 6 values, each row and each block elided in the middle.
    assert_eq!(
        (text.matches("1.0").count(), text.matches("2.0").count()),
        (36, 36),
        "{text}"
    );
    assert_eq!(text.matches("...").count(), 2 + 12, "{text}");
    assert!(format!("{grid:?}").starts_with("Tensor<3, Float> { shape: [2, 1048576, 1048576]"));
}
