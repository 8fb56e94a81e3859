//! Running reductions along one dim (scans): `Sum` (cumsum) and `Prod` (cumprod).
//!
//! The view is copied out row-major ([`gather`]) and scanned in place. Seen as
//! `[outer, size, inner]` around the dim, each of the `outer` blocks folds its row
//! `j` into row `j + 1` (or `j - 1`, reversed), elementwise over `inner` contiguous
//! elements: a zip over slices that LLVM vectorises when `inner > 1`, a sequential
//! scan of the lane when the dim is the last. Blocks are independent, so a large
//! scan splits them between threads ([`fill_blocks`]).
//!
//! Element `i` is the left-to-right fold of elements `0..=i` of its lane (`i..` from
//! the end when reversed): no reassociation, so float results are those of a plain
//! loop, as numpy's `cumsum` gives them, and a `NaN` reaches every later element of
//! its lane. Integers wrap, as the elementwise ops do.

use crate::CpuTensor;
use crate::element::Numeric;
use crate::layout::Layout;
use crate::loops::gather;
use crate::parallel::fill_blocks;
use crate::storage::dispatch;
use seam_backend::ScanOp;

/// `op` running along `dim` of `tensor`, from its end back when `reverse`: a tensor
/// of its shape and dtype.
pub(crate) fn scan_dim(op: ScanOp, tensor: CpuTensor, dim: usize, reverse: bool) -> CpuTensor {
    let layout = tensor.layout();
    debug_assert!(
        dim < layout.dims.len(),
        "{}: dim {dim} of {:?}",
        op.name(),
        layout.dims
    );
    let dtype = tensor.dtype();
    dispatch!(&tensor.storage; F32 | F64 | I32 | I64
        => |buf| scan_kernel(op, buf, layout, dim, reverse);
        else panic!("{} needs a numeric dtype, got {dtype}", op.name()))
}

/// `op` running along `dim` of the view, into a new contiguous tensor.
fn scan_kernel<T: Numeric>(op: ScanOp, buf: &[T], layout: &Layout, dim: usize, reverse: bool) -> CpuTensor {
    let dims = &layout.dims;
    let mut out = gather(buf, layout);
    let size = dims[dim];
    let inner: usize = dims[dim + 1..].iter().product();
    let block = size * inner;
    if size > 1 && inner > 0 {
        let step: fn(T, T) -> T = match op {
            ScanOp::Sum => T::add,
            ScanOp::Prod => T::mul,
        };
        // Each element is read and written once, with one op: `size` counts the work
        // per element no better than 1 does.
        fill_blocks(&mut out, block, 1, |_, blocks| {
            for block in blocks.chunks_exact_mut(block) {
                scan_block(block, inner, reverse, step);
            }
        });
    }
    CpuTensor::new(out, dims.clone())
}

/// Folds each row of `block` (rows of `inner` elements) into the next one, the last
/// into the one before when `reverse`.
fn scan_block<T: Copy>(block: &mut [T], inner: usize, reverse: bool, step: fn(T, T) -> T) {
    let rows = block.len() / inner;
    for j in 1..rows {
        let (done, rest) = if reverse {
            let (rest, done) = block.split_at_mut((rows - j) * inner);
            (&*done, &mut rest[(rows - j - 1) * inner..])
        } else {
            let (done, rest) = block.split_at_mut(j * inner);
            (&done[(j - 1) * inner..], rest)
        };
        for (o, &acc) in rest[..inner].iter_mut().zip(&done[..inner]) {
            *o = step(acc, *o);
        }
    }
}
