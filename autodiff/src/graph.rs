//! The graph's nodes, and whether the current thread records them.

use core::cell::Cell;
use core::fmt;
use seam_backend::Backend;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Which node a tensor belongs to. Ids only grow, so a node's id is larger than
/// each of its parents': walking the ids down visits every node after all the
/// nodes computed from it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub(crate) struct NodeId(u64);

impl NodeId {
    fn next() -> Self {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        NodeId(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

/// A backward rule: given the gradient of the op's output and which of its inputs
/// need one, the gradients of those inputs (`None` for the others).
pub(crate) type Rule<B> =
    Box<dyn Fn(&<B as Backend>::Tensor, &[bool]) -> Vec<Option<<B as Backend>::Tensor>> + Send + Sync>;

/// What every rule is: `(g, needed) -> gradients`, one per input.
pub(crate) trait RuleFn<B: Backend>:
    Fn(&B::Tensor, &[bool]) -> Vec<Option<B::Tensor>> + Send + Sync + 'static
{
}

impl<B: Backend, F> RuleFn<B> for F where
    F: Fn(&B::Tensor, &[bool]) -> Vec<Option<B::Tensor>> + Send + Sync + 'static
{
}

/// One tracked tensor: a marked leaf, or the output of an op with a tracked input.
pub(crate) struct Node<B: Backend> {
    pub(crate) id: NodeId,
    /// The op's inputs, in its order; `None` for an input that is not tracked.
    pub(crate) parents: Vec<Option<Arc<Node<B>>>>,
    /// The op's rule; `None` for a leaf.
    pub(crate) rule: Option<Rule<B>>,
}

impl<B: Backend> Node<B> {
    /// A leaf: a tensor whose gradient [`backward`](crate::backward) reports.
    pub(crate) fn leaf() -> Arc<Self> {
        Arc::new(Node {
            id: NodeId::next(),
            parents: Vec::new(),
            rule: None,
        })
    }

    /// The node of an op's output (the caller has checked that recording is on and
    /// an input is tracked).
    pub(crate) fn op(parents: Vec<Option<Arc<Node<B>>>>, rule: Rule<B>) -> Arc<Self> {
        Arc::new(Node {
            id: NodeId::next(),
            parents,
            rule: Some(rule),
        })
    }
}

impl<B: Backend> Drop for Node<B> {
    /// Frees a long chain of nodes in a loop, not by recursion: a graph thousands of
    /// ops deep would otherwise overflow the stack when its last tensor is dropped.
    fn drop(&mut self) {
        let mut stack: Vec<Arc<Node<B>>> = self.parents.drain(..).flatten().collect();
        while let Some(node) = stack.pop() {
            if let Ok(mut node) = Arc::try_unwrap(node) {
                stack.extend(node.parents.drain(..).flatten());
            }
        }
    }
}

// A node is never changed once built (it is shared through `Arc`s and read by
// `backward`), so a panic cannot leave one half-updated for code that catches it.
impl<B: Backend> std::panic::UnwindSafe for Node<B> {}
impl<B: Backend> std::panic::RefUnwindSafe for Node<B> {}

impl<B: Backend> fmt::Debug for Node<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.rule.is_some() { "op" } else { "leaf" };
        write!(f, "Node({kind} {})", self.id.0)
    }
}

thread_local! {
    static RECORDING: Cell<bool> = const { Cell::new(true) };
}

/// Whether ops on tracked tensors record their node on this thread (they do unless
/// a [`NoGradGuard`] is alive).
pub fn is_recording() -> bool {
    RECORDING.with(Cell::get)
}

/// While it lives, ops on this thread record nothing: their results are untracked
/// (for an optimizer's update, or evaluation). Dropping it restores the state it
/// found, so guards nest.
#[must_use = "recording resumes as soon as the guard is dropped"]
pub struct NoGradGuard {
    was: bool,
}

/// Stops recording on this thread until the returned guard is dropped.
///
/// ```
/// let guard = seam_autodiff::no_grad();
/// assert!(!seam_autodiff::is_recording());
/// drop(guard);
/// assert!(seam_autodiff::is_recording());
/// ```
pub fn no_grad() -> NoGradGuard {
    NoGradGuard {
        was: RECORDING.with(|r| r.replace(false)),
    }
}

impl Drop for NoGradGuard {
    fn drop(&mut self) {
        RECORDING.with(|r| r.set(self.was));
    }
}
