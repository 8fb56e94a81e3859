//! Each op of `seam_backend::for_each_tensor_op!`'s list, and `cat`, when one of its
//! tensors is tracked: its tracked form, and below it its backward rule, written
//! with `B`'s ops.
//!
//! The tracked form (named as the op) runs the op on `B` and, where an input the op
//! differentiates is tracked, records the output's node with the rule; the
//! untracked path is generated in `backend.rs`. The rule function (`<op>_rule`)
//! takes what the rule needs from the forward pass and returns the rule: given `g`,
//! the gradient of the op's output, and which inputs need a gradient, it gives those
//! inputs' gradients, each of its input's shape (summed back over the dims it was
//! broadcast along).

use crate::graph::RuleFn;
use crate::tensor::{AutodiffTensor, record, tracks};
use core::f64::consts::{FRAC_1_SQRT_2, FRAC_2_SQRT_PI, PI};
use core::ops::Range;
use seam_backend::{Backend, BinaryOp, CompareOp, DType, ReduceOp, Scalar, ScanOp, Shape, UnaryOp};

// ---------------------------------------------------------------------------------
// Small pieces the rules share.
// ---------------------------------------------------------------------------------

/// `op(t, c)` with a float scalar.
fn scalar<B: Backend>(op: BinaryOp, t: B::Tensor, c: f64) -> B::Tensor {
    B::binary_scalar(op, t, Scalar::Float(c))
}

fn mul<B: Backend>(a: B::Tensor, b: B::Tensor) -> B::Tensor {
    B::binary(BinaryOp::Mul, a, b)
}

fn div<B: Backend>(a: B::Tensor, b: B::Tensor) -> B::Tensor {
    B::binary(BinaryOp::Div, a, b)
}

fn sub<B: Backend>(a: B::Tensor, b: B::Tensor) -> B::Tensor {
    B::binary(BinaryOp::Sub, a, b)
}

fn neg<B: Backend>(t: B::Tensor) -> B::Tensor {
    B::unary(UnaryOp::Neg, t)
}

/// Zeros of `shape` with the dtype and device of `like`.
fn zeros<B: Backend>(shape: Shape, like: &B::Tensor) -> B::Tensor {
    B::full(shape, Scalar::Float(0.0), B::dtype(like), &B::device(like))
}

/// 1 where `t` is `NaN` (the one value not equal to itself), else 0, of `dtype`.
fn is_nan<B: Backend>(t: B::Tensor, dtype: DType) -> B::Tensor {
    let equal = indicator::<B>(B::compare(CompareOp::Equal, t.clone(), t), dtype);
    neg::<B>(scalar::<B>(BinaryOp::Sub, equal, 1.0))
}

/// `mask` (`bool`) as `0.0`/`1.0` of `dtype`.
fn indicator<B: Backend>(mask: B::Tensor, dtype: DType) -> B::Tensor {
    B::cast(mask, dtype)
}

/// `g` summed back to `shape`: over the leading dims it has beyond `shape`'s rank,
/// and over each dim where `shape` has 1 and `g` more (broadcasting in reverse).
pub(crate) fn sum_to<B: Backend>(g: B::Tensor, shape: &Shape) -> B::Tensor {
    let mut g = g;
    let mut dims = B::shape(&g).dims().to_vec();
    if dims == shape.dims() {
        return g;
    }
    let extra = dims.len() - shape.rank();
    if extra > 0 {
        let lead: usize = dims[..extra].iter().product();
        let mut flat = vec![lead];
        flat.extend_from_slice(&dims[extra..]);
        g = B::reduce_dim(ReduceOp::Sum, B::reshape(g, Shape::from(flat)), 0);
        dims = dims[extra..].to_vec();
        g = B::reshape(g, Shape::from(dims.clone()));
    }
    for (i, (&have, &want)) in dims.iter().zip(shape.dims()).enumerate() {
        if want == 1 && have != 1 {
            g = B::reduce_dim(ReduceOp::Sum, g, i);
        }
    }
    g
}

/// The gradients of an op with one input: `f(g)` if it is needed.
fn one<B: Backend>(needed: &[bool], f: impl FnOnce() -> B::Tensor) -> Vec<Option<B::Tensor>> {
    vec![needed[0].then(f)]
}

