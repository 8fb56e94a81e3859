//! [`Autodiff<B>`]: `B` with every op recording its backward rule.

use crate::rules;
use crate::tensor::{AutodiffTensor, tracks};
use core::marker::PhantomData;
use seam_backend::{Backend, DType, DataFuture, DeviceInfo, Scalar, Shape, TensorData};

/// The backend `B` with reverse-mode autodiff: the same ops and results, and a
/// graph of backward rules recorded behind tracked tensors.
pub struct Autodiff<B>(PhantomData<B>);

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
