//! Shapes and sizes past what memory can hold: every element count is checked
//! without overflow, so a shape whose dims multiply past `usize::MAX` is refused by
//! name (an `Err` from the `try_` forms, a panic naming the op and the shape from
//! the others), in debug and release alike; an allocation the allocator refuses is a
//! panic naming the public op and the bytes, never an abort of the process.
//!
//! The sizes are past the 47-bit user address space, so the allocator refuses them
//! whatever the machine's overcommit policy. Not run under Miri, which would try to
//! model such allocations.

use seam_ops::device_test;
use seam_ops::{assert_panics, device, panic_message};
use seam_tensor::{DType, DataError, Tensor, TensorData, TensorErrorKind};

/// Past the address space in elements of 4 bytes (2^48 bytes).
const HUGE: usize = 1 << 46;

/// The hostile-input report's repro: a view of 2^64 + 2 elements was multiplied
/// by gemm, which wrote past a heap buffer in release.
#[device_test]
fn an_overflowing_view_is_refused_before_matmul() {
    let d = device();
    assert_panics(
        "expand: shape [9223372036854775809, 2] has more elements than a usize counts",
        || {
            let big = Tensor::<2>::ones([1, 1], &d).expand([(1usize << 63) + 1, 2]);
            drop(big.matmul(Tensor::<2>::ones([2, 2], &d)));
        },
    );
    let err = Tensor::<2>::ones([1, 1], &d)
        .try_expand([(1usize << 63) + 1, 2])
        .unwrap_err();
    assert_eq!(err.kind(), TensorErrorKind::Size);
    // The view fits, the product's result does not: matmul refuses it by its shape.
    assert_panics(
        "matmul: shape [4611686018427387904, 8] has more elements than a usize counts",
        || {
            let tall = Tensor::<2>::ones([1, 1], &d).expand([1usize << 62, 1]);
            drop(tall.matmul(Tensor::<2>::ones([1, 8], &d)));
        },
    );
}

#[device_test]
fn constructors_refuse_overflowing_shapes_by_name() {
    let d = device();
    assert_panics(
        "zeros: shape [1099511627776, 1099511627776] has more elements",
        || {
            drop(Tensor::<2>::zeros([1 << 40, 1 << 40], &d));
        },
    );
    assert_panics("ones: shape [4294967296, 4294967296]", || {
        drop(Tensor::<2>::ones([1 << 32, 1 << 32], &d));
    });
    assert_panics("full: shape", || {
        drop(Tensor::<3>::full([1 << 30, 1 << 30, 1 << 30], 1.0, &d));
    });
    assert_panics("random: shape", || {
        drop(Tensor::<2>::random(
            [1 << 40, 1 << 40],
            seam_tensor::Distribution::STANDARD_NORMAL,
            1,
            &d,
        ));
    });
    assert_panics(
        "eye: a matrix of 4294967296 x 4294967296 overflows a usize",
        || {
            drop(Tensor::<2>::eye(1 << 32, &d));
        },
    );
    // A zero dim makes any shape empty.
    assert_eq!(
        Tensor::<3>::zeros([1 << 40, 1 << 40, 0], &d).dims(),
        [1 << 40, 1 << 40, 0]
    );
}

#[device_test]
fn shape_ops_refuse_overflowing_results() {
    let d = device();
    assert_panics(
        "repeat: a dim of 2 x 9223372036854775808 overflows a usize",
        || {
            drop(Tensor::<1>::ones([2], &d).repeat([1 << 63]));
        },
    );
    assert_panics("repeat: shape", || {
        drop(Tensor::<2>::ones([1, 1], &d).repeat([1 << 40, 1 << 40]));
    });
    let err = Tensor::<1>::ones([4], &d)
        .try_reshape([1 << 40, 1 << 40, 1])
        .unwrap_err();
    assert_eq!((err.op(), err.kind()), ("reshape", TensorErrorKind::Size));
    // Broadcasting two views whose result has 2^80 elements.
    assert_panics(
        "add: shape [1099511627776, 1099511627776] has more elements",
        || {
            let col = Tensor::<2>::ones([1, 1], &d).expand([1 << 40, 1]);
            let row = Tensor::<2>::ones([1, 1], &d).expand([1, 1 << 40]);
            drop(col + row);
        },
    );
    // Four views of 2^62 elements joined: 2^64.
    let quarter = Tensor::<1>::ones([1], &d).expand([1usize << 62]);
    let err = Tensor::try_cat(vec![quarter; 4], 0).unwrap_err();
    assert_eq!((err.op(), err.kind()), ("cat", TensorErrorKind::Size));
}

