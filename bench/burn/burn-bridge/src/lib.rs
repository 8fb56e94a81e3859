//! burn-bridge: the seed's user code over Burn 0.22.1's own `burn::tensor::Tensor`,
//! whose generic methods touch only the type-erased `BridgeTensor` and call
//! non-generic `*_impl` functions compiled in burn-tensor: Burn's hand-written
//! boundary, the anchor of the comparison.

pub use burn::tensor::{Device, Tensor, TensorData};

/// Tensor type used by the shared user code.
pub type T<const D: usize> = Tensor<D>;

/// A rank-`D` tensor of shape [2; D] on `device`, holding `inputs(seed, 2^D)`.
pub fn make<const D: usize>(device: &Device, seed: u64) -> T<D> {
    Tensor::<D>::from_data(TensorData::new(inputs(seed, 1 << D), [2usize; D]), device)
}

/// The elements of `t`, in row-major order.
pub fn values<const D: usize>(t: T<D>) -> Vec<f32> {
    t.into_data().try_to_vec::<f32>().expect("a float tensor")
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
                // A matrix product needs two dims: at rank 1 the chain goes on without it.
                if D >= 2 {
                    c = c.matmul(b.clone().transpose());
                }
                c = c.sum_dim(0);
                c = c.mean_dim(0);
                c = c.swap_dims(0, D - 1);
                c + a
            }
        )*

        /// Every step at ranks 1 to 4 on seeded inputs ([`inputs`]), the outputs
        /// one after another.
        pub fn run(device: &Device, seed: u64) -> Vec<f32> {
            let mut out = Vec::new();
            let mut next = seed;
            let mut pair = || {
                next += 2;
                (next, next + 1)
            };
            $(
                let (a, b) = pair();
                out.extend(values($name::<1>(make::<1>(device, a), make::<1>(device, b))));
                let (a, b) = pair();
                out.extend(values($name::<2>(make::<2>(device, a), make::<2>(device, b))));
                let (a, b) = pair();
                out.extend(values($name::<3>(make::<3>(device, a), make::<3>(device, b))));
                let (a, b) = pair();
                out.extend(values($name::<4>(make::<4>(device, a), make::<4>(device, b))));
            )*
            out
        }
    };
}

/// `len` inputs drawn from `seed` (SplitMix64), in [0.5, 1.5): positive, so that
/// the chain's `/` and `log` stay finite.
pub fn inputs(seed: u64, len: usize) -> Vec<f32> {
    let mut state = seed;
    (0..len)
        .map(|_| {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^= z >> 31;
            0.5 + (z >> 40) as f32 / (1u64 << 24) as f32
        })
        .collect()
}

steps!(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15);
// ---- END SHARED USER CODE ----
