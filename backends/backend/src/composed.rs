//! Ops written with other ops of a [`Backend`]: the trait's defaults, and what a
//! backend with no kernel of its own for such an op forwards it to.

use crate::{Backend, BinaryOp, ReduceOp, UnaryOp};

/// [`Backend::softmax`] composed: `exp(x - max) / sum(exp(x - max))` along `dim`.
pub fn softmax<B: Backend + ?Sized>(tensor: B::Tensor, dim: usize) -> B::Tensor {
    let max = B::reduce_dim(ReduceOp::Max, tensor.clone(), dim);
    let exp = B::unary(UnaryOp::Exp, B::binary(BinaryOp::Sub, tensor, max));
    let sum = B::reduce_dim(ReduceOp::Sum, exp.clone(), dim);
    B::binary(BinaryOp::Div, exp, sum)
}

/// [`Backend::log_softmax`] composed: `x - max - ln(sum(exp(x - max)))` along `dim`.
pub fn log_softmax<B: Backend + ?Sized>(tensor: B::Tensor, dim: usize) -> B::Tensor {
    let max = B::reduce_dim(ReduceOp::Max, tensor.clone(), dim);
    let shifted = B::binary(BinaryOp::Sub, tensor, max);
    let sum = B::reduce_dim(ReduceOp::Sum, B::unary(UnaryOp::Exp, shifted.clone()), dim);
    B::binary(BinaryOp::Sub, shifted, B::unary(UnaryOp::Log, sum))
}
