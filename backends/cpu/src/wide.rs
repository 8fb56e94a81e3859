//! Elementwise loops compiled for AVX-512 and for AVX2, each copy run where the CPU
//! has it.
//!
//! The crate is built for baseline x86-64, whose vectors are SSE2's 4 `f32`s. A
//! [`Loop`] run through [`wide`] is compiled twice more: with AVX-512 (16 `f32`s a
//! vector) and with AVX2 and FMA (8). At run time the widest copy the CPU reports
//! runs. No copy enables floating-point contraction (LLVM fuses a multiply and an
//! add only when told it may, and Rust never tells it), so every copy does the same
//! IEEE operations in the same order and gives the same bits
//! (`tests::gives_what_the_loop_gives_without_it` runs every copy the CPU has and
//! compares their bits). The fused multiply-adds that [`crate::vmath`] asks for by
//! name (`mul_add`) round once in every copy: the wide copies have the instruction
//! (AVX-512 F implies FMA), the plain one calls libm's `fmaf`, which is slower but
//! gives the same bits.
//!
//! What the AVX-512 copies gain over the AVX2 ones is measured in
//! `docs/benchmarks.md`.
//!
//! Miri runs the plain copy (it is the tool for this crate's own `unsafe` blocks, and
//! the wide calls are among them with nothing to check but the feature test);
//! valgrind, which `.ci/run` runs the tests under and which does not emulate
//! AVX-512, reports AVX2 and FMA and executes that copy.

use core::mem::MaybeUninit;

/// A loop over slices, which [`wide`] runs compiled for the widest vectors the CPU
/// has.
///
/// An implementation marks its `run` `#[inline(always)]`: it is then part of the
/// body of the AVX-512 or AVX2 function it is given to before LLVM vectorises
/// anything. A closure cannot be so marked, and one passed in its place was not
/// reliably inlined first: in a release build of several codegen units, `exp` of 64K floats
/// was vectorised 4 wide in the closure, then inlined (measured with `perf`).
pub(crate) trait Loop {
    /// What the loop returns.
    type Output;
    /// Runs the loop.
    fn run(self) -> Self::Output;
}

/// Runs `work`, compiled for AVX-512 or AVX2 when this CPU has it.
#[inline]
pub(crate) fn wide<L: Loop>(work: L) -> L::Output {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        if has_avx512() {
            // SAFETY: `run_avx512` only enables the four AVX-512 features (and what
            // they imply) that `has_avx512` found on the CPU running this; nothing
            // else is required to call it.
            return unsafe { run_avx512(work) };
        }
        if has_avx2() {
            // SAFETY: `run_avx2` only enables AVX2 and FMA, and the CPU running this
            // has both (checked just above); nothing else is required to call it.
            return unsafe { run_avx2(work) };
        }
    }
    work.run()
}

/// Runs `work`, a loop over `len` elements, through [`wide`] when `len` is at least
/// [`WIDE_RUN`], else as it is compiled: for one short run of a strided view (a
/// small inner dim), the feature test and the call cost more than the vectors save.
#[inline(always)]
pub(crate) fn wide_run<L: Loop>(len: usize, work: L) -> L::Output {
    if len >= WIDE_RUN { wide(work) } else { work.run() }
}

/// The least run, in elements, that [`wide_run`] sends through [`wide`]: one vector
/// of AVX-512 `f32`s.
pub(crate) const WIDE_RUN: usize = 16;

/// Whether this CPU has the features [`run_avx2`] enables.
#[cfg(all(target_arch = "x86_64", not(miri)))]
fn has_avx2() -> bool {
    use std::arch::is_x86_feature_detected as has;
    has!("avx2") && has!("fma")
}

/// Whether this CPU has the AVX-512 features [`run_avx512`] enables.
#[cfg(all(target_arch = "x86_64", not(miri)))]
fn has_avx512() -> bool {
    use std::arch::is_x86_feature_detected as has;
    has!("avx512f") && has!("avx512vl") && has!("avx512dq") && has!("avx512bw")
}

