// The execution check's program, included by each leaf's `examples/agree.rs` after
// `use <leaf> as leaf;`: runs the shared user code on Burn's flex backend (the CPU)
// with the seed given, and prints each output, one a line, for `seam-report` to
// compare across the four leaves.

fn main() {
    let seed = std::env::args()
        .nth(1)
        .map_or(Ok(0), |s| s.parse::<u64>())
        .expect("the seed is a u64");
    let device = leaf::Device::from(burn_dispatch::devices::FlexDevice);
    let mut out = String::new();
    for value in leaf::run(&device, seed) {
        out.push_str(&format!("{value:e}\n"));
    }
    print!("{out}");
}
