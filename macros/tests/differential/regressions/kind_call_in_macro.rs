// block: 0
// `K::f(..)` inside a macro's arguments (`assert_eq!`, `vec!`, `format!`) was left
// as written: rustc's "cannot find type `K`" in the helper.
#[outline] // outline-only
impl<const N: usize, K: Num> V<N, K> {
    pub fn b0_0(&self) -> Vec<i64> {
        assert_eq!(K::unit(), K::unit(), "{} {N}", K::name());
        let named = format!("{}{}", K::name(), K::combine(2i64, 3i64));
        vec![K::combine((named.len() as i64), K::unit()); N]
    }
}
// call: out.push(crate::call("b0: b0_0 at V<3, A>", || { let v = V::<3, A>::from_array([1i64, 2, 3]); let r = v.b0_0(); format!("{r:?}") }));
// call: out.push(crate::call("b0: b0_0 at V<2, B>", || { let v = V::<2, B>::from_array([1i64, 2]); let r = v.b0_0(); format!("{r:?}") }));