// ---------------------------------------------------------------------------------
// The ops: each one's tracked form, then its rule.
// ---------------------------------------------------------------------------------

pub(crate) fn cast<B: Backend>(tensor: AutodiffTensor<B>, dtype: DType) -> AutodiffTensor<B> {
    let from = B::dtype(&tensor.primal);
    let out = B::cast(tensor.primal, dtype);
    if !(from.is_float() && dtype.is_float()) {
        // Integers and booleans carry no gradient.
        return AutodiffTensor::new(out);
    }
    record(out, [&tensor.node], cast_rule::<B>(from))
}

/// A float-to-float cast: the gradient cast back to the input's dtype.
fn cast_rule<B: Backend>(from: DType) -> impl RuleFn<B> {
    move |g, needed| one::<B>(needed, || B::cast(g.clone(), from))
}

pub(crate) fn unary<B: Backend>(op: UnaryOp, tensor: AutodiffTensor<B>) -> AutodiffTensor<B> {
    let x = tensor.primal;
    let out = B::unary(op, x.clone());
    let y = out.clone();
    record(out, [&tensor.node], unary_rule::<B>(op, x, y))
}

/// `y = op(x)`.
fn unary_rule<B: Backend>(op: UnaryOp, x: B::Tensor, y: B::Tensor) -> impl RuleFn<B> {
    move |g, needed| {
        one::<B>(needed, || {
            let g = g.clone();
            let (x, y) = (x.clone(), y.clone());
            let dtype = B::dtype(&x);
            match op {
                UnaryOp::Neg => neg::<B>(g),
                UnaryOp::Abs => {
                    // sign(x), 0 at 0.
                    let pos = indicator::<B>(
                        B::compare_scalar(CompareOp::Greater, x.clone(), Scalar::Float(0.0)),
                        dtype,
                    );
                    let negative =
                        indicator::<B>(B::compare_scalar(CompareOp::Lower, x, Scalar::Float(0.0)), dtype);
                    mul::<B>(g, sub::<B>(pos, negative))
                }
                UnaryOp::Exp => mul::<B>(g, y),
                UnaryOp::Log => div::<B>(g, x),
                UnaryOp::Log1p => div::<B>(g, scalar::<B>(BinaryOp::Add, x, 1.0)),
                UnaryOp::Sqrt => div::<B>(scalar::<B>(BinaryOp::Mul, g, 0.5), y),
                UnaryOp::Sin => mul::<B>(g, B::unary(UnaryOp::Cos, x)),
                UnaryOp::Cos => neg::<B>(mul::<B>(g, B::unary(UnaryOp::Sin, x))),
                UnaryOp::Tanh => {
                    // 1 - y^2
                    let d = scalar::<B>(BinaryOp::Add, neg::<B>(mul::<B>(y.clone(), y)), 1.0);
                    mul::<B>(g, d)
                }
                UnaryOp::Erf => {
                    // 2 / sqrt(pi) * exp(-x^2)
                    let e = B::unary(UnaryOp::Exp, neg::<B>(mul::<B>(x.clone(), x)));
                    mul::<B>(g, scalar::<B>(BinaryOp::Mul, e, FRAC_2_SQRT_PI))
                }
                UnaryOp::Recip => neg::<B>(mul::<B>(g, mul::<B>(y.clone(), y))),
                UnaryOp::Gelu => {
                    // Phi(x) + x phi(x): Phi(x) = (1 + erf(x / sqrt 2)) / 2,
                    // phi(x) = exp(-x^2 / 2) / sqrt(2 pi).
                    let erf = B::unary(UnaryOp::Erf, scalar::<B>(BinaryOp::Mul, x.clone(), FRAC_1_SQRT_2));
                    let cdf = scalar::<B>(BinaryOp::Mul, scalar::<B>(BinaryOp::Add, erf, 1.0), 0.5);
                    let sq = scalar::<B>(BinaryOp::Mul, mul::<B>(x.clone(), x.clone()), -0.5);
                    let pdf = scalar::<B>(BinaryOp::Mul, B::unary(UnaryOp::Exp, sq), 1.0 / (2.0 * PI).sqrt());
                    mul::<B>(g, B::binary(BinaryOp::Add, cdf, mul::<B>(x, pdf)))
                }
            }
        })
    }
}

