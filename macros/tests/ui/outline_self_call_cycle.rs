// `Self::f(..)` of a receiver-less method of the same block that is not callable:
// two that call each other get the cycle's error at each call; a call of one whose
// body has errors of its own gets nothing more than those errors.
use seam_macros::outline;

#[outline(N = len)]
pub struct Row<const N: usize> {
    erased: Vec<f64>,
}

#[outline]
impl<const N: usize> Row<N> {
    pub fn ping(n: usize) -> usize {
        if n == 0 { N } else { Self::pong(n - 1) }
    }

    pub fn pong(n: usize) -> usize {
        Self::ping(n)
    }

    pub fn broken() -> usize {
        let zeros = [0u8; N];
        zeros.len()
    }

    pub fn calls_broken() -> usize {
        Self::broken() + 1
    }
}

fn main() {}
