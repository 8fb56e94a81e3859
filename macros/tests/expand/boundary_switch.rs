// The boundary's switch, `off_if(predicate)`: a `cfg` predicate of the using crate
// (here `any()`, which never holds; a crate names its own feature, such as
// `off_if(feature = "boundary-off")`). Both builds are in the expansion, chosen where
// the using crate is compiled.

/// The storage: slots where the predicate fails, a plain field where it holds.
#[opaque(Send, off_if(any()))]
#[derive(Clone)]
pub struct Bridge(Vec<f32>);

/// A sync helper gets `#[cfg_attr(predicate, inline)]`; an async one is generated
/// twice, boxed and plain, each under its `cfg`.
#[outline(erased = Bridge, erase = into_bridge, erase_ref = as_bridge, restore = restore, D = rank, off_if(any()))]
impl<const D: usize> Tensor<D> {
    pub fn total(&self) -> f32 {
        self.inner().iter().sum()
    }

    pub async fn total_async(self) -> f32 {
        self.inner().iter().sum()
    }
}

/// A free function takes the switch too.
#[outline(off_if(any()))]
pub fn words(text: impl AsRef<str>) -> usize {
    text.split_whitespace().count()
}
