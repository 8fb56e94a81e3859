//! The loops every kernel that reads a view element by element runs: [`map_into`],
//! [`zip_into`] and, in place, [`update`] and [`update_with`]; [`map`], [`zip`] and
//! [`gather`] over them into a new buffer; and [`reusable`], the buffer an op may
//! write its result over. They sit below the op families (`ops/`), which call them
//! and none of which another family imports for its loops.
//!
//! Each loop walks its operands one run of the innermost dim at a time ([`Runs`]):
//! a run with stride 1 is a slice and one with stride 0 a single element, so the
//! loop body is a plain zip over slices that LLVM vectorises; other strides index
//! per element. [`map_into`] (which copies a view, too) walks a transposed view in
//! tiles instead ([`Runs::tiles`]).

use crate::CpuTensor;
use crate::buffer::Buffer;
use crate::element::CpuElement;
use crate::layout::{Layout, Runs};
use crate::parallel::{fill_blocks, fill_chunks, serial};
use crate::pool::{self, output};
use crate::shared::Shared;
use crate::wide::{Assign, Modify, wide, wide_run};

/// Whether an op whose result has `dims` may write its result over `buf`, seen
/// through `layout`: the view is all of the buffer, row-major from index 0, with the
/// result's dims, and no other tensor shares the buffer. Writing there saves
/// allocating (and faulting in) a new buffer; [`owned`] then gives the elements.
pub(crate) fn reusable<T: CpuElement>(buf: &Shared<Buffer<T>>, layout: &Layout, dims: &[usize]) -> bool {
    // The count first: a shared buffer (an operand the caller keeps) is refused
    // with one load.
    unshared(buf) && layout.dims == dims && layout.is_whole(buf.len())
}

/// Whether no other tensor shares `buf`: [`reusable`] for a tensor that is all of
/// its buffer, row-major (it sees it through the buffer's own layout).
pub(crate) fn unshared<T: CpuElement>(buf: &Shared<Buffer<T>>) -> bool {
    Shared::is_unique(buf)
}

/// The elements of a buffer that [`reusable`] accepted, to write over.
///
/// # Panics
///
/// If another handle shares the buffer (which [`reusable`] refuses).
pub(crate) fn owned<T: CpuElement>(buf: &mut Shared<Buffer<T>>) -> &mut [T] {
    Shared::get_mut(buf).expect("a reusable buffer is not shared")
}

/// The elements of the view `layout` of `buf`, row-major, copied out (into a pooled
/// buffer when there is one of their number): a contiguous view as one copy, any
/// other one run of the innermost dim at a time, as [`map_into`] reads (split across
/// threads when large).
pub(crate) fn gather<T: CpuElement>(buf: &[T], layout: &Layout) -> Buffer<T> {
    match layout.contiguous_range() {
        Some(range) => Buffer::new(pool::copy_of(&buf[range])),
        None => {
            let mut out = output(&layout.dims);
            map_into(&mut out, buf, layout, 1, |v| v);
            Buffer::new(out)
        }
    }
}

/// `f` of each element of the view, row-major, as a new contiguous tensor (held in
/// line when small); `work` as in [`map_into`].
pub(crate) fn map<T: CpuElement, O: CpuElement>(
    buf: &[T],
    layout: &Layout,
    work: usize,
    f: impl Fn(T) -> O + Sync,
) -> CpuTensor {
    if let Some(range) = layout.contiguous_range()
        && serial(range.len(), work)
    {
        return CpuTensor::collect(&layout.dims, buf[range].iter().map(|&x| f(x)));
    }
    let mut out = output(&layout.dims);
    map_into(&mut out, buf, layout, work, f);
    CpuTensor::new(out, layout.dims.clone())
}

/// `f` of each pair of elements of two views of the same dims, row-major, as a new
/// contiguous tensor.
pub(crate) fn zip<A: CpuElement, B: CpuElement, O: CpuElement>(
    a: &[A],
    la: &Layout,
    b: &[B],
    lb: &Layout,
    f: impl Fn(A, B) -> O + Sync,
) -> CpuTensor {
    if let (Some(ra), Some(rb)) = (la.contiguous_range(), lb.contiguous_range())
        && serial(ra.len(), 1)
    {
        return CpuTensor::collect(&la.dims, a[ra].iter().zip(&b[rb]).map(|(&x, &y)| f(x, y)));
    }
    let mut out = output(&la.dims);
    zip_into(&mut out, a, la, b, lb, f);
    CpuTensor::new(out, la.dims.clone())
}

/// [`map`] of all of `buf`, through its own layout, which the result shares (it
/// is copied, not worked out again).
pub(crate) fn map_whole<T: CpuElement, O: CpuElement>(
    buf: &Buffer<T>,
    work: usize,
    f: impl Fn(T) -> O + Sync,
) -> CpuTensor {
    if serial(buf.len(), work) {
        return CpuTensor::collect_like(buf.layout(), buf.iter().map(|&x| f(x)));
    }
    map(buf, buf.layout(), work, f)
}

/// [`zip`] of all of `a` and all of `b`, two buffers of the same dims, through
/// their own layouts, which the result shares.
pub(crate) fn zip_whole<A: CpuElement, B: CpuElement, O: CpuElement>(
    a: &Buffer<A>,
    b: &Buffer<B>,
    f: impl Fn(A, B) -> O + Sync,
) -> CpuTensor {
    debug_assert_eq!(a.layout().dims, b.layout().dims);
    if serial(a.len(), 1) {
        return CpuTensor::collect_like(a.layout(), a.iter().zip(b.iter()).map(|(&x, &y)| f(x, y)));
    }
    zip(a, a.layout(), b, b.layout(), f)
}

