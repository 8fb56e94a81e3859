//! Einstein summation (burn-tensor's `api/einsum/`): an equation in PyTorch's syntax
//! over operands of any rank, done with the kinds' products, sums, permutations and
//! reshapes (no contraction path is searched).

use crate::check;
use crate::kind::{Basic, Int, Numeric};
use crate::tensor::{Bridge, Tensor};
use burn_backend::TensorMetadata;
use burn_dispatch::DispatchTensor;
use burn_std::{DType, Shape};
use burn_std::TensorData;
use core::marker::PhantomData;
use seam_macros::outline;

/// One operand of `einsum`: a tensor of kind `K` and any rank.
#[derive(Clone, Debug)]
pub struct EinsumOperand<K: Numeric = crate::Float> {
    bridge: Bridge,
    kind: PhantomData<K>,
}

impl<const D: usize, K: Numeric> From<Tensor<D, K>> for EinsumOperand<K> {
    fn from(tensor: Tensor<D, K>) -> Self {
        EinsumOperand { bridge: tensor.bridge, kind: PhantomData }
    }
}

impl<const D: usize, K: Numeric> From<&Tensor<D, K>> for EinsumOperand<K> {
    fn from(tensor: &Tensor<D, K>) -> Self {
        tensor.clone().into()
    }
}

#[outline]
impl<const D: usize, K: Numeric> Tensor<D, K> {
    /// The Einstein summation `equation` of `operands` (`"ij,jk->ik"`; without `->`,
    /// the output is the ellipsis then the labels used once, sorted; repeated labels
    /// take diagonals; `...` and size-1 dims broadcast). A scalar is a `[1]` tensor.
    /// (Its operands' type is generic over the kind, which no form carries: the
    /// wrapper collects their erased forms for the outlined `einsum_erased`.)
    #[outline(skip)]
    pub fn einsum(equation: &str, operands: impl IntoIterator<Item = EinsumOperand<K>>) -> Self {
        Self::einsum_erased(equation, operands.into_iter().map(|o| o.bridge).collect())
    }

    /// `einsum` over the operands' erased forms.
    #[doc(hidden)]
    pub fn einsum_erased(equation: &str, operands: Vec<Bridge>) -> Self {
        let (inputs, output) = parse(equation);
        check::einsum_operands(equation, inputs.len(), operands.len());
        let tensors: Vec<DispatchTensor> = operands.into_iter().map(Bridge::into_tensor).collect();
        let shapes: Vec<Vec<usize>> = tensors.iter().map(|t| t.shape().as_slice().to_vec()).collect();
        let plan = Plan::new(&inputs, &output, &shapes);
        check::einsum_rank(equation, plan.output_rank(), D);
        let mut product: Option<DispatchTensor> = None;
        for (k, mut tensor) in tensors.into_iter().enumerate() {
            // Repeated labels: the diagonal, one pair of dims at a time.
            for (a, b, size) in plan.diagonals(k) {
                let mut axes: Vec<usize> = (0..tensor.shape().num_dims()).filter(|&d| d != a && d != b).collect();
                axes.extend([a, b]);
                let moved = K::permute(tensor, &axes);
                let mut dims = moved.shape().as_slice().to_vec();
                dims.truncate(dims.len() - 2);
                dims.push(size * size);
                let flat = K::reshape(moved, Shape::from(dims));
                let picks: Vec<i64> = (0..size as i64).map(|i| i * (size as i64 + 1)).collect();
                // 64-bit indices: the last is size² - 1, past a narrow default dtype.
                let picks = <Int as Basic>::from_data(TensorData::new(picks, [size]), &flat.device(), DType::I64);
                let last = flat.shape().num_dims() - 1;
                tensor = K::select(flat, last, picks);
            }
            // A scalar operand (a `[1]` tensor of an empty subscript) has no dims to move.
            let order = plan.order(k);
            let moved = if order.is_empty() { tensor } else { K::permute(tensor, &order) };
            let aligned = K::reshape(moved, Shape::from(plan.aligned(k)));
            product = Some(match product {
                None => aligned,
                Some(so_far) => K::mul(so_far, aligned),
            });
        }
        let mut result = product.expect("at least one operand");
        for axis in plan.contracted() {
            result = K::sum_dim(result, axis);
        }
        Bridge::new(K::KIND, K::reshape(result, Shape::from(plan.output_shape())))
    }
}


