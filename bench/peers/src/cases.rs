//! The cases, each written once per library on the same inputs: the sizes of issue 19,
//! with what one call moves (bytes read plus written) or computes (FLOP), for rates.

// The inputs of every library: seam-bench's deterministic values (which
// `numpy_bench.py --peers` generates too).
use crate::limit::Limit;
use seam_bench::data::values;
use std::hint::black_box;

/// The libraries timed in this process (numpy runs in its own, see `numpy.rs`).
pub const LIBS: [&str; 3] = ["seam", "candle", "burn"];

/// One case: its name (shared with `numpy_bench.py --peers`), what a call amounts to,
/// and a call per library; for the plot, its op family and element count, and for a
/// memory-bound case the machine's limit it is compared with.
pub struct Case {
    pub name: String,
    pub amount: Amount,
    pub runs: Vec<Box<dyn FnMut()>>,
    pub family: &'static str,
    pub elements: usize,
    pub limit: Option<Limit>,
}

impl Case {
    /// The case in `family`, over `elements` input elements, bounded by `limit`.
    fn of(self, family: &'static str, elements: usize, limit: Option<Limit>) -> Case {
        Case {
            family,
            elements,
            limit,
            ..self
        }
    }
}

/// What one call of a case does, for its rate.
#[derive(Clone, Copy)]
pub enum Amount {
    /// Bytes read plus bytes written.
    Bytes(f64),
    /// Floating-point operations.
    Flop(f64),
    /// A fixed cost: reported in ns per call only.
    Op,
}

/// The three libraries' tensor types, for the closures' signatures.
type S<const D: usize> = seam_tensor::Tensor<D>;
type C = candle_core::Tensor;
type B<const D: usize> = burn::tensor::Tensor<D>;

/// One input in each library.
#[derive(Clone)]
struct Input<const D: usize> {
    seam: seam_tensor::Tensor<D>,
    candle: candle_core::Tensor,
    burn: burn::tensor::Tensor<D>,
}

fn input<const D: usize>(dims: [usize; D], seed: u32) -> Input<D> {
    let data = values(dims.iter().product(), seed);
    Input {
        seam: seam_tensor::Tensor::from_data(
            seam_tensor::TensorData::new(data.clone(), dims),
            &seam_tensor::Device::cpu(),
        ),
        candle: candle_core::Tensor::from_vec(data.clone(), dims.as_slice(), &candle_core::Device::Cpu)
            .expect("a candle tensor"),
        burn: burn::tensor::Tensor::from_data(
            burn::tensor::TensorData::new(data, dims),
            &burn::tensor::Device::default(),
        ),
    }
}

/// `case!(name, amount, |a, b| seam, |a, b| candle, |a, b| burn)` over inputs: each
/// closure gets its library's tensors, by reference, and its result is dropped.
macro_rules! case {
    ($name:expr, $amount:expr, [$($x:ident),*], $seam:expr, $candle:expr, $burn:expr) => {{
        Case {
            name: $name,
            amount: $amount,
            runs: vec![
                {
                    let run = $seam;
                    let ($($x,)*) = ($($x.seam.clone(),)*);
                    Box::new(move || { black_box(run($(&$x),*)); })
                },
                {
                    let run = $candle;
                    let ($($x,)*) = ($($x.candle.clone(),)*);
                    Box::new(move || { black_box(run($(&$x),*).expect("candle")); })
                },
                {
                    let run = $burn;
                    let ($($x,)*) = ($($x.burn.clone(),)*);
                    Box::new(move || { black_box(run($(&$x),*)); })
                },
            ],
            family: "",
            elements: 0,
            limit: None,
        }
    }};
}

/// Every case, with its inputs built.
pub fn all() -> Vec<Case> {
    let mut cases = Vec::new();
    overhead(&mut cases);
    elementwise(&mut cases);
    broadcast(&mut cases);
    reductions(&mut cases);
    softmax(&mut cases);
    matmul(&mut cases);
    copies(&mut cases);
    cases
}

