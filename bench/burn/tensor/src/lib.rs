//! seam-burn-tensor: a `Tensor<D, K>` over burn-dispatch's public API, written in
//! plain style, with `seam-macros` making the boundary: `#[opaque]` stores the
//! `DispatchTensor` in fixed-size slots, `#[outline]` moves each method's body into a
//! non-generic `*_impl` helper compiled here, once. It plays the part of Burn's
//! `burn-tensor` for the leaf crates `seam-on` and `seam-off`, which hold only the
//! user code.
//!
//! With this crate's feature `boundary-off` (named by `off_if` in its attributes;
//! what `seam-off` builds) the storage is a plain field and the helpers are `#[inline]`, so every
//! caller compiles the bodies again, as over `burn-standin`.
//!
//! The lines that exist only for the boundary (the erased type, the three
//! conversions and the accessors, the attributes) sit between `BEGIN BOUNDARY` and
//! `END BOUNDARY` or end with `// boundary`, the kind types and the kind dispatch
//! between `BEGIN KINDS` and `END KINDS`; `seam-report --burn` counts both. The
//! ops are those of the seed's user code (and `zeros`, `dims`, and `from_data` and
//! `into_data`, which the execution check reads and writes through), for both kinds
//! where Burn has them. They check shapes and dims as Burn's `Tensor` does before
//! calling its bridge, but inside the helpers, so the checks too are compiled here.

use burn_backend::TensorMetadata;
use burn_backend::ops::{FloatTensorOps, IntTensorOps};
use burn_backend::{FloatDType, IntDType, Shape, try_read_sync};
use burn_dispatch::{Dispatch, DispatchTensor};
use core::marker::PhantomData;
use seam_macros::{opaque, outline};

pub use burn_tensor::{Device, TensorData};

// ---- BEGIN KINDS ---- (counted with the boundary, as Burn's `bridge/kind.rs` is)
/// What a tensor holds, known at run time.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// 32-bit floats.
    Float,
    /// 64-bit integers.
    Int,
}

/// The kind of a `Tensor<D, K>` as a type.
pub trait TensorKind: Clone + Send + Sync + 'static {
    /// The kind, as a value.
    const KIND: Kind;
}

/// Float tensors (the default).
#[derive(Clone, Debug)]
pub struct Float;

/// Integer tensors.
#[derive(Clone, Debug)]
pub struct Int;

impl TensorKind for Float {
    const KIND: Kind = Kind::Float;
}

impl TensorKind for Int {
    const KIND: Kind = Kind::Int;
}
// ---- END KINDS ----

// ---- BEGIN BOUNDARY ----
/// A tensor of any rank and kind: the erased form the outlined bodies work on.
#[opaque(Clone, Debug, Send, Sync, off_if(feature = "boundary-off"))]
pub struct Bridge(Inner);

/// The dispatch tensor and its kind.
#[derive(Clone, Debug)]
struct Inner {
    kind: Kind,
    tensor: DispatchTensor,
}

impl Bridge {
    fn new(kind: Kind, tensor: DispatchTensor) -> Self {
        Self::from_inner(Inner { kind, tensor })
    }

    fn into_parts(self) -> (Kind, DispatchTensor) {
        let inner = self.into_inner();
        (inner.kind, inner.tensor)
    }

    /// The rank, read from the tensor's shape.
    fn rank(&self) -> usize {
        self.inner().tensor.shape().num_dims()
    }

    /// The kind.
    fn kind(&self) -> Kind {
        self.inner().kind
    }
}

// The three conversions `#[outline]` is told about.
impl<const D: usize, K: TensorKind> Tensor<D, K> {
    fn into_bridge(self) -> Bridge {
        self.bridge
    }

    fn as_bridge(&self) -> &Bridge {
        &self.bridge
    }

    fn restore(bridge: Bridge) -> Self {
        debug_assert!(
            bridge.rank() == D && bridge.kind() == K::KIND,
            "a rank-{} {:?} tensor where a Tensor<{D}, {:?}> was expected",
            bridge.rank(),
            bridge.kind(),
            K::KIND
        );
        Self {
            bridge,
            kind: PhantomData,
        }
    }
}
// ---- END BOUNDARY ----

/// A tensor of rank `D` and kind `K`.
#[derive(Clone, Debug)]
pub struct Tensor<const D: usize, K: TensorKind = Float> {
    bridge: Bridge,
    kind: PhantomData<K>,
}

