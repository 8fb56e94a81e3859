//! [`AutodiffTensor`]: a tensor of `B` and its node, and how an op records one; the
//! vocabulary that the backend's op list (`backend.rs`) and the backward rules
//! (`rules.rs`) share.

use crate::graph::{Node, Rule, RuleFn};
use core::fmt;
use seam_backend::Backend;
use std::sync::Arc;

/// A tensor of `B`, and its node in the graph when gradients flow through it.
pub struct AutodiffTensor<B: Backend> {
    pub(crate) primal: B::Tensor,
    pub(crate) node: Option<Arc<Node<B>>>,
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
pub(crate) fn tracks<'a, B: Backend>(inputs: impl IntoIterator<Item = &'a Option<Arc<Node<B>>>>) -> bool {
    inputs.into_iter().any(Option::is_some) && crate::is_recording()
}

/// The output `primal` of an op on inputs with these nodes, tracked by a node
/// with `rule`.
pub(crate) fn record<'a, B: Backend>(
    primal: B::Tensor,
    inputs: impl IntoIterator<Item = &'a Option<Arc<Node<B>>>>,
    rule: impl RuleFn<B>,
) -> AutodiffTensor<B> {
    let parents = inputs.into_iter().cloned().collect();
    let node = Node::op(parents, Box::new(rule) as Rule<B>);
    AutodiffTensor {
        primal,
        node: Some(node),
    }
}
