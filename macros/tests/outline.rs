//! `#[outline]` on a second, non-tensor type: a fixed-size matrix whose erased form
//! is a dynamically sized one. Covers the receivers, argument and result forms,
//! calls between outlined bodies, `#[outline(skip)]`, associated consts as run-time
//! values, and `async fn`.

// The methods are written to exercise the forms (declared lifetimes an elision would
// cover, an `add` method beside the operator, methods no test calls), and the lints
// see them as plain code.
#![allow(dead_code, clippy::needless_lifetimes, clippy::should_implement_trait)]

use core::marker::PhantomData;
use seam_macros::outline;

mod common;
use common::block_on;

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

/// An `R` x `C` matrix. Its erasure protocol is declared here, once: each
/// `#[outline]` impl block below uses it.
#[derive(Clone, Debug, PartialEq)]
#[outline(
    erased = DynMatrix,
    erase = erase,
    erase_ref = erase_ref,
    erase_mut = erase_mut,
    restore = restore,
    R = rows,
    C = cols,
    L::ROW_MAJOR: bool = row_major,
)]
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
    fn erase_mut(&mut self) -> &mut DynMatrix {
        &mut self.erased
    }
    fn restore(erased: DynMatrix) -> Self {
        assert_eq!((erased.rows, erased.cols), (R, C), "restored at the wrong size");
        Matrix {
            erased,
            layout: PhantomData,
        }
    }
}

#[outline]
impl<const R: usize, const C: usize, L: Layout> Matrix<R, C, L> {
    /// The elementwise sum of borrowed matrices (`&[Self]`: `&[&DynMatrix]` in the
    /// helper), or `None` for none.
    pub fn sum_refs(matrices: &[Self]) -> Option<Self> {
        let (first, rest) = matrices.split_first()?;
        Some(rest.iter().fold((*first).clone(), |acc, m| acc.add(m)))
    }

    /// `self` plus `other` if there is one (`Option<&Self>`).
    pub fn plus_maybe(self, other: Option<&Self>) -> Self {
        match other {
            Some(other) => self.add(other),
            None => self,
        }
    }

    /// The sum of all elements of several matrices, by a boxed future (`&[Self]`).
    pub async fn total_of(matrices: &[Self]) -> f64 {
        matrices.iter().flat_map(|m| m.data.iter()).sum()
    }

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

    /// The matrix scaled by `k`, in an async helper that returns the own type.
    pub async fn scaled_async(self, k: f64) -> Self {
        self.map(|v| v * k)
    }

    /// A label for the matrix, by a future that borrows both the matrix and `prefix`
    /// (elided lifetimes: the boxed future lives as long as the shorter borrow).
    pub async fn label(&self, prefix: &str) -> String {
        format!("{prefix} {}x{}", R, C)
    }

    /// A label from a `Cow` whose lifetime is written `'_`, by a future that borrows it.
    pub async fn label_cow(&self, prefix: std::borrow::Cow<'_, str>) -> String {
        format!("{prefix} {}", R * C)
    }

    /// The matrix scaled by the number `k` spells: the wrapper's future owns `k` and
    /// lends the helper `k.as_ref()`, and restores the own type it returns.
    pub async fn scaled_by(&self, k: impl AsRef<str>) -> Self {
        let k: f64 = k.parse().expect("a number");
        self.clone().map(|v| v * k)
    }

