// The items `outline_kinds.rs` names, so that `tests/snapshots_compile.rs` compiles it.

use seam_macros::outline;

/// A column's kind, at run time.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tag {
    Real,
    Whole,
}

impl Basic for Real {
    fn zeros(len: usize) -> Vec<f64> {
        vec![0.0; len]
    }
}

impl Basic for Whole {
    fn zeros(len: usize) -> Vec<f64> {
        vec![0.0; len]
    }
}

pub struct Real;
pub struct Whole;

impl Numeric for Real {
    const TAG: Tag = Tag::Real;
    fn add(a: Vec<f64>, b: Vec<f64>) -> Vec<f64> {
        a.iter().zip(&b).map(|(x, y)| x + y).collect()
    }
}

impl Numeric for Whole {
    const TAG: Tag = Tag::Whole;
    fn add(a: Vec<f64>, b: Vec<f64>) -> Vec<f64> {
        a.iter().zip(&b).map(|(x, y)| (x + y).trunc()).collect()
    }
}

pub struct Bridge {
    tag: Tag,
    values: Vec<f64>,
}

impl Bridge {
    fn tag(&self) -> Tag {
        self.tag
    }
}

pub struct Column<K: Numeric>(Bridge, core::marker::PhantomData<K>);

impl<K: Numeric> Column<K> {
    fn into_bridge(self) -> Bridge {
        self.0
    }
    fn as_bridge(&self) -> &Bridge {
        &self.0
    }
    fn restore(bridge: Bridge) -> Self {
        Column(bridge, core::marker::PhantomData)
    }
}
