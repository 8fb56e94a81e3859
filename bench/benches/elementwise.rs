//! `add` and `exp` of 1M and 16M `f32` through `Tensor<1>`, beside a plain Rust
//! loop into a new vector and a `memcpy` (`copy_from_slice`), in GB/s (bytes read
//! plus bytes written).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use seam_bench::{ceiling, data};
use std::hint::black_box;

/// Benchmarks each size: seam's `add` and `exp`, the loops, and the copy.
fn elementwise(c: &mut Criterion) {
    let mut group = c.benchmark_group("elementwise");
    for len in [1usize << 20, 1 << 24] {
        let label = format!("{}M", len >> 20);
        group.sample_size(if len >= 1 << 24 { 10 } else { 50 });
        let bytes = |arrays: u64| Throughput::BytesDecimal(arrays * 4 * len as u64);
        let (x, y) = (data::tensor([len], 1), data::tensor([len], 2));
        let (a, b) = (data::values(len, 1), data::values(len, 2));

        group.throughput(bytes(3));
        group.bench_function(BenchmarkId::new("seam-add", &label), |bench| {
            bench.iter(|| black_box(x.clone() + y.clone()))
        });
        group.bench_function(BenchmarkId::new("loop-add", &label), |bench| {
            bench.iter(|| black_box(ceiling::add(&a, &b)))
        });

        group.throughput(bytes(2));
        group.bench_function(BenchmarkId::new("seam-exp", &label), |bench| {
            bench.iter(|| black_box(x.clone().exp()))
        });
        group.bench_function(BenchmarkId::new("loop-exp", &label), |bench| {
            bench.iter(|| black_box(ceiling::exp(&a)))
        });
        let mut out = vec![0.0f32; len];
        group.bench_function(BenchmarkId::new("memcpy", &label), |bench| {
            bench.iter(|| ceiling::copy(black_box(&a), black_box(&mut out)))
        });
    }
    group.finish();
}

criterion_group!(benches, elementwise);
criterion_main!(benches);
