//! [`Autodiff<B>`]: `B` with every op recording its backward rule.

use crate::graph::{Node, Rule};
use crate::rules;
use core::fmt;
use core::marker::PhantomData;
use seam_backend::{Backend, DType, DataFuture, DeviceInfo, Scalar, Shape, TensorData};
use std::sync::Arc;

/// The backend `B` with reverse-mode autodiff: the same ops and results, and a
/// graph of backward rules recorded behind tracked tensors.
pub struct Autodiff<B>(PhantomData<B>);

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
    rule: impl rules::RuleFn<B>,
) -> AutodiffTensor<B> {
    let parents = inputs.into_iter().cloned().collect();
    let node = Node::op(parents, Box::new(rule) as Rule<B>);
    AutodiffTensor {
        primal,
        node: Some(node),
    }
}

/// The ops of `seam_backend::for_each_tensor_op!`'s list, for `impl Backend for
/// Autodiff<B>`: each runs on `B` alone when none of its tensors is tracked (or
/// recording is off), and otherwise in its tracked form (`rules.rs`), which records
/// the op's rule.
macro_rules! recorded_ops {
    ($(fn $name:ident($($arg:ident: $ty:ty),*) [$($t:ident),+] ($op:expr) in $family:ident;)*) => {$(
        fn $name($($arg: $ty),*) -> Self::Tensor {
            if tracks([$(&$t.node),+]) {
                return rules::$name::<B>($($arg),*);
            }
            $(let $t = $t.primal;)+
            AutodiffTensor::new(B::$name($($arg),*))
        }
    )*};
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

    seam_backend::for_each_tensor_op!(recorded_ops);

    fn cat(tensors: Vec<Self::Tensor>, dim: usize) -> Self::Tensor {
        rules::cat::<B>(tensors, dim)
    }
}
