//! Gradients through the public API, on the test device: each method's gradient
//! against central finite differences in `f64`, and what the graph does with
//! reuse, broadcasting, `detach` and `no_grad`.

use seam_ops::device_test;
use seam_ops::{device, f64s, float64, int, needs};
use seam_tensor::{DType, Tensor, no_grad};
use seam_test_support::{assert_gradient, distinct_values, loss_weights};

/// Distinct values in `[lo, hi)` (no ties, no kinks).
fn values(n: usize, seed: u64, lo: f64, hi: f64) -> Vec<f64> {
    distinct_values(n, seed, lo, hi)
}

/// `sum(t * w)` for fixed weights `w`: a loss that weighs each output differently.
fn weighted<const R: usize>(t: Tensor<R>) -> Tensor<1> {
    let dims = t.dims();
    let n: usize = dims.iter().product();
    (t * float64(loss_weights(n), dims)).sum()
}

/// Checks the gradient of `loss(inputs)` with respect to each input (rank `D`,
/// `f64`) against central differences, within 1e-6 relative.
fn check<const D: usize>(
    name: &str,
    inputs: &[(Vec<f64>, [usize; D])],
    loss: impl Fn(&[Tensor<D>]) -> Tensor<1>,
) {
    let leaves: Vec<Tensor<D>> = inputs
        .iter()
        .map(|(v, d)| float64(v.clone(), *d).require_grad())
        .collect();
    let grads = loss(&leaves).backward();
    for (k, leaf) in leaves.iter().enumerate() {
        let g = leaf
            .grad(&grads)
            .unwrap_or_else(|| panic!("{name}: no gradient for input {k}"));
        assert_eq!(
            g.dims(),
            leaf.dims(),
            "{name}: input {k}'s gradient has the input's shape"
        );
        assert_gradient(name, k, &inputs[k].0, &f64s(g), |x| {
            let _guard = no_grad();
            let mut xs = inputs.to_vec();
            xs[k].0 = x.to_vec();
            let ts: Vec<Tensor<D>> = xs.iter().map(|(v, d)| float64(v.clone(), *d)).collect();
            f64s(loss(&ts))[0]
        });
    }
}

fn one<const D: usize>(dims: [usize; D], seed: u64, lo: f64, hi: f64) -> Vec<(Vec<f64>, [usize; D])> {
    vec![(values(dims.iter().product(), seed, lo, hi), dims)]
}

#[device_test]
fn activations_and_float_functions() {
    if !needs(&[DType::F64]) {
        return;
    }
    let any = one([2, 3], 1, -2.0, 2.0);
    let positive = one([2, 3], 2, 0.3, 3.0);
    check("sigmoid", &any, |t| weighted(t[0].clone().sigmoid()));
    check("relu", &any, |t| weighted(t[0].clone().relu()));
    check("gelu", &any, |t| weighted(t[0].clone().gelu()));
    check("tanh", &any, |t| weighted(t[0].clone().tanh()));
    check("erf", &any, |t| weighted(t[0].clone().erf()));
    check("exp", &any, |t| weighted(t[0].clone().exp()));
    check("log", &positive, |t| weighted(t[0].clone().log()));
    check("sqrt", &positive, |t| weighted(t[0].clone().sqrt()));
    check("powf scalar", &positive, |t| {
        weighted(t[0].clone().powf_scalar(1.7))
    });
    check("clamp", &any, |t| weighted(t[0].clone().clamp(-1.0, 1.0)));
    check("abs", &any, |t| weighted(t[0].clone().abs()));
    check("neg", &any, |t| weighted(-t[0].clone()));
    check("sin", &any, |t| weighted(t[0].clone().sin()));
    check("cos", &any, |t| weighted(t[0].clone().cos()));
    check("recip", &positive, |t| weighted(t[0].clone().recip()));
    check("log1p", &positive, |t| weighted(t[0].clone().log1p()));
    check("powi scalar", &any, |t| weighted(t[0].clone().powi_scalar(3)));
    check("powi", &positive, |t| {
        weighted(t[0].clone().powi(int(vec![2, 3, 1, 0, 2, 4], [2, 3])))
    });
}

#[device_test]
fn arithmetic_with_broadcasting() {
    if !needs(&[DType::F64]) {
        return;
    }
    let inputs = vec![
        (values(6, 3, -2.0, 2.0), [2, 3]),
        (values(3, 4, 0.5, 2.0), [1, 3]),
    ];
    check("add", &inputs, |t| weighted(t[0].clone() + t[1].clone()));
    check("sub", &inputs, |t| weighted(t[0].clone() - t[1].clone()));
    check("mul", &inputs, |t| weighted(t[0].clone() * t[1].clone()));
    check("div", &inputs, |t| weighted(t[0].clone() / t[1].clone()));
    let positive = vec![(values(6, 5, 0.5, 2.0), [2, 3]), (values(3, 6, 0.5, 2.0), [1, 3])];
    check("powf", &positive, |t| weighted(t[0].clone().powf(t[1].clone())));
    check("scalars", &inputs, |t| {
        weighted((t[0].clone() * 3.0 - 1.5) / 2.0 + t[1].clone())
    });
}

