//! Elementwise loops compiled for AVX2 when the CPU has it.
//!
//! The crate is built for baseline x86-64, whose vectors are SSE2's 4 `f32`s. A
//! [`Loop`] run through [`wide`] is compiled a second time with AVX2 enabled (8
//! `f32`s) and that copy runs when the CPU reports AVX2 at run time. FMA stays off, so both
//! copies do the same IEEE operations in the same order and give the same bits.
//!
//! AVX-512 was tried the same way and left out: on this project's benchmark machine
//! (a 2-core Intel Xeon with AVX-512) it made `exp` of 1M floats 0.71x the AVX2 time but
//! `tanh` 1.8x, in one run of bench/peers.
//!
//! Miri runs the plain copy (it is the tool for this crate's own `unsafe` blocks, and
//! the AVX2 call is one of them with nothing to check but the feature test);
//! valgrind, which `.ci/run` runs the tests under, executes the AVX2 copy.

use core::mem::MaybeUninit;

/// A loop over slices, which [`wide`] runs compiled with AVX2 when the CPU has it.
///
/// An implementation marks its `run` `#[inline(always)]`: it is then part of the
/// body of the AVX2 function it is given to before LLVM vectorises anything. A
/// closure cannot be so marked, and one passed in its place was not reliably
/// inlined first: in a release build of several codegen units, `exp` of 64K floats
/// was vectorised 4 wide in the closure, then inlined (measured with `perf`).
pub(crate) trait Loop {
    /// What the loop returns.
    type Output;
    /// Runs the loop.
    fn run(self) -> Self::Output;
}

/// Runs `work`, compiled with AVX2 enabled when this CPU has it.
#[inline]
pub(crate) fn wide<L: Loop>(work: L) -> L::Output {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: `run_avx2` only enables AVX2, and the CPU running this has AVX2
        // (checked just above); nothing else is required to call it.
        return unsafe { run_avx2(work) };
    }
    work.run()
}

/// `work.run()`, compiled with AVX2 enabled.
///
/// # Safety
///
/// The CPU must support AVX2.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[target_feature(enable = "avx2")]
unsafe fn run_avx2<L: Loop>(work: L) -> L::Output {
    work.run()
}

/// Writes each of `values` over `out`, in order, until either ends.
pub(crate) struct Assign<'a, T, I>(pub &'a mut [T], pub I);

impl<T, I: Iterator<Item = T>> Loop for Assign<'_, T, I> {
    type Output = ();

    #[inline(always)]
    fn run(self) {
        for (slot, v) in self.0.iter_mut().zip(self.1) {
            *slot = v;
        }
    }
}

/// Writes each of `values` into the uninitialised `out`, in order, until either
/// ends; returns how many it wrote (the first that many of `out` are initialised).
pub(crate) struct Init<'a, T, I>(pub &'a mut [MaybeUninit<T>], pub I);

impl<T, I: Iterator<Item = T>> Loop for Init<'_, T, I> {
    type Output = usize;

    #[inline(always)]
    fn run(self) -> usize {
        let mut written = 0;
        for (slot, v) in self.0.iter_mut().zip(self.1) {
            slot.write(v);
            written += 1;
        }
        written
    }
}

/// Replaces each element `x` of `out` with `f(x, w)`, `w` the next of `with`, until
/// either ends.
pub(crate) struct Modify<'a, T, I, F>(pub &'a mut [T], pub I, pub F);

impl<T: Copy, I: Iterator, F: Fn(T, I::Item) -> T> Loop for Modify<'_, T, I, F> {
    type Output = ();

    #[inline(always)]
    fn run(self) {
        let Self(out, with, f) = self;
        for (slot, w) in out.iter_mut().zip(with) {
            *slot = f(*slot, w);
        }
    }
}

/// [`crate::vmath::gelu_f32`] of each element, in place. A loop of its own rather
/// than a [`Modify`]: `gelu_f32` is larger than LLVM inlines through a closure call,
/// and a call per element does not vectorise (measured: 24 ns an element, against 1
/// for `tanh`). It runs over blocks of 16, two vectors of 8 whose long chains of
/// dependent operations the CPU overlaps (LLVM vectorises the plain loop one vector
/// at a time).
pub(crate) struct Gelu<'a>(pub &'a mut [f32]);

impl Loop for Gelu<'_> {
    type Output = ();

    #[inline(always)]
    fn run(self) {
        let mut blocks = self.0.chunks_exact_mut(16);
        for block in &mut blocks {
            for v in block {
                *v = crate::vmath::gelu_f32(*v);
            }
        }
        for v in blocks.into_remainder() {
            *v = crate::vmath::gelu_f32(*v);
        }
    }
}

/// [`Gelu`] of `values`, 8 wide where the CPU has AVX2.
pub(crate) fn gelu_in_place(values: &mut [f32]) {
    wide(Gelu(values));
}

#[cfg(test)]
mod tests {
    use super::{Assign, wide};

    #[test]
    fn gives_what_the_loop_gives_without_it() {
        let xs: Vec<f32> = (0..1027).map(|i| i as f32 * 0.37 - 190.0).collect();
        let plain: Vec<f32> = xs.iter().map(|&x| crate::vmath::exp_f32(x) * 0.5 + x).collect();
        let mut widened = vec![0.0; xs.len()];
        wide(Assign(
            &mut widened,
            xs.iter().map(|&x| crate::vmath::exp_f32(x) * 0.5 + x),
        ));
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&plain), bits(&widened));
        // gelu's own loop, against the plain function.
        let mut gelu = xs.clone();
        super::gelu_in_place(&mut gelu);
        let plain: Vec<f32> = xs.iter().map(|&x| crate::vmath::gelu_f32(x)).collect();
        assert_eq!(bits(&gelu), bits(&plain));
    }
}