    /// The elements of row `row`, by a future borrowing the matrix for `'a`, a declared
    /// lifetime that the result carries.
    pub async fn row_async<'a>(&'a self, row: usize) -> &'a [f64] {
        &self.data[row * C..(row + 1) * C]
    }

    /// The sum of all elements by a plain `fn` returning `impl Future`: the body runs
    /// at the call (counting it) and the future it gives is boxed in the helper.
    pub fn sum_later(&self, calls: &std::sync::atomic::AtomicUsize) -> impl Future<Output = f64> + Send {
        calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let sum: f64 = self.data.iter().sum();
        core::future::ready(sum)
    }

    /// The matrix scaled by `k` by a plain `fn` returning `impl Future` of the own
    /// type, which the wrapper restores when it is awaited.
    pub fn scaled_later(self, k: f64) -> impl Future<Output = Self> {
        let scaled = self.map(|v| v * k);
        async move { scaled }
    }

    /// The largest element, computed by a future that holds an `Rc` across an
    /// `.await` and so is not `Send` (`#[outline(?Send)]`).
    #[outline(?Send)]
    pub async fn max_local(&self) -> f64 {
        let shared = std::rc::Rc::new(self.data.clone());
        core::future::ready(()).await;
        shared.iter().copied().fold(f64::NEG_INFINITY, f64::max)
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

    /// The elementwise sum of any iterable of matrices (`impl IntoIterator<Item = Self>`).
    pub fn sum_iter(matrices: impl IntoIterator<Item = Self>) -> Option<Self> {
        // Already a `Vec<DynMatrix>`: collected and erased in the wrapper.
        let mut iter = matrices.into_iter();
        let first = iter.next()?;
        Some(iter.fold(first, |acc, m| acc.add(&m)))
    }

    /// A matrix from rows: an array of arrays, both sized by const generics.
    pub fn from_rows(rows: [[f64; C]; R]) -> Self {
        assert_eq!(rows.len(), R);
        DynMatrix {
            rows: R,
            cols: C,
            row_major: L::ROW_MAJOR,
            data: rows.into_iter().flatten().collect(),
        }
    }

    /// Row `r`, as an array sized by a const generic.
    pub fn row(&self, r: usize) -> [f64; C] {
        self.data[r * C..(r + 1) * C].to_vec()
    }

    /// Column `c`: an array whose length is a const generic in braces.
    #[allow(unused_braces)]
    pub fn column(&self, c: usize) -> [f64; { R }] {
        (0..R).map(|r| self.data[r * C + c]).collect()
    }

    /// `self` plus each of `others`, an array of the own type sized by a const generic.
    pub fn plus_each(self, others: [Self; R]) -> Self {
        others.iter().fold(self, |acc, m| acc.add(m))
    }

    /// `self` plus two copies of `other` (for `R = 2`), through `plus_each`'s
    /// forwarding method, which takes erased values as an array or a `Vec`.
    pub fn plus_two_copies(self, other: &Self) -> Self {
        let by_array = self.clone().plus_each([other.clone(), other.clone()]);
        let by_vec = self.plus_each(vec![other.clone(); 2]);
        assert_eq!(by_array, by_vec);
        by_array
    }

    /// The rows in the order given, a borrowed array sized by a const generic.
    pub fn permute_rows(self, order: &[usize; R]) -> Self {
        let mut data = Vec::with_capacity(R * C);
        for &r in order {
            data.extend(self.row(r));
        }
        DynMatrix { data, ..self }
    }

    /// Adds `s` to each element: a method type parameter bounded by `Into`.
    pub fn offset<S: Into<f64>>(self, s: S) -> Self {
        self.map(|v| v + s)
    }

    /// Multiplies each element by `s`: the bound in a `where` clause.
    pub fn times<S>(self, s: S) -> Self
    where
        S: Into<f64>,
    {
        self.map(|v| v * s)
    }

    /// Copies the elements into `out` (`impl AsMut<[f64]>`).
    pub fn copy_to(&self, out: impl AsMut<[f64]>) {
        out.copy_from_slice(&self.data);
    }

    /// Applies `f` to each element (`impl Fn`, a `&dyn Fn` in the helper).
    pub fn map(self, f: impl Fn(f64) -> f64) -> Self {
        DynMatrix {
            data: self.data.iter().map(|&v| f(v)).collect(),
            ..self
        }
    }

    /// Applies a borrowed closure (`&impl Fn`).
    pub fn map_ref(self, f: &impl Fn(f64) -> f64) -> Self {
        self.map(f)
    }

    /// Applies a closure given as a method type parameter.
    pub fn map_with<F: Fn(f64) -> f64>(self, f: F) -> Self {
        self.map(f)
    }

    /// Calls `f` on each element (`impl FnMut`, a `&mut dyn FnMut` in the helper).
    pub fn for_each(&self, f: impl FnMut(f64)) {
        self.data.iter().copied().for_each(f);
    }

    /// Calls a borrowed closure on each element (`&mut impl FnMut`).
    pub fn for_each_ref(&self, f: &mut impl FnMut(f64)) {
        self.for_each(f);
    }

    /// The same elements as an `R2` x `C2` matrix: method-level const generics.
    pub fn reshape<const R2: usize, const C2: usize>(self) -> Matrix<R2, C2, L> {
        assert_eq!(R2 * C2, R * C, "reshape: {R}x{C} into {R2}x{C2}");
        DynMatrix {
            rows: R2,
            cols: C2,
            ..self
        }
    }

    /// The first `N` elements, as an array sized by the method's const generic.
    pub fn first<const N: usize>(&self) -> [f64; N] {
        self.data[..N].to_vec()
    }

    /// The first `N` elements; `M` is a const parameter that the body does not use,
    /// which the forwarding method declares all the same, as the method does.
    pub fn first_of<const N: usize, const M: usize>(&self) -> [f64; N] {
        self.data[..N].to_vec()
    }

    /// The first two elements, through `first_of`'s forwarding method, called as
    /// plain code calls the method: with both its const arguments.
    pub fn first_two(&self) -> Vec<f64> {
        self.first_of::<2, 0>()
    }

    /// A body that returns one element too many for its array result: the wrapper's
    /// length check must catch it.
    pub fn one_too_many<const N: usize>(&self) -> [f64; N] {
        vec![0.0; N + 1]
    }

    /// This matrix plus ones: a body calls a receiver-less method by its ordinary
    /// name, `Self::filled(..)`, which gets this body's own run-time `R`, `C`, layout.
    pub fn plus_ones(self) -> Self {
        self.add(&Self::filled(1u8))
    }

    /// Twos: a receiver-less body calling another, with a conversion (`impl Into<f64>`).
    pub fn twos() -> Self {
        Self::filled(1.0f32).double()
    }

    /// The elementwise sum of an array of matrices sized by a method const generic
    /// (`[Self; N]` by value: a `Vec` of erased values in the helper).
    pub fn sum_array<const N: usize>(matrices: [Self; N]) -> Self {
        assert_eq!(matrices.len(), N, "sum_array: {N} matrices");
        let mut iter = matrices.into_iter();
        let first = iter.next().expect("at least one matrix");
        iter.fold(first, |acc, m| acc.add(&m))
    }

    /// The elements of row `r`, borrowed: an explicit lifetime.
    pub fn row_slice<'a>(&'a self, r: usize) -> &'a [f64] {
        &self.data[r * C..(r + 1) * C]
    }

    /// Row `r`, or `other` when `r` is past the last row: `other` lives at least as
    /// long as `self` (`'b: 'a`, a bound the helper keeps).
    pub fn row_or<'a, 'b>(&'a self, r: usize, other: &'b [f64]) -> &'a [f64]
    where
        'b: 'a,
    {
        if r < R {
            &self.data[r * C..(r + 1) * C]
        } else {
            other
        }
    }

    /// All elements, or `fallback` when empty: the elided result lifetime is the
    /// receiver's, though another reference is passed too.
    pub fn data_or<'b>(&self, fallback: &'b [f64]) -> &[f64] {
        let _ = fallback;
        &self.data
    }

    /// Two copies (a tuple of the own type).
    pub fn pair(self) -> (Self, Matrix<C, R, L>) {
        (self.clone(), self.transpose())
    }

    /// The sum of a pair (a tuple argument, with a pattern).
    pub fn add_pair((a, b): (Self, Self)) -> Self {
        a.add(&b)
    }

    /// Scales in place (`&mut self`; the helper takes `&mut DynMatrix`).
    pub fn scale_in_place(&mut self, factor: f64) {
        for v in &mut self.data {
            *v *= factor;
        }
    }

    /// Doubles in place, through the forwarding method of another `&mut self` body,
    /// and reads a const generic back from the mutable receiver.
    pub fn double_in_place(&mut self) -> usize {
        self.scale_in_place(2.0);
        R * C
    }

    /// The elements, mutably: a result borrowed from `&mut self`.
    pub fn data_mut(&mut self) -> &mut [f64] {
        &mut self.data
    }

    /// The matrix and its double: an array of the own type with a literal length,
    /// an array in the helper too.
    pub fn with_double(self) -> [Self; 2] {
        let doubled = self.clone().double();
        [self, doubled]
    }

    /// The sum of an array of two, destructured as an array in the body.
    pub fn add_array(pair: [Self; 2]) -> Self {
        let [a, b] = pair;
        a.add(&b)
    }

    /// Divides by `d`; an error for zero (`Result` of the own type).
    pub fn checked_div(self, d: f64) -> Result<Self, String> {
        if d == 0.0 {
            Err(format!("divide a {R}x{C} matrix by zero"))
        } else {
            Ok(self.map(|v| v / d))
        }
    }

    /// The largest element and its matrix, if any is positive (`Option` of a tuple).
    pub fn max_positive(self) -> Option<(Self, f64)> {
        let max = self.data.iter().copied().fold(f64::MIN, f64::max);
        (max > 0.0).then_some((self, max))
    }

    /// The elements at the given flat indices: an array sized by a method const
    /// generic that the body uses.
    pub fn take<const N: usize>(&self, indices: [usize; N]) -> [f64; N] {
        assert_eq!(indices.len(), N);
        indices.iter().map(|&i| self.data[i]).collect()
    }

    /// The sum of each range of flat indices: an array of `Range`s sized by a method
    /// const generic, in and out.
    pub fn sum_ranges<const N: usize>(&self, ranges: [core::ops::Range<usize>; N]) -> [f64; N] {
        ranges.into_iter().map(|r| self.data[r].iter().sum()).collect()
    }

    /// The first and the last element, through the forwarding method of `take`,
    /// which infers its `N` from the array passed. (`take` gives a `Vec` here: its
    /// array is sized by a const generic. This result's length is fixed, so it stays
    /// an array.)
    pub fn ends(&self) -> [f64; 2] {
        let ends: Vec<f64> = self.take([0, R * C - 1]);
        [ends[0], ends[1]]
    }

    /// A row as an array, computed through forwarding methods on the erased type.
    pub fn doubled_row(&self, r: usize) -> [f64; C] {
        let doubled = self.clone().map(|v| v * 2.0);
        doubled.row(r)
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

/// Operator traits, outlined: every method of a trait impl becomes a wrapper and a
/// helper (no forwarding method: the erased type keeps its own trait impls).
#[outline]
impl<const R: usize, const C: usize, L: Layout> core::ops::Add for Matrix<R, C, L> {
    type Output = Self;

    fn add(self, rhs: Self) -> Self {
        // `self` is a `DynMatrix`: this calls the forwarding method of `Matrix::add`.
        self.add(&rhs)
    }
}

#[outline]
impl<const R: usize, const C: usize, L: Layout> core::ops::Neg for Matrix<R, C, L> {
    type Output = Self;

    fn neg(self) -> Self {
        self.map(|v| -v)
    }
}

/// The erased form of [`Samples`].
pub struct SampleData(Vec<f64>);

impl SampleData {
    fn len(&self) -> usize {
        self.0.len()
    }
}

/// `N` numbers: a protocol declared on an enum.
#[outline(erased = SampleData, erase = erase, erase_ref = erase_ref, restore = restore, N = len)]
pub enum Samples<const N: usize> {
    /// The numbers.
    Kept(SampleData),
}

impl<const N: usize> Samples<N> {
    fn erase(self) -> SampleData {
        let Samples::Kept(data) = self;
        data
    }
    fn erase_ref(&self) -> &SampleData {
        let Samples::Kept(data) = self;
        data
    }
    fn restore(data: SampleData) -> Self {
        assert_eq!(data.len(), N, "restored at the wrong length");
        Samples::Kept(data)
    }
}

#[outline]
impl<const N: usize> Samples<N> {
    /// The sum of the first `N` numbers.
    pub fn total(&self) -> f64 {
        self.0.iter().take(N).sum()
    }
}

/// Writes a block whose types reach `#[outline]` as macro fragments (`$t:ty`, which
/// syn reads as invisible groups). The block gives the whole protocol: through the
/// type's protocol macro (`#[outline]` alone) the groups arrive flattened.
macro_rules! outlined_through_a_macro {
    ($own:ty, $many:ty) => {
        #[outline(erased = DynMatrix, erase = erase, erase_ref = erase_ref, erase_mut = erase_mut, restore = restore, R = rows, C = cols, L::ROW_MAJOR: bool = row_major)]
        impl<const R: usize, const C: usize, L: Layout> Matrix<R, C, L> {
            /// `self + other`, in a `Vec` of one: the types are `$own` and `$many`.
            pub fn plus_grouped(self, other: &$own) -> $many {
                vec![self.add(other)]
            }
        }
    };
}

outlined_through_a_macro!(Self, Vec<Self>);

/// Parenthesised types.
#[outline]
#[allow(unused_parens)]
impl<const R: usize, const C: usize, L: Layout> Matrix<R, C, L> {
    /// `self + other`, in a `Vec` of one.
    pub fn plus_paren(self, other: &(Self)) -> (Vec<Self>) {
        vec![self.add(other)]
    }
}

/// A type named as the protocol's layout parameter. The block below has no
/// parameter `L`, so `L::ROW_MAJOR` in its bodies is this type's constant, not the
/// run-time value the protocol declares for the blocks that have one.
pub struct L;

impl L {
    /// Not a layout's value.
    pub const ROW_MAJOR: bool = false;
}

/// A value with a field named as a const generic.
#[allow(non_snake_case)]
struct Corner {
    R: usize,
}

/// A block for one layout, with names that look like the run-time values and are not.
#[outline]
impl<const R: usize, const C: usize> Matrix<R, C, RowMajor> {
    /// The constant of the type named `L`.
    pub fn type_named_l(&self) -> bool {
        L::ROW_MAJOR
    }

    /// `{R}` in a macro that does not format stays as written.
    pub fn unformatted(&self) -> &'static str {
        concat!("{R}", " by {C}")
    }

    /// A field named `R`, read in a macro's arguments: the field, not the value.
    pub fn corner_text(&self) -> String {
        let corner = Corner {
            R: self.data.len() + 1,
        };
        format!("{}", corner.R)
    }
}