fn overhead(cases: &mut Vec<Case>) {
    for len in [1, 16, 256] {
        let (a, b) = (input([len], 1), input([len], 2));
        cases.push(
            case!(
                format!("add {len} elem"),
                Amount::Op,
                [a, b],
                move |a: &seam_tensor::Tensor<1>, b: &seam_tensor::Tensor<1>| a.clone() + b.clone(),
                move |a: &candle_core::Tensor, b: &candle_core::Tensor| a + b,
                move |a: &burn::tensor::Tensor<1>, b: &burn::tensor::Tensor<1>| a.clone() + b.clone()
            )
            .of("overhead", len, None),
        );
    }
    let (x, w, b) = (input([4, 4], 1), input([4, 4], 2), input([4, 4], 3));
    cases.push(
        case!(
            "chain of 10 ops, 4x4".into(),
            Amount::Op,
            [x, w, b],
            move |x: &seam_tensor::Tensor<2>, w: &seam_tensor::Tensor<2>, b: &seam_tensor::Tensor<2>| {
                let h = x.clone().matmul(w.clone()) + b.clone();
                let h = h.relu().mul_scalar(0.5).add_scalar(0.1);
                let h = (h.clone() * h).exp();
                h.softmax(1).transpose().sum_dim(0)
            },
            move |x: &candle_core::Tensor, w: &candle_core::Tensor, b: &candle_core::Tensor| {
                let h = (x.matmul(w)? + b)?;
                let h = h.relu()?.affine(0.5, 0.1)?;
                let h = (&h * &h)?.exp()?;
                candle_nn::ops::softmax_last_dim(&h)?.t()?.sum_keepdim(0)
            },
            move |x: &burn::tensor::Tensor<2>, w: &burn::tensor::Tensor<2>, b: &burn::tensor::Tensor<2>| {
                let h = x.clone().matmul(w.clone()) + b.clone();
                let h = burn::tensor::activation::relu(h).mul_scalar(0.5).add_scalar(0.1);
                let h = (h.clone() * h).exp();
                burn::tensor::activation::softmax(h, 1).transpose().sum_dim(0)
            }
        )
        .of("overhead", 16, None),
    );
}

/// Sizes of the elementwise cases: 1K to 16M elements.
const LENGTHS: [usize; 4] = [1 << 10, 1 << 16, 1 << 20, 1 << 24];

fn label(len: usize) -> String {
    match len {
        l if l >= 1 << 20 => format!("{}M", l >> 20),
        l => format!("{}K", l >> 10),
    }
}

fn elementwise(cases: &mut Vec<Case>) {
    for len in LENGTHS {
        let (a, b) = (input([len], 1), input([len], 2));
        let (binary, unary) = (12.0 * len as f64, 8.0 * len as f64);
        let l = label(len);
        cases.push(
            case!(
                format!("add {l}"),
                Amount::Bytes(binary),
                [a, b],
                move |a: &S<1>, b: &S<1>| a.clone() + b.clone(),
                move |a: &C, b: &C| a + b,
                move |a: &B<1>, b: &B<1>| a.clone() + b.clone()
            )
            .of("elementwise", len, Some(Limit::Copy(binary))),
        );
        cases.push(
            case!(
                format!("mul {l}"),
                Amount::Bytes(binary),
                [a, b],
                move |a: &S<1>, b: &S<1>| a.clone() * b.clone(),
                move |a: &C, b: &C| a * b,
                move |a: &B<1>, b: &B<1>| a.clone() * b.clone()
            )
            .of("elementwise", len, Some(Limit::Copy(binary))),
        );
        cases.push(
            case!(
                format!("exp {l}"),
                Amount::Bytes(unary),
                [a],
                move |a: &S<1>| a.clone().exp(),
                move |a: &C| a.exp(),
                move |a: &B<1>| a.clone().exp()
            )
            .of("elementwise", len, Some(Limit::Copy(unary))),
        );
        cases.push(
            case!(
                format!("tanh {l}"),
                Amount::Bytes(unary),
                [a],
                move |a: &S<1>| a.clone().tanh(),
                move |a: &C| a.tanh(),
                move |a: &B<1>| a.clone().tanh()
            )
            .of("elementwise", len, Some(Limit::Copy(unary))),
        );
        cases.push(
            case!(
                format!("gelu {l}"),
                Amount::Bytes(unary),
                [a],
                move |a: &S<1>| a.clone().gelu(),
                move |a: &C| a.gelu_erf(),
                move |a: &B<1>| burn::tensor::activation::gelu(a.clone())
            )
            .of("elementwise", len, Some(Limit::Copy(unary))),
        );
        cases.push(
            case!(
                format!("sigmoid {l}"),
                Amount::Bytes(unary),
                [a],
                move |a: &S<1>| a.clone().sigmoid(),
                move |a: &C| candle_nn::ops::sigmoid(a),
                move |a: &B<1>| burn::tensor::activation::sigmoid(a.clone())
            )
            .of("elementwise", len, Some(Limit::Copy(unary))),
        );
    }
}

