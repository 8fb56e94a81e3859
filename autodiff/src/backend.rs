//! [`Autodiff<B>`]: `B` with every op recording its backward rule.

use crate::graph::{Node, Rule};
use crate::rules;
use core::fmt;
use core::marker::PhantomData;
use core::ops::Range;
use seam_backend::{
    Backend, BinaryOp, CompareOp, DType, DataFuture, DeviceInfo, ReduceOp, Scalar, Shape, TensorData, UnaryOp,
};
use std::sync::Arc;

/// The backend `B` with reverse-mode autodiff: the same ops and results, and a
/// graph of backward rules recorded behind tracked tensors.
pub struct Autodiff<B>(PhantomData<B>);

/// A tensor of `B`, and its node in the graph when gradients flow through it.
pub struct AutodiffTensor<B: Backend> {
    primal: B::Tensor,
    node: Option<Arc<Node<B>>>,
}

impl<B: Backend> Clone for AutodiffTensor<B> {
    fn clone(&self) -> Self {
        Self {
            primal: self.primal.clone(),
            node: self.node.clone(),
        }
    }
}

impl<B: Backend> fmt::Debug for AutodiffTensor<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AutodiffTensor")
            .field("primal", &self.primal)
            .field("node", &self.node)
            .finish()
    }
}

impl<B: Backend> AutodiffTensor<B> {
    /// An untracked tensor: a constant for the graph.
    pub fn new(primal: B::Tensor) -> Self {
        Self { primal, node: None }
    }

    /// The same values as a leaf of the graph: [`backward`](crate::backward) of a
    /// tensor computed from it gives its gradient. Each call makes a new leaf.
    pub fn require_grad(self) -> Self {
        Self {
            primal: self.primal,
            node: Some(Node::leaf()),
        }
    }

    /// Whether gradients flow through this tensor (a leaf, or computed from one).
    pub fn is_tracked(&self) -> bool {
        self.node.is_some()
    }

    /// The same values, untracked: no gradient flows back through the result.
    pub fn detach(self) -> Self {
        Self::new(self.primal)
    }

    /// `B`'s tensor, borrowed.
    pub fn primal(&self) -> &B::Tensor {
        &self.primal
    }

    /// `B`'s tensor, moved out; the node is dropped.
    pub fn into_primal(self) -> B::Tensor {
        self.primal
    }

    /// A one-input op of the caller's own (one that is not `B`'s, such as a copy to
    /// another device): `forward` of the values, with `backward` as its rule, the
    /// input's gradient from the output's. The result is tracked when `self` is.
    ///
    /// ```
    /// use seam_autodiff::{Autodiff, backward};
    /// use seam_backend::{Backend, BinaryOp, Scalar, TensorData};
    /// use seam_cpu::{Cpu, CpuDevice};
    ///
    /// let x = Autodiff::<Cpu>::from_data(TensorData::new(vec![3.0f64], [1]), &CpuDevice).require_grad();
    /// let triple = |t| Cpu::binary_scalar(BinaryOp::Mul, t, Scalar::Float(3.0));
    /// let y = x.clone().apply(triple, move |g| triple(g.clone()));
    /// let g = Cpu::into_data(backward(&y).get(&x).unwrap().clone());
    /// assert_eq!(g.to_vec::<f64>().unwrap(), [3.0]);
    /// ```
    pub fn apply(
        self,
        forward: impl FnOnce(B::Tensor) -> B::Tensor,
        backward: impl Fn(&B::Tensor) -> B::Tensor + Send + Sync + 'static,
    ) -> Self {
        let out = forward(self.primal);
        if !tracks([&self.node]) {
            return Self::new(out);
        }
        record(out, [&self.node], move |g, needed| {
            vec![needed[0].then(|| backward(g))]
        })
    }

    pub(crate) fn node(&self) -> Option<&Arc<Node<B>>> {
        self.node.as_ref()
    }
}

/// Whether an op on inputs with these nodes records one: an input is tracked and
/// recording is on. When it does not, the op runs on `B` alone, and its inputs are
/// not cloned for a rule (a clone would keep a backend from reusing a buffer).
fn tracks<'a, B: Backend>(inputs: impl IntoIterator<Item = &'a Option<Arc<Node<B>>>>) -> bool {
    inputs.into_iter().any(Option::is_some) && crate::is_recording()
}

/// The output `primal` of an op on inputs with these nodes, tracked by a node
/// with `rule`.
fn record<'a, B: Backend>(
    primal: B::Tensor,
    inputs: impl IntoIterator<Item = &'a Option<Arc<Node<B>>>>,
    rule: impl rules::RuleFn<B>,
) -> AutodiffTensor<B> {
    let parents = inputs.into_iter().cloned().collect();
    let node = Node::op(parents, Box::new(rule) as Rule<B>);
    AutodiffTensor {
        primal,
        node: Some(node),
    }
}

