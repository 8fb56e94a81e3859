//! `mask_where`: an elementwise choice between two tensors by a `bool` mask.

use crate::CpuTensor;
use crate::element::CpuElement;
use crate::layout::{Layout, Runs, broadcast_dims};
use crate::ops::same_dtype;
use crate::parallel::fill_chunks;
use crate::pool::output;
use crate::storage::{Storage, dispatch};

/// `on_true` where `mask` holds and `on_false` where it does not, the three
/// broadcast to a common shape.
pub(crate) fn mask_where(mask: CpuTensor, on_true: CpuTensor, on_false: CpuTensor) -> CpuTensor {
    let (mask, on_true, on_false) = (&mask, &on_true, &on_false);
    let Storage::Bool(m) = &mask.storage else {
        panic!("mask_where: the mask needs dtype bool, got {}", mask.dtype());
    };
    let dims = broadcast_dims("mask_where", &mask.layout().dims, &on_true.layout().dims);
    let dims = broadcast_dims("mask_where", &dims, &on_false.layout().dims);
    let lm = mask.layout().broadcast_to(&dims);
    let lt = on_true.layout().broadcast_to(&dims);
    let lf = on_false.layout().broadcast_to(&dims);
    dispatch!((&on_true.storage, &on_false.storage); F32 | F64 | I32 | I64 | Bool
    => |t, f| CpuTensor::new(select(m, &lm, t, &lt, f, &lf), dims);
    else {
        same_dtype("mask_where", on_true, on_false);
        unreachable!("every dtype is selectable")
    })
}

/// For each element of three views of the same dims, row-major: `t`'s where `m`
/// holds, `f`'s elsewhere.
fn select<T: CpuElement>(m: &[bool], lm: &Layout, t: &[T], lt: &Layout, f: &[T], lf: &Layout) -> Vec<T> {
    let runs = Runs::new(&lm.dims, [lm, lt, lf]);
    let [sm, st, sf] = runs.inner_strides();
    let mut out = output(&lm.dims);
    fill_chunks(&mut out, 1, |lo, chunk| {
        runs.for_each(lo, lo + chunk.len(), |at, [im, it, jf], len| {
            let out = &mut chunk[at..at + len];
            if (sm, st, sf) == (1, 1, 1) {
                let (m, t, f) = (&m[im..im + len], &t[it..it + len], &f[jf..jf + len]);
                for (((o, &m), &x), &y) in out.iter_mut().zip(m).zip(t).zip(f) {
                    *o = if m { x } else { y };
                }
            } else {
                for (j, o) in out.iter_mut().enumerate() {
                    *o = if m[im + j * sm] {
                        t[it + j * st]
                    } else {
                        f[jf + j * sf]
                    };
                }
            }
        });
    });
    out
}
