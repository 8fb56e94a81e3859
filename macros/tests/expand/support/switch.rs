// The items `boundary_switch.rs` names, so that `tests/snapshots_compile.rs` compiles
// it.

use seam_macros::{opaque, outline};

impl Bridge {
    fn rank(&self) -> usize {
        1
    }
}

pub struct Tensor<const D: usize>(Bridge);

impl<const D: usize> Tensor<D> {
    fn into_bridge(self) -> Bridge {
        self.0
    }
    fn as_bridge(&self) -> &Bridge {
        &self.0
    }
    fn restore(bridge: Bridge) -> Self {
        Tensor(bridge)
    }
}