fn broadcast(cases: &mut Vec<Case>) {
    let n = 1024;
    let x = input([n, n], 1);
    let bytes = 8.0 * (n * n) as f64 + 4.0 * n as f64;
    for (what, dims) in [("row", [1, n]), ("column", [n, 1])] {
        let v = input(dims, 2);
        cases.push(
            case!(
                format!("broadcast add ({what}), 1024^2"),
                Amount::Bytes(bytes),
                [x, v],
                move |x: &S<2>, v: &S<2>| x.clone() + v.clone(),
                move |x: &C, v: &C| x.broadcast_add(v),
                move |x: &B<2>, v: &B<2>| x.clone() + v.clone()
            )
            .of("broadcast", n * n, Some(Limit::Copy(bytes))),
        );
    }
}

fn reductions(cases: &mut Vec<Case>) {
    // sum, max and mean along each dim of one input; the rank is part of the types,
    // so a macro writes the cases once for both inputs: seam's and burn's method,
    // then candle's. The limit is a streaming read of the input.
    macro_rules! along_each_dim {
        ($input:expr, $rank:literal, $label:literal, $amount:expr, $elements:expr) => {
            let x = $input;
            for dim in 0..$rank {
                along_each_dim!(@ops x, dim, $rank, $label, $amount, $elements;
                    sum_dim sum_keepdim, max_dim max_keepdim, mean_dim mean_keepdim);
            }
        };
        (@ops $x:ident, $dim:ident, $rank:literal, $label:literal, $amount:expr, $elements:expr; $($op:ident $candle:ident),*) => {
            $(cases.push(case!(
                format!("{}({}), {}", stringify!($op), $dim, $label),
                $amount,
                [$x],
                move |x: &S<$rank>| x.clone().$op($dim),
                move |x: &C| x.$candle($dim),
                move |x: &B<$rank>| x.clone().$op($dim)
            ).of("reduction", $elements, Some(Limit::Read(4.0 * $elements as f64))));)*
        };
    }
    let n = 4096;
    let bytes = Amount::Bytes(4.0 * (n * n + n) as f64);
    along_each_dim!(input([n, n], 1), 2, "4096^2", bytes, n * n);
    let m = 256;
    let bytes = Amount::Bytes(4.0 * (m * m * m + m * m) as f64);
    along_each_dim!(input([m, m, m], 3), 3, "256^3", bytes, m * m * m);
}

