use seam_macros::outline;

pub trait Position {
    fn position(self) -> isize;
}

fn to_isize(index: impl Position) -> isize {
    index.position()
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

// A `via` conversion goes into the helper only: it cannot make a result.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore, N = len,
          via(Position: isize = to_isize))]
impl<const N: usize> Row<N> {
    pub fn largest<I: Position>(&self, candidates: [I; N]) -> [I; N] {
        candidates
    }
}

fn main() {}
