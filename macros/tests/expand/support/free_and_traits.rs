// The items `outline_free_and_traits.rs` names, so that `tests/snapshots_compile.rs`
// compiles it.

use seam_macros::outline;

async fn load(path: &std::path::Path, limit: u64) -> Vec<u8> {
    let name = path.to_string_lossy().into_owned().into_bytes();
    name.into_iter().take(limit as usize).collect()
}

pub struct Bridge(usize);

impl Bridge {
    fn rank(&self) -> usize {
        self.0
    }
    fn add(self, rhs: Bridge) -> Bridge {
        Bridge(self.0.max(rhs.0))
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

impl<const D: usize> Grid<D> {
    fn into_bridge(self) -> Bridge {
        self.0
    }
    fn as_bridge(&self) -> &Bridge {
        &self.0
    }
    fn restore(bridge: Bridge) -> Self {
        Grid(bridge)
    }
}
