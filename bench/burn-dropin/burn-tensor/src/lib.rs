//! burn-tensor 0.22.1, as a name: every item is seam-burn-tensor's. With this package
//! in `[patch.crates-io]`, crates that depend on `burn-tensor = "0.22.1"` (burn-core,
//! and through it burn-nn, burn-optim, burn-linalg) build on the tensor API whose
//! boundary `seam-macros` made. See `bench/burn-dropin/README.md`.

pub use seam_burn_tensor::*;
