// The types `outline_receivers_and_values.rs` names, so that
// `tests/snapshots_compile.rs` compiles it.

use seam_macros::outline;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    Float,
}

pub trait TensorKind {
    const KIND: Kind;
}

pub struct Float;

impl TensorKind for Float {
    const KIND: Kind = Kind::Float;
}

pub struct Shape(Vec<usize>);

impl From<Vec<usize>> for Shape {
    fn from(dims: Vec<usize>) -> Self {
        Shape(dims)
    }
}

pub struct Device;

#[derive(Clone, Debug, PartialEq)]
pub struct Bridge {
    dims: Vec<usize>,
    kind: Kind,
    value: f32,
}

impl Bridge {
    fn rank(&self) -> usize {
        self.dims.len()
    }
    fn kind(&self) -> Kind {
        self.kind
    }
    fn add_dyn(self, rhs: &Bridge) -> Bridge {
        Bridge { value: self.value + rhs.value, ..self }
    }
    fn fill_dyn(&mut self, value: f32, _rank: usize) {
        self.value = value;
    }
    fn sum_with_dyn(self, others: &[&Bridge], bias: Option<&Bridge>) -> Bridge {
        let extra: f32 = others.iter().map(|o| o.value).sum::<f32>() + bias.map_or(0.0, |b| b.value);
        Bridge { value: self.value + extra, ..self }
    }
    fn zeros(shape: Shape, _device: &Device, kind: Kind) -> Bridge {
        Bridge { dims: shape.0, kind, value: 0.0 }
    }
}

pub struct Tensor<const D: usize, K: TensorKind>(Bridge, core::marker::PhantomData<K>);

impl<const D: usize, K: TensorKind> Tensor<D, K> {
    fn into_bridge(self) -> Bridge {
        self.0
    }
    fn as_bridge(&self) -> &Bridge {
        &self.0
    }
    fn as_bridge_mut(&mut self) -> &mut Bridge {
        &mut self.0
    }
    fn restore(bridge: Bridge) -> Self {
        assert_eq!((bridge.rank(), bridge.kind()), (D, K::KIND), "restored at the wrong rank or kind");
        Tensor(bridge, core::marker::PhantomData)
    }
}

pub struct DynView<'a> {
    data: &'a [f32],
}

impl DynView<'_> {
    fn len(&self) -> usize {
        self.data.len()
    }
}

pub struct View<'a, const N: usize>(DynView<'a>);

impl<'a, const N: usize> View<'a, N> {
    fn erase(self) -> DynView<'a> {
        self.0
    }
    fn erase_ref(&self) -> &DynView<'a> {
        &self.0
    }
    fn restore(view: DynView<'a>) -> Self {
        assert_eq!(view.len(), N, "restored at the wrong length");
        View(view)
    }
}
