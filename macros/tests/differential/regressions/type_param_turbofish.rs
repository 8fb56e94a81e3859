// block: 0
// A method with a const generic and a type parameter, called from a body with
// `::<2, _>`: the forwarding method took the argument as `impl Into<i64>`, so it had
// one generic parameter and the call was E0107.
#[outline] // outline-only
impl<const N: usize, K: Num> V<N, K> {
    pub fn b0_0<const M: usize, T: Into<i64>>(&self, x: T) -> i64 {
        let x: i64 = x.into();
        x.wrapping_add(M as i64)
    }
    pub fn b0_1(&self) -> i64 {
        self.b0_0::<2, _>(3i32)
    }
}
// call: out.push(crate::call("b0: b0_1 at V<1, B>", || { let v = V::<1, B>::from_array([5i64]); let r = v.b0_1(); format!("{r:?}") }));
