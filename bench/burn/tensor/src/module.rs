//! Neural-network ops, as burn-tensor's `module` has them: convolutions, pools,
//! normalisation, embedding, attention, interpolation. Free functions over float
//! tensors, outlined under the tensor's protocol (`#[outline(Tensor)]`): each body is
//! compiled once, here, with the tensors erased, whatever rank or options type a
//! caller passes. Most are one burn-dispatch `ModuleOps` call after the checks Burn
//! makes; the pools add Burn's handling of asymmetric padding and `ceil_mode`.

use crate::check;
use crate::kind::{Basic, Float, Kind, Numeric};
use crate::tensor::{Bridge, Tensor};
use burn_backend::TensorMetadata;
use burn_backend::ops::ModuleOps;
use burn_dispatch::{Dispatch, DispatchTensor};
use burn_std::ops::{
    AttentionModuleOptions, AvgPoolOptions, ConvOptions, ConvTransposeOptions, DeformConvOptions, InterpolateOptions,
    MaxPoolOptions, PadMode, UnfoldOptions,
};
use burn_std::{Shape, Slice};
use seam_macros::outline;

/// A float tensor of a backend op's result.
fn float(tensor: DispatchTensor) -> Bridge {
    Bridge::new(Kind::Float, tensor)
}

/// An int tensor of a backend op's result.
fn int(tensor: DispatchTensor) -> Bridge {
    Bridge::new(Kind::Int, tensor)
}

/// Panics unless `x`'s channels (dim 1) are the weight's input channels times `groups`.
fn check_conv(op: &str, x: &Bridge, weight: &Bridge, groups: usize) {
    check::channels(op, x.tensor().shape()[1], weight.tensor().shape()[1] * groups);
}

/// The three tensors of a convolution for the backend's op `run`, `x`'s channels
/// checked against `expected` first.
fn convolved(
    op: &str,
    x: Bridge,
    weight: Bridge,
    bias: Option<Bridge>,
    expected: usize,
    run: impl FnOnce(DispatchTensor, DispatchTensor, Option<DispatchTensor>) -> DispatchTensor,
) -> Bridge {
    check::channels(op, x.tensor().shape()[1], expected);
    float(run(x.into_tensor(), weight.into_tensor(), bias.map(Bridge::into_tensor)))
}

/// The channels (dim 1) of a batch norm input of rank `rank`.
fn batch_norm_channels(input: &Bridge, rank: usize) -> usize {
    check::channel_dim("batch_norm", rank);
    input.tensor().shape()[1]
}

/// Batch normalisation with given statistics: `(x - mean) / sqrt(variance + epsilon)
/// * gamma + beta`, per channel (dim 1).
#[outline(Tensor)]
pub fn batch_norm<const D: usize>(
    input: Tensor<D>,
    gamma: Tensor<1>,
    beta: Tensor<1>,
    mean: Tensor<1>,
    variance: Tensor<1>,
    epsilon: f64,
) -> Tensor<D> {
    let channels = batch_norm_channels(&input, D);
    for (name, parameter) in [("gamma", &gamma), ("beta", &beta), ("mean", &mean), ("variance", &variance)] {
        check::per_channel("batch_norm", name, &parameter.tensor().shape(), channels);
    }
    float(Dispatch::batch_norm(
        input.into_tensor(),
        gamma.into_tensor(),
        beta.into_tensor(),
        mean.into_tensor(),
        variance.into_tensor(),
        epsilon,
    ))
}

/// What [`batch_norm_train`] returns: the normalised input and the batch's statistics.
pub struct BatchNormTrainOutput<const D: usize> {
    /// The normalised input.
    pub output: Tensor<D>,
    /// Each channel's mean over the batch.
    pub mean: Tensor<1>,
    /// Each channel's (biased) variance over the batch.
    pub variance: Tensor<1>,
}

/// Batch normalisation with the batch's own statistics, returned beside the output.
pub fn batch_norm_train<const D: usize>(
    input: Tensor<D>,
    gamma: Tensor<1>,
    beta: Tensor<1>,
    epsilon: f64,
) -> BatchNormTrainOutput<D> {
    let (output, mean, variance) = batch_norm_train_parts(input, gamma, beta, epsilon);
    BatchNormTrainOutput { output, mean, variance }
}

