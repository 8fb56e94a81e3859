use seam_macros::outline;

pub struct Grid;

trait Cells {
    fn cells(&self) -> usize;
}

// `impl Self`: no type to take a protocol from (found by the mutation test).
#[outline]
impl Self {
    pub fn get(&self) -> usize {
        1
    }
}

fn main() {}
