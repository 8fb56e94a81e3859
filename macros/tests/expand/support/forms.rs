// The types `outline_forms.rs` names, so that `tests/snapshots_compile.rs` compiles it.

use seam_macros::outline;

#[derive(Clone, Debug, PartialEq)]
pub struct Bridge(Vec<usize>);

#[derive(Debug, PartialEq)]
pub struct Error;

#[derive(Debug, PartialEq)]
pub struct Data(Vec<u8>);

impl Bridge {
    fn rank(&self) -> usize {
        self.0.len()
    }
    fn cat(tensors: Vec<Bridge>, _dim: usize) -> Option<Bridge> {
        tensors.into_iter().next()
    }
    fn stack(tensors: Vec<Bridge>, rank: usize) -> Bridge {
        Bridge(vec![tensors.len(); rank])
    }
    fn reshape_dyn(self, shape: Vec<usize>) -> Bridge {
        Bridge(shape)
    }
    fn shape(&self) -> &[usize] {
        &self.0
    }
    fn map_dyn(self, f: &dyn Fn(f32) -> f32) -> Bridge {
        Bridge(self.0.iter().map(|&d| f(d as f32) as usize).collect())
    }
    fn name(&self) -> Option<&str> {
        None
    }
    fn to_bytes(&self) -> Vec<u8> {
        self.0.iter().map(|&d| d as u8).collect()
    }
    fn checked_sum(self, dim: usize) -> Result<Bridge, Error> {
        if dim < self.0.len() { Ok(self) } else { Err(Error) }
    }
    async fn read(self) -> Data {
        Data(self.to_bytes())
    }
    async fn sync(self) -> Bridge {
        self
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
        assert_eq!(bridge.rank(), D, "restored at the wrong rank");
        Tensor(bridge)
    }
}