#[outline]
impl<const R: usize, const C: usize, L: Layout> core::ops::Index<(usize, usize)> for Matrix<R, C, L> {
    type Output = f64;

    fn index(&self, (r, c): (usize, usize)) -> &f64 {
        assert!(r < R && c < C, "index ({r}, {c}) of a {R}x{C} matrix");
        &self.data[r * C + c]
    }
}

/// A free function in momo's form: the wrapper turns any path-like argument into a
/// `&Path`, and the helper is compiled once.
#[outline]
pub fn extension_len(path: impl AsRef<std::path::Path>) -> usize {
    path.extension().map_or(0, |e| e.len())
}

/// A free function with a bounded type parameter, a conversion and a const generic.
#[outline]
pub fn weighted_sum<S: Into<f64>, const N: usize>(values: [f64; N], weight: S) -> f64 {
    values.iter().sum::<f64>() * weight / N as f64
}

/// An async free function: its boxed future borrows the argument.
#[outline]
pub async fn shout(text: impl AsRef<str>) -> String {
    text.to_uppercase()
}

/// A block with the boundary's switch on (`off_if(all())`: a predicate that always
/// holds), beside the blocks above, which have it off: the switch is evaluated per
/// block, where the using crate is compiled. The block adds it to the protocol
/// declared on the type.
#[outline(off_if(all()))]
impl<const R: usize, const C: usize, L: Layout> Matrix<R, C, L> {
    /// Each element doubled: an `#[inline]` helper here.
    pub fn doubled_inline(self) -> Self {
        self.scaled(2.0)
    }

    /// The sum, by value: with the switch on, the helper is a plain `async fn`.
    pub async fn total_unboxed(self) -> f64 {
        self.data.iter().sum()
    }
}

/// A free function with the switch on: its helper is `#[inline]`.
#[outline(off_if(all()))]
pub fn words_inline(text: impl AsRef<str>) -> usize {
    text.split_whitespace().count()
}

/// The erased form of a borrowed view: it carries the lifetime of the data.
#[derive(Clone, Copy, Debug)]
pub struct DynView<'a> {
    rows: usize,
    cols: usize,
    data: &'a [f64],
}

impl DynView<'_> {
    fn rows(&self) -> usize {
        self.rows
    }
    fn cols(&self) -> usize {
        self.cols
    }
}

/// An `R` x `C` view of borrowed numbers: a type with a lifetime, outlined.
#[derive(Clone, Copy, Debug)]
pub struct MatrixView<'a, const R: usize, const C: usize> {
    erased: DynView<'a>,
}

impl<'a, const R: usize, const C: usize> MatrixView<'a, R, C> {
    fn erase(self) -> DynView<'a> {
        self.erased
    }
    fn erase_ref(&self) -> &DynView<'a> {
        &self.erased
    }
    fn restore(erased: DynView<'a>) -> Self {
        assert_eq!((erased.rows, erased.cols), (R, C), "restored at the wrong size");
        MatrixView { erased }
    }
}

#[outline(erased = DynView<'a>, erase = erase, erase_ref = erase_ref, restore = restore, R = rows, C = cols)]
impl<'a, const R: usize, const C: usize> MatrixView<'a, R, C> {
    /// A view of `data`, which must hold `R * C` numbers.
    pub fn new(data: &'a [f64]) -> Self {
        assert_eq!(data.len(), R * C, "a {R}x{C} view needs {} numbers", R * C);
        DynView {
            rows: R,
            cols: C,
            data,
        }
    }

