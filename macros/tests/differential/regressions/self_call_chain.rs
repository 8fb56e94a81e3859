// block: 0
// Receiver-less methods calling each other through `Self::` in a chain: only the
// last link was callable, and `Self::b0_1()` was refused as if `b0_1` were no method
// of the block.
#[outline] // outline-only
impl<const N: usize, K: Num> V<N, K> {
    pub fn b0_0() -> i64 {
        N as i64
    }
    pub fn b0_1() -> i64 {
        Self::b0_0().wrapping_add(K::KIND as i64)
    }
    pub fn b0_2() -> Self {
        let x = Self::b0_1();
        @new(Self)(vec![x; N], K::KIND)
    }
}
// call: out.push(crate::call("b0: b0_2 at V<3, B>", || { let r = V::<3, B>::b0_2(); format!("{r:?}") }));
