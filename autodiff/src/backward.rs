//! [`backward`]: the walk from a tensor back to its leaves.

use crate::graph::{Node, NodeId};
use crate::tensor::AutodiffTensor;
use seam_backend::{Backend, BinaryOp, Scalar};
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::Arc;

/// The gradients of the leaves a tensor was computed from, as `B` tensors of each
/// leaf's shape and dtype.
pub struct Gradients<B: Backend> {
    leaves: HashMap<NodeId, B::Tensor>,
}

impl<B: Backend> Gradients<B> {
    /// The gradient of `leaf`, if it is a leaf (`require_grad`) that the tensor
    /// given to [`backward`] was computed from.
    pub fn get(&self, leaf: &AutodiffTensor<B>) -> Option<&B::Tensor> {
        let node = leaf.node()?;
        self.leaves.get(&node.id)
    }

    /// The gradient of `leaf`, moved out of the store.
    pub fn remove(&mut self, leaf: &AutodiffTensor<B>) -> Option<B::Tensor> {
        let node = leaf.node()?;
        self.leaves.remove(&node.id)
    }

    /// How many leaves have a gradient here.
    pub fn len(&self) -> usize {
        self.leaves.len()
    }

    /// Whether no leaf has a gradient here (the tensor was untracked).
    pub fn is_empty(&self) -> bool {
        self.leaves.is_empty()
    }
}

impl<B: Backend> fmt::Debug for Gradients<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Gradients({} leaves)", self.leaves.len())
    }
}

/// The gradients of the sum of `output`'s elements with respect to each leaf it was
/// computed from (for a one-element loss, the gradient of the loss).
///
/// The nodes are visited once each, every node after all the nodes computed from it
/// (by decreasing id), and a node's gradient is dropped as soon as its rule has
/// passed it on. Gradients reaching a node along several paths are added.
pub fn backward<B: Backend>(output: &AutodiffTensor<B>) -> Gradients<B> {
    let mut leaves = HashMap::new();
    let Some(root) = output.node() else {
        return Gradients { leaves };
    };
    let nodes = reachable(root);
    let primal = output.primal();
    let seed = B::full(
        B::shape(primal),
        Scalar::Float(1.0),
        B::dtype(primal),
        &B::device(primal),
    );
    let mut pending: HashMap<NodeId, B::Tensor> = HashMap::from([(root.id, seed)]);
    for node in nodes {
        let Some(g) = pending.remove(&node.id) else {
            continue;
        };
        let Some(rule) = &node.rule else {
            leaves.insert(node.id, g);
            continue;
        };
        let needed: Vec<bool> = node.parents.iter().map(Option::is_some).collect();
        let grads = rule(&g, &needed);
        drop(g);
        for (parent, grad) in node.parents.iter().zip(grads) {
            let (Some(parent), Some(grad)) = (parent, grad) else {
                continue;
            };
            let sum = match pending.remove(&parent.id) {
                Some(earlier) => B::binary(BinaryOp::Add, earlier, grad),
                None => grad,
            };
            pending.insert(parent.id, sum);
        }
    }
    Gradients { leaves }
}

/// Every node `root` was computed from (itself included), by decreasing id.
fn reachable<B: Backend>(root: &Arc<Node<B>>) -> Vec<Arc<Node<B>>> {
    let mut seen = HashSet::from([root.id]);
    let mut nodes = vec![Arc::clone(root)];
    let mut stack = vec![Arc::clone(root)];
    while let Some(node) = stack.pop() {
        for parent in node.parents.iter().flatten() {
            if seen.insert(parent.id) {
                nodes.push(Arc::clone(parent));
                stack.push(Arc::clone(parent));
            }
        }
    }
    nodes.sort_unstable_by_key(|node| std::cmp::Reverse(node.id));
    nodes
}
