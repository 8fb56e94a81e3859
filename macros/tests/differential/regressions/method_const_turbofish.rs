// block: 0
// A body calls a method with a const generic its body does not use, naming it as
// plain code must: the forwarding method declared none, so `::<2>` was E0107.
#[outline] // outline-only
impl<const N: usize, K: Num> V<N, K> {
    pub fn b0_0<const M: usize>(&self) -> i64 {
        self.data.len() as i64
    }
    pub fn b0_1(&self) -> i64 {
        self.b0_0::<2>()
    }
}
// call: out.push(crate::call("b0: b0_1 at V<2, A>", || { let v = V::<2, A>::from_array([1i64, 2]); let r = v.b0_1(); format!("{r:?}") }));
