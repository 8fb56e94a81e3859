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

/// The input sets: a plain 2x3, size-1 dims both ways, empty dims both ways, floats
/// with NaN and infinities in both operands (at different places), and integers
/// past 2^53 and at `i64::MIN` / `i64::MAX`. Every case also reshapes them to ranks
/// 1, 3 and 4 where it says so (`ranks.rs`).
pub fn sets() -> Vec<Inputs> {
    vec![
        make("2x3", [2, 3], 1, Special::None),
        make("1x4", [1, 4], 2, Special::None),
        make("3x1", [3, 1], 3, Special::None),
        make("3x3 with NaN and infinities", [3, 3], 4, Special::NanAndInfinities),
        make("0x3 (empty)", [0, 3], 5, Special::None),
        make("3x0 (empty)", [3, 0], 6, Special::None),
        make("2x2 with integers past 2^53", [2, 2], 7, Special::LargeIntegers),
    ]
}

/// What a set holds beyond small seeded values.
#[derive(Clone, Copy, PartialEq)]
enum Special {
    None,
    /// NaN, +inf and -inf in `x`, and in `y` at other places.
    NanAndInfinities,
    /// `xi` holds `i64::MAX`, `i64::MIN` and values past 2^53.
    LargeIntegers,
}

fn make(label: &'static str, shape: [usize; 2], seed: u64, special: Special) -> Inputs {
    let n = shape[0] * shape[1];
    let mut next = SplitMix(seed);
    let mut floats = |offset: usize| -> Vec<f32> {
        (0..n)
            .map(|i| match (special == Special::NanAndInfinities, (i + offset) % 5) {
                (true, 1) => f32::NAN,
                (true, 3) => f32::INFINITY,
                (true, 4) if i % 2 == 0 => f32::NEG_INFINITY,
                _ => (next.unit() * 4.0 - 2.0) as f32,
            })
            .collect()
    };
    let x = floats(0);
    let y = floats(2);
    let large = [i64::MAX, i64::MIN, (1 << 53) + 1, -(1 << 60) - 3];
    let xi: Vec<i64> = (0..n)
        .map(|i| match special {
            Special::LargeIntegers => large[i % large.len()],
            _ => (next.unit() * 11.0) as i64 - 5,
        })
        .collect();
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
