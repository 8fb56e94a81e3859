use seam_macros::outline;

pub struct Plain(Vec<f64>);

// A type that declares no protocol: rustc finds no macro of that name, at the type.
#[outline(Plain)]
pub fn first(p: Plain) -> f64 {
    p.0[0]
}

// No such type at all.
#[outline(Missing)]
pub fn second() -> f64 {
    0.0
}

fn main() {}
