// block: 0
// A free function over the type with its kind parameter: `K::f(..)` was refused as a
// generic parameter (and rustc's "cannot find type `K`" inside a macro's arguments).
#[outline(V)] // outline-only
pub fn b0_0<const N: usize, K: Num>(this: &V<N, K>, x: i64) -> String {
    assert!(K::name().len() == 1, "{}", K::name());
    format!("{}:{}:{}", K::name(), K::combine(x, (K::KIND as i64)), this.data.len())
}
// call: out.push(crate::call("b0: b0_0 at V<2, A>", || { let r = b0_0(&V::<2, A>::from_array([1i64, 2]), 3i64); format!("{r:?}") }));
// call: out.push(crate::call("b0: b0_0 at V<1, B>", || { let r = b0_0(&V::<1, B>::from_array([4i64]), 3i64); format!("{r:?}") }));
