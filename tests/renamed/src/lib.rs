//! seam-macros depended on as `seam` (`seam = { package = "seam-macros" }`): the
//! type's `crate = ::seam` is the path its protocol macro calls `#[outline]` back by,
//! for its impl blocks and its free functions. This crate has no `seam_macros` in
//! scope, so it compiles only if no generated path names it.

use seam::outline;

/// The erased form: the length at run time.
#[derive(Debug, Clone, PartialEq)]
pub struct DynRow {
    values: Vec<i64>,
}

impl DynRow {
    /// Reads `N` back (`N = len`).
    fn len(&self) -> usize {
        self.values.len()
    }
}

/// A row of `N` numbers, its protocol read from the struct (the conversions
/// generated beside it name no crate).
#[outline(crate = ::seam, N = len)]
#[derive(Debug, Clone, PartialEq)]
pub struct Row<const N: usize> {
    erased: DynRow,
}

#[outline]
impl<const N: usize> Row<N> {
    /// The row holding `values`.
    pub fn new(values: [i64; N]) -> Self {
        DynRow { values }
    }

    /// The numbers, each times `k`.
    pub fn scaled(self, k: i64) -> Self {
        DynRow {
            values: self.values.iter().map(|v| v * k).collect(),
        }
    }

    /// The sum of the numbers plus the length, `N` read at run time.
    pub fn sum_and_len(&self) -> i64 {
        self.values.iter().sum::<i64>() + N as i64
    }
}

/// The dot product of two rows: a free function under the type's protocol.
#[outline(Row)]
pub fn dot<const N: usize>(a: &Row<N>, b: &Row<N>) -> i64 {
    a.values.iter().zip(&b.values).map(|(x, y)| x * y).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outlined_methods_run_under_the_renamed_crate() {
        let row = Row::new([1, 2, 3]).scaled(2);
        assert_eq!(row.sum_and_len(), 2 + 4 + 6 + 3);
        assert_eq!(dot(&row, &Row::new([1, 1, 1])), 12);
    }
}
