// Deliberate mistakes inside method bodies, the same text with `#[outline]` and
// without it (the harness drops the lines marked `outline-only`). Each case is a
// block of its own, from its `// case:` line; the harness compares rustc's
// diagnostics case by case.

// case: arity
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub fn c_width() -> usize {
        N
    }

    pub fn c_arity() -> usize {
        Self::c_width(0.0)
    }
}

// case: const generic used as a value of another type
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub fn c_const_value(&self) -> u32 {
        let n: u32 = N;
        n
    }
}

// case: mutation through &self
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub fn c_mutate_shared(&self) {
        self.set(0, 1.0);
    }
}

// case: self used after a move
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub fn c_use_after_move(self) -> f32 {
        let scaled = self.scaled(2.0);
        scaled.get(0) + self.get(0)
    }
}

// case: async body of the wrong type
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub async fn c_async_type(&self) -> usize {
        self.total().await
    }
}

// case: private method from a body
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub fn c_private(&self) -> usize {
        self.private_len()
    }
}

// case: wrong result type
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub fn c_result_type(&self) -> f32 {
        N
    }
}

// case: unknown method
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub fn c_unknown_method(&self) -> f32 {
        self.product()
    }
}

// case: wrong argument type
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub fn c_argument_type(&self) -> f32 {
        self.get(1.5)
    }
}

// case: wrong argument count on a method
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub fn c_method_arity(&self) -> f32 {
        self.get()
    }
}

// case: unused variable
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub fn c_unused_variable(&self) -> f32 {
        let unused = 3;
        self.sum()
    }
}

// case: unneeded mut self
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub fn c_unused_mut_self(mut self) -> f32 {
        self.sum()
    }
}

// case: receiver-less method of another block
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub fn c_other_block() -> Self {
        Self::zeros()
    }
}

// case: private method of the same block
#[outline] // outline-only
impl<const N: usize> Vector<N> {
    pub fn c_private_same_block(&self) -> usize {
        self.c_count() + 1
    }

    fn c_count(&self) -> usize {
        N
    }
}
