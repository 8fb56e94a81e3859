// Methods of every form whose page rustdoc renders, the same text with `#[outline]`
// and without it (as in `cases.rs`): each should render as written, and no
// generated item should show.

// case: forms
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    /// The sum, by a future.
    pub async fn d_total_async(&self) -> f32 {
        self.sum()
    }

    /// The sum of the first `count`, by a future that borrows `label`.
    pub async fn d_labelled(&self, label: &str, count: usize) -> String {
        format!("{label}: {}", self.get(count))
    }

    /// A future built by a plain `fn`.
    pub fn d_future(&self) -> impl std::future::Future<Output = f32> + Send {
        let total = self.sum();
        async move { total }
    }

    /// Scales in place.
    pub fn d_scale(&mut self, k: impl Into<f32>) {
        let k = k.into();
        for i in 0..N {
            let v = self.get(i);
            self.set(i, v * k);
        }
    }

    /// A borrowed element with a named lifetime.
    pub fn d_first<'a>(&'a self, fallback: &'a f32) -> f32 {
        if N == 0 { *fallback } else { self.get(0) }
    }

    /// Maps by a closure.
    pub fn d_map(self, f: impl Fn(f32) -> f32) -> Self {
        let mut out = self.clone();
        for i in 0..N {
            out.set(i, f(self.get(i)));
        }
        out
    }

    /// Scaled by a factor of the caller's.
    pub fn d_scaled_by<const K: usize>(self) -> Self {
        self.scaled(K as f32)
    }

    /// The values.
    pub fn d_values(&self) -> Vec<f32> {
        (0..N).map(|i| self.get(i)).collect()
    }
}