/// Where the first of `a` and `b` is picked by `Max` (`better` = `Greater`) or
/// `Min` (`Lower`), as a weight: 1 where it wins, 1/2 on a tie, 0 elsewhere. A
/// `NaN` is picked (the result is `NaN`): 1 where only `a` is one, 1/2 where both
/// are.
fn pick_weight<B: Backend>(better: CompareOp, a: B::Tensor, b: B::Tensor) -> B::Tensor {
    let dtype = B::dtype(&a);
    let wins = indicator::<B>(B::compare(better, a.clone(), b.clone()), dtype);
    let ties = indicator::<B>(B::compare(CompareOp::Equal, a.clone(), b.clone()), dtype);
    let (nan_a, nan_b) = (is_nan::<B>(a, dtype), is_nan::<B>(b, dtype));
    let both = scalar::<B>(BinaryOp::Mul, mul::<B>(nan_a.clone(), nan_b), 0.5);
    let nan = sub::<B>(nan_a, both);
    let plain = B::binary(BinaryOp::Add, wins, scalar::<B>(BinaryOp::Mul, ties, 0.5));
    B::binary(BinaryOp::Add, plain, nan)
}

pub(crate) fn binary<B: Backend>(
    op: BinaryOp,
    lhs: AutodiffTensor<B>,
    rhs: AutodiffTensor<B>,
) -> AutodiffTensor<B> {
    let (a, b) = (lhs.primal, rhs.primal);
    let out = B::binary(op, a.clone(), b.clone());
    let y = out.clone();
    record(out, [&lhs.node, &rhs.node], binary_rule::<B>(op, a, b, y))
}

/// `y = op(a, b)`, broadcast.
fn binary_rule<B: Backend>(op: BinaryOp, a: B::Tensor, b: B::Tensor, y: B::Tensor) -> impl RuleFn<B> {
    let (sa, sb) = (B::shape(&a), B::shape(&b));
    move |g, needed| {
        let g = g.clone();
        let (a, b, y) = (a.clone(), b.clone(), y.clone());
        let (ga, gb): (Option<B::Tensor>, Option<B::Tensor>) = match op {
            BinaryOp::Add => (Some(g.clone()), Some(g)),
            BinaryOp::Sub => (Some(g.clone()), Some(neg::<B>(g))),
            BinaryOp::Mul => (
                needed[0].then(|| mul::<B>(g.clone(), b.clone())),
                needed[1].then(|| mul::<B>(g.clone(), a.clone())),
            ),
            BinaryOp::Div => (
                needed[0].then(|| div::<B>(g.clone(), b.clone())),
                needed[1].then(|| neg::<B>(div::<B>(mul::<B>(g.clone(), y.clone()), b.clone()))),
            ),
            BinaryOp::Pow => (
                needed[0].then(|| {
                    // b * a^(b - 1)
                    let lower = B::binary(
                        BinaryOp::Pow,
                        a.clone(),
                        scalar::<B>(BinaryOp::Sub, b.clone(), 1.0),
                    );
                    mul::<B>(g.clone(), mul::<B>(b.clone(), lower))
                }),
                needed[1]
                    .then(|| mul::<B>(g.clone(), mul::<B>(y.clone(), B::unary(UnaryOp::Log, a.clone())))),
            ),
            BinaryOp::Rem => (
                // y = a - b * trunc(a / b): d/db = -trunc(a / b) = (y - a) / b.
                Some(g.clone()),
                needed[1].then(|| mul::<B>(g.clone(), div::<B>(sub::<B>(y.clone(), a.clone()), b.clone()))),
            ),
            BinaryOp::Max | BinaryOp::Min => {
                let better = if op == BinaryOp::Max {
                    CompareOp::Greater
                } else {
                    CompareOp::Lower
                };
                (
                    needed[0].then(|| mul::<B>(g.clone(), pick_weight::<B>(better, a.clone(), b.clone()))),
                    needed[1].then(|| mul::<B>(g.clone(), pick_weight::<B>(better, b.clone(), a.clone()))),
                )
            }
        };
        vec![
            ga.filter(|_| needed[0]).map(|g| sum_to::<B>(g, &sa)),
            gb.filter(|_| needed[1]).map(|g| sum_to::<B>(g, &sb)),
        ]
    }
}

