//! Reading an input through its strides.

use cubecl::prelude::*;

/// The buffer offset of the element of `input` at row-major position `pos` of the
/// output: `input`'s shape is the output's, and its strides are its own (0 along a
/// broadcast dim).
#[cube]
pub(crate) fn offset<E: CubePrimitive>(input: &Tensor<E>, pos: usize) -> usize {
    let rank = input.rank();
    let mut rest = pos;
    let mut offset = 0usize;
    for i in 0..rank {
        let dim = rank - 1 - i;
        let size = input.shape(dim);
        offset += (rest % size) * input.stride(dim);
        rest /= size;
    }
    offset
}

/// The buffer offset, through `out`'s strides, of the element at row-major position
/// `pos` of `shape`'s shape (an output is a `&mut` argument, which [`offset`] cannot
/// take).
#[cube]
pub(crate) fn offset_in<E: CubePrimitive, S: CubePrimitive>(
    out: &mut Tensor<E>,
    shape: &Tensor<S>,
    pos: usize,
) -> usize {
    let rank = shape.rank();
    let mut rest = pos;
    let mut offset = 0usize;
    for i in 0..rank {
        let dim = rank - 1 - i;
        let size = shape.shape(dim);
        offset += (rest % size) * out.stride(dim);
        rest /= size;
    }
    offset
}
