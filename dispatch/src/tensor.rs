//! A tensor of any enabled backend.

use seam_backend::Backend;

/// A tensor of one of the enabled backends.
#[derive(Clone, Debug)]
pub enum DispatchTensor {
    /// A tensor of the pure-Rust CPU backend.
    #[cfg(feature = "cpu")]
    Cpu(<seam_cpu::Cpu as Backend>::Tensor),
}

impl DispatchTensor {
    /// The name of the backend this tensor belongs to.
    pub fn backend_name(&self) -> &'static str {
        with_tensor!(self, |_t| B::name())
    }
}