#[device_test]
fn reductions_and_softmax() {
    if !needs(&[DType::F64]) {
        return;
    }
    let x = one([3, 4], 7, 0.5, 2.0);
    for dim in 0..2 {
        check("sum_dim", &x, |t| weighted(t[0].clone().sum_dim(dim)));
        check("mean_dim", &x, |t| weighted(t[0].clone().mean_dim(dim)));
        check("max_dim", &x, |t| weighted(t[0].clone().max_dim(dim)));
        check("min_dim", &x, |t| weighted(t[0].clone().min_dim(dim)));
        check("prod_dim", &x, |t| weighted(t[0].clone().prod_dim(dim)));
        check("var", &x, |t| weighted(t[0].clone().var(dim)));
        check("softmax", &x, |t| weighted(t[0].clone().softmax(dim)));
        check("log_softmax", &x, |t| weighted(t[0].clone().log_softmax(dim)));
        check("cumsum", &x, |t| weighted(t[0].clone().cumsum(dim)));
        check("cumprod", &x, |t| weighted(t[0].clone().cumprod(dim)));
    }
    check("mean", &x, |t| t[0].clone().mean());
    check("max", &x, |t| t[0].clone().max());
}

#[device_test]
fn matmul_batched_and_broadcast() {
    if !needs(&[DType::F64]) {
        return;
    }
    let inputs = vec![
        (values(24, 8, -1.0, 1.0), [2, 3, 4]),
        (values(8, 9, -1.0, 1.0), [1, 4, 2]),
    ];
    check("matmul", &inputs, |t| weighted(t[0].clone().matmul(t[1].clone())));
}

#[device_test]
fn shapes_slices_and_joins() {
    if !needs(&[DType::F64]) {
        return;
    }
    let x = one([2, 3], 10, -1.0, 1.0);
    check("transpose", &x, |t| weighted(t[0].clone().transpose()));
    check("reshape", &x, |t| weighted(t[0].clone().reshape([3, 2])));
    check("flatten", &x, |t| weighted(t[0].clone().flatten::<1>(0, 1)));
    check("unsqueeze", &x, |t| weighted(t[0].clone().unsqueeze::<3>()));
    check("narrow", &x, |t| weighted(t[0].clone().narrow(1, 1, 2)));
    check("repeat", &x, |t| weighted(t[0].clone().repeat([2, 1])));
    check("expand", &one([1, 3], 11, -1.0, 1.0), |t| {
        weighted(t[0].clone().expand::<2>([4, 3]))
    });
    let pair = vec![
        (values(6, 12, -1.0, 1.0), [2, 3]),
        (values(3, 13, -1.0, 1.0), [1, 3]),
    ];
    check("cat", &pair, |t| {
        weighted(Tensor::cat(vec![t[0].clone(), t[1].clone()], 0))
    });
    check("slice_assign", &pair, |t| {
        weighted(t[0].clone().slice_assign([1..2, 0..3], t[1].clone()))
    });
    let same = vec![
        (values(6, 14, -1.0, 1.0), [2, 3]),
        (values(6, 15, -1.0, 1.0), [2, 3]),
    ];
    check("stack", &same, |t| {
        weighted(Tensor::<2>::stack::<3>(vec![t[0].clone(), t[1].clone()], 1))
    });
    check("chunk", &x, |t| {
        let parts = t[0].clone().chunk(3, 1);
        weighted(parts[0].clone() * parts[2].clone())
    });
}

#[device_test]
fn indexing() {
    if !needs(&[DType::F64]) {
        return;
    }
    let x = one([3, 4], 16, -1.0, 1.0);
    check("gather", &x, |t| {
        weighted(t[0].clone().gather(0, int(vec![2, 0, 2, 1, 0, 0, 1, 2], [2, 4])))
    });
    check("select", &x, |t| {
        weighted(t[0].clone().select(0, int(vec![2, 2, 0], [3])))
    });
    let pair = vec![
        (values(12, 17, -1.0, 1.0), [3, 4]),
        (values(8, 18, -1.0, 1.0), [2, 4]),
    ];
    check("scatter", &pair, |t| {
        weighted(
            t[0].clone()
                .scatter(0, int(vec![2, 0, 2, 1, 0, 0, 1, 2], [2, 4]), t[1].clone()),
        )
    });
    check("mask_fill", &x, |t| {
        let mask = t[0].clone().greater_scalar(0.0);
        weighted(t[0].clone().mask_fill(mask, 0.5) * t[0].clone())
    });
}

