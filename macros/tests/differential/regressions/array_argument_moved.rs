// block: 0
// An `[i64; N]` argument is a `Vec<i64>` in the helper, which is not `Copy` as the
// array is: used after it is moved, it is rustc's E0382 at the use (documented in
// doc/outline.md's errors; pass a clone).
#[outline] // outline-only
impl<const N: usize, K: Num> V<N, K> {
    pub fn b0_0(&self, a0: [i64; N]) -> usize {
        let _r = a0; let _s = a0.len(); // refused: borrow of moved value
        N
    }
}
