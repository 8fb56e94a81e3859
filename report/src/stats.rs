//! Medians and ranges of repeated timings, and ratios paired run by run.

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

#[cfg(test)]
mod tests {
    use super::*;

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