/// [`batch_norm_train`]'s work, its result a tuple the boundary converts.
#[doc(hidden)]
#[outline(Tensor)]
pub fn batch_norm_train_parts<const D: usize>(
    input: Tensor<D>,
    gamma: Tensor<1>,
    beta: Tensor<1>,
    epsilon: f64,
) -> (Tensor<D>, Tensor<1>, Tensor<1>) {
    let channels = batch_norm_channels(&input, D);
    check::per_channel("batch_norm", "gamma", &gamma.tensor().shape(), channels);
    check::per_channel("batch_norm", "beta", &beta.tensor().shape(), channels);
    let out = Dispatch::batch_norm_train(input.into_tensor(), gamma.into_tensor(), beta.into_tensor(), epsilon);
    (float(out.output), float(out.mean), float(out.variance))
}

/// Layer normalisation over the last dim, scaled by `gamma` and shifted by `beta`.
#[outline(Tensor)]
pub fn layer_norm<const D: usize>(input: Tensor<D>, gamma: Tensor<1>, beta: Option<Tensor<1>>, epsilon: f64) -> Tensor<D> {
    float(Dispatch::layer_norm(input.into_tensor(), gamma.into_tensor(), beta.map(Bridge::into_tensor), epsilon))
}

/// The connectionist temporal classification loss of each batch item.
#[outline(Tensor)]
pub fn ctc_loss(
    log_probs: Tensor<3>,
    targets: Tensor<2, crate::Int>,
    input_lengths: Tensor<1, crate::Int>,
    target_lengths: Tensor<1, crate::Int>,
    blank: usize,
) -> Tensor<1> {
    float(Dispatch::ctc_loss(
        log_probs.into_tensor(),
        targets.into_tensor(),
        input_lengths.into_tensor(),
        target_lengths.into_tensor(),
        blank,
    ))
}

/// The rows of `weights` that `indices` name: `[batch, seq]` to `[batch, seq, d]`.
#[outline(Tensor)]
pub fn embedding(weights: Tensor<2>, indices: Tensor<2, crate::Int>) -> Tensor<3> {
    float(Dispatch::embedding(weights.into_tensor(), indices.into_tensor()))
}

/// `x @ weight + bias` over the last dim, at any rank (rank 1 is one row). A
/// quantized weight is dequantized for the product (Burn's own keeps it packed through
/// its quantized matmul: the same values, another cost).
#[outline(Tensor)]
pub fn linear<const D: usize>(input: Tensor<D>, weight: Tensor<2>, bias: Option<Tensor<1>>) -> Tensor<D> {
    if D == 1 {
        let row = input.unsqueeze_dim::<2>(0);
        return linear_of(row, weight, bias).squeeze_dim::<1>(0);
    }
    linear_of(input, weight, bias)
}

/// The backend's `linear`, at rank 2 or more.
fn linear_of(input: Bridge, weight: Bridge, bias: Option<Bridge>) -> Bridge {
    float(Dispatch::linear(input.into_tensor(), weight.into_tensor(), bias.map(Bridge::into_tensor)))
}

/// A 1-d convolution: `x` `[batch, channels, length]`, `weight` `[out, channels /
/// groups, kernel]`.
#[outline(Tensor)]
pub fn conv1d(x: Tensor<3>, weight: Tensor<3>, bias: Option<Tensor<1>>, options: impl Into<ConvOptions<1>>) -> Tensor<3> {
    let channels = weight.tensor().shape()[1] * options.groups;
    convolved("conv1d", x, weight, bias, channels, |x, w, b| Dispatch::conv1d(x, w, b, options))
}

/// A 2-d convolution: `x` `[batch, channels, height, width]`, `weight` `[out,
/// channels / groups, kh, kw]`.
#[outline(Tensor)]
pub fn conv2d(x: Tensor<4>, weight: Tensor<4>, bias: Option<Tensor<1>>, options: impl Into<ConvOptions<2>>) -> Tensor<4> {
    let channels = weight.tensor().shape()[1] * options.groups;
    convolved("conv2d", x, weight, bias, channels, |x, w, b| Dispatch::conv2d(x, w, b, options))
}

/// A 3-d convolution (symmetric padding only, as Burn's).
#[outline(Tensor)]
pub fn conv3d(x: Tensor<5>, weight: Tensor<5>, bias: Option<Tensor<1>>, options: impl Into<ConvOptions<3>>) -> Tensor<5> {
    check::symmetric_padding("conv3d", &options);
    let channels = weight.tensor().shape()[1] * options.groups;
    convolved("conv3d", x, weight, bias, channels, |x, w, b| Dispatch::conv3d(x, w, b, options))
}

