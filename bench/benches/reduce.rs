//! `sum_dim(1)` and `sum_dim(0)` of a 4096 x 4096 `f32` tensor and `softmax(1)` of a
//! 1024 x 1024 one, through `Tensor<2>`, beside plain loops on the same data, in
//! GB/s (bytes read plus bytes written).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use seam_bench::{ceiling, data};
use std::hint::black_box;

/// The side of the summed matrix.
const SUM_N: usize = 4096;
/// The side of the softmax matrix.
const SOFTMAX_N: usize = 1024;

/// Benchmarks the sums along each dim and the softmax, seam and loop.
fn reduce(c: &mut Criterion) {
    let mut group = c.benchmark_group("reduce");
    group.sample_size(10);
    let n = SUM_N;
    let (x, a) = (data::tensor([n, n], 1), data::values(n * n, 1));
    group.throughput(Throughput::BytesDecimal(4 * (n * n + n) as u64));
    group.bench_function(BenchmarkId::new("seam-sum_dim1", n), |bench| {
        bench.iter(|| black_box(x.clone().sum_dim(1)))
    });
    group.bench_function(BenchmarkId::new("loop-sum_dim1", n), |bench| {
        bench.iter(|| black_box(ceiling::sum_rows(&a, n)))
    });
    group.bench_function(BenchmarkId::new("seam-sum_dim0", n), |bench| {
        bench.iter(|| black_box(x.clone().sum_dim(0)))
    });
    group.bench_function(BenchmarkId::new("loop-sum_dim0", n), |bench| {
        bench.iter(|| black_box(ceiling::sum_cols(&a, n)))
    });

    let n = SOFTMAX_N;
    let (x, a) = (data::tensor([n, n], 2), data::values(n * n, 2));
    group.throughput(Throughput::BytesDecimal(8 * (n * n) as u64));
    group.bench_function(BenchmarkId::new("seam-softmax1", n), |bench| {
        bench.iter(|| black_box(x.clone().softmax(1)))
    });
    group.bench_function(BenchmarkId::new("loop-softmax1", n), |bench| {
        bench.iter(|| black_box(ceiling::softmax_rows(&a, n)))
    });
    group.finish();
}

criterion_group!(benches, reduce);
criterion_main!(benches);
