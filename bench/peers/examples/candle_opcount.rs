//! candle's side of `seam-bench`'s `opcount`: the loop of a per-op case, to run
//! under callgrind twice (1,000 and 2,000 times) so that the difference over 1,000
//! is candle's instructions per op, set beside seam's figure for the same case.
//!
//! ```sh
//! cargo build --release --manifest-path bench/peers/Cargo.toml --example candle_opcount
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     bench/peers/target/release/examples/candle_opcount 1000 add   # then 2000; or `chain`
//! ```
//!
//! The cases are `bench/peers`' own: `add`, `&a + &b` of 1 element; `chain`, the
//! 10-op chain of 4x4 matrices.

use candle_core::{Device, Result, Tensor};
use std::hint::black_box;

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [n, case] = &args[..] else {
        panic!("usage: candle_opcount LOOPS add|chain");
    };
    let n: u64 = n.parse().expect("LOOPS is a count");
    let device = Device::Cpu;
    // Contiguous, as `bench/peers`' inputs (candle's `full` gives a broadcast view).
    let filled =
        |value: f32, dims: &[usize]| Tensor::from_vec(vec![value; dims.iter().product()], dims, &device);
    match case.as_str() {
        "add" => {
            let (a, b) = (filled(1.0, &[1])?, filled(2.0, &[1])?);
            for _ in 0..n {
                black_box((&a + &b)?);
            }
        }
        "chain" => {
            let (x, w, c) = (
                filled(1.0, &[4, 4])?,
                filled(2.0, &[4, 4])?,
                filled(3.0, &[4, 4])?,
            );
            for _ in 0..n {
                let h = (x.matmul(&w)? + &c)?;
                let h = h.relu()?.affine(0.5, 0.1)?;
                let h = (&h * &h)?.exp()?;
                black_box(candle_nn::ops::softmax_last_dim(&h)?.t()?.sum_keepdim(0)?);
            }
        }
        other => panic!("no case {other}: add or chain"),
    }
    Ok(())
}