fn softmax(cases: &mut Vec<Case>) {
    let n = 1024;
    let x = input([n, n], 1);
    let bytes = 8.0 * (n * n) as f64;
    cases.push(
        case!(
            "softmax(1), 1024^2".into(),
            Amount::Bytes(bytes),
            [x],
            move |x: &S<2>| x.clone().softmax(1),
            move |x: &C| candle_nn::ops::softmax_last_dim(x),
            move |x: &B<2>| burn::tensor::activation::softmax(x.clone(), 1)
        )
        .of("softmax", n * n, Some(Limit::Copy(bytes))),
    );
    cases.push(
        case!(
            "softmax(0), 1024^2".into(),
            Amount::Bytes(bytes),
            [x],
            move |x: &S<2>| x.clone().softmax(0),
            move |x: &C| candle_nn::ops::softmax(x, 0),
            move |x: &B<2>| burn::tensor::activation::softmax(x.clone(), 0)
        )
        .of("softmax", n * n, Some(Limit::Copy(bytes))),
    );
    for dim in 0..2 {
        cases.push(
            case!(
                format!("log_softmax({dim}), 1024^2"),
                Amount::Bytes(bytes),
                [x],
                move |x: &S<2>| x.clone().log_softmax(dim),
                move |x: &C| candle_nn::ops::log_softmax(x, dim),
                move |x: &B<2>| burn::tensor::activation::log_softmax(x.clone(), dim)
            )
            .of("softmax", n * n, Some(Limit::Copy(bytes))),
        );
    }
}

fn matmul(cases: &mut Vec<Case>) {
    for n in [64, 256, 1024] {
        let (a, b) = (input([n, n], 1), input([n, n], 2));
        let flop = Amount::Flop(2.0 * (n * n * n) as f64);
        cases.push(
            case!(
                format!("matmul {n}"),
                flop,
                [a, b],
                move |a: &S<2>, b: &S<2>| a.clone().matmul(b.clone()),
                move |a: &C, b: &C| a.matmul(b),
                move |a: &B<2>, b: &B<2>| a.clone().matmul(b.clone())
            )
            .of("matmul", n * n, None),
        );
    }
    let n = 512;
    let (a, b) = (input([n, n], 1), input([n, n], 2));
    cases.push(
        case!(
            "matmul 512, b transposed".into(),
            Amount::Flop(2.0 * (n * n * n) as f64),
            [a, b],
            move |a: &S<2>, b: &S<2>| a.clone().matmul(b.clone().transpose()),
            move |a: &C, b: &C| a.matmul(&b.t()?),
            move |a: &B<2>, b: &B<2>| a.clone().matmul(b.clone().transpose())
        )
        .of("matmul", n * n, None),
    );
    let (batch, n) = (16, 128);
    let (a, b) = (input([batch, n, n], 1), input([batch, n, n], 2));
    cases.push(
        case!(
            "matmul 16x128^2 batched".into(),
            Amount::Flop(2.0 * (batch * n * n * n) as f64),
            [a, b],
            move |a: &S<3>, b: &S<3>| a.clone().matmul(b.clone()),
            move |a: &C, b: &C| a.matmul(b),
            move |a: &B<3>, b: &B<3>| a.clone().matmul(b.clone())
        )
        .of("matmul", n * n, None),
    );
}

fn copies(cases: &mut Vec<Case>) {
    let n = 2048;
    let x = input([n, n], 1);
    let bytes = 8.0 * (n * n) as f64;
    // A transposed view made contiguous: a reshape of a non-contiguous tensor copies.
    cases.push(
        case!(
            "transpose + copy, 2048^2".into(),
            Amount::Bytes(bytes),
            [x],
            move |x: &S<2>| x.clone().transpose().reshape([-1]),
            move |x: &C| x.t()?.contiguous(),
            move |x: &B<2>| x.clone().transpose().reshape([-1])
        )
        .of("copy", n * n, Some(Limit::Copy(bytes))),
    );
    let (a, b) = (input([n / 2, n], 1), input([n / 2, n], 2));
    for dim in 0..2 {
        cases.push(
            case!(
                format!("cat dim {dim}, 2 x 1024x2048"),
                Amount::Bytes(bytes),
                [a, b],
                move |a: &S<2>, b: &S<2>| S::<2>::cat(vec![a.clone(), b.clone()], dim),
                move |a: &C, b: &C| C::cat(&[a, b], dim),
                move |a: &B<2>, b: &B<2>| B::<2>::cat(vec![a.clone(), b.clone()], dim)
            )
            .of("copy", n * n, Some(Limit::Copy(bytes))),
        );
    }
}