/// A deformable 2-d convolution: each kernel tap moved by `offset` and scaled by `mask`.
#[outline(Tensor)]
pub fn deform_conv2d(
    x: Tensor<4>,
    offset: Tensor<4>,
    weight: Tensor<4>,
    mask: Option<Tensor<4>>,
    bias: Option<Tensor<1>>,
    options: DeformConvOptions<2>,
) -> Tensor<4> {
    check_conv("deform_conv2d", &x, &weight, options.weight_groups);
    float(Dispatch::deform_conv2d(
        x.into_tensor(),
        offset.into_tensor(),
        weight.into_tensor(),
        mask.map(Bridge::into_tensor),
        bias.map(Bridge::into_tensor),
        options,
    ))
}

/// A transposed 1-d convolution: `weight` `[channels, out / groups, kernel]`.
#[outline(Tensor)]
pub fn conv_transpose1d(
    x: Tensor<3>,
    weight: Tensor<3>,
    bias: Option<Tensor<1>>,
    options: ConvTransposeOptions<1>,
) -> Tensor<3> {
    let channels = weight.tensor().shape()[0];
    convolved("conv_transpose1d", x, weight, bias, channels, |x, w, b| Dispatch::conv_transpose1d(x, w, b, options))
}

/// A transposed 2-d convolution: `weight` `[channels, out / groups, kh, kw]`.
#[outline(Tensor)]
pub fn conv_transpose2d(
    x: Tensor<4>,
    weight: Tensor<4>,
    bias: Option<Tensor<1>>,
    options: ConvTransposeOptions<2>,
) -> Tensor<4> {
    let channels = weight.tensor().shape()[0];
    convolved("conv_transpose2d", x, weight, bias, channels, |x, w, b| Dispatch::conv_transpose2d(x, w, b, options))
}

/// A transposed 3-d convolution.
#[outline(Tensor)]
pub fn conv_transpose3d(
    x: Tensor<5>,
    weight: Tensor<5>,
    bias: Option<Tensor<1>>,
    options: ConvTransposeOptions<3>,
) -> Tensor<5> {
    let channels = weight.tensor().shape()[0];
    convolved("conv_transpose3d", x, weight, bias, channels, |x, w, b| Dispatch::conv_transpose3d(x, w, b, options))
}

/// The gradient of a 2-d convolution's weight for `output_grad`.
#[outline(Tensor)]
pub fn conv2d_weight_backward(x: Tensor<4>, weight: Tensor<4>, output_grad: Tensor<4>, options: ConvOptions<2>) -> Tensor<4> {
    float(Dispatch::conv2d_weight_backward(x.into_tensor(), weight.into_tensor(), output_grad.into_tensor(), options))
}

/// Sliding `kernel_size` blocks of `x` as columns: `[batch, channels * kh * kw, blocks]`.
#[outline(Tensor)]
pub fn unfold4d(x: Tensor<4>, kernel_size: [usize; 2], options: UnfoldOptions) -> Tensor<3> {
    float(Dispatch::unfold4d(x.into_tensor(), kernel_size, options))
}

/// The inverse of [`unfold4d`]: columns summed back into `output_size` maps.
#[outline(Tensor)]
pub fn fold4d(x: Tensor<3>, output_size: [usize; 2], kernel_size: [usize; 2], options: UnfoldOptions) -> Tensor<4> {
    float(Dispatch::fold4d(x.into_tensor(), output_size, kernel_size, options))
}

/// `pooled`, the padding of the last dims, as one pair per dim of a rank-`rank` tensor.
fn of_every_dim(pooled: &[(usize, usize)], rank: usize) -> Vec<(usize, usize)> {
    let mut padding = vec![(0, 0); rank - pooled.len()];
    padding.extend_from_slice(pooled);
    padding
}

/// `x` padded with `-inf` by an asymmetric padding (the backend's pools pad
/// symmetrically), and the symmetric padding left for the backend.
fn max_pool_input(x: Bridge, padding: &[(usize, usize)], asymmetric: bool) -> (DispatchTensor, Vec<usize>) {
    if asymmetric {
        let every = of_every_dim(padding, x.stored_rank());
        let padded = <Float as Numeric>::pad(x.into_tensor(), &every, PadMode::Constant(f32::NEG_INFINITY));
        (padded, vec![0; padding.len()])
    } else {
        (x.into_tensor(), padding.iter().map(|(begin, _)| *begin).collect())
    }
}

