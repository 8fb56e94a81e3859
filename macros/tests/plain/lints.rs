// Methods that Clippy's pedantic and nursery lints have something to say about, the
// same text with `#[outline]` and without it (as in `cases.rs`): each lint should
// fire once, at the user's token, either way.

// case: must_use_candidate
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub fn l_total(&self) -> f32 {
        self.sum() * 2.0
    }
}

// case: return_self_not_must_use
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub fn l_doubled(self) -> Self {
        self.scaled(2.0)
    }
}

// case: self by value, not consumed
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub fn l_by_value(self) -> f32 {
        self.sum()
    }
}

// case: unused_async
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub async fn l_async(&self) -> f32 {
        self.sum()
    }
}

// case: too_many_arguments
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    #[allow(clippy::must_use_candidate)]
    pub fn l_many(&self, a: f32, b: f32, c: f32, d: f32, e: f32, f: f32, g: f32) -> f32 {
        self.sum() + a + b + c + d + e + f + g
    }
}

// case: missing_const_for_fn
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    #[allow(clippy::must_use_candidate)]
    pub fn l_could_be_const(&self) -> usize {
        N
    }
}

// case: non_snake_case
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    #[allow(clippy::must_use_candidate)]
    pub fn l_Total(&self) -> f32 {
        self.sum()
    }
}

// case: a called `mut f: impl FnMut` (nothing to say)
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub fn l_each(&self, mut f: impl FnMut(f32)) {
        for i in 0..N {
            f(self.get(i));
        }
    }
}

// case: needless_pass_by_value
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    #[allow(clippy::must_use_candidate)]
    pub fn l_label(&self, label: String) -> usize {
        label.len() + N
    }
}

// case: unused_self
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    #[allow(clippy::must_use_candidate, clippy::missing_const_for_fn)]
    pub fn l_width(&self) -> usize {
        N
    }
}