pub(crate) fn binary_scalar<B: Backend>(
    op: BinaryOp,
    lhs: AutodiffTensor<B>,
    rhs: Scalar,
) -> AutodiffTensor<B> {
    let x = lhs.primal;
    let out = B::binary_scalar(op, x.clone(), rhs);
    record(out, [&lhs.node], binary_scalar_rule::<B>(op, x, rhs))
}

/// `y = op(x, c)` with a scalar `c`. `Max` and `Min` pass the gradient where `x`
/// won, none on a tie (where a tensor-tensor `Max` splits it).
fn binary_scalar_rule<B: Backend>(op: BinaryOp, x: B::Tensor, c: Scalar) -> impl RuleFn<B> {
    let c = c.to_f64();
    move |g, needed| {
        one::<B>(needed, || {
            let g = g.clone();
            match op {
                BinaryOp::Add | BinaryOp::Sub | BinaryOp::Rem => g,
                BinaryOp::Mul => scalar::<B>(BinaryOp::Mul, g, c),
                BinaryOp::Div => scalar::<B>(BinaryOp::Div, g, c),
                BinaryOp::Pow => {
                    let lower = scalar::<B>(BinaryOp::Pow, x.clone(), c - 1.0);
                    mul::<B>(g, scalar::<B>(BinaryOp::Mul, lower, c))
                }
                BinaryOp::Max | BinaryOp::Min => {
                    // Where `x` is strictly past `c` (`relu` and `clamp`: none at the
                    // boundary itself, as PyTorch's `relu`).
                    let better = if op == BinaryOp::Max {
                        CompareOp::Greater
                    } else {
                        CompareOp::Lower
                    };
                    let mask = B::compare_scalar(better, x.clone(), Scalar::Float(c));
                    mul::<B>(g, indicator::<B>(mask, B::dtype(&x)))
                }
            }
        })
    }
}

pub(crate) fn compare<B: Backend>(
    op: CompareOp,
    lhs: AutodiffTensor<B>,
    rhs: AutodiffTensor<B>,
) -> AutodiffTensor<B> {
    AutodiffTensor::new(B::compare(op, lhs.primal, rhs.primal))
}

pub(crate) fn compare_scalar<B: Backend>(
    op: CompareOp,
    lhs: AutodiffTensor<B>,
    rhs: Scalar,
) -> AutodiffTensor<B> {
    AutodiffTensor::new(B::compare_scalar(op, lhs.primal, rhs))
}

pub(crate) fn mask_where<B: Backend>(
    mask: AutodiffTensor<B>,
    on_true: AutodiffTensor<B>,
    on_false: AutodiffTensor<B>,
) -> AutodiffTensor<B> {
    if !tracks([&on_true.node, &on_false.node]) {
        return AutodiffTensor::new(B::mask_where(mask.primal, on_true.primal, on_false.primal));
    }
    let m = mask.primal;
    let (a, b) = (on_true.primal, on_false.primal);
    let (sa, sb) = (B::shape(&a), B::shape(&b));
    let out = B::mask_where(m.clone(), a, b);
    record(
        out,
        [&on_true.node, &on_false.node],
        mask_where_rule::<B>(m, sa, sb),
    )
}

/// `mask ? a : b`, broadcast: the gradient goes to the side each element came from.
fn mask_where_rule<B: Backend>(mask: B::Tensor, sa: Shape, sb: Shape) -> impl RuleFn<B> {
    move |g, needed| {
        let zero = || zeros::<B>(B::shape(g), g);
        vec![
            needed[0].then(|| sum_to::<B>(B::mask_where(mask.clone(), g.clone(), zero()), &sa)),
            needed[1].then(|| sum_to::<B>(B::mask_where(mask.clone(), zero(), g.clone()), &sb)),
        ]
    }
}