#[device_test]
fn tensor_data_refuses_overflowing_and_oversized_shapes() {
    let err = TensorData::try_new(Vec::<f32>::new(), [1 << 40, 1 << 40]).unwrap_err();
    assert!(
        matches!(
            err,
            DataError::TooLarge {
                dtype: DType::F32,
                ..
            }
        ),
        "{err:?}"
    );
    // 2^62 f32 elements count in a usize, but are 2^64 bytes.
    let err = TensorData::from_bytes(Vec::new(), [1 << 62], DType::F32).unwrap_err();
    assert!(err.to_string().contains("more than isize::MAX bytes"), "{err}");
    let err = Tensor::<2>::try_from_data(TensorData::try_new(vec![0.0f32], [1, 1]).unwrap(), &device());
    assert!(err.is_ok());
    assert_panics("TensorData::full: shape [4611686018427387904] of f64", || {
        drop(TensorData::full(
            [1 << 62],
            seam_tensor::Scalar::Int(0),
            DType::F64,
        ));
    });
}

/// Allocations the allocator refuses unwind with the public op the user called, the
/// buffer and the bytes asked for; before, each of these aborted the process
/// ("memory allocation of ... bytes failed").
#[device_test]
fn refused_allocations_panic_naming_the_op_instead_of_aborting() {
    let d = device();
    if d.describe().backend != "cpu" {
        // A CubeCL device refuses, by its own limit, a tensor larger than its largest
        // buffer, before any launch: "zeros: the wgpu device cannot allocate ..".
        let refused = format!("device cannot allocate a f32 tensor of shape [{HUGE}]");
        let ones = Tensor::<1>::ones([1], &d);
        for (op, message) in [
            ("zeros", panic_message(|| drop(Tensor::<1>::zeros([HUGE], &d)))),
            ("exp", panic_message(|| drop(ones.clone().expand([HUGE]).exp()))),
        ] {
            assert!(
                message.starts_with(&format!("{op}: the ")) && message.contains(&refused),
                "{op}: {message}"
            );
        }
        assert_eq!(seam_backend::current_op(), None);
        return;
    }
    let huge = format!(
        "a f32 tensor of shape [{HUGE}]: cannot allocate {} bytes",
        HUGE * 4
    );
    assert_panics(&format!("zeros: the cpu backend, {huge}"), || {
        drop(Tensor::<1>::zeros([HUGE], &d))
    });
    assert_panics(&format!("ones: the cpu backend, {huge}"), || {
        drop(Tensor::<1>::ones([HUGE], &d))
    });
    assert_panics(&format!("random: {HUGE} samples: cannot allocate"), || {
        drop(Tensor::<1>::random(
            [HUGE],
            seam_tensor::Distribution::STANDARD_UNIFORM,
            3,
            &d,
        ));
    });
    assert_panics(
        "eye: a 16777216 x 16777216 identity matrix: cannot allocate",
        || drop(Tensor::<2>::eye(1 << 24, &d)),
    );
    assert_panics("arange: the range 0..70368744177664: cannot allocate", || {
        drop(Tensor::<1, seam_tensor::Int>::arange(0..1 << 46, &d))
    });
    // A view of 2^46 elements is free; its result is not. The op named is the one
    // that allocates, not `expand`, which returned before.
    let ones = Tensor::<1>::ones([1], &d);
    assert_panics(&format!("exp: the cpu backend, {huge}"), || {
        drop(ones.clone().expand([HUGE]).exp())
    });
    // The result of this product counts in a usize but has 2^64 bytes.
    let product = "matmul: the cpu backend, a f32 tensor of shape [2305843009213693952, 2]";
    assert_panics(product, || {
        let tall = Tensor::<2>::ones([1, 1], &d).expand([1usize << 61, 1]);
        drop(tall.matmul(Tensor::<2>::ones([1, 2], &d)));
    });
    // Once a refusal has unwound, no op is left marked on the thread.
    assert_eq!(seam_backend::current_op(), None);
}
