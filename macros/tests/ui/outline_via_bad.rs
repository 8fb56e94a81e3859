use seam_macros::outline;

pub trait Position {
    fn position(self) -> isize;
}

pub struct Erased(Vec<f64>);

impl Erased {
    fn len(&self) -> usize {
        self.0.len()
    }
}

pub struct Row<const N: usize>(Erased);

impl<const N: usize> Row<N> {
    fn erase(self) -> Erased {
        self.0
    }
    fn erase_ref(&self) -> &Erased {
        &self.0
    }
    fn restore(erased: Erased) -> Self {
        Row(erased)
    }
}

// The helper's type is missing.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore, N = len,
          via(Position = to_isize))]
impl<const N: usize> Row<N> {
    pub fn get(&self, index: impl Position) -> f64 {
        self.0[0]
    }
}

fn main() {}
