//! Medians and ranges of repeated timings, ratios paired run by run, the exact
//! interval of a median, a drift slope, and a seeded shuffle for run orders.

/// A sample of repeated measurements (seconds, or any positive quantity).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Sample(pub Vec<f64>);

impl Sample {
    /// The median (the mean of the two middle values for an even count); NaN if empty.
    pub fn median(&self) -> f64 {
        let mut v = self.0.clone();
        v.sort_by(f64::total_cmp);
        match v.len() {
            0 => f64::NAN,
            n if n % 2 == 1 => v[n / 2],
            n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
        }
    }

    /// The smallest value; NaN if empty.
    pub fn min(&self) -> f64 {
        self.0.iter().copied().reduce(f64::min).unwrap_or(f64::NAN)
    }

    /// The largest value; NaN if empty.
    pub fn max(&self) -> f64 {
        self.0.iter().copied().reduce(f64::max).unwrap_or(f64::NAN)
    }

    /// `self[i] / base[i]` for each run `i`: runs taken side by side share the
    /// machine's state at that moment, so their ratio is steadier than a ratio of
    /// medians.
    ///
    /// # Panics
    ///
    /// If the samples have different lengths.
    pub fn paired_ratio(&self, base: &Sample) -> Sample {
        assert_eq!(
            self.0.len(),
            base.0.len(),
            "paired samples have one value per run"
        );
        Sample(self.0.iter().zip(&base.0).map(|(a, b)| a / b).collect())
    }
}

/// An interval for a median: the bounds and the probability that it covers the
/// true median.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    /// The lower bound.
    pub low: f64,
    /// The upper bound.
    pub high: f64,
    /// The coverage, at least the confidence asked for (0.95).
    pub coverage: f64,
}

impl Interval {
    /// Whether the interval lies wholly on one side of `x`.
    pub fn excludes(&self, x: f64) -> bool {
        self.high < x || self.low > x
    }
}

impl Sample {
    /// The distribution-free interval of the median at confidence `level` (the sign
    /// test's): the `k`-th smallest and `k`-th largest values, `k` the largest for
    /// which the binomial tails `2 P(B(n, 1/2) < k)` stay within `1 - level`. `None`
    /// when there are too few values for any such `k` (under 6 at 0.95).
    pub fn median_interval(&self, level: f64) -> Option<Interval> {
        let n = self.0.len();
        let mut v = self.0.clone();
        v.sort_by(f64::total_cmp);
        // P(B <= j) for j = 0.., accumulated in f64 (n is a few dozen at most).
        let mut below = 0.0; // P(B < k)
        let mut best = None;
        let mut pmf = 0.5f64.powi(n as i32); // P(B = 0)
        for k in 1..=n / 2 {
            below += pmf; // now P(B <= k - 1) = P(B < k)
            if 2.0 * below > 1.0 - level {
                break;
            }
            best = Some((k, 1.0 - 2.0 * below));
            pmf *= (n - (k - 1)) as f64 / k as f64;
        }
        best.map(|(k, coverage)| Interval {
            low: v[k - 1],
            high: v[n - k],
            coverage,
        })
    }

    /// The least-squares slope of the values against their index: how much a
    /// measurement drifts from one run to the next (units per run).
    pub fn drift(&self) -> f64 {
        let n = self.0.len() as f64;
        let mean_x = (n - 1.0) / 2.0;
        let mean_y = self.0.iter().sum::<f64>() / n;
        let (mut sxy, mut sxx) = (0.0, 0.0);
        for (i, y) in self.0.iter().enumerate() {
            let dx = i as f64 - mean_x;
            sxy += dx * (y - mean_y);
            sxx += dx * dx;
        }
        sxy / sxx
    }
}

/// A seeded generator (SplitMix64) for run orders that can be replayed.
#[derive(Debug, Clone)]
pub struct Shuffler(u64);

impl Shuffler {
    /// The generator for `seed`.
    pub fn new(seed: u64) -> Self {
        Shuffler(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A random order of `0..n` (Fisher-Yates).
    pub fn order(&mut self, n: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_interval_is_the_sign_tests() {
        // n = 15: P(B <= 3) = 576 / 32768, so k = 4 and the coverage is 96.48%.
        let sample = Sample((1..=15).map(f64::from).collect());
        let interval = sample.median_interval(0.95).expect("15 values suffice");
        assert_eq!((interval.low, interval.high), (4.0, 12.0));
        assert!((interval.coverage - (1.0 - 2.0 * 576.0 / 32768.0)).abs() < 1e-12);
        assert!(interval.excludes(3.5) && interval.excludes(12.5) && !interval.excludes(8.0));
        // n = 6: k = 1, coverage 1 - 2/64; n = 5 has no 95% interval.
        let six = Sample(vec![6.0, 1.0, 5.0, 2.0, 4.0, 3.0])
            .median_interval(0.95)
            .unwrap();
        assert_eq!((six.low, six.high), (1.0, 6.0));
        assert!(Sample(vec![1.0; 5]).median_interval(0.95).is_none());
    }

    #[test]
    fn drift_is_the_slope_per_run() {
        assert!((Sample(vec![1.0, 1.5, 2.0, 2.5]).drift() - 0.5).abs() < 1e-12);
        assert!(Sample(vec![2.0, 1.0, 2.0, 1.0, 2.0]).drift().abs() < 1e-12);
    }

    #[test]
    fn orders_are_permutations_replayed_by_the_seed() {
        let mut a = Shuffler::new(7);
        let mut b = Shuffler::new(7);
        let orders: Vec<Vec<usize>> = (0..20).map(|_| a.order(4)).collect();
        assert_eq!(orders, (0..20).map(|_| b.order(4)).collect::<Vec<_>>());
        for order in &orders {
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, vec![0, 1, 2, 3]);
        }
        // Not one fixed order.
        assert!(orders.iter().any(|o| o != &orders[0]));
    }

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(Sample(vec![3.0, 1.0, 2.0]).median(), 2.0);
        assert_eq!(Sample(vec![4.0, 1.0, 3.0, 2.0]).median(), 2.5);
        assert!(Sample(vec![]).median().is_nan());
    }

    #[test]
    fn range_and_paired_ratio() {
        let on = Sample(vec![1.0, 2.0, 4.0]);
        let off = Sample(vec![5.0, 8.0, 12.0]);
        assert_eq!((on.min(), on.max()), (1.0, 4.0));
        assert_eq!(off.paired_ratio(&on), Sample(vec![5.0, 4.0, 3.0]));
        assert_eq!(off.paired_ratio(&on).median(), 4.0);
    }
}