    /// The number at `(row, col)`, borrowed for as long as the data.
    pub fn cell(&self, (row, col): (usize, usize)) -> &'a f64 {
        &self.data[row * C + col]
    }

    /// Row `row`, borrowed for as long as the data.
    pub fn row(&self, row: usize) -> &'a [f64] {
        assert!(row < R, "row {row} of a {R}-row view");
        &self.data[row * C..(row + 1) * C]
    }

    /// The elementwise products, summed (`&Self` argument).
    pub fn dot(self, other: &Self) -> f64 {
        self.data.iter().zip(other.data).map(|(a, b)| a * b).sum()
    }

    /// The sum of the numbers, by a boxed future that borrows the view.
    pub async fn total(&self) -> f64 {
        self.data.iter().sum()
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
    // The helpers are ordinary, non-generic functions: of this module, or methods of
    // the erased type for methods with a receiver (the receiver first, then the
    // run-time values).
    let erased: DynMatrix = filled_impl(2, 2, true, 1.5);
    assert_eq!(erased.data, vec![1.5; 4]);
    let f: fn(&DynMatrix, usize, (usize, usize)) -> f64 = DynMatrix::get_impl;
    assert_eq!(f(&erased, 2, (1, 1)), 1.5);
    // The erased type got forwarding methods, which read `C` back from the receiver.
    assert_eq!(erased.get((0, 1)), 1.5);
}

#[test]
fn names_that_only_look_like_run_time_values_are_left_alone() {
    let m = Matrix::<2, 3>::filled(1.0);
    assert!(L::ROW_MAJOR != <RowMajor as Layout>::ROW_MAJOR);
    assert!(
        !m.type_named_l(),
        "`L::ROW_MAJOR` of a block without `L` is the type `L`'s"
    );
    // Also through the erased type's forwarding method, which reads the values the
    // helper takes from the receiver.
    assert!(!m.erased.type_named_l());
    assert_eq!(m.unformatted(), "{R} by {C}");
    assert_eq!(m.corner_text(), "7");
}

#[test]
fn types_in_parentheses_and_from_macros_are_read_through() {
    let a = Matrix::<1, 2>::from_values([1.0, 2.0]);
    let b = Matrix::<1, 2>::from_values([3.0, 4.0]);
    let sum = vec![Matrix::<1, 2>::from_values([4.0, 6.0])];
    assert_eq!(a.clone().plus_paren(&b), sum);
    assert_eq!(a.plus_grouped(&b), sum);
}

#[test]
fn arrays_of_the_own_type_reach_the_forwarding_method_as_arrays_or_vecs() {
    let m = Matrix::<2, 1>::from_values([1.0, 2.0]);
    let one = Matrix::<2, 1>::filled(1.0);
    assert_eq!(m.clone().plus_each([one.clone(), one.clone()]).row(1), [4.0]);
    assert_eq!(m.plus_two_copies(&one).row(0), [3.0]);
}

#[test]
fn an_enum_declares_a_protocol() {
    let samples = Samples::<2>::restore(SampleData(vec![1.0, 2.0]));
    assert_eq!(samples.total(), 3.0);
    assert_eq!(samples.erase().0, vec![1.0, 2.0]);
}

