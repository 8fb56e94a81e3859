//! Elementwise loops compiled for AVX2 when the CPU has it.
//!
//! The crate is built for baseline x86-64, whose vectors are SSE2's 4 `f32`s. A
//! loop run through [`wide`] is compiled a second time with AVX2 enabled (8 `f32`s)
//! and that copy runs when the CPU reports AVX2 at run time. FMA stays off, so both
//! copies do the same IEEE operations in the same order and give the same bits.
//!
//! AVX-512 was tried the same way and left out: on this project's benchmark machine
//! (a 2-core Intel Xeon with AVX-512) it made `exp` of 1M floats 0.71x the AVX2 time but
//! `tanh` 1.8x, in one run of bench/peers.
//!
//! Miri runs the plain copy (it is the tool for this crate's own `unsafe` blocks, and
//! the AVX2 call is one of them with nothing to check but the feature test);
//! valgrind, which `.ci/run` runs the tests under, executes the AVX2 copy.

/// Runs `run`, compiled with AVX2 enabled when this CPU has it.
///
/// `run` is a closure with a loop over slices; it is inlined into an AVX2 function,
/// where LLVM vectorises the loop 8 wide.
#[inline]
pub(crate) fn wide<R>(run: impl FnOnce() -> R) -> R {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: `with_avx2` only enables AVX2, and the CPU running this has AVX2
        // (checked just above); nothing else is required to call it.
        return unsafe { with_avx2(run) };
    }
    run()
}

/// `run()`, compiled with AVX2 enabled.
///
/// # Safety
///
/// The CPU must support AVX2.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[target_feature(enable = "avx2")]
unsafe fn with_avx2<R>(run: impl FnOnce() -> R) -> R {
    run()
}

/// [`crate::vmath::gelu_f32`] of each of `values`, in place, 8 wide where the CPU has
/// AVX2. A loop of its own rather than a closure given to [`wide`]: `gelu_f32` is
/// larger than LLVM inlines through a closure call, and a call per element does not
/// vectorise (measured: 24 ns an element, against 1 for `tanh`).
pub(crate) fn gelu_in_place(values: &mut [f32]) {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: `gelu_avx2` only enables AVX2, and the CPU running this has AVX2
        // (checked just above); nothing else is required to call it.
        return unsafe { gelu_avx2(values) };
    }
    gelu_loop(values);
}

/// The loop, over blocks of 16: two vectors of 8 whose long chains of dependent
/// operations the CPU overlaps (LLVM vectorises the plain loop one vector at a time).
#[inline(always)]
fn gelu_loop(values: &mut [f32]) {
    let mut blocks = values.chunks_exact_mut(16);
    for block in &mut blocks {
        for v in block {
            *v = crate::vmath::gelu_f32(*v);
        }
    }
    for v in blocks.into_remainder() {
        *v = crate::vmath::gelu_f32(*v);
    }
}

/// [`gelu_loop`], compiled with AVX2 enabled.
///
/// # Safety
///
/// The CPU must support AVX2.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[target_feature(enable = "avx2")]
unsafe fn gelu_avx2(values: &mut [f32]) {
    gelu_loop(values);
}

#[cfg(test)]
mod tests {
    use super::wide;

    #[test]
    fn gives_what_the_loop_gives_without_it() {
        let xs: Vec<f32> = (0..1027).map(|i| i as f32 * 0.37 - 190.0).collect();
        let plain: Vec<f32> = xs.iter().map(|&x| crate::vmath::exp_f32(x) * 0.5 + x).collect();
        let widened: Vec<f32> = wide(|| xs.iter().map(|&x| crate::vmath::exp_f32(x) * 0.5 + x).collect());
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&plain), bits(&widened));
        // gelu's own loop, against the plain function.
        let mut gelu = xs.clone();
        super::gelu_in_place(&mut gelu);
        let plain: Vec<f32> = xs.iter().map(|&x| crate::vmath::gelu_f32(x)).collect();
        assert_eq!(bits(&gelu), bits(&plain));
    }
}
