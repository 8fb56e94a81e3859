//! Every backward rule against central finite differences in `f64`, on the CPU.

use seam_autodiff::{Autodiff, AutodiffTensor, backward, no_grad};
use seam_backend::{Backend, BinaryOp, CompareOp, ReduceOp, Scalar, ScanOp, Shape, TensorData, UnaryOp};
use seam_cpu::{Cpu, CpuDevice};
use seam_test_support::{assert_gradient, distinct_values, loss_weights};

type B = Autodiff<Cpu>;
type T = AutodiffTensor<Cpu>;

fn tensor(values: &[f64], dims: &[usize]) -> T {
    B::from_data(TensorData::new(values.to_vec(), dims.to_vec()), &CpuDevice)
}

fn values(t: <Cpu as Backend>::Tensor) -> Vec<f64> {
    Cpu::into_data(t).to_vec::<f64>().unwrap()
}

/// Distinct values of `dims` in `[lo, hi)` (see `distinct_values`).
fn ramp(dims: &[usize], seed: u64, lo: f64, hi: f64) -> (Vec<f64>, Vec<usize>) {
    (
        distinct_values(dims.iter().product(), seed, lo, hi),
        dims.to_vec(),
    )
}

/// Checks the gradient of `sum(f(inputs) * w)` (`w` fixed weights) with respect to
/// each input against central differences, within 1e-6 relative.
fn check(name: &str, inputs: &[(Vec<f64>, Vec<usize>)], f: impl Fn(&[T]) -> T) {
    let leaves: Vec<T> = inputs.iter().map(|(v, d)| tensor(v, d).require_grad()).collect();
    let out = f(&leaves);
    let shape = B::shape(&out);
    let w = loss_weights(shape.num_elements());
    let weights = tensor(&w, shape.dims());
    let grads = backward(&B::binary(BinaryOp::Mul, out, weights));
    for (k, leaf) in leaves.iter().enumerate() {
        let g = grads
            .get(leaf)
            .unwrap_or_else(|| panic!("{name}: no gradient for input {k}"));
        assert_gradient(name, k, &inputs[k].0, &values(g.clone()), |x| {
            let _guard = no_grad();
            let mut xs = inputs.to_vec();
            xs[k].0 = x.to_vec();
            let ts: Vec<T> = xs.iter().map(|(v, d)| tensor(v, d)).collect();
            let out = values(f(&ts).into_primal());
            out.iter().zip(&w).map(|(o, w)| o * w).sum()
        });
    }
}

#[test]
fn unary_rules() {
    let any = ramp(&[2, 3], 1, -2.0, 2.0);
    let positive = ramp(&[2, 3], 2, 0.3, 3.0);
    let cases = [
        (UnaryOp::Neg, &any),
        (UnaryOp::Abs, &any),
        (UnaryOp::Exp, &any),
        (UnaryOp::Log, &positive),
        (UnaryOp::Log1p, &positive),
        (UnaryOp::Sqrt, &positive),
        (UnaryOp::Sin, &any),
        (UnaryOp::Cos, &any),
        (UnaryOp::Tanh, &any),
        (UnaryOp::Erf, &any),
        (UnaryOp::Recip, &positive),
        (UnaryOp::Gelu, &any),
    ];
    for (op, input) in cases {
        check(&format!("{op:?}"), std::slice::from_ref(input), |t| {
            B::unary(op, t[0].clone())
        });
    }
}

#[test]
fn binary_rules_with_broadcasting() {
    use BinaryOp::*;
    for (a_dims, b_dims) in [([2, 3], [2, 3]), ([2, 3], [1, 3]), ([2, 1], [1, 3])] {
        let a = ramp(&a_dims, 3, -2.0, 2.0);
        let b = ramp(&b_dims, 4, 0.5, 2.5);
        for op in [Add, Sub, Mul, Div, Max, Min, Rem] {
            check(
                &format!("{op:?} {a_dims:?} {b_dims:?}"),
                &[a.clone(), b.clone()],
                |t| B::binary(op, t[0].clone(), t[1].clone()),
            );
        }
        let base = ramp(&a_dims, 5, 0.5, 2.0);
        check(&format!("Pow {a_dims:?} {b_dims:?}"), &[base, b.clone()], |t| {
            B::binary(Pow, t[0].clone(), t[1].clone())
        });
    }
}

