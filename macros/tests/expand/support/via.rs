// The items `outline_via.rs` names, so that `tests/snapshots_compile.rs` compiles it.

use seam_macros::outline;

/// An index that may count from the end.
pub trait Position: Copy {
    fn position(self) -> isize;
    fn from_position(position: isize) -> Self;
}

impl Position for i32 {
    fn position(self) -> isize {
        self as isize
    }
    fn from_position(position: isize) -> Self {
        position as i32
    }
}

impl Position for isize {
    fn position(self) -> isize {
        self
    }
    fn from_position(position: isize) -> Self {
        position
    }
}

fn to_isize(index: impl Position) -> isize {
    index.position()
}

fn from_isize<P: Position>(position: isize) -> P {
    P::from_position(position)
}

pub struct Bridge(Vec<f64>);

impl Bridge {
    fn len(&self) -> usize {
        self.0.len()
    }
}

pub struct Row<const N: usize>(Bridge);

impl<const N: usize> Row<N> {
    fn into_bridge(self) -> Bridge {
        self.0
    }
    fn as_bridge(&self) -> &Bridge {
        &self.0
    }
    fn restore(bridge: Bridge) -> Self {
        Row(bridge)
    }
}
