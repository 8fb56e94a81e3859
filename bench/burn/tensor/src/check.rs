//! The checks burn-tensor makes before calling its bridge, made here inside the
//! helpers (plain functions, compiled once). Each panic names the op, the shapes or
//! dims at fault and what would be valid.

use burn_std::Shape;

/// `index` as a dim of a rank-`rank` tensor: negative ones count from the end.
pub(crate) fn dim(op: &str, index: isize, rank: usize) -> usize {
    let wrapped = if index < 0 { index + rank as isize } else { index };
    assert!(
        (0..rank as isize).contains(&wrapped),
        "{op}: dim {index} is out of range for a tensor of rank {rank} (valid: -{rank}..{rank})"
    );
    wrapped as usize
}

/// Panics unless `lhs` and `rhs` broadcast together, dim by dim.
pub(crate) fn broadcast(op: &str, lhs: &Shape, rhs: &Shape) {
    let (a, b) = (lhs.as_slice(), rhs.as_slice());
    let fits = a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y || *x == 1 || *y == 1);
    assert!(
        fits,
        "{op}: shapes {a:?} and {b:?} do not broadcast: each dim must be equal, or 1 in one of them"
    );
}

/// Panics unless `lhs @ rhs` is defined: the inner dims agree and the batch dims
/// broadcast.
pub(crate) fn matmul(lhs: &Shape, rhs: &Shape) {
    let (x, y) = (lhs.as_slice(), rhs.as_slice());
    let n = x.len();
    let fits = n >= 2
        && n == y.len()
        && x[n - 1] == y[n - 2]
        && x[..n - 2].iter().zip(&y[..n - 2]).all(|(p, q)| p == q || *p == 1 || *q == 1);
    assert!(
        fits,
        "matmul: shapes {x:?} and {y:?} do not multiply: the last dim of the left must equal the \
         second-to-last of the right, and the batch dims broadcast"
    );
}

/// Panics unless a shape created for a rank-`D` tensor has `D` dims.
pub(crate) fn creation(op: &str, shape: &Shape, rank: usize) {
    assert!(
        shape.num_dims() == rank,
        "{op}: a shape of {} dims ({:?}) for a tensor of rank {rank}",
        shape.num_dims(),
        shape.as_slice()
    );
}
