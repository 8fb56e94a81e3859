//! Two models trained on synthetic data with Burn's own crates, the same seed on both
//! roots of `bench/burn-dropin`: an MLP and a small CNN (Linear, Conv2d, ReLU,
//! MaxPool2d, cross-entropy, Adam) on `Device::default().autodiff()`: flex on the
//! harness's flex tree, Vulkan on its cube tree (`BURN_DEVICE=vulkan`). Prints the
//! device, then each step's loss as `<model> step <n> loss <value>`; the harness
//! compares the two roots' lines.

extern crate burn_core as burn;

use burn::module::Module;
use burn::tensor::{Device, Distribution, Int, Tensor, activation};
use burn_nn::conv::{Conv2d, Conv2dConfig};
use burn_nn::loss::{CrossEntropyLoss, CrossEntropyLossConfig};
use burn_nn::pool::{MaxPool2d, MaxPool2dConfig};
use burn_nn::{Linear, LinearConfig};
use burn_optim::{AdamConfig, GradientsParams};

const SEED: u64 = 20261207;
const STEPS: usize = 40;
const LEARNING_RATE: f64 = 0.02;
const BATCH: usize = 64;
const CLASSES: usize = 3;

/// Two linear layers with a ReLU between (`activation::relu` at rank 2).
#[derive(Module, Debug)]
struct Mlp {
    hidden: Linear,
    out: Linear,
}

impl Mlp {
    fn new(inputs: usize, device: &Device) -> Self {
        Self { hidden: LinearConfig::new(inputs, 32).init(device), out: LinearConfig::new(32, CLASSES).init(device) }
    }

    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.out.forward(activation::relu(self.hidden.forward(x)))
    }
}

/// A 3x3 convolution, ReLU (`activation::relu` at rank 4), a 2x2 max pool and a linear
/// layer over the flattened maps.
#[derive(Module, Debug)]
struct Cnn {
    conv: Conv2d,
    pool: MaxPool2d,
    out: Linear,
}

impl Cnn {
    fn new(device: &Device) -> Self {
        Self {
            conv: Conv2dConfig::new([1, 4], [3, 3]).init(device),
            pool: MaxPool2dConfig::new([2, 2]).init(),
            out: LinearConfig::new(4 * 3 * 3, CLASSES).init(device),
        }
    }

    fn forward(&self, x: Tensor<4>) -> Tensor<2> {
        let maps = self.pool.forward(activation::relu(self.conv.forward(x)));
        self.out.forward(maps.flatten(1, 3))
    }
}

/// Labels of a fixed random linear rule: the class whose score is highest.
fn labels(x: Tensor<2>, device: &Device) -> Tensor<1, Int> {
    let [_, features] = x.dims();
    let rule = Tensor::<2>::random([features, CLASSES], Distribution::Normal(0.0, 1.0), device);
    x.matmul(rule).argmax(1).squeeze_dim(1)
}

fn loss_value(loss: &Tensor<1>) -> f32 {
    loss.clone().into_data().try_to_vec::<f32>().expect("a float loss")[0]
}

fn train_mlp(device: &Device, loss_fn: &CrossEntropyLoss) {
    let x = Tensor::<2>::random([BATCH, 16], Distribution::Normal(0.0, 1.0), device);
    let y = labels(x.clone(), device);
    let mut model = Mlp::new(16, device);
    let mut optim = AdamConfig::new().init();
    for step in 0..STEPS {
        let loss = loss_fn.forward(model.forward(x.clone()), y.clone());
        println!("mlp step {step} loss {:e}", loss_value(&loss));
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(LEARNING_RATE, model, grads);
    }
}

fn train_cnn(device: &Device, loss_fn: &CrossEntropyLoss) {
    let x = Tensor::<4>::random([BATCH, 1, 8, 8], Distribution::Normal(0.0, 1.0), device);
    let y = labels(x.clone().flatten(1, 3), device);
    let mut model = Cnn::new(device);
    let mut optim = AdamConfig::new().init();
    for step in 0..STEPS {
        let loss = loss_fn.forward(model.forward(x.clone()), y.clone());
        println!("cnn step {step} loss {:e}", loss_value(&loss));
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(LEARNING_RATE, model, grads);
    }
}

fn main() {
    let device = Device::default().autodiff();
    println!("device {device:?}");
    device.seed(SEED);
    let loss_fn = CrossEntropyLossConfig::new().init(&device);
    train_mlp(&device, &loss_fn);
    train_cnn(&device, &loss_fn);
}
