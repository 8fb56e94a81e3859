//! What `Tensor::pad` takes (burn-tensor's `IntoPadding`): `(before, after)` pairs, for
//! the last dims when there are fewer pairs than dims.

/// Padding for a rank-`D` tensor: one `(before, after)` pair per dim. Fewer pairs than
/// dims pad the last dims; the tuple `(left, right, top, bottom)` pads the last two.
pub trait IntoPadding<const D: usize> {
    /// The pair of each of the `D` dims.
    fn into_padding(self) -> [(usize, usize); D];
}

/// The pairs `pairs` yields, for the last dims of `D`: panics if there are more than `D`.
fn last_dims<const D: usize>(count: usize, pairs: impl IntoIterator<Item = (usize, usize)>) -> [(usize, usize); D] {
    crate::check::pad_pairs("pad", count, D);
    let mut padding = [(0, 0); D];
    for (slot, pair) in padding[D - count..].iter_mut().zip(pairs) {
        *slot = pair;
    }
    padding
}

impl<const D: usize, const N: usize> IntoPadding<D> for [(usize, usize); N] {
    fn into_padding(self) -> [(usize, usize); D] {
        last_dims(N, self)
    }
}

impl<const D: usize> IntoPadding<D> for &[(usize, usize)] {
    fn into_padding(self) -> [(usize, usize); D] {
        last_dims(self.len(), self.iter().copied())
    }
}

impl<const D: usize> IntoPadding<D> for Vec<(usize, usize)> {
    fn into_padding(self) -> [(usize, usize); D] {
        last_dims(self.len(), self)
    }
}

/// `(left, right, top, bottom)`: the last dim gets `(left, right)`, the one before it
/// `(top, bottom)`.
impl<const D: usize> IntoPadding<D> for (usize, usize, usize, usize) {
    fn into_padding(self) -> [(usize, usize); D] {
        let (left, right, top, bottom) = self;
        last_dims(2, [(top, bottom), (left, right)])
    }
}
