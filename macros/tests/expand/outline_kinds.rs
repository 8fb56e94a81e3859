// Closed-kind dispatch: each kind trait lists the types that implement it, next to
// its impls; `K::add(..)` in a body becomes, in the helper, a call of `Numeric`'s
// dispatch macro, a `match` on `K::TAG`'s run-time value with an arm per type it
// lists; `K::zeros(..)`, of its supertrait `Basic`, the same with `Numeric` in scope
// (and `Basic`, which this module has).

/// What every kind does.
#[outline(kinds(Real, Whole))]
pub trait Basic: 'static {
    fn zeros(len: usize) -> Vec<f64>;
}

/// The kinds with arithmetic; `TAG` is the kind as a value.
#[outline(kinds(Real, Whole))]
pub trait Numeric: Basic {
    const TAG: Tag;
    fn add(a: Vec<f64>, b: Vec<f64>) -> Vec<f64>;
}

#[outline(erased = Bridge, erase = into_bridge, erase_ref = as_bridge, restore = restore,
          K::TAG: Tag = tag)]
impl<K: Numeric> Column<K> {
    /// Element-wise sum, in the kind's arithmetic.
    pub fn add(self, rhs: Self) -> Self {
        Bridge {
            tag: K::TAG,
            values: K::add(self.values, rhs.values),
        }
    }

    /// Zeros of the column's length: a supertrait's function.
    pub fn zeroed(self) -> Self {
        Bridge {
            tag: K::TAG,
            values: K::zeros(self.values.len()),
        }
    }
}
