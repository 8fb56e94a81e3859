//! The seeded inputs every case runs on: two float tensors, two integer tensors and
//! a mask of one shape, per input set.

use burn_tensor::TensorData;

/// One input set.
pub struct Inputs {
    /// What is special about it, for messages.
    pub label: &'static str,
    /// Floats.
    pub x: TensorData,
    /// More floats, of the same shape.
    pub y: TensorData,
    /// Integers.
    pub xi: TensorData,
    /// More integers, none zero (a divisor).
    pub yi: TensorData,
    /// Booleans.
    pub mask: TensorData,
}

/// The input sets: a plain 2x3, size-1 dims both ways, an empty dim, and floats
/// with NaN and infinities.
pub fn sets() -> Vec<Inputs> {
    vec![
        make("2x3", [2, 3], 1, false),
        make("1x4", [1, 4], 2, false),
        make("3x1", [3, 1], 3, false),
        make("3x3 with NaN and infinities", [3, 3], 4, true),
        make("0x3 (empty)", [0, 3], 5, false),
    ]
}

fn make(label: &'static str, shape: [usize; 2], seed: u64, special: bool) -> Inputs {
    let n = shape[0] * shape[1];
    let mut next = SplitMix(seed);
    let mut floats = |nan: bool| -> Vec<f32> {
        (0..n)
            .map(|i| match (nan, i % 5) {
                (true, 1) => f32::NAN,
                (true, 3) => f32::INFINITY,
                (true, 4) if i % 2 == 0 => f32::NEG_INFINITY,
                _ => (next.unit() * 4.0 - 2.0) as f32,
            })
            .collect()
    };
    let x = floats(special);
    let y = floats(false);
    let xi: Vec<i64> = (0..n).map(|_| (next.unit() * 11.0) as i64 - 5).collect();
    let yi: Vec<i64> = (0..n)
        .map(|_| {
            let v = (next.unit() * 9.0) as i64 - 4;
            if v == 0 { 3 } else { v }
        })
        .collect();
    let mask: Vec<bool> = (0..n).map(|_| next.unit() < 0.5).collect();
    Inputs {
        label,
        x: TensorData::new(x, shape),
        y: TensorData::new(y, shape),
        xi: TensorData::new(xi, shape),
        yi: TensorData::new(yi, shape),
        mask: TensorData::new(mask, shape),
    }
}

/// SplitMix64: the same stream for the same seed on every machine.
struct SplitMix(u64);

impl SplitMix {
    /// The next number in [0, 1).
    fn unit(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }
}
