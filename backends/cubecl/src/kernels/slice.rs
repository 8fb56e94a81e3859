//! Slicing: reading a box of a tensor into a new one, and writing a tensor into a box
//! of a copy of another.
//!
//! A slice is copied, not a view: a view would need an element offset into its
//! buffer, and cubecl's handles carry byte offsets that wgpu binds only at multiples
//! of the adapter's storage-buffer alignment (256 bytes on most), so every kernel
//! would have to take the offset as an argument instead.

use super::args::{at_least_rank_1, broadcast_arg, out_arg};
use super::{elementwise_launch, layout, strided};
use crate::element::with_elem;
use crate::runtime::CubeRuntime;
use crate::tensor::CubeTensor;
use core::ops::Range;
use cubecl::prelude::*;
use seam_backend::Dims;

/// `input` has the slice's shape and the sliced tensor's strides: element `pos` of
/// the slice is `start` elements further than `input` reads it.
#[cube(launch)]
fn slice_kernel<E: Numeric>(input: &Tensor<E>, out: &mut Tensor<E>, start: usize) {
    if ABSOLUTE_POS >= out.len() {
        terminate!();
    }
    out[ABSOLUTE_POS] = input[start + strided::offset(input, ABSOLUTE_POS)];
}

/// Element `pos` of `value` goes to the element of `out` (the whole tensor) at the
/// same position of the part, which starts at `start`; `len` is `value`'s element
/// count.
#[cube(launch)]
fn slice_assign_kernel<E: Numeric>(value: &Tensor<E>, out: &mut Tensor<E>, start: usize, len: usize) {
    if ABSOLUTE_POS >= len {
        terminate!();
    }
    let at = start + strided::offset_in(out, value, ABSOLUTE_POS);
    out[at] = value[strided::offset(value, ABSOLUTE_POS)];
}

/// The dims of the part of `tensor` at `ranges`, and the buffer offset of its first
/// element.
fn part<R: CubeRuntime>(tensor: &CubeTensor<R>, ranges: &[Range<usize>]) -> (Dims, usize) {
    let dims = ranges.iter().map(|r| r.end - r.start).collect();
    let start = ranges
        .iter()
        .zip(&tensor.strides)
        .map(|(r, &s)| r.start * s)
        .sum();
    (dims, start)
}

/// `tensor`'s handle as a kernel argument with the part's `dims` and the tensor's
/// own strides; the kernels add the part's start to each offset.
fn part_arg<R: CubeRuntime>(tensor: &CubeTensor<R>, dims: &[usize]) -> TensorArg {
    let (strides, dims) = at_least_rank_1(tensor.strides.clone(), dims.into());
    // SAFETY: the part lies inside the tensor (each range within its dim), so its
    // start plus any offset these dims and strides give addresses an element of the
    // tensor, inside the handle.
    unsafe { TensorArg::from_raw_parts(tensor.handle.clone(), strides.into(), dims.into()) }
}

/// The part of `tensor` at `ranges`, copied into a new contiguous tensor (`tensor`
/// itself when the ranges cover it).
pub(crate) fn slice<R: CubeRuntime>(tensor: CubeTensor<R>, ranges: &[Range<usize>]) -> CubeTensor<R> {
    let (dims, start) = part(&tensor, ranges);
    if dims == tensor.dims {
        return tensor;
    }
    let out = tensor.empty_like(dims, tensor.dtype);
    let len = out.num_elements();
    if len == 0 {
        return out;
    }
    let (count, dim) = elementwise_launch(&out.client, len);
    with_elem!(tensor.dtype, E => slice_kernel::launch::<E>(
        &out.client,
        count,
        dim,
        part_arg(&tensor, &out.dims),
        out_arg(&out),
        start,
    ));
    out
}

/// `tensor` with the part at `ranges` replaced by `value`: written in place when
/// `tensor` is contiguous and its buffer is not shared, otherwise into a contiguous
/// copy.
pub(crate) fn slice_assign<R: CubeRuntime>(
    tensor: CubeTensor<R>,
    ranges: &[Range<usize>],
    value: CubeTensor<R>,
) -> CubeTensor<R> {
    let value = &value;
    let out = if tensor.is_contiguous() && tensor.handle.can_mut() {
        tensor
    } else {
        layout::copy_broadcast(&tensor, tensor.dims.clone())
    };
    let (dims, start) = part(&out, ranges);
    let len = value.num_elements();
    if len == 0 {
        return out;
    }
    let (count, dim) = elementwise_launch(&out.client, len);
    with_elem!(out.dtype, E => slice_assign_kernel::launch::<E>(
        &out.client,
        count,
        dim,
        broadcast_arg(value, &dims),
        out_arg(&out),
        start,
        len,
    ));
    out
}