#[device_test]
fn a_tensor_used_twice_gets_both_gradients() {
    // loss = sum(w * w + 3 w): d/dw = 2w + 3.
    let w = Tensor::<1>::from_floats([1.0, -2.0], &device()).require_grad();
    let grads = (w.clone() * w.clone() + w.clone() * 3.0).sum().backward();
    assert_eq!(
        w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap(),
        vec![5.0, -1.0]
    );
    assert_eq!(grads.len(), 1);
}

#[device_test]
fn ties_split_the_gradient_and_a_kink_passes_none() {
    let grad_of = |loss: &dyn Fn(Tensor<1>) -> Tensor<1>, x: &[f32]| {
        let x = Tensor::<1>::from_floats(x.to_vec(), &device()).require_grad();
        let grads = loss(x.clone()).backward();
        x.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap()
    };
    // Along a dim: the two maxima (and the two minima) share the gradient evenly.
    assert_eq!(grad_of(&|x| x.max_dim(0), &[3.0, 1.0, 3.0]), vec![0.5, 0.0, 0.5]);
    let thirds = grad_of(&|x| x.min(), &[1.0, 1.0, 1.0, 2.0]);
    assert!(
        thirds[..3].iter().all(|g| (g - 1.0 / 3.0).abs() < 1e-6) && thirds[3] == 0.0,
        "{thirds:?}"
    );
    // A NaN result: to the lane's NaNs, which tie (a lone one takes it all, as in
    // PyTorch's `max`), never NaN.
    assert_eq!(grad_of(&|x| x.max(), &[1.0, f32::NAN, 3.0]), vec![0.0, 1.0, 0.0]);
    assert_eq!(
        grad_of(&|x| x.min(), &[3.0, 3.0, f32::NAN, -1.0, f32::NAN]),
        vec![0.0, 0.0, 0.5, 0.0, 0.5]
    );
    let lanes = |x: Tensor<1>| x.reshape([2, 3]).max_dim(1).sum();
    // Lane 0 ties (half each); lane 1 holds two NaNs (half each).
    assert_eq!(
        grad_of(&lanes, &[4.0, 4.0, 1.0, f32::NAN, 2.0, f32::NAN]),
        vec![0.5, 0.5, 0.0, 0.5, 0.0, 0.5]
    );
    let columns = |x: Tensor<1>| x.reshape([3, 2]).min_dim(0).sum();
    assert_eq!(
        grad_of(&columns, &[f32::NAN, 2.0, 1.0, 2.0, f32::NAN, 5.0]),
        vec![0.5, 0.5, 0.0, 0.5, 0.5, 0.0]
    );
    // Of two tensors: a tie gives each operand half; a NaN operand takes it all,
    // two NaNs half each.
    let pair = |x: Tensor<1>| {
        let other = Tensor::<1>::from_floats([2.0, 0.0, 1.0, f32::NAN, f32::NAN], &device());
        x.binary(seam_tensor::BinaryOp::Max, other).sum()
    };
    assert_eq!(
        grad_of(&pair, &[2.0, 1.0, f32::NAN, 0.0, f32::NAN]),
        vec![0.5, 1.0, 1.0, 0.0, 0.5]
    );
    let other_grad = {
        let x = Tensor::<1>::from_floats([f32::NAN, 5.0], &device());
        let other = Tensor::<1>::from_floats([3.0, f32::NAN], &device()).require_grad();
        let grads = x
            .binary(seam_tensor::BinaryOp::Min, other.clone())
            .sum()
            .backward();
        other.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap()
    };
    assert_eq!(other_grad, vec![0.0, 1.0]);
    // With a scalar: only where the tensor won; at the boundary, none.
    assert_eq!(
        grad_of(&|x| x.relu().sum(), &[-1.0, 0.0, 2.0]),
        vec![0.0, 0.0, 1.0]
    );
    assert_eq!(
        grad_of(&|x| x.clamp(0.0, 1.0).sum(), &[-0.5, 0.0, 0.5, 1.0, 1.5]),
        vec![0.0, 0.0, 1.0, 0.0, 0.0]
    );
    // Through an integer or a boolean, none at all (an `Int` tensor is i64, a
    // float cast here f64: the part a device without them cannot run).
    if !needs(&[DType::F64]) {
        return;
    }
    let x = Tensor::<1>::from_floats([1.5, -2.0], &device()).require_grad();
    assert!(!x.clone().int().float().is_tracked());
    assert!(!x.clone().bool().float().is_tracked());
    assert!(
        x.clone().cast(DType::F64).is_tracked(),
        "a float cast keeps the gradient"
    );
}

