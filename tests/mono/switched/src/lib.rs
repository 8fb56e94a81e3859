//! A second library using `seam-macros`, with a switch of its own:
//! `off_if(feature = "boundary-off")`. `seam-mono-user` depends on it with that
//! feature on and on `seam-mono` without any, in one build, and
//! `tests/boundary/tests/mono.rs` checks that only this crate's helper is compiled
//! downstream: turning one crate's boundary off changes no other crate.

use seam_macros::{opaque, outline};

/// The erased form: a length at run time, in opaque storage.
#[opaque(off_if(feature = "boundary-off"))]
#[derive(Clone)]
pub struct DynRow(Vec<f32>);

impl DynRow {
    fn len(&self) -> usize {
        self.inner().len()
    }
}

/// `N` numbers.
#[outline(
    erased = DynRow,
    erase = erase,
    erase_ref = erase_ref,
    restore = restore,
    N = len,
    off_if(feature = "boundary-off"),
)]
#[derive(Clone)]
pub struct Row<const N: usize>(DynRow);

impl<const N: usize> Row<N> {
    fn erase(self) -> DynRow {
        self.0
    }
    fn erase_ref(&self) -> &DynRow {
        &self.0
    }
    fn restore(erased: DynRow) -> Self {
        assert_eq!(erased.len(), N, "a row restored at the wrong length");
        Row(erased)
    }
}

#[outline]
impl<const N: usize> Row<N> {
    /// `N` copies of `value`.
    pub fn row_filled(value: impl Into<f32>) -> Self {
        DynRow::from_inner(vec![value; N])
    }

    /// How many numbers.
    pub fn row_len(&self) -> usize {
        N
    }

    /// The sum of the numbers.
    pub fn row_total(self) -> f32 {
        self.inner().iter().sum()
    }
}
