//! Timing one call of a case: enough calls per sample to last about a target time,
//! the best sample of a few, in nanoseconds per call.

use std::time::{Duration, Instant};

/// How long one sample of a case lasts, about.
pub const SAMPLE: Duration = Duration::from_millis(40);

/// The best time per call of `run` over `samples` samples of about [`SAMPLE`] each,
/// in nanoseconds, after one warm-up call.
pub fn best_ns(run: &mut dyn FnMut(), samples: usize) -> f64 {
    run();
    // Calls per sample: from one timed call, at least one.
    let start = Instant::now();
    run();
    let once = start.elapsed().max(Duration::from_nanos(1));
    let calls = (SAMPLE.as_nanos() / once.as_nanos()).clamp(1, 10_000_000) as usize;
    let mut best = f64::INFINITY;
    for _ in 0..samples {
        let start = Instant::now();
        for _ in 0..calls {
            run();
        }
        best = best.min(start.elapsed().as_nanos() as f64 / calls as f64);
    }
    best
}

/// The median of `values` (not empty).
pub fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    }
}