/// Under `ceil_mode`, the last window of each pooled dim dropped where it starts in
/// the end padding only (the backend counts it; Burn, like PyTorch, does not).
fn drop_padding_windows(output: Bridge, input: &Shape, stride: &[usize], padding: &[(usize, usize)], ceil: bool) -> Bridge {
    if !ceil {
        return output;
    }
    let (kind, rank, pooled) = (output.stored_kind(), input.num_dims(), stride.len());
    let mut tensor = output.into_stored();
    for (i, (&stride, &(begin, _))) in stride.iter().zip(padding).enumerate() {
        let dim = rank - pooled + i;
        let size = tensor.shape()[dim];
        if size > 1 && (size - 1) * stride >= input[dim] + begin {
            let mut slices: Vec<Slice> = (0..rank).map(|_| Slice::new(0, None, 1)).collect();
            slices[dim] = Slice::new(0, Some(size as isize - 1), 1);
            tensor = match kind {
                Kind::Int => <crate::Int as Basic>::slice(tensor, &slices),
                _ => <Float as Basic>::slice(tensor, &slices),
            };
        }
    }
    Bridge::new(kind, tensor)
}

/// Indices into a padded dim moved back to the unpadded one (clamped into it).
fn unpadded(indices: Bridge, begin: usize, size: usize) -> Bridge {
    indices.sub_scalar(begin as i64).clamp(0, size as i64 - 1)
}

/// 1-d max pooling over the last dim of `[batch, channels, length]`.
#[outline(Tensor)]
pub fn max_pool1d(x: Tensor<3>, options: MaxPoolOptions<1>) -> Tensor<3> {
    let shape = x.tensor().shape();
    let (x, padding) = max_pool_input(x, &options.padding, options.is_asymmetric());
    let out = Dispatch::max_pool1d(x, options.kernel_size[0], options.stride[0], padding[0], options.dilation[0], options.ceil_mode);
    drop_padding_windows(float(out), &shape, &options.stride, &options.padding, options.ceil_mode)
}

/// 2-d max pooling over the last two dims of `[batch, channels, height, width]`.
#[outline(Tensor)]
pub fn max_pool2d(x: Tensor<4>, options: MaxPoolOptions<2>) -> Tensor<4> {
    let shape = x.tensor().shape();
    let (x, padding) = max_pool_input(x, &options.padding, options.is_asymmetric());
    let padding = [padding[0], padding[1]];
    let out = Dispatch::max_pool2d(x, options.kernel_size, options.stride, padding, options.dilation, options.ceil_mode);
    drop_padding_windows(float(out), &shape, &options.stride, &options.padding, options.ceil_mode)
}

/// [`max_pool1d`] and, for each output, the index of its maximum along the length.
#[outline(Tensor)]
pub fn max_pool1d_with_indices(x: Tensor<3>, options: MaxPoolOptions<1>) -> (Tensor<3>, Tensor<3, crate::Int>) {
    let shape = x.tensor().shape();
    let index_dtype = crate::tensor::settings(x.tensor()).int_dtype;
    let (x, padding) = max_pool_input(x, &options.padding, options.is_asymmetric());
    let MaxPoolOptions { kernel_size, stride, dilation, ceil_mode, .. } = options;
    let out =
        Dispatch::max_pool1d_with_indices(x, kernel_size[0], stride[0], padding[0], dilation[0], ceil_mode, index_dtype);
    let mut indices = int(out.indices);
    if options.is_asymmetric() {
        indices = unpadded(indices, options.padding[0].0, shape[2]);
    }
    (
        drop_padding_windows(float(out.output), &shape, &stride, &options.padding, ceil_mode),
        drop_padding_windows(indices, &shape, &stride, &options.padding, ceil_mode),
    )
}

