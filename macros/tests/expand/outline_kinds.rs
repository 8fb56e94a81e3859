// Closed-kind dispatch: `K::add(..)` in a body becomes, in the helper, a `match` on
// `K::TAG`'s run-time value with an arm per type that `kinds(..)` lists for `Numeric`;
// `K::zeros(..)`, of its supertrait `Basic`, an arm per type with the declared traits
// in scope (the block's module imports `Basic`).

#[outline(erased = Bridge, erase = into_bridge, erase_ref = as_bridge, restore = restore,
          K::TAG: Tag = tag, kinds(Numeric = [Real, Whole]))]
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