/// Writes `f` of each element of the view `layout` of `a` into `out`, row-major;
/// `work` is what one call of `f` costs, in elements read (see
/// [`parallel::TRANSCENDENTAL`](crate::parallel::TRANSCENDENTAL)).
pub(crate) fn map_into<A: Copy + Sync, O: Copy + Send>(
    out: &mut [O],
    a: &[A],
    layout: &Layout,
    work: usize,
    f: impl Fn(A) -> O + Sync,
) {
    if let Some(range) = layout.contiguous_range() {
        let a = &a[range];
        fill_chunks(out, work, |lo, chunk| {
            wide(Assign(chunk, a[lo..].iter().map(|&x| f(x))))
        });
        return;
    }
    let runs = Runs::new(&layout.dims, [layout]);
    if let Some(tiles) = runs.tiles() {
        let (cols, step) = (tiles.cols(), tiles.col_step());
        fill_blocks(out, cols, work, |lo, chunk| {
            tiles.for_each(lo / cols, (lo + chunk.len()) / cols, |at, start, rows, width| {
                for i in 0..rows {
                    let out = &mut chunk[at + i * cols..][..width];
                    for (j, o) in out.iter_mut().enumerate() {
                        *o = f(a[start + i + j * step]);
                    }
                }
            });
        });
        return;
    }
    let [sa] = runs.inner_strides();
    fill_chunks(out, work, |lo, chunk| {
        runs.for_each(lo, lo + chunk.len(), |at, [ia], len| {
            let out = &mut chunk[at..at + len];
            match sa {
                1 => wide_run(len, Assign(out, a[ia..ia + len].iter().map(|&x| f(x)))),
                0 => out.fill(f(a[ia])),
                _ => {
                    for (j, o) in out.iter_mut().enumerate() {
                        *o = f(a[ia + j * sa]);
                    }
                }
            }
        });
    });
}

/// Writes `f` of each pair of elements of two views of the same dims into `out`,
/// row-major.
pub(crate) fn zip_into<A: Copy + Sync, B: Copy + Sync, O: Copy + Send>(
    out: &mut [O],
    a: &[A],
    la: &Layout,
    b: &[B],
    lb: &Layout,
    f: impl Fn(A, B) -> O + Sync,
) {
    if let (Some(ra), Some(rb)) = (la.contiguous_range(), lb.contiguous_range()) {
        let (a, b) = (&a[ra], &b[rb]);
        fill_chunks(out, 1, |lo, chunk| {
            wide(Assign(
                chunk,
                a[lo..].iter().zip(&b[lo..]).map(|(&x, &y)| f(x, y)),
            ))
        });
        return;
    }
    let runs = Runs::new(&la.dims, [la, lb]);
    let [sa, sb] = runs.inner_strides();
    fill_chunks(out, 1, |lo, chunk| {
        runs.for_each(lo, lo + chunk.len(), |at, [ia, ib], len| {
            let out = &mut chunk[at..at + len];
            match (sa, sb) {
                (1, 1) => {
                    let pairs = a[ia..ia + len].iter().zip(&b[ib..ib + len]);
                    wide_run(len, Assign(out, pairs.map(|(&x, &y)| f(x, y))));
                }
                (1, 0) => {
                    let y = b[ib];
                    wide_run(len, Assign(out, a[ia..ia + len].iter().map(|&x| f(x, y))));
                }
                (0, 1) => {
                    let x = a[ia];
                    wide_run(len, Assign(out, b[ib..ib + len].iter().map(|&y| f(x, y))));
                }
                _ => {
                    for (j, o) in out.iter_mut().enumerate() {
                        *o = f(a[ia + j * sa], b[ib + j * sb]);
                    }
                }
            }
        });
    });
}

/// Replaces each element `x` of `out` with `f(x)`, `work` being what a call of `f`
/// costs (as in [`map_into`]).
pub(crate) fn update<T: Copy + Send>(out: &mut [T], work: usize, f: impl Fn(T) -> T + Sync) {
    fill_chunks(out, work, |_, chunk| {
        wide(Modify(chunk, core::iter::repeat(()), |x, ()| f(x)))
    });
}

/// Replaces each element `x` of `out` (row-major, of the dims of `lb`) with
/// `f(x, y)`, `y` the element at the same position of the view `lb` of `b`.
pub(crate) fn update_with<T: Copy + Send, B: Copy + Sync>(
    out: &mut [T],
    b: &[B],
    lb: &Layout,
    f: impl Fn(T, B) -> T + Sync,
) {
    if let Some(range) = lb.contiguous_range() {
        let b = &b[range];
        fill_chunks(out, 1, |lo, chunk| {
            wide(Modify(chunk, b[lo..].iter().copied(), &f))
        });
        return;
    }
    let runs = Runs::new(&lb.dims, [lb]);
    let [sb] = runs.inner_strides();
    fill_chunks(out, 1, |lo, chunk| {
        runs.for_each(lo, lo + chunk.len(), |at, [ib], len| {
            let out = &mut chunk[at..at + len];
            match sb {
                1 => wide_run(len, Modify(out, b[ib..ib + len].iter().copied(), &f)),
                0 => wide_run(len, Modify(out, core::iter::repeat(b[ib]), &f)),
                _ => {
                    for (j, o) in out.iter_mut().enumerate() {
                        *o = f(*o, b[ib + j * sb]);
                    }
                }
            }
        });
    });
}