#[test]
fn scalar_rules() {
    use BinaryOp::*;
    let x = ramp(&[3, 2], 6, 0.2, 2.0);
    for (op, c) in [
        (Add, 1.5),
        (Sub, 0.5),
        (Mul, -2.0),
        (Div, 4.0),
        (Pow, 2.5),
        (Rem, 0.7),
        (Max, 1.1),
        (Min, 1.1),
    ] {
        check(&format!("{op:?} scalar"), std::slice::from_ref(&x), |t| {
            B::binary_scalar(op, t[0].clone(), Scalar::Float(c))
        });
    }
}

#[test]
fn mask_where_rule() {
    let a = ramp(&[2, 3], 7, -1.0, 1.0);
    let b = ramp(&[1, 3], 8, -1.0, 1.0);
    check("mask_where", &[a, b], |t| {
        let mask = B::compare_scalar(CompareOp::Greater, t[0].clone(), Scalar::Float(0.0));
        B::mask_where(mask, t[0].clone(), t[1].clone())
    });
}

#[test]
fn matmul_rule_with_broadcast_batches() {
    let a = ramp(&[2, 3, 4], 9, -1.0, 1.0);
    let b = ramp(&[1, 4, 2], 10, -1.0, 1.0);
    check("matmul", &[a, b], |t| B::matmul(t[0].clone(), t[1].clone()));
    let a = ramp(&[3, 4], 11, -1.0, 1.0);
    let b = ramp(&[4, 5], 12, -1.0, 1.0);
    check("matmul 2d", &[a, b], |t| B::matmul(t[0].clone(), t[1].clone()));
}

#[test]
fn reduction_rules() {
    let x = ramp(&[2, 3, 4], 13, 0.5, 2.0);
    for op in [ReduceOp::Sum, ReduceOp::Prod, ReduceOp::Max, ReduceOp::Min] {
        for dim in 0..3 {
            check(&format!("{op:?} along {dim}"), std::slice::from_ref(&x), |t| {
                B::reduce_dim(op, t[0].clone(), dim)
            });
        }
    }
    for dim in 0..3 {
        check(&format!("softmax along {dim}"), std::slice::from_ref(&x), |t| {
            B::softmax(t[0].clone(), dim)
        });
        check(
            &format!("log_softmax along {dim}"),
            std::slice::from_ref(&x),
            |t| B::log_softmax(t[0].clone(), dim),
        );
    }
}

#[test]
fn scan_rules_along_each_dim_both_ways() {
    let x = ramp(&[2, 3, 4], 15, 0.5, 2.0);
    for op in [ScanOp::Sum, ScanOp::Prod] {
        for dim in 0..3 {
            for reverse in [false, true] {
                check(
                    &format!("{op:?} along {dim}, reverse {reverse}"),
                    std::slice::from_ref(&x),
                    |t| B::scan_dim(op, t[0].clone(), dim, reverse),
                );
            }
        }
    }
}

#[test]
fn a_running_product_differentiates_through_zeros() {
    // Lanes along dim 1 of [3, 5] with no 0, one 0 (in the middle) and two (first and
    // fourth); the products are multilinear, so central differences are exact at 0.
    let (mut values, dims) = ramp(&[3, 5], 16, 0.5, 2.0);
    for at in [7, 10, 13] {
        values[at] = 0.0;
    }
    let x = (values, dims);
    for dim in 0..2 {
        for reverse in [false, true] {
            check(
                &format!("Prod with zeros along {dim}, reverse {reverse}"),
                std::slice::from_ref(&x),
                |t| B::scan_dim(ScanOp::Prod, t[0].clone(), dim, reverse),
            );
        }
    }
}