#[device_test]
fn a_broadcast_bias_gets_the_sum_over_the_batch() {
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], &device());
    let b = Tensor::<2>::from_floats([[0.5, -0.5]], &device()).require_grad();
    let grads = (x + b.clone()).sum().backward();
    let g = b.grad(&grads).unwrap();
    assert_eq!(g.dims(), [1, 2]);
    assert_eq!(g.into_data().to_vec::<f32>().unwrap(), vec![3.0, 3.0]);
}

#[device_test]
fn detach_and_no_grad_stop_the_gradient() {
    let w = Tensor::<1>::from_floats([2.0], &device()).require_grad();
    assert!(w.is_tracked());
    let cut = (w.clone().detach() * 4.0).sum();
    assert!(!cut.is_tracked() && cut.backward().is_empty());
    let untracked = {
        let _guard = no_grad();
        w.clone() * 4.0
    };
    assert!(!untracked.is_tracked(), "nothing is recorded in a no_grad scope");
    let grads = (w.clone() * 4.0 + untracked).sum().backward();
    assert_eq!(
        w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap(),
        vec![4.0]
    );
    let other = Tensor::<1>::from_floats([1.0], &device()).require_grad();
    assert!(
        other.grad(&grads).is_none(),
        "a tensor the loss did not use has no gradient"
    );
    assert!(Tensor::<1>::ones([1], &device()).grad(&grads).is_none());
}

#[device_test]
fn gradients_cross_devices() {
    let w = Tensor::<1>::from_floats([1.0, 2.0], &seam_tensor::Device::cpu()).require_grad();
    let grads = (w.clone().to_device(&device()).exp()).sum().backward();
    let g = w.grad(&grads).unwrap();
    assert_eq!(
        g.device(),
        seam_tensor::Device::cpu(),
        "the gradient lives where its tensor does"
    );
    let g = g.into_data().to_vec::<f32>().unwrap();
    assert!((g[0] - 1f32.exp()).abs() < 1e-5 && (g[1] - 2f32.exp()).abs() < 1e-5);
}

/// One step of a random computation for the property test below.
#[derive(Clone, Copy, Debug)]
enum Step {
    Sigmoid,
    Tanh,
    Gelu,
    Exp,
    /// Times a `[1, cols]` row: broadcasting.
    TimesRow,
    /// Plus a `[rows, 1]` column.
    PlusColumn,
    SoftmaxRows,
    /// `x @ x^T @ x`, scaled down: two uses of the same tensor.
    Gram,
}

fn step() -> impl proptest::strategy::Strategy<Value = Step> {
    use proptest::prelude::*;
    prop_oneof![
        Just(Step::Sigmoid),
        Just(Step::Tanh),
        Just(Step::Gelu),
        Just(Step::Exp),
        Just(Step::TimesRow),
        Just(Step::PlusColumn),
        Just(Step::SoftmaxRows),
        Just(Step::Gram),
    ]
}

/// `steps` applied to `t[0]` (of `[rows, cols]`), with `t[1]` the row and `t[2]`
/// the column, then times the row plus the column (so that every input is used).
fn run(steps: &[Step], t: &[Tensor<2>]) -> Tensor<2> {
    let mut x = t[0].clone();
    for step in steps {
        x = match step {
            Step::Sigmoid => x.sigmoid(),
            Step::Tanh => x.tanh(),
            Step::Gelu => x.gelu(),
            Step::Exp => (x * 0.5).exp(),
            Step::TimesRow => x * t[1].clone(),
            Step::PlusColumn => x + t[2].clone(),
            Step::SoftmaxRows => x.softmax(1),
            Step::Gram => x.clone().matmul(x.clone().transpose()).matmul(x) * 0.25,
        };
    }
    x * t[1].clone() + t[2].clone()
}

proptest::proptest! {
    #![proptest_config(seam_ops::proptest_config(seam_ops::property_cases(16), "proptest-regressions/autodiff.txt"))]

    /// Random shapes and random chains of ops: the gradients with respect to the
    /// input, the row and the column all match central differences.
    #[device_test]
    fn random_chains_match_finite_differences(
        rows in 1usize..4,
        cols in 1usize..4,
        steps in proptest::collection::vec(step(), 1..5),
        seed in 0u64..1000,
    ) {
        if !needs(&[DType::F64]) {
            return Ok(());
        }
        let inputs = vec![
            (values(rows * cols, seed, -1.0, 1.0), [rows, cols]),
            (values(cols, seed + 1, 0.5, 1.5), [1, cols]),
            (values(rows, seed + 2, -0.5, 0.5), [rows, 1]),
        ];
        check(&format!("{steps:?} on [{rows}, {cols}]"), &inputs, |t| weighted(run(&steps, t)));
    }
}