/// [`max_pool2d`] and, for each output, the flat index (`row * width + col`) of its
/// maximum in its map.
#[outline(Tensor)]
pub fn max_pool2d_with_indices(x: Tensor<4>, options: MaxPoolOptions<2>) -> (Tensor<4>, Tensor<4, crate::Int>) {
    let shape = x.tensor().shape();
    let index_dtype = crate::tensor::settings(x.tensor()).int_dtype;
    let (x, padding) = max_pool_input(x, &options.padding, options.is_asymmetric());
    let MaxPoolOptions { kernel_size, stride, dilation, ceil_mode, .. } = options;
    let padding = [padding[0], padding[1]];
    let out = Dispatch::max_pool2d_with_indices(x, kernel_size, stride, padding, dilation, ceil_mode, index_dtype);
    let mut indices = int(out.indices);
    if options.is_asymmetric() {
        let [(top, _), (left, right)] = options.padding;
        let (height, width) = (shape[2], shape[3]);
        let padded_width = (width + left + right) as i64;
        let rows = unpadded(indices.clone().div_scalar(padded_width), top, height);
        let cols = unpadded(indices.remainder_scalar(padded_width), left, width);
        indices = rows.mul_scalar(width as i64).add(cols);
    }
    (
        drop_padding_windows(float(out.output), &shape, &stride, &options.padding, ceil_mode),
        drop_padding_windows(indices, &shape, &stride, &options.padding, ceil_mode),
    )
}

/// Average pooling by `pool` (the backend's, symmetric padding), with an asymmetric
/// padding applied first: zeros, and where padding is not counted, each window's sum
/// divided by its count of real elements (the same pool over a mask of ones).
fn avg_pool(
    x: Bridge,
    padding: &[(usize, usize)],
    asymmetric: bool,
    count_include_pad: bool,
    pool: impl Fn(DispatchTensor, Vec<usize>, bool) -> DispatchTensor,
) -> Bridge {
    if !asymmetric {
        return float(pool(x.into_tensor(), padding.iter().map(|(begin, _)| *begin).collect(), count_include_pad));
    }
    let shape = x.tensor().shape();
    let (rank, pooled) = (shape.num_dims(), padding.len());
    let zero = vec![0; pooled];
    let every = of_every_dim(padding, rank);
    let valid = (!count_include_pad).then(|| {
        let mut dims = vec![1; rank];
        dims[rank - pooled..].copy_from_slice(&shape.as_slice()[rank - pooled..]);
        let tensor = x.tensor();
        let ones = <Float as Basic>::ones(Shape::from(dims), &tensor.device(), tensor.dtype());
        <Float as Numeric>::pad(ones, &every, PadMode::Constant(0.0))
    });
    let padded = <Float as Numeric>::pad(x.into_tensor(), &every, PadMode::Constant(0.0));
    let output = float(pool(padded, zero.clone(), count_include_pad));
    match valid {
        Some(valid) => {
            let counts = float(pool(valid, zero, false));
            let empty = counts.clone().equal_elem(0.0);
            output.div(counts.mask_fill(empty, 1.0))
        }
        None => output,
    }
}

/// 1-d average pooling over the last dim of `[batch, channels, length]`.
#[outline(Tensor)]
pub fn avg_pool1d(x: Tensor<3>, options: AvgPoolOptions<1>) -> Tensor<3> {
    let shape = x.tensor().shape();
    let AvgPoolOptions { kernel_size, stride, ceil_mode, .. } = options;
    let out = avg_pool(x, &options.padding, options.is_asymmetric(), options.count_include_pad, |x, padding, include| {
        Dispatch::avg_pool1d(x, kernel_size[0], stride[0], padding[0], include, ceil_mode)
    });
    drop_padding_windows(out, &shape, &stride, &options.padding, ceil_mode)
}

/// 2-d average pooling over the last two dims of `[batch, channels, height, width]`.
#[outline(Tensor)]
pub fn avg_pool2d(x: Tensor<4>, options: AvgPoolOptions<2>) -> Tensor<4> {
    let shape = x.tensor().shape();
    let AvgPoolOptions { kernel_size, stride, ceil_mode, .. } = options;
    let out = avg_pool(x, &options.padding, options.is_asymmetric(), options.count_include_pad, |x, padding, include| {
        Dispatch::avg_pool2d(x, kernel_size, stride, [padding[0], padding[1]], include, ceil_mode)
    });
    drop_padding_windows(out, &shape, &stride, &options.padding, ceil_mode)
}

/// The gradient of [`avg_pool2d`] (symmetric padding) with respect to `x`.
#[outline(Tensor)]
pub fn avg_pool2d_backward(
    x: Tensor<4>,
    grad: Tensor<4>,
    kernel_size: [usize; 2],
    stride: [usize; 2],
    padding: [usize; 2],
    count_include_pad: bool,
    ceil_mode: bool,
) -> Tensor<4> {
    float(Dispatch::avg_pool2d_backward(
        x.into_tensor(),
        grad.into_tensor(),
        kernel_size,
        stride,
        padding,
        count_include_pad,
        ceil_mode,
    ))
}

