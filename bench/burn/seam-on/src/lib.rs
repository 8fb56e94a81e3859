//! The seed's user code over `seam-burn-tensor`'s `Tensor`: with its boundary on
//! (`seam-on`) or off (`seam-off`, which builds this very file).

pub use seam_burn_tensor::{Device, Tensor};

/// Tensor type used by the shared user code.
pub type T<const D: usize> = Tensor<D>;

/// Build a rank-`D` tensor of shape [2; D] on `device`.
pub fn make<const D: usize>(device: &Device) -> T<D> {
    Tensor::<D>::zeros([2usize; D], device)
}

// ---- BEGIN SHARED USER CODE (identical in the four crates) ----
macro_rules! steps {
    ($($name:ident),* $(,)?) => {
        $(
            pub fn $name<const D: usize>(a: T<D>, b: T<D>) -> T<D> {
                let mut c = a.clone() + b.clone();
                c = c * b.clone();
                c = c - a.clone();
                c = c.exp();
                c = c.log();
                c = -c;
                c = c / b.clone();
                c = c.matmul(b.clone().transpose());
                c = c.sum_dim(0);
                c = c.mean_dim(0);
                c = c.swap_dims(0, D - 1);
                c + a
            }
        )*

        pub fn run(device: &Device) {
            $(
                let _ = $name::<1>(make::<1>(device), make::<1>(device));
                let _ = $name::<2>(make::<2>(device), make::<2>(device));
                let _ = $name::<3>(make::<3>(device), make::<3>(device));
                let _ = $name::<4>(make::<4>(device), make::<4>(device));
            )*
        }
    };
}

steps!(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15);
// ---- END SHARED USER CODE ----
