//! The ceilings: what plain Rust (or the kernel crate called directly) does with the
//! same data as a tensor op, with no tensor library in between.

use gemm::Parallelism;

/// `a + b` elementwise into a new vector: the plain loop that `Tensor::add` of two
/// contiguous tensors races.
pub fn add(a: &[f32], b: &[f32]) -> Vec<f32> {
    a.iter().zip(b).map(|(x, y)| x + y).collect()
}

/// `e^a` elementwise into a new vector, with the standard library's `exp`.
pub fn exp(a: &[f32]) -> Vec<f32> {
    a.iter().map(|x| x.exp()).collect()
}

/// `out = a` by `copy_from_slice` (a `memcpy`): the bandwidth ceiling of any op that
/// reads one buffer and writes another of the same size.
pub fn copy(a: &[f32], out: &mut [f32]) {
    out.copy_from_slice(a);
}

/// The sum of each row of the row-major `[rows, cols]` `a` (`sum_dim(1)`).
pub fn sum_rows(a: &[f32], cols: usize) -> Vec<f32> {
    a.chunks_exact(cols).map(|row| row.iter().sum()).collect()
}

/// The sum of each column of the row-major `[rows, cols]` `a` (`sum_dim(0)`), row
/// by row into one accumulator row, so every read is sequential.
pub fn sum_cols(a: &[f32], cols: usize) -> Vec<f32> {
    let mut out = vec![0.0; cols];
    for row in a.chunks_exact(cols) {
        for (o, x) in out.iter_mut().zip(row) {
            *o += x;
        }
    }
    out
}

/// The softmax of each row of the row-major `[rows, cols]` `a` (`softmax(1)`): the
/// row's max subtracted, exponentiated, divided by the sum.
pub fn softmax_rows(a: &[f32], cols: usize) -> Vec<f32> {
    let mut out = Vec::with_capacity(a.len());
    for row in a.chunks_exact(cols) {
        let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let start = out.len();
        out.extend(row.iter().map(|x| (x - max).exp()));
        let sum: f32 = out[start..].iter().sum();
        out[start..].iter_mut().for_each(|x| *x /= sum);
    }
    out
}

/// `a @ b` for row-major `n x n` `a` and `b` into a new vector, by the `gemm` crate
/// directly with `parallelism`.
pub fn matmul(a: &[f32], b: &[f32], n: usize, parallelism: Parallelism) -> Vec<f32> {
    assert!(a.len() == n * n && b.len() == n * n);
    let mut out = vec![0.0f32; n * n];
    let step = isize::try_from(n).expect("n fits in isize");
    // SAFETY: `a`, `b` and `out` each hold `n * n` elements, read and written
    // row-major (row step `n`, column step 1), and `out` is borrowed exclusively.
    unsafe {
        gemm::gemm(
            n,
            n,
            n,
            out.as_mut_ptr(),
            1,
            step,
            false,
            a.as_ptr(),
            1,
            step,
            b.as_ptr(),
            1,
            step,
            0.0,
            1.0,
            false,
            false,
            false,
            parallelism,
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ceilings_compute_what_they_say() {
        let a = [1.0, 2.0, 3.0, 4.0];
        let b = [5.0, 6.0, 7.0, 8.0];
        assert_eq!(add(&a, &b), [6.0, 8.0, 10.0, 12.0]);
        assert_eq!(sum_rows(&a, 2), [3.0, 7.0]);
        assert_eq!(sum_cols(&a, 2), [4.0, 6.0]);
        assert_eq!(matmul(&a, &b, 2, Parallelism::None), [19.0, 22.0, 43.0, 50.0]);
        let s = softmax_rows(&[0.0, 0.0, 1.0, 1.0], 2);
        assert_eq!(s, [0.5, 0.5, 0.5, 0.5]);
        let mut out = [0.0; 4];
        copy(&a, &mut out);
        assert_eq!(out, a);
        assert!((exp(&[1.0])[0] - core::f32::consts::E).abs() < 1e-6);
    }
}