// The checks Burn's `Tensor` makes before calling its bridge (`TensorCheck`), made
// here inside the helpers: plain functions, compiled once in this crate.

/// Panics unless `a` and `b` broadcast together, dim by dim.
fn check_elementwise(op: &str, a: &DispatchTensor, b: &DispatchTensor) {
    let (a, b) = (a.shape(), b.shape());
    let fits = a.num_dims() == b.num_dims()
        && a.as_slice()
            .iter()
            .zip(b.as_slice())
            .all(|(x, y)| x == y || *x == 1 || *y == 1);
    assert!(fits, "{op}: shapes {:?} and {:?} do not broadcast", a.as_slice(), b.as_slice());
}

/// Panics unless `a @ b` is defined: the inner dims agree and the batch dims broadcast.
fn check_matmul(a: &DispatchTensor, b: &DispatchTensor) {
    let (sa, sb) = (a.shape(), b.shape());
    let (x, y) = (sa.as_slice(), sb.as_slice());
    let n = x.len();
    let fits = n >= 2
        && n == y.len()
        && x[n - 1] == y[n - 2]
        && x[..n - 2]
            .iter()
            .zip(&y[..n - 2])
            .all(|(p, q)| p == q || *p == 1 || *q == 1);
    assert!(fits, "matmul: shapes {x:?} and {y:?} do not multiply");
}

/// Panics unless each of `dims` is a dim of `a`.
fn check_dims(op: &str, a: &DispatchTensor, dims: &[usize]) {
    let rank = a.shape().num_dims();
    for &dim in dims {
        assert!(dim < rank, "{op}: dim {dim} of a tensor of rank {rank}");
    }
}

// ---- BEGIN KINDS ----
/// One op of either kind: the float or the int op of the dispatch layer.
macro_rules! by_kind {
    ($kind:expr, $float:expr, $int:expr) => {
        match $kind {
            Kind::Float => $float,
            Kind::Int => $int,
        }
    };
}
// ---- END KINDS ----

#[outline(erased = Bridge, erase = into_bridge, erase_ref = as_bridge, restore = restore, D = rank, K::KIND: Kind = kind, off_if(feature = "boundary-off"))] // boundary
impl<const D: usize, K: TensorKind> Tensor<D, K> {
    /// A tensor of `shape` filled with zeros.
    pub fn zeros(shape: [usize; D], device: &Device) -> Self {
        let shape = Shape::from(shape);
        let device = device.as_dispatch();
        let tensor = by_kind!(
            K::KIND,
            Dispatch::float_zeros(shape, device, FloatDType::F32),
            Dispatch::int_zeros(shape, device, IntDType::I64)
        );
        Bridge::new(K::KIND, tensor)
    }

    /// The size of each dim.
    pub fn dims(&self) -> [usize; D] {
        self.inner().tensor.shape().into()
    }

    /// `self + rhs`, element by element.
    pub fn add(self, rhs: Self) -> Self {
        let ((kind, a), (_, b)) = (self.into_parts(), rhs.into_parts());
        check_elementwise("add", &a, &b);
        Bridge::new(
            kind,
            by_kind!(kind, Dispatch::float_add(a, b), Dispatch::int_add(a, b)),
        )
    }

    /// `self - rhs`, element by element.
    pub fn sub(self, rhs: Self) -> Self {
        let ((kind, a), (_, b)) = (self.into_parts(), rhs.into_parts());
        check_elementwise("sub", &a, &b);
        Bridge::new(
            kind,
            by_kind!(kind, Dispatch::float_sub(a, b), Dispatch::int_sub(a, b)),
        )
    }

    /// `self * rhs`, element by element.
    pub fn mul(self, rhs: Self) -> Self {
        let ((kind, a), (_, b)) = (self.into_parts(), rhs.into_parts());
        check_elementwise("mul", &a, &b);
        Bridge::new(
            kind,
            by_kind!(kind, Dispatch::float_mul(a, b), Dispatch::int_mul(a, b)),
        )
    }

    /// `self / rhs`, element by element.
    pub fn div(self, rhs: Self) -> Self {
        let ((kind, a), (_, b)) = (self.into_parts(), rhs.into_parts());
        check_elementwise("div", &a, &b);
        Bridge::new(
            kind,
            by_kind!(kind, Dispatch::float_div(a, b), Dispatch::int_div(a, b)),
        )
    }

