//! Seeded random numbers for [`Tensor::random`](crate::Tensor::random), generated on
//! the host so that a seed gives the same tensor on every backend.

/// The distribution of [`Tensor::random`](crate::Tensor::random)'s elements.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Distribution {
    /// Uniform over `low..high`.
    Uniform {
        /// The smallest value that can come out.
        low: f64,
        /// The bound that never comes out.
        high: f64,
    },
    /// Normal (Gaussian) with this mean and standard deviation.
    Normal {
        /// The mean.
        mean: f64,
        /// The standard deviation.
        std: f64,
    },
}

impl Distribution {
    /// Uniform over `0..1`.
    pub const STANDARD_UNIFORM: Distribution = Distribution::Uniform { low: 0.0, high: 1.0 };
    /// Normal with mean 0 and standard deviation 1.
    pub const STANDARD_NORMAL: Distribution = Distribution::Normal { mean: 0.0, std: 1.0 };

    /// `count` samples drawn from a generator seeded with `seed`.
    ///
    /// # Panics
    ///
    /// If the `count` samples cannot be allocated (a panic, never an abort).
    pub(crate) fn sample(self, count: usize, seed: u64) -> Vec<f64> {
        let mut rng = SplitMix64(seed);
        let mut out = seam_backend::filled_vec(count, 0.0, &format_args!("{count} samples"));
        match self {
            Distribution::Uniform { low, high } => {
                out.fill_with(|| low + (high - low) * rng.unit());
            }
            Distribution::Normal { mean, std } => {
                // Box-Muller: two uniforms give two independent standard normals.
                for pair in out.chunks_mut(2) {
                    let (u1, u2) = (1.0 - rng.unit(), rng.unit()); // u1 in (0, 1]: ln(u1) is finite
                    let (r, theta) = ((-2.0 * u1.ln()).sqrt(), std::f64::consts::TAU * u2);
                    pair[0] = mean + std * r * theta.cos();
                    if let Some(second) = pair.get_mut(1) {
                        *second = mean + std * r * theta.sin();
                    }
                }
            }
        }
        out
    }
}

/// Steele, Lea and Flood's SplitMix64: a small, fast generator of 64-bit values
/// that passes BigCrush; plenty for initialising weights and drawing test data.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform value in `0..1`, from the top 53 bits.
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_are_reproducible_and_have_their_moments() {
        // Under Miri (which runs this for the unsafe code elsewhere) only a few
        // samples: enough for reproducibility, not for the moments.
        let n = if cfg!(miri) { 64 } else { 20_000 };
        let a = Distribution::STANDARD_NORMAL.sample(n, 7);
        // Miri perturbs the last bits of `ln`, `sin` and `cos` on purpose (they are
        // not exactly specified), so there the same seed is equal to within 1e-12.
        let again = Distribution::STANDARD_NORMAL.sample(n, 7);
        let tolerance = if cfg!(miri) { 1e-12 } else { 0.0 };
        assert!(a.iter().zip(&again).all(|(x, y)| (x - y).abs() <= tolerance));
        assert_ne!(a, Distribution::STANDARD_NORMAL.sample(n, 8));
        if cfg!(miri) {
            return;
        }
        let mean = a.iter().sum::<f64>() / n as f64;
        let var = a.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64;
        assert!(
            mean.abs() < 0.03 && (var - 1.0).abs() < 0.05,
            "mean {mean}, var {var}"
        );

        let u = Distribution::Uniform { low: -2.0, high: 4.0 }.sample(n, 1);
        assert!(u.iter().all(|&x| (-2.0..4.0).contains(&x)));
        let mean = u.iter().sum::<f64>() / n as f64;
        assert!((mean - 1.0).abs() < 0.05, "mean {mean}");
    }
}