/// The last two dims of `t` swapped.
fn transpose<B: Backend>(t: B::Tensor) -> B::Tensor {
    let rank = B::shape(&t).rank();
    let mut axes: Vec<usize> = (0..rank).collect();
    axes.swap(rank - 2, rank - 1);
    B::permute(t, &axes)
}

pub(crate) fn matmul<B: Backend>(lhs: AutodiffTensor<B>, rhs: AutodiffTensor<B>) -> AutodiffTensor<B> {
    let (a, b) = (lhs.primal, rhs.primal);
    let out = B::matmul(a.clone(), b.clone());
    record(out, [&lhs.node, &rhs.node], matmul_rule::<B>(a, b))
}

/// `y = a @ b`, batched: `g @ b^T` and `a^T @ g`, summed over broadcast batch dims.
fn matmul_rule<B: Backend>(a: B::Tensor, b: B::Tensor) -> impl RuleFn<B> {
    let (sa, sb) = (B::shape(&a), B::shape(&b));
    move |g, needed| {
        vec![
            needed[0].then(|| sum_to::<B>(B::matmul(g.clone(), transpose::<B>(b.clone())), &sa)),
            needed[1].then(|| sum_to::<B>(B::matmul(transpose::<B>(a.clone()), g.clone()), &sb)),
        ]
    }
}

pub(crate) fn reduce_dim<B: Backend>(
    op: ReduceOp,
    tensor: AutodiffTensor<B>,
    dim: usize,
) -> AutodiffTensor<B> {
    if op.is_arg() {
        return AutodiffTensor::new(B::reduce_dim(op, tensor.primal, dim));
    }
    let x = tensor.primal;
    let out = B::reduce_dim(op, x.clone(), dim);
    let y = out.clone();
    record(out, [&tensor.node], reduce_dim_rule::<B>(op, x, y, dim))
}

/// `y = op(x)` along `dim` (kept with size 1). `Max` and `Min` send the gradient
/// to the elements equal to the result, split evenly between them; where the lane
/// holds a `NaN` (so the result is `NaN`, and no element equals it), to its `NaN`s,
/// split evenly between them.
/// `Prod` uses `y / x` (not finite where an element is 0).
fn reduce_dim_rule<B: Backend>(op: ReduceOp, x: B::Tensor, y: B::Tensor, dim: usize) -> impl RuleFn<B> {
    let shape = B::shape(&x);
    move |g, needed| {
        one::<B>(needed, || {
            let spread = |t: B::Tensor| B::expand(t, shape.clone());
            match op {
                ReduceOp::Sum => spread(g.clone()),
                ReduceOp::Prod => mul::<B>(spread(g.clone()), div::<B>(spread(y.clone()), x.clone())),
                ReduceOp::Max | ReduceOp::Min => {
                    let dtype = B::dtype(&x);
                    let hit =
                        indicator::<B>(B::compare(CompareOp::Equal, x.clone(), spread(y.clone())), dtype);
                    let count = B::reduce_dim(ReduceOp::Sum, hit.clone(), dim);
                    // Where the result is NaN its lane has no hit (count 0): the
                    // division takes 1 instead, and the lane's NaNs, which tie as
                    // the result, share the weight evenly. Only float ops: a device
                    // without i64 (wgpu on OpenGL) runs this too. The weights are
                    // finite, and `g` multiplies them once, as for any lane.
                    let nan = is_nan::<B>(y.clone(), dtype);
                    let share = div::<B>(hit, spread(B::binary(BinaryOp::Add, count, nan.clone())));
                    let nans = is_nan::<B>(x.clone(), dtype);
                    let nan_count = B::reduce_dim(ReduceOp::Sum, nans.clone(), dim);
                    // NaN count, or 1 in a lane without NaN (whose `nans` are all 0).
                    let nan_count = B::binary(
                        BinaryOp::Add,
                        nan_count,
                        neg::<B>(scalar::<B>(BinaryOp::Sub, nan, 1.0)),
                    );
                    let weight = B::binary(BinaryOp::Add, share, div::<B>(nans, spread(nan_count)));
                    mul::<B>(spread(g.clone()), weight)
                }
                ReduceOp::ArgMax | ReduceOp::ArgMin => unreachable!("the Arg ops are not recorded"),
            }
        })
    }
}