/// `work.run()`, compiled with AVX-512 enabled.
///
/// # Safety
///
/// The CPU must support AVX-512 F, VL, DQ and BW.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[target_feature(enable = "avx512f,avx512vl,avx512dq,avx512bw")]
unsafe fn run_avx512<L: Loop>(work: L) -> L::Output {
    work.run()
}

/// `work.run()`, compiled with AVX2 and FMA enabled.
///
/// # Safety
///
/// The CPU must support AVX2 and FMA.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[target_feature(enable = "avx2,fma")]
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
/// for `tanh`). It runs over blocks of 16: two vectors of 8 on AVX2, whose long
/// chains of dependent operations the CPU overlaps (LLVM vectorises the plain loop
/// one vector at a time), one of 16 on AVX-512.
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

/// [`Gelu`] of `values`, 16 or 8 wide where the CPU has AVX-512 or AVX2.
pub(crate) fn gelu_in_place(values: &mut [f32]) {
    wide(Gelu(values));
}

#[cfg(test)]
mod tests {
    use super::{Assign, Gelu, Loop};

    /// The copies of a loop this CPU can run, by name; each wide copy it cannot run
    /// is reported not run (seam-test-support's `skipped`), with the reason.
    fn copies() -> Vec<&'static str> {
        let mut copies = vec!["plain"];
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        {
            let name = seam_test_support::test_name();
            for (copy, present, features) in [
                ("avx2", super::has_avx2(), "AVX2 and FMA"),
                ("avx512", super::has_avx512(), "AVX-512 F, VL, DQ and BW"),
            ] {
                if present {
                    copies.push(copy);
                } else {
                    let reason = format!("the CPU lacks {features}, so its {copy} copy cannot run here");
                    seam_test_support::skipped(&format!("{name} ({copy} copy)"), &reason);
                }
            }
        }
        copies
    }

    /// `work` run through the copy named `copy`, one of [`copies`].
    fn run_as<L: Loop>(copy: &str, work: L) -> L::Output {
        match copy {
            #[cfg(all(target_arch = "x86_64", not(miri)))]
            // SAFETY: `copies` lists "avx2" only where the CPU has AVX2 and FMA.
            "avx2" => unsafe { super::run_avx2(work) },
            #[cfg(all(target_arch = "x86_64", not(miri)))]
            // SAFETY: `copies` lists "avx512" only where `has_avx512` found the
            // features `run_avx512` enables.
            "avx512" => unsafe { super::run_avx512(work) },
            _ => work.run(),
        }
    }

    #[test]
    fn gives_what_the_loop_gives_without_it() {
        let xs: Vec<f32> = (0..1027).map(|i| i as f32 * 0.37 - 190.0).collect();
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        let plain: Vec<f32> = xs.iter().map(|&x| crate::vmath::exp_f32(x) * 0.5 + x).collect();
        let plain_gelu: Vec<f32> = xs.iter().map(|&x| crate::vmath::gelu_f32(x)).collect();
        let tanh_of = |x: f32| crate::vmath::tanh_f32(x * 0.05);
        let plain_tanh: Vec<f32> = xs.iter().map(|&x| tanh_of(x)).collect();
        for copy in copies() {
            let mut widened = vec![0.0; xs.len()];
            run_as(
                copy,
                Assign(
                    &mut widened,
                    xs.iter().map(|&x| crate::vmath::exp_f32(x) * 0.5 + x),
                ),
            );
            assert_eq!(bits(&plain), bits(&widened), "{copy}");
            run_as(copy, Assign(&mut widened, xs.iter().map(|&x| tanh_of(x))));
            assert_eq!(bits(&plain_tanh), bits(&widened), "tanh, {copy}");
            // gelu's own loop, against the plain function.
            let mut gelu = xs.clone();
            run_as(copy, Gelu(&mut gelu));
            assert_eq!(bits(&gelu), bits(&plain_gelu), "gelu, {copy}");
        }
        // What the kernels call runs one of them.
        let mut gelu = xs.clone();
        super::gelu_in_place(&mut gelu);
        assert_eq!(bits(&gelu), bits(&plain_gelu));
    }
}
