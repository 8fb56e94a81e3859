//! The tensor type and the protocol every `impl Tensor` block shares: its erased form
//! (`Bridge`, in `bridge.rs`) read from the struct, and the conversions of the
//! arguments bounded by burn-tensor's own traits (`via`).

pub(crate) use crate::bridge::{Bridge, settings, settings_of};
use crate::kind::{Basic, Bool, Float, Int};
use burn_dispatch::DispatchTensor;
use crate::pad::IntoPadding;
use burn_std::{AsIndex, DType, ElementConversion, FloatDType, IntDType, Scalar, Shape, Slice, SliceArg};
use core::marker::PhantomData;
use seam_macros::outline;

// ---- BEGIN BOUNDARY ----
/// `impl AsIndex` arguments reach the helpers as `isize` (negative counts from the end).
pub(crate) fn as_index(index: impl AsIndex) -> isize {
    index.as_index()
}

/// `E: ElementConversion` arguments reach the helpers unconverted, as the call that
/// converts them to the tensor's dtype there (`Elem::scalar`), as burn-tensor
/// converts them: from the caller's type, so an `i64` never passes through `f64`.
pub(crate) fn as_elem<'a>(value: impl ElementConversion + 'a) -> Elem<'a> {
    Elem(Repr::Arg(Box::new(move |dtype| Scalar::new(value, dtype))))
}

/// `-> E` (`E: Element`) results leave the helpers as an `Elem` holding the
/// element's own scalar (an `i64` stays exact), converted to `E` here.
pub(crate) fn to_element<E: burn_std::Element>(value: Elem<'_>) -> E {
    value.elem()
}

/// `S: SliceArg` arguments reach the helpers unresolved, as a call that resolves them
/// against the tensor's shape there.
pub(crate) fn defer_slices<'a>(slices: impl SliceArg + 'a) -> Deferred<'a, Vec<Slice>> {
    Deferred(Box::new(move |shape| slices.into_slices(shape)))
}

/// `S: BroadcastArgs<D1, D2>` arguments reach the helpers unresolved, as a call that
/// resolves them against the tensor's shape there.
pub(crate) fn defer_broadcast<'a, const D1: usize, const D2: usize>(
    shape: impl BroadcastArgs<D1, D2> + 'a,
) -> Deferred<'a, Shape> {
    Deferred(Box::new(move |source| shape.into_shape(source)))
}


/// `impl IntoPadding<D>` arguments reach the helpers as the pairs, one per dim.
pub(crate) fn padding_pairs<const D: usize>(padding: impl IntoPadding<D>) -> Padding {
    Padding(padding.into_padding().to_vec())
}
// ---- END BOUNDARY ----

/// What `reshape` takes: `D2` dims, where `-1` is inferred from the element count
/// and `0` keeps the source dim (a `Shape`, or an array of `AsIndex`). `reshape`
/// calls it in the caller's code, where the source's rank `D` is known, as
/// burn-tensor does: a user type may implement it.
pub trait ReshapeArgs<const D2: usize>: core::fmt::Debug {
    /// The shape asked for, given the source's (of rank `D`).
    fn into_shape<const D: usize>(self, source: Shape) -> Shape;
}

impl<const D2: usize, I: AsIndex> ReshapeArgs<D2> for [I; D2] {
    fn into_shape<const D: usize>(self, source: Shape) -> Shape {
        crate::check::reshape(&source, self.iter().map(|i| i.as_index()).collect())
    }
}

impl<const D2: usize> ReshapeArgs<D2> for Shape {
    fn into_shape<const D: usize>(self, source: Shape) -> Shape {
        crate::check::reshape(&source, self.iter().map(|d| *d as isize).collect())
    }
}

// ---- BEGIN BOUNDARY ----
/// An argument that needs the tensor's shape to mean anything (a `SliceArg`, a
/// `BroadcastArgs`), carried into the helper as the call that resolves it.
pub struct Deferred<'a, T>(Box<dyn FnOnce(&Shape) -> T + 'a>);

impl SliceArg for Deferred<'_, Vec<Slice>> {
    fn into_slices(self, shape: &Shape) -> Vec<Slice> {
        (self.0)(shape)
    }
}

