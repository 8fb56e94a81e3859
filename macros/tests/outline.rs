//! `#[outline]` on a second, non-tensor type: a fixed-size matrix whose erased form
//! is a dynamically sized one. Covers the receivers, argument and result forms,
//! calls between outlined bodies, `#[outline(skip)]`, associated consts as run-time
//! values, and `async fn`.

use core::marker::PhantomData;
use seam_macros::outline;

/// How the matrix stores its numbers, as a type.
pub trait Layout {
    /// The layout at run time.
    const ROW_MAJOR: bool;
}

/// Row-major storage.
#[derive(Clone, Debug, PartialEq)]
pub struct RowMajor;
impl Layout for RowMajor {
    const ROW_MAJOR: bool = true;
}

/// The erased form: sizes are run-time values.
#[derive(Clone, Debug, PartialEq)]
pub struct DynMatrix {
    rows: usize,
    cols: usize,
    row_major: bool,
    data: Vec<f64>,
}

impl DynMatrix {
    fn rows(&self) -> usize {
        self.rows
    }
    fn cols(&self) -> usize {
        self.cols
    }
    fn row_major(&self) -> bool {
        self.row_major
    }
}

/// An `R` x `C` matrix.
#[derive(Clone, Debug, PartialEq)]
pub struct Matrix<const R: usize, const C: usize, L: Layout = RowMajor> {
    erased: DynMatrix,
    layout: PhantomData<L>,
}

impl<const R: usize, const C: usize, L: Layout> Matrix<R, C, L> {
    fn erase(self) -> DynMatrix {
        self.erased
    }
    fn erase_ref(&self) -> &DynMatrix {
        &self.erased
    }
    fn restore(erased: DynMatrix) -> Self {
        assert_eq!((erased.rows, erased.cols), (R, C), "restored at the wrong size");
        Matrix {
            erased,
            layout: PhantomData,
        }
    }
}

#[outline(
    erased = DynMatrix,
    erase = erase,
    erase_ref = erase_ref,
    restore = restore,
    R = rows,
    C = cols,
    L::ROW_MAJOR: bool = row_major,
)]
impl<const R: usize, const C: usize, L: Layout> Matrix<R, C, L> {
    /// A matrix filled with `value`.
    pub fn filled(value: impl Into<f64>) -> Self {
        DynMatrix {
            rows: R,
            cols: C,
            row_major: L::ROW_MAJOR,
            data: vec![value; R * C], // already an `f64`: converted in the wrapper
        }
    }

    /// A matrix from row-major values.
    pub fn from_values(values: impl AsRef<[f64]>) -> Self {
        assert_eq!(values.len(), R * C, "from_values: need {} values", R * C);
        DynMatrix {
            rows: R,
            cols: C,
            row_major: L::ROW_MAJOR,
            data: values.to_vec(),
        }
    }

    /// Element `(r, c)`.
    pub fn get(&self, (r, c): (usize, usize)) -> f64 {
        self.data[r * C + c]
    }

    /// The transpose: a `C` x `R` matrix.
    pub fn transpose(self) -> Matrix<C, R, L> {
        let mut data = Vec::with_capacity(R * C);
        for c in 0..C {
            for r in 0..R {
                data.push(self.get((r, c)));
            }
        }
        DynMatrix {
            rows: C,
            cols: R,
            row_major: L::ROW_MAJOR,
            data,
        }
    }

    /// Elementwise sum with another matrix of the same size, taken by reference.
    pub fn add(mut self, rhs: &Self) -> Self {
        for (a, b) in self.data.iter_mut().zip(&rhs.data) {
            *a += b;
        }
        self
    }

    /// `self + self^T^T`: calls two outlined methods on erased values.
    pub fn double(self) -> Self {
        let twice = self.clone().transpose().transpose();
        self.add(&twice)
    }

    /// Scales each element, with a mutable argument pattern.
    pub fn scaled(self, mut factor: f64) -> Self {
        factor *= 1.0;
        DynMatrix {
            data: self.data.iter().map(|v| v * factor).collect(),
            ..self
        }
    }

    /// The sum of all elements, computed in an async helper.
    pub async fn sum_async(&self) -> f64 {
        self.data.iter().sum()
    }

    /// The elementwise sum of several matrices (`Vec<Self>` in), or `None` if there
    /// are none (`Option<Self>` out).
    pub fn sum_all(matrices: Vec<Self>) -> Option<Self> {
        let mut iter = matrices.into_iter();
        let first = iter.next()?;
        Some(iter.fold(first, |acc, m| acc.add(&m)))
    }

    /// `self`, or `other` when given (`Option<Self>` in).
    pub fn or_else_given(self, other: Option<Self>) -> Self {
        other.unwrap_or(self)
    }

    /// Copies of `self` (`Vec<Self>` out).
    pub fn copies(self, n: usize) -> Vec<Self> {
        vec![self; n]
    }

    /// The size as an array: stays generic.
    #[outline(skip)]
    pub fn size(&self) -> [usize; 2] {
        [R, C]
    }

    fn private_is_kept(&self) -> usize {
        R
    }
}

#[test]
fn wrappers_forward_to_helpers() {
    let m = Matrix::<2, 3>::from_values([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    assert_eq!(m.get((1, 0)), 4.0);
    let t = m.clone().transpose();
    assert_eq!(t.size(), [3, 2]);
    assert_eq!(t.get((0, 1)), 4.0);
    assert_eq!(m.clone().double().get((1, 2)), 12.0);
    assert_eq!(m.clone().add(&m).get((0, 0)), 2.0);
    assert_eq!(Matrix::<1, 2>::filled(3.0f32).scaled(2.0).get((0, 1)), 6.0);
    assert_eq!(m.private_is_kept(), 2);
}

#[test]
fn helpers_take_run_time_values_and_are_plain_functions() {
    // The helpers are ordinary, non-generic functions of this module.
    let erased: DynMatrix = filled_impl(2, 2, true, 1.5);
    assert_eq!(erased.data, vec![1.5; 4]);
    let f: fn(usize, &DynMatrix, (usize, usize)) -> f64 = get_impl;
    assert_eq!(f(2, &erased, (1, 1)), 1.5);
    // The erased type got forwarding methods, which read `C` back from the receiver.
    assert_eq!(erased.get((0, 1)), 1.5);
}

#[test]
fn vec_and_option_of_the_own_type() {
    let a = Matrix::<1, 2>::filled(1.0);
    let b = Matrix::<1, 2>::filled(2.0);
    let sum = Matrix::sum_all(vec![a.clone(), b.clone(), b.clone()]).expect("three matrices");
    assert_eq!(sum.get((0, 1)), 5.0);
    assert!(Matrix::<1, 2>::sum_all(Vec::new()).is_none());
    assert_eq!(a.clone().or_else_given(Some(b.clone())), b);
    assert_eq!(a.clone().or_else_given(None), a);
    let copies = a.clone().copies(3);
    assert_eq!(copies.len(), 3);
    assert!(copies.iter().all(|m| *m == a));
}

#[test]
fn async_methods_await_their_helper() {
    let m = Matrix::<2, 2>::filled(2.0);
    let future = m.sum_async();
    assert_eq!(block_on(future), 8.0);
}

/// Polls a future that never waits, to completion.
fn block_on<F: Future>(future: F) -> F::Output {
    use std::task::{Context, Poll, Waker};
    let mut future = std::pin::pin!(future);
    let mut cx = Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(out) = future.as_mut().poll(&mut cx) {
            return out;
        }
    }
}