#[test]
fn layout_rules() {
    let x = ramp(&[2, 3, 4], 14, -1.0, 1.0);
    let one = std::slice::from_ref(&x);
    check("reshape", one, |t| B::reshape(t[0].clone(), Shape::from([6, 4])));
    check("permute", one, |t| B::permute(t[0].clone(), &[2, 0, 1]));
    check("flip", one, |t| B::flip(t[0].clone(), &[0, 2]));
    check("flip of no dim", one, |t| B::flip(t[0].clone(), &[]));
    check("slice", one, |t| B::slice(t[0].clone(), &[0..2, 1..3, 1..4]));
    let row = ramp(&[1, 3, 1], 15, -1.0, 1.0);
    check("expand", std::slice::from_ref(&row), |t| {
        B::expand(t[0].clone(), Shape::from([2, 3, 4]))
    });
    let part = ramp(&[1, 2, 3], 16, -1.0, 1.0);
    check("slice_assign", &[x.clone(), part], |t| {
        B::slice_assign(t[0].clone(), &[1..2, 0..2, 1..4], t[1].clone())
    });
    // Three parts along the middle dim, of sizes 3, 1 and 2.
    let (a, b) = (ramp(&[2, 1, 4], 19, -1.0, 1.0), ramp(&[2, 2, 4], 20, -1.0, 1.0));
    check("cat", &[x.clone(), a, b], |t| B::cat(t.to_vec(), 1));
}

#[test]
fn indexing_rules() {
    let x = ramp(&[3, 4], 17, -1.0, 1.0);
    let idx = || B::from_data(TensorData::new(vec![2i64, 0, 2, 1, 0, 0], [2, 3]), &CpuDevice);
    check("gather", std::slice::from_ref(&x), |t| {
        B::gather(0, t[0].clone(), idx())
    });
    let v = ramp(&[2, 3], 18, -1.0, 1.0);
    check("scatter_add", &[x, v], |t| {
        B::scatter_add(0, t[0].clone(), idx(), t[1].clone())
    });
}

#[test]
fn gradients_accumulate_across_uses() {
    // y = x * x + x: dy/dx = 2x + 1, the two uses of x added.
    let x = tensor(&[1.0, -3.0], &[2]).require_grad();
    let y = B::binary(
        BinaryOp::Add,
        B::binary(BinaryOp::Mul, x.clone(), x.clone()),
        x.clone(),
    );
    let grads = backward(&y);
    assert_eq!(values(grads.get(&x).unwrap().clone()), [3.0, -5.0]);
}

#[test]
fn untracked_and_detached_tensors_get_no_gradient() {
    let x = tensor(&[2.0], &[1]).require_grad();
    let c = tensor(&[5.0], &[1]);
    let y = B::binary(BinaryOp::Mul, x.clone().detach(), c.clone());
    assert!(!y.is_tracked());
    assert!(backward(&y).is_empty());
    let y = {
        let _guard = no_grad();
        B::binary(BinaryOp::Mul, x.clone(), c.clone())
    };
    assert!(!y.is_tracked(), "no_grad: nothing recorded");
    let y = B::binary(BinaryOp::Mul, x.clone(), c.clone());
    let grads = backward(&y);
    assert!(grads.get(&c).is_none(), "a constant has no gradient");
    assert_eq!(values(grads.get(&x).unwrap().clone()), [5.0]);
}

#[test]
fn float_casts_pass_the_gradient_back() {
    let x = B::from_data(TensorData::new(vec![1.5f32, -2.0], [2]), &CpuDevice).require_grad();
    let y = B::unary(UnaryOp::Exp, B::cast(x.clone(), seam_backend::DType::F64));
    let g = Cpu::into_data(backward(&y).get(&x).unwrap().clone());
    assert_eq!(g.dtype(), seam_backend::DType::F32);
    let g = g.to_vec::<f32>().unwrap();
    assert!((g[0] - 1.5f32.exp()).abs() < 1e-6 && (g[1] - (-2f32).exp()).abs() < 1e-6);
}

#[test]
fn a_deep_chain_frees_without_overflowing_the_stack() {
    let x = tensor(&[1.0], &[1]).require_grad();
    let mut y = x.clone();
    for _ in 0..100_000 {
        y = B::binary_scalar(BinaryOp::Add, y, Scalar::Float(1.0));
    }
    assert_eq!(values(backward(&y).get(&x).unwrap().clone()), [1.0]);
    drop(y);
}