/// A subscript label: a letter, or one dim of an ellipsis (counted from its end).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Label {
    Ellipsis(usize),
    Letter(u8),
}

/// A subscript as written: letters, and where its ellipsis is, if it has one.
#[derive(Clone, Debug, Default)]
struct Subscript {
    letters: Vec<u8>,
    /// The number of letters before the ellipsis.
    ellipsis_at: Option<usize>,
}

/// The input subscripts and the output's, of `equation` (ASCII spaces ignored).
fn parse(equation: &str) -> (Vec<Subscript>, Subscript) {
    let squeezed: String = equation.chars().filter(|c| *c != ' ').collect();
    let (inputs, output) = match squeezed.split_once("->") {
        Some((inputs, output)) => (inputs.to_string(), Some(output.to_string())),
        None => (squeezed.clone(), None),
    };
    let inputs: Vec<Subscript> = inputs.split(',').map(|s| subscript(equation, s)).collect();
    let output = match output {
        Some(output) => subscript(equation, &output),
        None => implicit_output(&inputs),
    };
    for (i, letter) in output.letters.iter().enumerate() {
        check::einsum_output_once(equation, &output.letters[..i], *letter);
        check::einsum_output_in_input(equation, *letter, inputs.iter().any(|s| s.letters.contains(letter)));
    }
    (inputs, output)
}

/// One subscript of `equation`: letters and at most one `...`.
fn subscript(equation: &str, text: &str) -> Subscript {
    let mut parsed = Subscript::default();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("...") {
            check::einsum_one_ellipsis(equation, text, parsed.ellipsis_at.is_some());
            parsed.ellipsis_at = Some(parsed.letters.len());
            rest = after;
            continue;
        }
        check::einsum_label(equation, c);
        parsed.letters.push(c as u8);
        rest = &rest[1..];
    }
    parsed
}

/// The output of an equation without `->`: the ellipsis, then the letters used
/// exactly once, `A-Z` then `a-z`.
fn implicit_output(inputs: &[Subscript]) -> Subscript {
    let all: Vec<u8> = inputs.iter().flat_map(|s| s.letters.iter().copied()).collect();
    let mut once: Vec<u8> = all.iter().copied().filter(|l| all.iter().filter(|m| *m == l).count() == 1).collect();
    once.sort_unstable();
    let ellipsis = inputs.iter().any(|s| s.ellipsis_at.is_some());
    Subscript { letters: once, ellipsis_at: ellipsis.then_some(0) }
}

/// The run-time layout: every operand's labels, the global axes (the output's first,
/// then the contracted ones), and each axis's size.
struct Plan {
    /// Each operand's label per dim, after its diagonals are taken.
    labels: Vec<Vec<Label>>,
    /// Each operand's size per dim, after its diagonals are taken.
    shapes: Vec<Vec<usize>>,
    /// Each operand's repeated-label dim pairs, in the order they are taken.
    diagonals: Vec<Vec<(usize, usize, usize)>>,
    /// The global axes, output first.
    axes: Vec<Label>,
    /// The size of each global axis.
    sizes: Vec<usize>,
    /// How many of the global axes are the output's.
    kept: usize,
}

