//! The fixed cost of one op: a 1-element `add` and `add_scalar` through `Tensor` →
//! outlined helper → dispatch → CPU backend, in ns per op (target: at most 150 ns),
//! beside cloning and dropping the operands alone.

use criterion::{Criterion, criterion_group, criterion_main};
use seam_bench::data;
use std::hint::black_box;

/// Benchmarks the 1-element ops and the clone they include.
fn overhead(c: &mut Criterion) {
    let mut group = c.benchmark_group("overhead");
    let (x, y) = (data::tensor([1], 1), data::tensor([1], 2));
    group.bench_function("clone-drop-2", |bench| {
        bench.iter(|| black_box((x.clone(), y.clone())))
    });
    group.bench_function("add-1-elem", |bench| {
        bench.iter(|| black_box(x.clone() + y.clone()))
    });
    group.bench_function("add_scalar-1-elem", |bench| {
        bench.iter(|| black_box(x.clone().add_scalar(1.0)))
    });
    group.finish();
}

criterion_group!(benches, overhead);
criterion_main!(benches);