/// The gradient of [`max_pool2d_with_indices`] (symmetric padding) with respect to `x`.
#[allow(clippy::too_many_arguments)]
#[outline(Tensor)]
pub fn max_pool2d_with_indices_backward(
    x: Tensor<4>,
    kernel_size: [usize; 2],
    stride: [usize; 2],
    padding: [usize; 2],
    dilation: [usize; 2],
    ceil_mode: bool,
    output_grad: Tensor<4>,
    indices: Tensor<4, crate::Int>,
) -> Tensor<4> {
    let grads = Dispatch::max_pool2d_with_indices_backward(
        x.into_tensor(),
        kernel_size,
        stride,
        padding,
        dilation,
        ceil_mode,
        output_grad.into_tensor(),
        indices.into_tensor(),
    );
    float(grads.x_grad)
}

/// Average pooling of `[batch, channels, length]` to `output_size` along the length.
#[outline(Tensor)]
pub fn adaptive_avg_pool1d(x: Tensor<3>, output_size: usize) -> Tensor<3> {
    float(Dispatch::adaptive_avg_pool1d(x.into_tensor(), output_size))
}

/// Average pooling of `[batch, channels, height, width]` to `output_size` maps.
#[outline(Tensor)]
pub fn adaptive_avg_pool2d(x: Tensor<4>, output_size: [usize; 2]) -> Tensor<4> {
    float(Dispatch::adaptive_avg_pool2d(x.into_tensor(), output_size))
}

/// Average pooling of `[batch, channels, depth, height, width]` to `output_size`.
#[outline(Tensor)]
pub fn adaptive_avg_pool3d(x: Tensor<5>, output_size: [usize; 3]) -> Tensor<5> {
    float(Dispatch::adaptive_avg_pool3d(x.into_tensor(), output_size))
}

/// The output size `options` asks for, from `input` `[height, width]`: its size, or
/// the input's scaled (exactly one of the two must be set).
fn interpolated_size(input: [usize; 2], options: &InterpolateOptions) -> [usize; 2] {
    match (options.output_size, options.scale_factor) {
        (Some(size), None) => size,
        (None, Some(scale)) => core::array::from_fn(|i| check::scaled_size("interpolate", input[i], scale[i])),
        (Some(_), Some(_)) => check::size_or_scale("interpolate", true),
        (None, None) => check::size_or_scale("interpolate", false),
    }
}

/// `[batch, channels, height, width]` resampled to the size `options` gives, by its mode.
#[outline(Tensor)]
pub fn interpolate(x: Tensor<4>, options: InterpolateOptions) -> Tensor<4> {
    let shape = x.tensor().shape();
    let size = interpolated_size([shape[2], shape[3]], &options);
    float(Dispatch::interpolate(x.into_tensor(), size, options))
}

/// Scaled dot-product attention of `[batch, heads, seq, d]` tensors, the backend's.
#[outline(Tensor)]
pub fn attention(
    query: Tensor<4>,
    key: Tensor<4>,
    value: Tensor<4>,
    mask: Option<Tensor<4, crate::Bool>>,
    attn_bias: Option<Tensor<4>>,
    options: AttentionModuleOptions,
) -> Tensor<4> {
    float(Dispatch::attention(
        query.into_tensor(),
        key.into_tensor(),
        value.into_tensor(),
        mask.map(Bridge::into_tensor),
        attn_bias.map(Bridge::into_tensor),
        options,
    ))
}

/// [`attention`] composed of matmul and softmax, for checking a backend's own.
#[outline(Tensor)]
pub fn attention_fallback(
    query: Tensor<4>,
    key: Tensor<4>,
    value: Tensor<4>,
    mask: Option<Tensor<4, crate::Bool>>,
    attn_bias: Option<Tensor<4>>,
    options: AttentionModuleOptions,
) -> Tensor<4> {
    float(burn_backend::ops::attention::attention_fallback::<Dispatch>(
        query.into_tensor(),
        key.into_tensor(),
        value.into_tensor(),
        mask.map(Bridge::into_tensor),
        attn_bias.map(Bridge::into_tensor),
        options,
    ))
}
