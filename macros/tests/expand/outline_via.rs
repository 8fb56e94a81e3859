// A conversion the library declares: an argument bounded by `Position` reaches the
// helper as an `isize`, converted in the wrapper by `to_isize`; a result of a
// `Position` type parameter comes back through `from_isize`.

#[outline(erased = Bridge, erase = into_bridge, erase_ref = as_bridge, restore = restore,
          N = len, via(Position: isize = (to_isize, from_isize)))]
impl<const N: usize> Row<N> {
    /// The element at `index`, from the end when negative.
    pub fn get<I: Position>(&self, index: I) -> f64 {
        let at = if index < 0 { N as isize + index } else { index };
        self.0[at as usize]
    }

    /// The sum at some positions: a slice of `impl Position` is a `&[isize]` in the
    /// helper, collected by the wrapper.
    pub fn sum_of(&self, at: &[impl Position]) -> f64 {
        at.iter().map(|&i| self.0[i as usize]).sum()
    }

    /// The last position, as the caller's index type.
    pub fn last<P: Position>(&self) -> P {
        N as isize - 1
    }
}
