//! `f32` matmul of `n x n` matrices (n = 64, 256, 1024), in GFLOP/s (criterion's
//! elem/s with `2 n³` elements per product): `Tensor<2>::matmul` on the CPU device
//! beside the `gemm` crate called directly on `Vec<f32>`, on one thread and on
//! rayon's.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gemm::Parallelism;
use seam_bench::{ceiling, data};
use std::hint::black_box;

/// Benchmarks each size through seam and through `gemm` directly.
fn matmul(c: &mut Criterion) {
    let mut group = c.benchmark_group("matmul");
    for n in [64usize, 256, 1024] {
        group.throughput(Throughput::Elements(2 * (n as u64).pow(3)));
        group.sample_size(if n >= 1024 { 10 } else { 50 });
        let (a, b) = (data::tensor([n, n], 1), data::tensor([n, n], 2));
        group.bench_function(BenchmarkId::new("seam", n), |bench| {
            bench.iter(|| black_box(a.clone().matmul(b.clone())))
        });
        let (a, b) = (data::values(n * n, 1), data::values(n * n, 2));
        group.bench_function(BenchmarkId::new("gemm-1-thread", n), |bench| {
            bench.iter(|| black_box(ceiling::matmul(&a, &b, n, Parallelism::None)))
        });
        group.bench_function(BenchmarkId::new("gemm-rayon", n), |bench| {
            bench.iter(|| black_box(ceiling::matmul(&a, &b, n, Parallelism::Rayon(0))))
        });
    }
    group.finish();
}

criterion_group!(benches, matmul);
criterion_main!(benches);
