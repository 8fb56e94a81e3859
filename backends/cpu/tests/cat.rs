//! `cat`'s own checks, below the tensor layer's: tensors that do not join panic,
//! naming their dims (the joins themselves are a property test, `properties.rs`).

mod common;

use common::*;
use seam_backend::Backend;
use seam_cpu::Cpu;

// A `Backend` precondition: checked in debug builds only.
#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "differ along a dim other than 0")]
fn dims_that_differ_elsewhere_panic() {
    Cpu::cat(
        vec![tensor(vec![0.0f32; 6], &[2, 3]), tensor(vec![0.0f32; 8], &[2, 4])],
        0,
    );
}

// A `Backend` precondition: checked in debug builds only.
#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "differ along a dim other than 0")]
fn ranks_that_differ_panic() {
    Cpu::cat(
        vec![tensor(vec![0.0f32; 6], &[6]), tensor(vec![0.0f32; 6], &[6, 1])],
        0,
    );
}

#[test]
#[should_panic(expected = "different dtypes")]
fn dtypes_that_differ_panic() {
    Cpu::cat(
        vec![tensor(vec![0.0f32; 2], &[2]), tensor(vec![0.0f64; 2], &[2])],
        0,
    );
}
