//! The machine's limit for a memory-bound case, timed in the same rounds as the
//! libraries: a copy moving as many bytes as the case moves, or a streaming read of
//! as many bytes as it reads (for reductions). A copy is timed both as `memcpy`
//! (`copy_from_slice`) and as a plain loop writing each word plus one (which some
//! machines run faster than their `memcpy`); each run is timed on one thread and split
//! across rayon's pool, as the libraries split their large ops. The limit of a round
//! is the fastest of these runs.

use std::hint::black_box;

/// What bounds a memory-bound case.
#[derive(Clone, Copy, Debug)]
pub enum Limit {
    /// A copy moving this many bytes (half read, half written).
    Copy(f64),
    /// A streaming read of this many bytes.
    Read(f64),
}

impl Limit {
    /// The bytes the limit's run moves.
    pub fn bytes(self) -> f64 {
        match self {
            Limit::Copy(b) | Limit::Read(b) => b,
        }
    }

    /// The word for the table.
    pub fn name(self) -> &'static str {
        match self {
            Limit::Copy(_) => "copy",
            Limit::Read(_) => "read",
        }
    }

    /// The limit's runs: on one thread, and split into one part per rayon worker
    /// (a copy: as `memcpy` and as a loop, each both ways).
    pub fn runs(self) -> Vec<Box<dyn FnMut()>> {
        let parts = rayon::current_num_threads().max(1);
        match self {
            Limit::Copy(bytes) => {
                let words = (bytes / 16.0) as usize; // half of the bytes, in u64
                [(1, true), (parts, true), (1, false), (parts, false)]
                    .into_iter()
                    .map(|(parts, memcpy)| {
                        let source = vec![1u64; words];
                        let mut target = vec![0u64; words];
                        Box::new(move || copy(&source, &mut target, parts, memcpy)) as Box<dyn FnMut()>
                    })
                    .collect()
            }
            Limit::Read(bytes) => {
                let words = (bytes / 8.0) as usize;
                [1, parts]
                    .into_iter()
                    .map(|parts| {
                        let source = vec![1u64; words];
                        Box::new(move || {
                            black_box(read(&source, parts));
                        }) as Box<dyn FnMut()>
                    })
                    .collect()
            }
        }
    }
}

/// `source` into `target`, by `memcpy` or by a loop writing each word plus one (so
/// that it is not turned into a `memcpy`), in `parts` pieces on rayon's pool.
fn copy(source: &[u64], target: &mut [u64], parts: usize, memcpy: bool) {
    let piece = move |s: &[u64], t: &mut [u64]| {
        if memcpy {
            t.copy_from_slice(black_box(s));
        } else {
            for (t, s) in t.iter_mut().zip(black_box(s)) {
                *t = s.wrapping_add(1);
            }
        }
    };
    if parts == 1 {
        return piece(source, target);
    }
    let chunk = source.len().div_ceil(parts).max(1);
    rayon::scope(|scope| {
        for (s, t) in source.chunks(chunk).zip(target.chunks_mut(chunk)) {
            scope.spawn(move |_| piece(s, t));
        }
    });
}

/// A sum of every word (wrapping, eight accumulators so that the adds keep up with
/// the loads), in `parts` pieces on rayon's pool.
fn read(source: &[u64], parts: usize) -> u64 {
    fn sum(words: &[u64]) -> u64 {
        let mut acc = [0u64; 8];
        let mut chunks = words.chunks_exact(8);
        for chunk in &mut chunks {
            for (a, w) in acc.iter_mut().zip(chunk) {
                *a = a.wrapping_add(*w);
            }
        }
        let tail = chunks.remainder().iter().fold(0u64, |a, w| a.wrapping_add(*w));
        acc.iter().fold(tail, |a, w| a.wrapping_add(*w))
    }
    if parts == 1 {
        return sum(black_box(source));
    }
    let chunk = source.len().div_ceil(parts).max(1);
    let mut sums = vec![0u64; source.len().div_ceil(chunk)];
    rayon::scope(|scope| {
        for (s, out) in source.chunks(chunk).zip(sums.iter_mut()) {
            scope.spawn(move |_| *out = sum(black_box(s)));
        }
    });
    sums.iter().fold(0u64, |a, w| a.wrapping_add(*w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_split_runs_do_the_same_work_as_one_thread() {
        let source: Vec<u64> = (0..1001).collect();
        let plus_one: Vec<u64> = source.iter().map(|w| w + 1).collect();
        for parts in [1, 3] {
            let (mut copied, mut looped) = (vec![0; 1001], vec![0; 1001]);
            copy(&source, &mut copied, parts, true);
            copy(&source, &mut looped, parts, false);
            assert_eq!(copied, source);
            assert_eq!(looped, plus_one);
        }
        assert_eq!(read(&source, 1), 1000 * 1001 / 2);
        assert_eq!(read(&source, 3), 1000 * 1001 / 2);
    }
}
