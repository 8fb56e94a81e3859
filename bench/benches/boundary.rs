//! A chain of 10 small ops on `[4, 4]` tensors, in ns per chain: run once as users
//! build seam-tensor and once with `--features boundary-off` (the same source with
//! its helpers inlined); `boundary_ratio.sh` runs the two side by side and prints
//! the ratio. The benchmark's name says which build it is.

use criterion::{Criterion, criterion_group, criterion_main};
use seam_bench::data;
use seam_tensor::Tensor;
use std::hint::black_box;

/// Which build this is: `off` with the `boundary-off` feature, `on` without.
const MODE: &str = if cfg!(feature = "boundary-off") {
    "off"
} else {
    "on"
};

/// Ten ops: a small dense layer with an activation and a softmax, then a sum.
fn chain(x: &Tensor<2>, w: &Tensor<2>, b: &Tensor<2>) -> Tensor<2> {
    let h = x.clone().matmul(w.clone()) + b.clone(); // 2
    let h = h.relu().mul_scalar(0.5).add_scalar(0.1); // 5
    let h = (h.clone() * h).exp(); // 7
    h.softmax(1).transpose().sum_dim(0) // 10
}

/// Benchmarks the chain in this build.
fn boundary(c: &mut Criterion) {
    let (x, w, b) = (
        data::tensor([4, 4], 1),
        data::tensor([4, 4], 2),
        data::tensor([4, 4], 3),
    );
    c.bench_function(&format!("boundary-{MODE}/chain-10-ops-4x4"), |bench| {
        bench.iter(|| black_box(chain(&x, &w, &b)))
    });
}

criterion_group!(benches, boundary);
criterion_main!(benches);