pub(crate) fn scan_dim<B: Backend>(
    op: ScanOp,
    tensor: AutodiffTensor<B>,
    dim: usize,
    reverse: bool,
) -> AutodiffTensor<B> {
    let x = tensor.primal;
    let out = B::scan_dim(op, x.clone(), dim, reverse);
    let y = out.clone();
    record(out, [&tensor.node], scan_dim_rule::<B>(op, x, y, dim, reverse))
}

/// `y = op(x)` running along `dim` (from the end back when `reverse`). `Sum`: each
/// element's gradient is the sum of `g` over the outputs it reaches, a running sum
/// the other way. `Prod`: as [`running_product`] gives it, exact where elements are
/// 0.
fn scan_dim_rule<B: Backend>(
    op: ScanOp,
    x: B::Tensor,
    y: B::Tensor,
    dim: usize,
    reverse: bool,
) -> impl RuleFn<B> {
    // A running sum reads no forward value: its rule keeps neither tensor alive.
    let forward = (op == ScanOp::Prod).then_some((x, y));
    move |g, needed| {
        one::<B>(needed, || match (op, &forward) {
            (ScanOp::Sum, _) => B::scan_dim(ScanOp::Sum, g.clone(), dim, !reverse),
            (ScanOp::Prod, Some((x, y))) => running_product::<B>(g, x, y, dim, reverse),
            (ScanOp::Prod, None) => unreachable!("a running product keeps its forward values"),
        })
    }
}

/// The gradient of `y = cumprod(x)` along `dim`: element `i` gets the sum over the
/// outputs `j` it reaches of `g[j]` times the product of the other elements in
/// `y[j]`. Before the first 0 of its lane that is `sum(g * y) / x[i]` over those
/// outputs; at the first 0 the same sum over the running product with that 0 taken
/// as 1; after it, 0 (every product it reaches holds the first 0 as another
/// element). Float ops only, as [`reduce_dim`]'s.
fn running_product<B: Backend>(
    g: &B::Tensor,
    x: &B::Tensor,
    y: &B::Tensor,
    dim: usize,
    reverse: bool,
) -> B::Tensor {
    let dtype = B::dtype(x);
    let scan = |op, t| B::scan_dim(op, t, dim, reverse);
    let back = |t| B::scan_dim(ScanOp::Sum, t, dim, !reverse);
    let is = |t: B::Tensor, value: f64| B::compare_scalar(CompareOp::Equal, t, Scalar::Float(value));
    let zero = indicator::<B>(is(x.clone(), 0.0), dtype);
    // The zeros up to each element: 0 before the lane's first 0; at a 0 it is that
    // 0's count, 1 at the first only (a count never falls back once past 1).
    let zeros_so_far = scan(ScanOp::Sum, zero.clone());
    let before_first = is(zeros_so_far.clone(), 0.0);
    let first = is(mul::<B>(zero, zeros_so_far), 1.0);
    let first_as_one = B::binary(BinaryOp::Add, x.clone(), indicator::<B>(first.clone(), dtype));
    let at_first = back(mul::<B>(g.clone(), scan(ScanOp::Prod, first_as_one)));
    let others = div::<B>(back(mul::<B>(g.clone(), y.clone())), x.clone());
    let after = zeros::<B>(B::shape(x), x);
    B::mask_where(before_first, others, B::mask_where(first, at_first, after))
}

pub(crate) fn softmax<B: Backend>(tensor: AutodiffTensor<B>, dim: usize) -> AutodiffTensor<B> {
    let out = B::softmax(tensor.primal, dim);
    let y = out.clone();
    record(out, [&tensor.node], softmax_rule::<B>(y, dim))
}

/// `y = softmax(x)` along `dim`: `y * (g - sum(g * y))`.
fn softmax_rule<B: Backend>(y: B::Tensor, dim: usize) -> impl RuleFn<B> {
    move |g, needed| {
        one::<B>(needed, || {
            let dot = B::reduce_dim(ReduceOp::Sum, mul::<B>(g.clone(), y.clone()), dim);
            mul::<B>(y.clone(), sub::<B>(g.clone(), dot))
        })
    }
}

