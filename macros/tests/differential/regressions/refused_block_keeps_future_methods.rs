// block: 0
// After a refused line, the block is emitted with its signatures and bodies of
// `unreachable!()`; a method returning `impl Future` was left out instead, so each
// call of it was one more error ("no function named `b0_1`").
#[outline] // outline-only
impl<const N: usize, K: Num> V<N, K> {
    pub fn b0_0(&self) -> i64 {
        let _r = [0i64; N]; // refused: generic parameter `N` used in a const position
        7
    }
    pub fn b0_1(x: i64) -> impl core::future::Future<Output = i64> + Send {
        let out = x.wrapping_add(N as i64); async move { out }
    }
}
// call: out.push(crate::call("b0: b0_1 at V<2, A>", || { let r = crate::block_on(V::<2, A>::b0_1(3i64)); format!("{r:?}") }));