#[test]
fn a_braced_const_length_is_a_const_generic() {
    let m = Matrix::<2, 2>::from_values([1.0, 2.0, 3.0, 4.0]);
    assert_eq!(m.column(1), [2.0, 4.0]);
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

#[test]
fn iterables_arrays_and_borrowed_arrays() {
    let a = Matrix::<1, 2>::filled(1.0);
    let sum = Matrix::sum_iter([a.clone(), a.clone()]).expect("two matrices");
    assert_eq!(sum.row(0), [2.0, 2.0]);
    let from_iter = Matrix::sum_iter((0..3).map(Matrix::<1, 2>::filled));
    assert_eq!(from_iter.map(|m| m.row(0)), Some([3.0, 3.0]));
    assert!(Matrix::<1, 2>::sum_iter(std::iter::empty()).is_none());

    let m = Matrix::<2, 3>::from_rows([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]);
    assert_eq!(m.row(1), [4.0, 5.0, 6.0]);
    assert_eq!(m.clone().permute_rows(&[1, 0]).row(0), [4.0, 5.0, 6.0]);
    assert_eq!(m.doubled_row(0), [2.0, 4.0, 6.0]);
}

#[test]
fn conversions_in_the_wrapper() {
    let m = Matrix::<1, 2>::from_values([1.0, 2.0]);
    assert_eq!(m.clone().offset(1u8).row(0), [2.0, 3.0]);
    assert_eq!(m.clone().offset(0.5f32).row(0), [1.5, 2.5]);
    assert_eq!(m.clone().times(3i32).row(0), [3.0, 6.0]);
    let mut out = vec![0.0; 2];
    m.copy_to(&mut out);
    assert_eq!(out, [1.0, 2.0]);
    let mut array = [0.0; 2];
    m.copy_to(&mut array);
    assert_eq!(array, [1.0, 2.0]);
}

#[test]
fn closures_as_dyn() {
    let m = Matrix::<1, 3>::from_values([1.0, 2.0, 3.0]);
    let k = 10.0;
    assert_eq!(m.clone().map(|v| v * k).row(0), [10.0, 20.0, 30.0]);
    assert_eq!(m.clone().map_ref(&|v| -v).row(0), [-1.0, -2.0, -3.0]);
    assert_eq!(m.clone().map_with(|v: f64| v * v).row(0), [1.0, 4.0, 9.0]);
    let mut seen = Vec::new();
    m.for_each(|v| seen.push(v));
    assert_eq!(seen, [1.0, 2.0, 3.0]);
    let mut total = 0.0;
    m.for_each_ref(&mut |v| total += v);
    assert_eq!(total, 6.0);
}

#[test]
fn method_const_generics_and_lifetimes() {
    let m = Matrix::<2, 3>::from_values([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let r: Matrix<3, 2> = m.clone().reshape();
    assert_eq!(r.row(2), [5.0, 6.0]);
    assert_eq!(m.clone().reshape::<6, 1>().row(5), [6.0]);
    assert_eq!(m.first::<4>(), [1.0, 2.0, 3.0, 4.0]);
    assert_eq!(m.take([5, 0, 1]), [6.0, 1.0, 2.0]);
    assert_eq!(m.ends(), [1.0, 6.0]);
    assert_eq!(m.sum_ranges([0..2, 2..6, 3..3]), [3.0, 18.0, 0.0]);
    assert_eq!(m.row_slice(1), &[4.0, 5.0, 6.0]);
    let fallback = vec![0.0];
    assert_eq!(m.data_or(&fallback).len(), 6);
}

#[test]
#[should_panic(expected = "reshape: 2x3 into 4x2")]
fn method_const_generics_reach_the_body() {
    let m = Matrix::<2, 3>::filled(1.0);
    assert_eq!(m.first_of::<2, 7>(), [1.0, 1.0]);
    assert_eq!(m.first_two(), vec![1.0, 1.0]);
    assert_eq!(m.row_or(1, &[9.0]), [1.0; 3]);
    assert_eq!(m.row_or(2, &[9.0]), [9.0]);
    let _ = m.reshape::<4, 2>();
}

#[test]
fn tuples_options_and_results() {
    let m = Matrix::<1, 2>::from_values([1.0, 2.0]);
    let (same, transposed) = m.clone().pair();
    assert_eq!(same, m);
    assert_eq!(transposed.row(1), [2.0]);
    assert_eq!(Matrix::add_pair((m.clone(), m.clone())).row(0), [2.0, 4.0]);
    let mut scaled = m.clone();
    scaled.scale_in_place(3.0);
    assert_eq!(scaled.row(0), [3.0, 6.0]);
    assert_eq!(scaled.double_in_place(), 2);
    scaled.data_mut()[1] = -1.0;
    assert_eq!(scaled.row(0), [6.0, -1.0]);
    let [same, doubled] = m.clone().with_double();
    assert_eq!((same.row(0), doubled.row(0)), ([1.0, 2.0], [2.0, 4.0]));
    assert_eq!(Matrix::add_array([same, doubled]).row(0), [3.0, 6.0]);
    assert_eq!(m.clone().checked_div(2.0).map(|m| m.row(0)), Ok([0.5, 1.0]));
    assert_eq!(
        m.clone().checked_div(0.0).unwrap_err(),
        "divide a 1x2 matrix by zero"
    );
    let (back, max) = m.clone().max_positive().expect("positive elements");
    assert_eq!((back, max), (m.clone(), 2.0));
    assert!(m.map(|v| -v).max_positive().is_none());
}

#[test]
fn async_helpers_box_their_state_machine_once() {
    use core::pin::Pin;
    let m = Matrix::<2, 2>::filled(2.0);
    // The helper returns its state machine in one box, behind a vtable made in this
    // crate: callers poll and drop it without compiling it. One allocation per call.
    let helper: Pin<Box<dyn Future<Output = f64> + Send + '_>> = DynMatrix::sum_async_impl(m.erase_ref());
    let state = size_of_val(&*helper);
    let wrapper = m.sum_async();
    let box_size = size_of::<Pin<Box<dyn Future<Output = f64>>>>();
    eprintln!(
        "async, plain result: wrapper future {} bytes, its state machine {state} bytes in one box",
        size_of_val(&wrapper)
    );
    // The wrapper is the `async fn` as written: its future holds its arguments (here
    // `&self`) until polled, then the helper's box, and never the body's state.
    assert!(size_of_val(&wrapper) <= size_of::<&Matrix<2, 2>>() + box_size + size_of::<usize>());
    assert_eq!(block_on(wrapper), 8.0);
    assert_eq!(block_on(helper), 8.0);

    // A result to restore: the wrapper awaits the box and restores its output; its
    // future holds its arguments (`self`, `k`) or the box, whatever the body holds.
    let wrapper = m.clone().scaled_async(0.5);
    let helper: Pin<Box<dyn Future<Output = DynMatrix> + Send>> =
        DynMatrix::scaled_async_impl(m.clone().erase(), 0.5);
    eprintln!(
        "async, restored result: wrapper future {} bytes, its state machine {} bytes in one box",
        size_of_val(&wrapper),
        size_of_val(&*helper)
    );
    let arguments = size_of::<Matrix<2, 2>>() + size_of::<f64>();
    assert!(size_of_val(&wrapper) <= arguments + box_size + size_of::<usize>());
    assert_eq!(block_on(wrapper).row(1), [1.0, 1.0]);
    assert_eq!(block_on(helper).data, vec![1.0; 4]);
}

#[test]
fn impl_future_bodies_run_at_the_call_and_box_their_future() {
    use core::pin::Pin;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let m = Matrix::<2, 2>::filled(2.0);
    let calls = AtomicUsize::new(0);
    // The body runs when the method is called, as written, not when polled.
    let future = m.sum_later(&calls);
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    assert_eq!(
        size_of_val(&future),
        size_of::<Pin<Box<dyn Future<Output = f64>>>>()
    );
    assert_eq!(block_on(future), 8.0);
    // The helper's future is `Send` because the `impl` says so; one without `Send`
    // boxes a future that need not be.
    let helper: Pin<Box<dyn Future<Output = f64> + Send + '_>> =
        DynMatrix::sum_later_impl(m.erase_ref(), &calls);
    assert_eq!(block_on(helper), 8.0);
    let helper: Pin<Box<dyn Future<Output = DynMatrix>>> =
        DynMatrix::scaled_later_impl(m.clone().erase(), 0.5);
    assert_eq!(block_on(helper).data, vec![1.0; 4]);
    assert_eq!(block_on(m.scaled_later(0.5)).row(1), [1.0, 1.0]);
}

#[test]
fn async_helpers_borrow_their_arguments() {
    let m = Matrix::<2, 3>::filled(1.5);
    let prefix = String::from("matrix");
    assert_eq!(block_on(m.label(&prefix)), "matrix 2x3");
    assert_eq!(block_on(m.row_async(1)), [1.5; 3]);
    assert_eq!(block_on(m.label_cow("cells".into())), "cells 6");
    assert_eq!(block_on(m.scaled_by("2")), Matrix::<2, 3>::filled(3.0));
}

#[test]
fn lifetimes_on_the_impl_and_the_erased_type() {
    let numbers = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
    let view = MatrixView::<2, 3>::new(&numbers);
    // The results borrow the data, not the view: they outlive it.
    fn parts<'a>(view: MatrixView<'a, 2, 3>) -> (&'a f64, &'a [f64]) {
        (view.cell((1, 2)), view.row(0))
    }
    let (corner, row) = parts(view);
    assert_eq!((*corner, row), (6.0, &[1.0, 2.0, 3.0][..]));
    assert_eq!(view.dot(&view), 91.0);
    assert_eq!(block_on(view.total()), 21.0);
    // The helpers declare the impl's lifetime.
    let erased: DynView<'_> = view.erase();
    assert_eq!(DynView::dot_impl(erased, &erased), 91.0);
}

#[test]
fn slices_and_options_of_references_to_the_own_type() {
    let a = Matrix::<1, 2>::filled(1.0);
    let b = Matrix::<1, 2>::from_values([2.0, 3.0]);
    let sum = Matrix::sum_refs(&[a.clone(), b.clone(), b.clone()]).expect("three matrices");
    assert_eq!(sum.row(0), [5.0, 7.0]);
    assert!(Matrix::<1, 2>::sum_refs(&[]).is_none());
    assert_eq!(a.clone().plus_maybe(Some(&b)).row(0), [3.0, 4.0]);
    assert_eq!(a.clone().plus_maybe(None), a);
    assert_eq!(block_on(Matrix::total_of(&[a, b])), 7.0);
}

#[test]
#[should_panic(expected = "`one_too_many` produced 3 elements for a result array of length 2")]
fn a_restored_array_of_the_wrong_length_panics() {
    let _: [f64; 2] = Matrix::<1, 2>::filled(1.0).one_too_many();
}

#[test]
fn arrays_of_the_own_type_sized_by_a_const_generic() {
    let a = Matrix::<1, 2>::from_values([1.0, 2.0]);
    let sum = Matrix::sum_array([a.clone(), a.clone(), a]);
    assert_eq!(sum.row(0), [3.0, 6.0]);
    // The helper takes the method's `N` (its body uses it) and a `Vec` of erased values.
    let one = Matrix::<1, 2>::filled(5.0);
    assert_eq!(sum_array_impl(1, vec![one.erase()]).data, vec![5.0, 5.0]);
}

#[test]
fn bodies_call_receiver_less_methods_by_their_names() {
    let m = Matrix::<2, 3>::from_values([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    assert_eq!(m.plus_ones().row(1), [5.0, 6.0, 7.0]);
    assert_eq!(Matrix::<1, 2>::twos().row(0), [2.0, 2.0]);
}

#[test]
fn operator_traits_are_outlined() {
    let a = Matrix::<2, 2>::filled(1.0);
    let b = Matrix::<2, 2>::from_values([1.0, 2.0, 3.0, 4.0]);
    let sum = a + b.clone();
    assert_eq!(sum.row(1), [4.0, 5.0]);
    assert_eq!((-sum.clone()).row(0), [-2.0, -3.0]);
    assert_eq!(b[(1, 0)], 3.0);
    // The helpers are plain functions of the erased type.
    assert_eq!(*index_impl(2, 2, b.erase_ref(), (0, 1)), 2.0);
}

#[test]
#[should_panic(expected = "index (2, 0) of a 2x2 matrix")]
fn an_outlined_index_checks_its_bounds() {
    let _ = Matrix::<2, 2>::filled(1.0)[(2, 0)];
}

#[test]
fn free_functions_convert_their_arguments() {
    assert_eq!(extension_len("archive.tar.gz"), 2);
    assert_eq!(extension_len(std::path::PathBuf::from("notes.md")), 2);
    assert_eq!(extension_len(String::from("README")), 0);
    assert_eq!(weighted_sum([1.0, 2.0, 3.0], 2u8), 4.0);
    assert_eq!(weighted_sum([4.0; 2], 0.5f32), 2.0);
    assert_eq!(block_on(shout("quiet")), "QUIET");
    assert_eq!(block_on(shout(String::from("still"))), "STILL");
    // One non-generic helper each.
    let helper: fn(&std::path::Path) -> usize = extension_len_impl;
    assert_eq!(helper("a.rs".as_ref()), 2);
}

#[test]
fn async_helpers_that_are_not_send_say_so() {
    let mut m = Matrix::<1, 3>::filled(1.0);
    m.data_mut()[1] = 4.0;
    let local: core::pin::Pin<Box<dyn Future<Output = f64> + '_>> = DynMatrix::max_local_impl(m.erase_ref());
    assert_eq!(block_on(local), 4.0);
    assert_eq!(block_on(m.max_local()), 4.0);
}

#[test]
fn the_switch_is_the_using_crates_own() {
    use core::pin::Pin;
    let m = Matrix::<2, 2>::filled(1.5);
    assert_eq!(m.clone().doubled_inline().row(0), [3.0, 3.0]);
    assert_eq!(words_inline("a b c"), 3);
    // Switched off, an async helper is a plain `async fn`: its future holds the
    // matrix itself, not a box. Switched on (the other blocks), the same form is a box.
    let boxed = size_of::<Pin<Box<dyn Future<Output = f64>>>>();
    let unboxed = DynMatrix::total_unboxed_impl(m.clone().erase());
    assert!(
        size_of_val(&unboxed) >= size_of::<DynMatrix>(),
        "the future holds the matrix"
    );
    assert!(size_of_val(&unboxed) > boxed);
    assert_eq!(block_on(unboxed), 6.0);
    let on: Pin<Box<dyn Future<Output = DynMatrix> + Send>> =
        DynMatrix::scaled_async_impl(m.clone().erase(), 2.0);
    assert_eq!(size_of_val(&on), boxed);
    assert_eq!(block_on(m.total_unboxed()), 6.0);
}

/// `enter = path`: every helper calls `path("method")` before its body and holds
/// what it returns until the body is done (a scope for logs, or for naming the
/// public call in an error raised deep inside it).
mod entered {
    use super::common::block_on;
    use seam_macros::outline;

    std::thread_local! {
        /// What the helpers of `Traced` entered and left, in order.
        static TRACE: core::cell::RefCell<Vec<String>> = const { core::cell::RefCell::new(Vec::new()) };
    }

    /// Records `name` entered; its drop records it left.
    pub struct Entered(&'static str);

    impl Drop for Entered {
        fn drop(&mut self) {
            TRACE.with(|t| t.borrow_mut().push(format!("left {}", self.0)));
        }
    }

    fn enter(name: &'static str) -> Entered {
        TRACE.with(|t| t.borrow_mut().push(format!("entered {name}")));
        Entered(name)
    }

    /// The erased form of `Traced`.
    pub struct DynTraced(Vec<u32>);

    impl DynTraced {
        fn len(&self) -> usize {
            self.0.len()
        }
    }

    /// `N` numbers whose helpers say when they run.
    #[outline(erased = DynTraced, erase = erase, erase_ref = erase_ref, restore = restore, N = len, enter = enter)]
    pub struct Traced<const N: usize>(DynTraced);

    impl<const N: usize> Traced<N> {
        fn erase(self) -> DynTraced {
            self.0
        }
        fn erase_ref(&self) -> &DynTraced {
            &self.0
        }
        fn restore(erased: DynTraced) -> Self {
            assert_eq!(erased.len(), N, "restored at the wrong length");
            Traced(erased)
        }
    }

    #[outline]
    impl<const N: usize> Traced<N> {
        /// `N` copies of `value`.
        pub fn filled(value: u32) -> Self {
            DynTraced(vec![value; N])
        }

        /// The sum.
        pub fn sum(&self) -> u32 {
            self.0.iter().sum()
        }

        /// The sum, by value.
        pub fn into_sum(self) -> u32 {
            self.0.into_iter().sum()
        }

        /// The sum, twice: calls `sum`'s helper through its forwarding method.
        pub fn double(&self) -> u32 {
            2 * self.sum()
        }

        /// Panics with `message` inside the body.
        pub fn fail(&self, message: &str) -> u32 {
            panic!("{message}")
        }

        /// An `async fn`, whose helper is not entered (its body runs when polled).
        pub async fn later(&self) -> u32 {
            self.0.len() as u32
        }
    }

    /// Takes the trace so far.
    fn trace() -> Vec<String> {
        TRACE.with(|t| t.take())
    }

    #[test]
    fn helpers_enter_and_leave_around_their_bodies() {
        let t = Traced::<3>::filled(2);
        assert_eq!(trace(), ["entered filled", "left filled"]);
        assert_eq!(t.double(), 12);
        assert_eq!(
            trace(),
            ["entered double", "entered sum", "left sum", "left double"]
        );
        // A panic unwinds through the guard, which still leaves.
        let failed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| t.fail("no")));
        assert!(failed.is_err());
        assert_eq!(trace(), ["entered fail", "left fail"]);
        assert_eq!(block_on(t.later()), 3);
        assert_eq!(trace(), Vec::<String>::new());
        assert_eq!(t.into_sum(), 6);
        assert_eq!(trace(), ["entered into_sum", "left into_sum"]);
    }
}

/// Closed-kind dispatch: `K::f(..)` in a body, `K` one of a sealed set of kinds, is a
/// `match` on `K`'s run-time value in the helper, over the types `kinds(..)` lists for
/// `K`'s bound.
mod kinds {
    use core::marker::PhantomData;
    use seam_macros::outline;

    /// A column's kind, at run time.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Tag {
        Real,
        Whole,
        Flag,
    }

    /// Every kind: its tag.
    pub trait Kind: 'static {
        /// The tag, as a value.
        const TAG: Tag;
    }

    /// What every kind can do.
    #[outline(kinds(Real, Whole, Flag))]
    pub trait Basic: Kind {
        /// `len` values of the kind's one.
        fn ones(len: usize) -> Vec<f64>;
        /// The values as the kind writes them.
        fn show(values: &[f64]) -> String;
    }

    /// The kinds with arithmetic.
    #[outline(kinds(Real, Whole))]
    pub trait Numeric: Basic {
        /// Element-wise sum, in the kind's arithmetic.
        fn add(a: Vec<f64>, b: Vec<f64>) -> Vec<f64>;
        /// `a` times `by`, of a type the call may name (`::<u8>`).
        fn scale<T: Into<f64> + Copy>(a: Vec<f64>, by: T) -> Vec<f64>;
    }

    /// Kinds by value.
    pub struct Real;
    pub struct Whole;
    pub struct Flag;

    impl Kind for Real {
        const TAG: Tag = Tag::Real;
    }
    impl Kind for Whole {
        const TAG: Tag = Tag::Whole;
    }
    impl Kind for Flag {
        const TAG: Tag = Tag::Flag;
    }

    impl Basic for Real {
        fn ones(len: usize) -> Vec<f64> {
            vec![1.0; len]
        }
        fn show(values: &[f64]) -> String {
            format!("real {values:?}")
        }
    }
    impl Basic for Whole {
        fn ones(len: usize) -> Vec<f64> {
            vec![1.0; len]
        }
        fn show(values: &[f64]) -> String {
            let whole: Vec<i64> = values.iter().map(|v| *v as i64).collect();
            format!("whole {whole:?}")
        }
    }
    impl Basic for Flag {
        fn ones(len: usize) -> Vec<f64> {
            vec![1.0; len]
        }
        fn show(values: &[f64]) -> String {
            let flags: Vec<bool> = values.iter().map(|v| *v != 0.0).collect();
            format!("flag {flags:?}")
        }
    }
    impl Numeric for Real {
        fn add(a: Vec<f64>, b: Vec<f64>) -> Vec<f64> {
            a.iter().zip(&b).map(|(x, y)| x + y).collect()
        }
        fn scale<T: Into<f64> + Copy>(a: Vec<f64>, by: T) -> Vec<f64> {
            a.iter().map(|x| x * by.into()).collect()
        }
    }
    impl Numeric for Whole {
        fn add(a: Vec<f64>, b: Vec<f64>) -> Vec<f64> {
            a.iter().zip(&b).map(|(x, y)| (x + y).trunc()).collect()
        }
        fn scale<T: Into<f64> + Copy>(a: Vec<f64>, by: T) -> Vec<f64> {
            a.iter().map(|x| (x * by.into()).trunc()).collect()
        }
    }

    /// The erased column.
    pub struct DynColumn {
        tag: Tag,
        values: Vec<f64>,
    }

    impl DynColumn {
        fn tag(&self) -> Tag {
            self.tag
        }
    }

    /// A column of values of kind `K`.
    #[outline(erased = DynColumn, erase = erase, erase_ref = erase_ref, restore = restore,
              K::TAG: Tag = tag)]
    pub struct Column<K: Basic> {
        inner: DynColumn,
        kind: PhantomData<K>,
    }

    impl<K: Basic> Column<K> {
        fn erase(self) -> DynColumn {
            self.inner
        }
        fn erase_ref(&self) -> &DynColumn {
            &self.inner
        }
        fn restore(inner: DynColumn) -> Self {
            assert_eq!(inner.tag, K::TAG, "restored at the wrong kind");
            Column {
                inner,
                kind: PhantomData,
            }
        }
    }

    #[outline]
    impl<K: Basic> Column<K> {
        /// `len` ones.
        pub fn ones(len: usize) -> Self {
            DynColumn {
                tag: K::TAG,
                values: K::ones(len),
            }
        }

        /// The values as the kind writes them.
        pub fn show(&self) -> String {
            K::show(&self.values)
        }
    }

    #[outline]
    impl<K> Column<K>
    where
        K: Numeric,
    {
        /// Element-wise sum.
        pub fn add(self, other: Self) -> Self {
            DynColumn {
                tag: K::TAG,
                values: K::add(self.values, other.values),
            }
        }

        /// `(self + self) * factor`, shown: a call in a call's arguments, a turbofish,
        /// and a supertrait's function named with its trait.
        pub fn doubled_times(self, factor: u8) -> String {
            let values = K::scale::<u8>(K::add(self.values.clone(), self.values), factor);
            <K as Basic>::show(&values)
        }

        /// `self + 1`, shown: a supertrait's functions called as `K::f`, as generic
        /// code does (`Basic` is in scope in this module).
        pub fn plus_one(self) -> String {
            let ones = K::ones(self.values.len());
            K::show(&K::add(self.values, ones))
        }
    }

    #[test]
    fn each_kind_runs_its_own_function() {
        let real = Column::<Real>::ones(2).add(Column::ones(2));
        assert_eq!(real.show(), "real [2.0, 2.0]");
        assert_eq!(Column::<Whole>::ones(3).show(), "whole [1, 1, 1]");
        assert_eq!(Column::<Flag>::ones(1).show(), "flag [true]");
        assert_eq!(Column::<Whole>::ones(2).doubled_times(3), "whole [6, 6]");
        assert_eq!(Column::<Real>::ones(1).doubled_times(5), "real [10.0]");
        assert_eq!(Column::<Whole>::ones(2).plus_one(), "whole [2, 2]");
        assert_eq!(Column::<Real>::ones(1).plus_one(), "real [2.0]");
    }

    #[test]
    #[should_panic(expected = "`add` was called with a kind outside those declared for `Numeric`")]
    fn a_kind_outside_the_declared_set_is_refused_by_name() {
        // `Flag` is not `Numeric`: a forged erased value reaches the helper only through
        // the erased type's forwarding method, as a body calling another would.
        let flag = DynColumn {
            tag: Tag::Flag,
            values: vec![1.0],
        };
        let _ = flag.add(DynColumn {
            tag: Tag::Flag,
            values: vec![1.0],
        });
    }
}