pub(crate) fn log_softmax<B: Backend>(tensor: AutodiffTensor<B>, dim: usize) -> AutodiffTensor<B> {
    let out = B::log_softmax(tensor.primal, dim);
    let y = out.clone();
    record(out, [&tensor.node], log_softmax_rule::<B>(y, dim))
}

/// `y = log_softmax(x)` along `dim`: `g - exp(y) * sum(g)`.
fn log_softmax_rule<B: Backend>(y: B::Tensor, dim: usize) -> impl RuleFn<B> {
    move |g, needed| {
        one::<B>(needed, || {
            let total = B::reduce_dim(ReduceOp::Sum, g.clone(), dim);
            sub::<B>(g.clone(), mul::<B>(B::unary(UnaryOp::Exp, y.clone()), total))
        })
    }
}

pub(crate) fn reshape<B: Backend>(tensor: AutodiffTensor<B>, shape: Shape) -> AutodiffTensor<B> {
    let from = B::shape(&tensor.primal);
    let out = B::reshape(tensor.primal, shape);
    record(out, [&tensor.node], reshape_rule::<B>(from))
}

/// A reshape from `from`: the gradient reshaped back.
fn reshape_rule<B: Backend>(from: Shape) -> impl RuleFn<B> {
    move |g, needed| one::<B>(needed, || B::reshape(g.clone(), from.clone()))
}

pub(crate) fn permute<B: Backend>(tensor: AutodiffTensor<B>, axes: &[usize]) -> AutodiffTensor<B> {
    let out = B::permute(tensor.primal, axes);
    let axes = axes.to_vec();
    record(out, [&tensor.node], permute_rule::<B>(axes))
}

/// A permutation by `axes`: the gradient permuted by the inverse.
fn permute_rule<B: Backend>(axes: Vec<usize>) -> impl RuleFn<B> {
    let mut inverse = vec![0; axes.len()];
    for (i, &a) in axes.iter().enumerate() {
        inverse[a] = i;
    }
    move |g, needed| one::<B>(needed, || B::permute(g.clone(), &inverse))
}

pub(crate) fn flip<B: Backend>(tensor: AutodiffTensor<B>, axes: &[usize]) -> AutodiffTensor<B> {
    let out = B::flip(tensor.primal, axes);
    let axes = axes.to_vec();
    record(out, [&tensor.node], flip_rule::<B>(axes))
}

/// A reversal along `axes`: the gradient reversed along the same dims.
fn flip_rule<B: Backend>(axes: Vec<usize>) -> impl RuleFn<B> {
    move |g, needed| one::<B>(needed, || B::flip(g.clone(), &axes))
}

pub(crate) fn expand<B: Backend>(tensor: AutodiffTensor<B>, shape: Shape) -> AutodiffTensor<B> {
    let from = B::shape(&tensor.primal);
    let out = B::expand(tensor.primal, shape);
    record(out, [&tensor.node], sum_back::<B>(from))
}

/// A broadcast from `from` (`expand`): the gradient summed back to it.
fn sum_back<B: Backend>(from: Shape) -> impl RuleFn<B> {
    move |g, needed| one::<B>(needed, || sum_to::<B>(g.clone(), &from))
}

pub(crate) fn slice<B: Backend>(tensor: AutodiffTensor<B>, ranges: &[Range<usize>]) -> AutodiffTensor<B> {
    let from = B::shape(&tensor.primal);
    let out = B::slice(tensor.primal, ranges);
    let ranges = ranges.to_vec();
    record(out, [&tensor.node], slice_rule::<B>(from, ranges))
}

/// The part at `ranges` of a tensor of shape `from`: the gradient in that part of
/// zeros.
fn slice_rule<B: Backend>(from: Shape, ranges: Vec<Range<usize>>) -> impl RuleFn<B> {
    move |g, needed| {
        one::<B>(needed, || {
            B::slice_assign(zeros::<B>(from.clone(), g), &ranges, g.clone())
        })
    }
}