impl Deferred<'_, Shape> {
    /// The shape asked for, given the tensor's (as `BroadcastArgs::into_shape`).
    pub(crate) fn into_shape(self, source: &Shape) -> Shape {
        (self.0)(source)
    }
}
// ---- END BOUNDARY ----

/// What `expand` takes: a `Shape`, or `D2` sizes where `-1` keeps the source's dim.
pub trait BroadcastArgs<const D1: usize, const D2: usize> {
    /// The shape asked for, given the source's.
    fn into_shape(self, shape: &Shape) -> Shape;
}

impl<const D1: usize, const D2: usize> BroadcastArgs<D1, D2> for Shape {
    fn into_shape(self, _: &Shape) -> Shape {
        self
    }
}

impl<const D1: usize, const D2: usize, I: AsIndex> BroadcastArgs<D1, D2> for [I; D2] {
    fn into_shape(self, shape: &Shape) -> Shape {
        crate::check::expand_sizes("expand", D2, shape);
        // Aligned from the last dim; the source has no dims in front.
        let lead = D2 - shape.num_dims();
        let sizes: Vec<usize> = self
            .iter()
            .enumerate()
            .map(|(i, size)| crate::check::expand_size("expand", i, size.as_index(), lead, shape))
            .collect();
        Shape::from(sizes)
    }
}

// ---- BEGIN BOUNDARY ----
/// An `IntoPadding` argument in the helper: its (before, after) pair for each dim.
#[derive(Clone, Debug)]
pub struct Padding(Vec<(usize, usize)>);

impl Padding {
    /// The pairs, one per dim (as `IntoPadding::into_padding`).
    pub(crate) fn into_padding(self) -> Vec<(usize, usize)> {
        self.0
    }
}

// ---- END BOUNDARY ----

/// What `cast` takes on a `Tensor<D, K>`: a dtype, which also says the result's kind
/// (`Float` for a `FloatDType`, `Int` for an `IntDType`; a `DType` keeps the kind,
/// and must be one of it). `Tensor::cast` calls `Cast::cast`, as burn-tensor does: a
/// user type may implement it.
pub trait Cast<const D: usize, K: Basic> {
    /// The result's kind.
    type OutputKind: Basic;
    /// `tensor` cast to `dtype`.
    fn cast(tensor: Tensor<D, K>, dtype: Self) -> Tensor<D, Self::OutputKind>;
}

macro_rules! casts {
    ($($kind:ty: $dtype:ty => $out:ty = $method:ident;)*) => {$(
        impl<const D: usize> Cast<D, $kind> for $dtype {
            type OutputKind = $out;
            fn cast(tensor: Tensor<D, $kind>, dtype: Self) -> Tensor<D, $out> {
                tensor.$method(dtype.into())
            }
        }
    )*};
}

casts! {
    Float: FloatDType => Float = cast_float;
    Float: IntDType => Int = cast_int;
    Float: DType => Float = cast_float;
    Int: IntDType => Int = cast_int;
    Int: FloatDType => Float = cast_float;
    Int: DType => Int = cast_int;
    Bool: IntDType => Int = cast_int;
    Bool: FloatDType => Float = cast_float;
}

/// What `movedim` takes: one dim or a `Vec` of them (negative counts from the end).
/// `movedim` calls it in the caller's code, where the rank `D` is known, as
/// burn-tensor does: a user type may implement it.
pub trait MovedimArgs {
    /// The dims named, each in `0..D` and none twice.
    fn into_dim_vec<const D: usize>(self) -> Vec<usize>;
}

impl<I: AsIndex> MovedimArgs for Vec<I> {
    fn into_dim_vec<const D: usize>(self) -> Vec<usize> {
        crate::check::distinct_dims("movedim", &self.into_iter().map(|i| i.as_index()).collect::<Vec<_>>(), D)
    }
}

macro_rules! one_dim_moved {
    ($($ty:ty),*) => {$(
        impl MovedimArgs for $ty {
            fn into_dim_vec<const D: usize>(self) -> Vec<usize> {
                vec![crate::check::dim("movedim", self.as_index(), D)]
            }
        }
    )*};
}

one_dim_moved!(usize, isize, i64, u64, i32, u32, i16, u16, i8, u8);

/// A scalar crossing the boundary: an argument, still the caller's value (converted
/// once the tensor's dtype is known, in the helper), or an element read from a
/// tensor, as its own kind of scalar.
pub struct Elem<'a>(Repr<'a>);