impl<B: Backend> Backend for Autodiff<B> {
    type Tensor = AutodiffTensor<B>;
    type Device = B::Device;

    fn name() -> &'static str {
        B::name()
    }

    fn describe(device: &B::Device) -> DeviceInfo {
        B::describe(device)
    }

    fn device(tensor: &Self::Tensor) -> B::Device {
        B::device(&tensor.primal)
    }

    fn dims(tensor: &Self::Tensor) -> &[usize] {
        B::dims(&tensor.primal)
    }

    fn dtype(tensor: &Self::Tensor) -> DType {
        B::dtype(&tensor.primal)
    }

    fn from_data(data: TensorData, device: &B::Device) -> Self::Tensor {
        AutodiffTensor::new(B::from_data(data, device))
    }

    fn into_data(tensor: Self::Tensor) -> TensorData {
        B::into_data(tensor.primal)
    }

    fn full(shape: Shape, value: Scalar, dtype: DType, device: &B::Device) -> Self::Tensor {
        AutodiffTensor::new(B::full(shape, value, dtype, device))
    }

    fn into_data_async(tensor: Self::Tensor) -> DataFuture {
        B::into_data_async(tensor.primal)
    }

    fn cast(tensor: Self::Tensor, dtype: DType) -> Self::Tensor {
        if !tracks([&tensor.node]) {
            return AutodiffTensor::new(B::cast(tensor.primal, dtype));
        }
        let from = B::dtype(&tensor.primal);
        let out = B::cast(tensor.primal, dtype);
        if !(from.is_float() && dtype.is_float()) {
            // Integers and booleans carry no gradient.
            return AutodiffTensor::new(out);
        }
        record(out, [&tensor.node], rules::cast::<B>(from))
    }

    fn unary(op: UnaryOp, tensor: Self::Tensor) -> Self::Tensor {
        if !tracks([&tensor.node]) {
            return AutodiffTensor::new(B::unary(op, tensor.primal));
        }
        let x = tensor.primal;
        let out = B::unary(op, x.clone());
        let y = out.clone();
        record(out, [&tensor.node], rules::unary::<B>(op, x, y))
    }

    fn binary(op: BinaryOp, lhs: Self::Tensor, rhs: Self::Tensor) -> Self::Tensor {
        if !tracks([&lhs.node, &rhs.node]) {
            return AutodiffTensor::new(B::binary(op, lhs.primal, rhs.primal));
        }
        let (a, b) = (lhs.primal, rhs.primal);
        let out = B::binary(op, a.clone(), b.clone());
        let y = out.clone();
        record(out, [&lhs.node, &rhs.node], rules::binary::<B>(op, a, b, y))
    }

    fn binary_scalar(op: BinaryOp, lhs: Self::Tensor, rhs: Scalar) -> Self::Tensor {
        if !tracks([&lhs.node]) {
            return AutodiffTensor::new(B::binary_scalar(op, lhs.primal, rhs));
        }
        let x = lhs.primal;
        let out = B::binary_scalar(op, x.clone(), rhs);
        record(out, [&lhs.node], rules::binary_scalar::<B>(op, x, rhs))
    }

    fn compare(op: CompareOp, lhs: Self::Tensor, rhs: Self::Tensor) -> Self::Tensor {
        AutodiffTensor::new(B::compare(op, lhs.primal, rhs.primal))
    }

    fn compare_scalar(op: CompareOp, lhs: Self::Tensor, rhs: Scalar) -> Self::Tensor {
        AutodiffTensor::new(B::compare_scalar(op, lhs.primal, rhs))
    }

    fn mask_where(mask: Self::Tensor, on_true: Self::Tensor, on_false: Self::Tensor) -> Self::Tensor {
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
            rules::mask_where::<B>(m, sa, sb),
        )
    }

    fn matmul(lhs: Self::Tensor, rhs: Self::Tensor) -> Self::Tensor {
        if !tracks([&lhs.node, &rhs.node]) {
            return AutodiffTensor::new(B::matmul(lhs.primal, rhs.primal));
        }
        let (a, b) = (lhs.primal, rhs.primal);
        let out = B::matmul(a.clone(), b.clone());
        record(out, [&lhs.node, &rhs.node], rules::matmul::<B>(a, b))
    }

    fn reduce_dim(op: ReduceOp, tensor: Self::Tensor, dim: usize) -> Self::Tensor {
        if op.is_arg() || !tracks([&tensor.node]) {
            return AutodiffTensor::new(B::reduce_dim(op, tensor.primal, dim));
        }
        let x = tensor.primal;
        let out = B::reduce_dim(op, x.clone(), dim);
        let y = out.clone();
        record(out, [&tensor.node], rules::reduce_dim::<B>(op, x, y, dim))
    }

    fn softmax(tensor: Self::Tensor, dim: usize) -> Self::Tensor {
        if !tracks([&tensor.node]) {
            return AutodiffTensor::new(B::softmax(tensor.primal, dim));
        }
        let out = B::softmax(tensor.primal, dim);
        let y = out.clone();
        record(out, [&tensor.node], rules::softmax::<B>(y, dim))
    }

    fn log_softmax(tensor: Self::Tensor, dim: usize) -> Self::Tensor {
        if !tracks([&tensor.node]) {
            return AutodiffTensor::new(B::log_softmax(tensor.primal, dim));
        }
        let out = B::log_softmax(tensor.primal, dim);
        let y = out.clone();
        record(out, [&tensor.node], rules::log_softmax::<B>(y, dim))
    }

    fn reshape(tensor: Self::Tensor, shape: Shape) -> Self::Tensor {
        if !tracks([&tensor.node]) {
            return AutodiffTensor::new(B::reshape(tensor.primal, shape));
        }
        let from = B::shape(&tensor.primal);
        let out = B::reshape(tensor.primal, shape);
        record(out, [&tensor.node], rules::reshape::<B>(from))
    }

    fn permute(tensor: Self::Tensor, axes: &[usize]) -> Self::Tensor {
        if !tracks([&tensor.node]) {
            return AutodiffTensor::new(B::permute(tensor.primal, axes));
        }
        let out = B::permute(tensor.primal, axes);
        let axes = axes.to_vec();
        record(out, [&tensor.node], rules::permute::<B>(axes))
    }

    fn expand(tensor: Self::Tensor, shape: Shape) -> Self::Tensor {
        if !tracks([&tensor.node]) {
            return AutodiffTensor::new(B::expand(tensor.primal, shape));
        }
        let from = B::shape(&tensor.primal);
        let out = B::expand(tensor.primal, shape);
        record(out, [&tensor.node], rules::sum_back::<B>(from))
    }

    fn slice(tensor: Self::Tensor, ranges: &[Range<usize>]) -> Self::Tensor {
        if !tracks([&tensor.node]) {
            return AutodiffTensor::new(B::slice(tensor.primal, ranges));
        }
        let from = B::shape(&tensor.primal);
        let out = B::slice(tensor.primal, ranges);
        let ranges = ranges.to_vec();
        record(out, [&tensor.node], rules::slice::<B>(from, ranges))
    }

    fn slice_assign(tensor: Self::Tensor, ranges: &[Range<usize>], value: Self::Tensor) -> Self::Tensor {
        if !tracks([&tensor.node, &value.node]) {
            return AutodiffTensor::new(B::slice_assign(tensor.primal, ranges, value.primal));
        }
        let out = B::slice_assign(tensor.primal, ranges, value.primal);
        let ranges = ranges.to_vec();
        record(out, [&tensor.node, &value.node], rules::slice_assign::<B>(ranges))
    }

    fn cat(tensors: Vec<Self::Tensor>, dim: usize) -> Self::Tensor {
        let (primals, nodes): (Vec<_>, Vec<_>) = tensors.into_iter().map(|t| (t.primal, t.node)).unzip();
        if !tracks(&nodes) {
            return AutodiffTensor::new(B::cat(primals, dim));
        }
        let sizes = primals.iter().map(|p| B::shape(p).dims()[dim]).collect();
        let out = B::cat(primals, dim);
        record(out, &nodes, rules::cat::<B>(dim, sizes))
    }

    fn gather(dim: usize, tensor: Self::Tensor, indices: Self::Tensor) -> Self::Tensor {
        if !tracks([&tensor.node]) {
            return AutodiffTensor::new(B::gather(dim, tensor.primal, indices.primal));
        }
        let from = B::shape(&tensor.primal);
        let idx = indices.primal;
        let out = B::gather(dim, tensor.primal, idx.clone());
        record(out, [&tensor.node], rules::gather::<B>(dim, from, idx))
    }

    fn scatter_add(
        dim: usize,
        tensor: Self::Tensor,
        indices: Self::Tensor,
        values: Self::Tensor,
    ) -> Self::Tensor {
        if !tracks([&tensor.node, &values.node]) {
            return AutodiffTensor::new(B::scatter_add(dim, tensor.primal, indices.primal, values.primal));
        }
        let idx = indices.primal;
        let out = B::scatter_add(dim, tensor.primal, idx.clone(), values.primal);
        record(
            out,
            [&tensor.node, &values.node],
            rules::scatter_add::<B>(dim, idx),
        )
    }
}