impl Plan {
    fn new(inputs: &[Subscript], output: &Subscript, shapes: &[Vec<usize>]) -> Plan {
        let mut labels = Vec::new();
        let mut shapes_after = Vec::new();
        let mut diagonals = Vec::new();
        // Each label's size, and the operand that gave it.
        let mut sizes: Vec<(Label, usize, usize)> = Vec::new();
        for (k, (input, shape)) in inputs.iter().zip(shapes).enumerate() {
            let (mut dims, shape) = operand_labels(k, input, shape);
            let mut shape = shape.to_vec();
            let mut pairs = Vec::new();
            // Each dim's place in the operand as written (a diagonal's, its first).
            let mut origin: Vec<usize> = (0..dims.len()).collect();
            while let Some((a, b)) = repeated(&dims) {
                let (first, second) = if origin[a] <= origin[b] { (a, b) } else { (b, a) };
                let sizes = (shape[first], shape[second]);
                check::einsum_diagonal(k, &describe(dims[a]), sizes, (origin[first], origin[second]));
                pairs.push((a, b, shape[a]));
                let (label, size, place) = (dims[a], shape[a], origin[first]);
                for d in [b, a] {
                    dims.remove(d);
                    shape.remove(d);
                    origin.remove(d);
                }
                dims.push(label);
                shape.push(size);
                origin.push(place);
            }
            for (&label, &size) in dims.iter().zip(&shape) {
                match sizes.iter_mut().find(|(l, _, _)| *l == label) {
                    None => sizes.push((label, size, k)),
                    Some((_, known, _)) if *known == size || size == 1 => {}
                    Some((_, known, from)) if *known == 1 => (*known, *from) = (size, k),
                    Some((_, known, from)) => check::einsum_sizes(&describe(label), *from, *known, k, size),
                }
            }
            labels.push(dims);
            shapes_after.push(shape);
            diagonals.push(pairs);
        }
        let width = sizes.iter().filter(|(l, _, _)| matches!(l, Label::Ellipsis(_))).count();
        let ellipsis = |from: usize| (0..width).rev().map(Label::Ellipsis).collect::<Vec<_>>().into_iter().skip(from);
        let mut axes: Vec<Label> = output.letters.iter().map(|&l| Label::Letter(l)).collect();
        if let Some(at) = output.ellipsis_at {
            axes.splice(at..at, ellipsis(0));
        }
        let kept = axes.len();
        let mut contracted: Vec<Label> = sizes.iter().map(|(l, _, _)| *l).filter(|l| !axes.contains(l)).collect();
        contracted.sort_unstable();
        axes.extend(contracted);
        let sizes = axes
            .iter()
            .map(|a| sizes.iter().find(|(l, _, _)| l == a).map_or(1, |(_, s, _)| *s))
            .collect();
        Plan { labels, shapes: shapes_after, diagonals, axes, sizes, kept }
    }

    /// The result's rank (a scalar is `[1]`).
    fn output_rank(&self) -> usize {
        self.kept.max(1)
    }

    /// The result's shape.
    fn output_shape(&self) -> Vec<usize> {
        match self.kept {
            0 => vec![1],
            kept => self.sizes[..kept].to_vec(),
        }
    }

    /// The repeated-label dim pairs of operand `k`, with their size.
    fn diagonals(&self, k: usize) -> Vec<(usize, usize, usize)> {
        self.diagonals[k].clone()
    }

    /// Operand `k`'s dims in the order of the global axes they are.
    fn order(&self, k: usize) -> Vec<usize> {
        let mut dims: Vec<usize> = (0..self.labels[k].len()).collect();
        dims.sort_by_key(|&d| self.axes.iter().position(|a| *a == self.labels[k][d]));
        dims
    }

    /// Operand `k`'s shape on the global axes: its sizes, 1 where it lacks an axis
    /// (at least one dim).
    fn aligned(&self, k: usize) -> Vec<usize> {
        let shape: Vec<usize> = self
            .axes
            .iter()
            .map(|a| match self.labels[k].iter().position(|l| l == a) {
                Some(d) => self.shapes[k][d],
                None => 1,
            })
            .collect();
        if shape.is_empty() { vec![1] } else { shape }
    }

    /// The axes to sum, last first (so that each sum leaves the others in place).
    fn contracted(&self) -> Vec<usize> {
        (self.kept..self.axes.len()).rev().collect()
    }
}

/// Operand `k`'s label per dim, given its subscript and shape (a `[1]` operand of an
/// empty subscript is a scalar: no dims).
fn operand_labels<'a>(k: usize, input: &Subscript, shape: &'a [usize]) -> (Vec<Label>, &'a [usize]) {
    if input.letters.is_empty() && input.ellipsis_at.is_none() && shape == [1] {
        return (Vec::new(), &[]);
    }
    let named = input.letters.len();
    let width = check::einsum_operand_rank(k, shape.len(), named, input.ellipsis_at.is_some());
    let at = input.ellipsis_at.unwrap_or(named);
    let letters = input.letters.iter().map(|&l| Label::Letter(l));
    let dims = letters.clone().take(at).chain((0..width).rev().map(Label::Ellipsis)).chain(letters.skip(at)).collect();
    (dims, shape)
}

/// The first two dims with the same letter.
fn repeated(dims: &[Label]) -> Option<(usize, usize)> {
    (0..dims.len()).find_map(|b| (0..b).find(|&a| dims[a] == dims[b] && matches!(dims[a], Label::Letter(_))).map(|a| (a, b)))
}

/// A label, for messages.
fn describe(label: Label) -> String {
    match label {
        Label::Letter(l) => format!("label '{}'", l as char),
        Label::Ellipsis(i) => format!("ellipsis axis {} from the right", i + 1),
    }
}