enum Repr<'a> {
    /// The caller's value, behind the conversion `as_elem` made for it.
    Arg(Box<dyn FnOnce(&DType) -> Scalar + 'a>),
    /// An element read back.
    Read(Scalar),
}

impl Elem<'_> {
    /// The scalar for a tensor of `dtype`, as `Scalar::new` makes it from the
    /// caller's value.
    pub(crate) fn scalar(self, dtype: &DType) -> Scalar {
        match self.0 {
            Repr::Arg(convert) => convert(dtype),
            Repr::Read(Scalar::Float(x)) => Scalar::new(x, dtype),
            Repr::Read(Scalar::Int(x)) => Scalar::new(x, dtype),
            Repr::Read(Scalar::UInt(x)) => Scalar::new(x, dtype),
            Repr::Read(Scalar::Bool(x)) => Scalar::new(x, dtype),
        }
    }

    /// An element read from a tensor, kept as its own kind of scalar.
    pub(crate) fn read(value: Scalar) -> Elem<'static> {
        Elem(Repr::Read(value))
    }
}

impl core::fmt::Debug for Elem<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match &self.0 {
            Repr::Arg(_) => f.write_str("Elem(an argument)"),
            Repr::Read(value) => write!(f, "Elem({value:?})"),
        }
    }
}

impl ElementConversion for Elem<'_> {
    fn from_elem<E: burn_std::cast::ToElement>(elem: E) -> Self {
        Elem(Repr::Read(Scalar::Float(elem.to_f64())))
    }

    fn elem<E: burn_std::Element>(self) -> E {
        match self.0 {
            Repr::Arg(convert) => convert(&E::dtype()).elem(),
            Repr::Read(value) => value.elem(),
        }
    }
}

/// A tensor of rank `D` and kind `K` (`Float`, `Int` or `Bool`) on a device of
/// burn-dispatch's, with burn-tensor 0.22.1's API written in plain style: each
/// public method's body is compiled once, in this crate.
// Paths from the crate root: the arguments are put back on each block, in its module.
// The erased form and its conversions are read from the struct (its `bridge` field).
#[outline(D = stored_rank, K::KIND: crate::Kind = stored_kind, // boundary
          via(AsIndex: isize = crate::tensor::as_index, // boundary
              ElementConversion: crate::Elem<'_> = crate::tensor::as_elem, // boundary
              Element: crate::Elem<'static> = (crate::tensor::as_elem, crate::tensor::to_element), // boundary
              IntoPadding: crate::tensor::Padding = crate::tensor::padding_pairs, // boundary
              SliceArg: crate::tensor::Deferred<'_, Vec<burn_std::Slice>> = crate::tensor::defer_slices, // boundary
              BroadcastArgs: crate::tensor::Deferred<'_, burn_std::Shape> = crate::tensor::defer_broadcast), // boundary
          off_if(feature = "boundary-off"))] // boundary
#[derive(Clone, Debug)]
pub struct Tensor<const D: usize, K: Basic = Float> {
    pub(crate) bridge: crate::tensor::Bridge,
    pub(crate) kind: PhantomData<K>,
}

// ---- BEGIN BOUNDARY ----
impl<const D: usize, K: Basic> Tensor<D, K> {
    /// A tensor whose stored rank may differ from `D`: only quantization scales, which
    /// burn-tensor types `Tensor<1>` at the rank the scheme's blocks give them.
    pub(crate) fn restore_any_rank(bridge: Bridge) -> Self {
        debug_assert!(bridge.stored_kind() == K::KIND, "a {:?} tensor where a {:?} one was expected", bridge.stored_kind(), K::KIND);
        Self {
            bridge,
            kind: PhantomData,
        }
    }
}
// ---- END BOUNDARY ----


/// `tensor` reduced by `reduce` along each of `dims` in turn (each checked for `op`).
pub(crate) fn along_dims(
    op: &str,
    tensor: DispatchTensor,
    dims: &[isize],
    rank: usize,
    mut reduce: impl FnMut(DispatchTensor, usize) -> DispatchTensor,
) -> DispatchTensor {
    dims.iter()
        .fold(tensor, |t, &d| reduce(t, crate::check::dim(op, d, rank)))
}