    /// `-self`, element by element.
    pub fn neg(self) -> Self {
        let (kind, a) = self.into_parts();
        Bridge::new(kind, by_kind!(kind, Dispatch::float_neg(a), Dispatch::int_neg(a)))
    }

    /// The matrix product over the last two dims.
    pub fn matmul(self, rhs: Self) -> Self {
        let ((kind, a), (_, b)) = (self.into_parts(), rhs.into_parts());
        check_matmul(&a, &b);
        Bridge::new(
            kind,
            by_kind!(kind, Dispatch::float_matmul(a, b), Dispatch::int_matmul(a, b)),
        )
    }

    /// The last two dims swapped.
    pub fn transpose(self) -> Self {
        let (kind, a) = self.into_parts();
        Bridge::new(
            kind,
            by_kind!(kind, Dispatch::float_transpose(a), Dispatch::int_transpose(a)),
        )
    }

    /// The sum along `dim`, kept with size 1.
    pub fn sum_dim(self, dim: usize) -> Self {
        let (kind, a) = self.into_parts();
        check_dims("sum_dim", &a, &[dim]);
        Bridge::new(
            kind,
            by_kind!(
                kind,
                Dispatch::float_sum_dim(a, dim),
                Dispatch::int_sum_dim(a, dim)
            ),
        )
    }

    /// The mean along `dim`, kept with size 1.
    pub fn mean_dim(self, dim: usize) -> Self {
        let (kind, a) = self.into_parts();
        check_dims("mean_dim", &a, &[dim]);
        Bridge::new(
            kind,
            by_kind!(
                kind,
                Dispatch::float_mean_dim(a, dim),
                Dispatch::int_mean_dim(a, dim)
            ),
        )
    }

    /// Dims `dim1` and `dim2` swapped.
    pub fn swap_dims(self, dim1: usize, dim2: usize) -> Self {
        let (kind, a) = self.into_parts();
        check_dims("swap_dims", &a, &[dim1, dim2]);
        Bridge::new(
            kind,
            by_kind!(
                kind,
                Dispatch::float_swap_dims(a, dim1, dim2),
                Dispatch::int_swap_dims(a, dim1, dim2)
            ),
        )
    }
}

#[outline(erased = Bridge, erase = into_bridge, erase_ref = as_bridge, restore = restore, D = rank, off_if(feature = "boundary-off"))] // boundary
impl<const D: usize> Tensor<D, Float> {
    /// A tensor holding `data` (of rank `D`) on `device`.
    pub fn from_data(data: TensorData, device: &Device) -> Self {
        let rank = data.rank();
        assert!(rank == D, "from_data: data of rank {rank} for a tensor of rank {D}");
        Bridge::new(Kind::Float, Dispatch::float_from_data(data, device.as_dispatch()))
    }

    /// The elements, read back from the device.
    pub fn into_data(self) -> TensorData {
        let (_, a) = self.into_parts();
        try_read_sync(Dispatch::float_into_data(a))
            .expect("into_data: this platform cannot read a tensor synchronously")
            .expect("into_data: the device failed to read the tensor")
    }

    /// `e^x` of each element.
    pub fn exp(self) -> Self {
        let (kind, a) = self.into_parts();
        Bridge::new(kind, Dispatch::float_exp(a))
    }

    /// The natural logarithm of each element.
    pub fn log(self) -> Self {
        let (kind, a) = self.into_parts();
        Bridge::new(kind, Dispatch::float_log(a))
    }
}

/// `+ - * /` and unary `-`: each forwards to the method of the same name.
macro_rules! operators {
    ($($trait:ident $method:ident;)*) => {$(
        impl<const D: usize, K: TensorKind> core::ops::$trait for Tensor<D, K> {
            type Output = Self;
            fn $method(self, rhs: Self) -> Self {
                Tensor::$method(self, rhs)
            }
        }
    )*};
}

operators! {
    Add add;
    Sub sub;
    Mul mul;
    Div div;
}

impl<const D: usize, K: TensorKind> core::ops::Neg for Tensor<D, K> {
    type Output = Self;
    fn neg(self) -> Self {
        Tensor::neg(self)
    }
}