/// `via(Trait: Type = function)`: an argument bounded by a library's own trait reaches
/// the helper as one concrete type, converted in the wrapper.
mod vias {
    use seam_macros::outline;

    /// An index that may count from the end (`-1` is the last).
    pub trait Position: Copy {
        /// The index as a signed number.
        fn position(self) -> isize;
        /// The index from a signed number.
        fn from_position(position: isize) -> Self;
    }

    impl Position for usize {
        fn position(self) -> isize {
            self as isize
        }
        fn from_position(position: isize) -> Self {
            position as usize
        }
    }

    impl Position for i32 {
        fn position(self) -> isize {
            self as isize
        }
        fn from_position(position: isize) -> Self {
            position as i32
        }
    }

    // The target implements the trait too, so a body can pass on what it received.
    impl Position for isize {
        fn position(self) -> isize {
            self
        }
        fn from_position(position: isize) -> Self {
            position
        }
    }

    /// The wrapper's conversion.
    fn to_isize(index: impl Position) -> isize {
        index.position()
    }

    /// The wrapper's conversion of a result, generic as the method's parameter is.
    fn from_isize<P: Position>(position: isize) -> P {
        P::from_position(position)
    }

    /// `M` positions at once: a trait with a generic argument.
    pub trait Picks<const M: usize> {
        /// The positions, as signed numbers.
        fn picks(self) -> Vec<isize>;
    }