pub(crate) fn slice_assign<B: Backend>(
    tensor: AutodiffTensor<B>,
    ranges: &[Range<usize>],
    value: AutodiffTensor<B>,
) -> AutodiffTensor<B> {
    let out = B::slice_assign(tensor.primal, ranges, value.primal);
    let ranges = ranges.to_vec();
    record(out, [&tensor.node, &value.node], slice_assign_rule::<B>(ranges))
}

/// A tensor with the part at `ranges` replaced by a value: the tensor's gradient is
/// `g` with that part zeroed, the value's is that part of `g`.
fn slice_assign_rule<B: Backend>(ranges: Vec<Range<usize>>) -> impl RuleFn<B> {
    move |g, needed| {
        let part = Shape::from(ranges.iter().map(|r| r.end - r.start).collect::<Vec<_>>());
        vec![
            needed[0].then(|| B::slice_assign(g.clone(), &ranges, zeros::<B>(part.clone(), g))),
            needed[1].then(|| B::slice(g.clone(), &ranges)),
        ]
    }
}

pub(crate) fn cat<B: Backend>(tensors: Vec<AutodiffTensor<B>>, dim: usize) -> AutodiffTensor<B> {
    let (primals, nodes): (Vec<_>, Vec<_>) = tensors.into_iter().map(|t| (t.primal, t.node)).unzip();
    if !tracks(&nodes) {
        return AutodiffTensor::new(B::cat(primals, dim));
    }
    let sizes = primals.iter().map(|p| B::shape(p).dims()[dim]).collect();
    let out = B::cat(primals, dim);
    record(out, &nodes, cat_rule::<B>(dim, sizes))
}

/// Tensors joined along `dim`, of these `sizes` along it: each one's gradient is
/// its part of `g`.
fn cat_rule<B: Backend>(dim: usize, sizes: Vec<usize>) -> impl RuleFn<B> {
    move |g, needed| {
        let mut ranges: Vec<Range<usize>> = B::shape(g).dims().iter().map(|&n| 0..n).collect();
        let mut start = 0;
        sizes
            .iter()
            .zip(needed)
            .map(|(&size, &needed)| {
                ranges[dim] = start..start + size;
                start += size;
                needed.then(|| B::slice(g.clone(), &ranges))
            })
            .collect()
    }
}

pub(crate) fn gather<B: Backend>(
    dim: usize,
    tensor: AutodiffTensor<B>,
    indices: AutodiffTensor<B>,
) -> AutodiffTensor<B> {
    if !tracks([&tensor.node]) {
        return AutodiffTensor::new(B::gather(dim, tensor.primal, indices.primal));
    }
    let from = B::shape(&tensor.primal);
    let idx = indices.primal;
    let out = B::gather(dim, tensor.primal, idx.clone());
    record(out, [&tensor.node], gather_rule::<B>(dim, from, idx))
}

/// A gather along `dim` from a tensor of shape `from`: the gradient added back
/// where each element came from.
fn gather_rule<B: Backend>(dim: usize, from: Shape, indices: B::Tensor) -> impl RuleFn<B> {
    move |g, needed| {
        one::<B>(needed, || {
            B::scatter_add(dim, zeros::<B>(from.clone(), g), indices.clone(), g.clone())
        })
    }
}

pub(crate) fn scatter_add<B: Backend>(
    dim: usize,
    tensor: AutodiffTensor<B>,
    indices: AutodiffTensor<B>,
    values: AutodiffTensor<B>,
) -> AutodiffTensor<B> {
    if !tracks([&tensor.node, &values.node]) {
        return AutodiffTensor::new(B::scatter_add(dim, tensor.primal, indices.primal, values.primal));
    }
    let idx = indices.primal;
    let out = B::scatter_add(dim, tensor.primal, idx.clone(), values.primal);
    record(out, [&tensor.node, &values.node], scatter_add_rule::<B>(dim, idx))
}

/// A scatter-add along `dim`: the tensor's gradient is `g`, the values' is `g`
/// read where each value went.
fn scatter_add_rule<B: Backend>(dim: usize, indices: B::Tensor) -> impl RuleFn<B> {
    move |g, needed| {
        vec![
            needed[0].then(|| g.clone()),
            needed[1].then(|| B::gather(dim, g.clone(), indices.clone())),
        ]
    }
}