    impl<const M: usize, I: Position> Picks<M> for [I; M] {
        fn picks(self) -> Vec<isize> {
            self.iter().map(|i| i.position()).collect()
        }
    }

    /// The wrapper's conversion, generic over `M` as the bound is.
    fn to_picks<const M: usize>(picks: impl Picks<M>) -> Vec<isize> {
        picks.picks()
    }

    /// The erased form.
    pub struct DynRow(Vec<f64>);

    impl DynRow {
        fn len(&self) -> usize {
            self.0.len()
        }
    }

    /// `N` numbers.
    #[outline(erased = DynRow, erase = erase, erase_ref = erase_ref, restore = restore, N = len,
              via(Position: isize = (to_isize, from_isize), Picks: Vec<isize> = to_picks))]
    pub struct Row<const N: usize>(DynRow);

    impl<const N: usize> Row<N> {
        fn erase(self) -> DynRow {
            self.0
        }
        fn erase_ref(&self) -> &DynRow {
            &self.0
        }
        fn restore(erased: DynRow) -> Self {
            Row(erased)
        }
    }

    #[outline]
    impl<const N: usize> Row<N> {
        /// `0, 1, .., N - 1`.
        pub fn counting() -> Self {
            DynRow((0..N).map(|i| i as f64).collect())
        }

        /// The element at `index`, from the end when negative: `index` is an `isize`
        /// here, whatever integer the caller passed.
        pub fn get(&self, index: impl Position) -> f64 {
            let at = if index < 0 { N as isize + index } else { index };
            self.0[at as usize]
        }

        /// The elements at `M` positions; `Picks<M>` names the method's own `M`, so the
        /// forwarding method takes the converted `Vec<isize>`.
        pub fn picked<const M: usize, P: Picks<M>>(&self, picks: P) -> [f64; M] {
            picks.iter().map(|&i| self.get(i)).collect()
        }

        /// The sum at `N` positions: an array of a method type parameter with a `via`
        /// bound reaches the helper as a `Vec<isize>`.
        pub fn sum_at<I: Position>(&self, at: [I; N]) -> f64 {
            at.iter().map(|&i| self.get(i)).sum()
        }

        /// The sum at some positions, as a slice of `impl Position`: a `&[isize]` here.
        pub fn sum_of(&self, at: &[impl Position]) -> f64 {
            at.iter().map(|&i| self.get(i)).sum()
        }

        /// Where the largest element is, as the caller's index type: the helper
        /// returns an `isize`, the wrapper converts it back with `from_isize`.
        pub fn argmax<P: Position>(&self) -> P {
            let best = (0..N).max_by(|a, b| self.0[*a].total_cmp(&self.0[*b]));
            best.map_or(-1, |i| i as isize)
        }

        /// The positions of the elements above `limit`, in a container.
        pub fn above<P: Position>(&self, limit: f64) -> Option<Vec<P>> {
            let found: Vec<isize> = (0..N)
                .filter(|i| self.0[*i] > limit)
                .map(|i| i as isize)
                .collect();
            (!found.is_empty()).then_some(found)
        }

        /// The first element, or `fallback`: an `Option` of a plain reference passes
        /// as it is (only `Option<&Self>` is erased).
        pub fn first_or(&self, fallback: Option<&f64>) -> f64 {
            self.0.first().or(fallback).copied().unwrap_or(0.0)
        }

        /// The element at `index`, consuming the row.
        pub fn into_element(self, index: impl Position) -> f64 {
            self.get(index)
        }

        /// The same, as a named type parameter; the body calls `get` on `self`.
        pub fn pair<I: Position, J>(&self, first: I, second: J) -> (f64, f64)
        where
            J: Position,
        {
            (self.get(first), self.get(second))
        }
    }

    // A block that fixes the const generic: the protocol's `N = len` is unused here.
    #[outline]
    impl Row<2> {
        /// The two elements' sum.
        pub fn pair_sum(&self) -> f64 {
            self.0[0] + self.0[1]
        }
    }

    /// A free function under the type's protocol: `Row<N>` and `Row<M>` arguments
    /// cross erased, `N` and `M` are run-time values, and a `via` trait's argument
    /// crosses as its type.
    #[outline(Row)]
    pub fn joined<const N: usize, const M: usize>(
        a: Row<N>,
        b: &Row<M>,
        from: impl Position,
    ) -> (usize, Row<N>) {
        let start = if from < 0 { M as isize + from } else { from } as usize;
        let mut joined = a.0.clone();
        for (x, y) in joined.iter_mut().zip(&b.0[start..]) {
            *x += y;
        }
        (N + M, DynRow(joined))
    }

    /// The same protocol by the type's path, and an async free function.
    #[outline(self::Row)]
    pub async fn total<const N: usize>(row: Row<N>) -> f64 {
        row.0.iter().sum::<f64>() + N as f64
    }

    #[test]
    fn free_functions_take_the_types_protocol() {
        let (len, sum) = joined(Row::<2>::counting(), &Row::<4>::counting(), -2i32);
        assert_eq!(len, 6);
        assert_eq!(sum.0.0, vec![2.0, 4.0]);
        assert_eq!(crate::common::block_on(total(Row::<3>::counting())), 6.0);
    }

    #[test]
    fn a_block_may_fix_a_const_generic_of_the_protocol() {
        assert_eq!(Row::<2>::counting().pair_sum(), 1.0);
    }

    #[test]
    fn arguments_of_a_declared_trait_cross_as_its_type() {
        let row = Row::<4>::counting();
        assert_eq!(row.get(1usize), 1.0);
        assert_eq!(row.get(-1i32), 3.0);
        assert_eq!(row.pair(0usize, -2i32), (0.0, 2.0));
        assert_eq!(row.picked([3i32, -3]), [3.0, 1.0]);
        assert_eq!(row.sum_at([0i32, -1, 1, -1]), 7.0);
        assert_eq!(row.argmax::<i32>(), 3);
        assert_eq!(row.argmax::<usize>(), 3);
        assert_eq!(row.above::<usize>(1.5), Some(vec![2, 3]));
        assert_eq!(row.above::<i32>(9.0), None);
        assert_eq!(row.sum_of(&[1usize, 2]), 3.0);
        assert_eq!(row.sum_of(&[] as &[i32]), 0.0);
        assert_eq!(row.first_or(Some(&9.0)), 0.0);
        assert_eq!(row.into_element(-4i32), 0.0);
    }
}

/// A conversion whose target is a trait object with several bounds: the helper takes
/// `&(dyn Debug + Send)` (the mutation test found `&dyn Debug + Send`, which does not
/// parse).
mod trait_object_targets {
    use seam_macros::outline;

    #[outline]
    pub fn described(value: impl AsRef<dyn core::fmt::Debug + Send>) -> String {
        format!("{value:?}") // `value` is the `&(dyn Debug + Send)` here
    }

    #[test]
    fn a_trait_object_target_crosses() {
        let boxed: Box<dyn core::fmt::Debug + Send> = Box::new(5);
        assert_eq!(described(boxed), "5");
    }
}
