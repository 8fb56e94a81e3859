//! Moving elements without changing them (burn-tensor's `api/base.rs` and
//! `api/take.rs`): dims moved, elements rolled, broadcast views, sliding windows,
//! entries taken by an index tensor, and iteration along a dim.

use crate::tensor::Bridge;
use crate::check;
use crate::kind::{Basic, Int};
use crate::tensor::{BroadcastArgs, MovedimArgs, Tensor};
use burn_backend::TensorMetadata;
use burn_std::{AsIndex, Shape, Slice};
use seam_macros::outline;

#[outline]
impl<const D: usize, K: Basic> Tensor<D, K> {
    /// Dims `src` moved to the places `dst` (one dim or a `Vec`, negative counting from
    /// the end); the other dims keep their order.
    // A wrapper: `MovedimArgs::into_dim_vec` takes the rank `D` as a const generic.
    #[outline(skip)]
    pub fn movedim<S1: MovedimArgs, S2: MovedimArgs>(self, src: S1, dst: S2) -> Tensor<D, K> {
        let (src, dst) = (src.into_dim_vec::<D>(), dst.into_dim_vec::<D>());
        self.movedim_dims(src, dst)
    }

    /// Dims `src` moved to the places `dst`, each a valid dim named once (what
    /// `movedim` does once its arguments are resolved).
    #[doc(hidden)]
    pub fn movedim_dims(self, src: Vec<usize>, dst: Vec<usize>) -> Tensor<D, K> {
        check::movedim("movedim", &src, &dst);
        let mut axes: Vec<Option<usize>> = vec![None; D];
        for (&to, &from) in dst.iter().zip(&src) {
            axes[to] = Some(from);
        }
        let mut rest = (0..D).filter(|d| !src.contains(d));
        let axes: Vec<usize> = axes.into_iter().map(|a| a.or_else(|| rest.next()).expect("one dim left per place")).collect();
        Bridge::new(K::KIND, K::permute(self.into_stored(), &axes))
    }

    /// The elements moved `shift` places along `dim`, those past the end coming back
    /// at the start (a negative shift moves them the other way).
    pub fn roll_dim<Shift, Dim>(self, shift: Shift, dim: Dim) -> Self
    where
        Shift: AsIndex,
        Dim: AsIndex,
    {
        check::dim("roll_dim", dim, D);
        self.roll(&[shift], &[dim])
    }

    /// The elements rolled by `shifts[i]` along `dims[i]`, for each `i` (shifts of one
    /// dim named twice add up).
    pub fn roll<Shift, Dim>(self, shifts: &[Shift], dims: &[Dim]) -> Self
    where
        Shift: AsIndex,
        Dim: AsIndex,
    {
        check::roll("roll", shifts.len(), dims.len());
        let tensor = self.into_stored();
        let shape = tensor.shape();
        if shape.num_elements() == 0 {
            return Bridge::new(K::KIND, tensor);
        }
        let mut total = vec![0isize; D];
        for (&dim, &shift) in dims.iter().zip(shifts) {
            total[check::dim("roll", dim, D)] += shift;
        }
        let mut tensor = tensor;
        for (dim, shift) in total.into_iter().enumerate() {
            let size = shape[dim];
            let shift = shift.rem_euclid(size as isize) as usize;
            if shift == 0 {
                continue;
            }
            // The last `shift` entries of the dim, then the rest.
            let part = |from: usize, to: usize| {
                let mut slices = vec![Slice::full(); D];
                slices[dim] = Slice::new(from as isize, Some(to as isize), 1);
                slices
            };
            let (tail, head) = (part(size - shift, size), part(0, size - shift));
            let (tail, head) = (K::slice(tensor.clone(), &tail), K::slice(tensor, &head));
            tensor = K::cat(vec![tail, head], dim);
        }
        Bridge::new(K::KIND, tensor)
    }

    /// A view broadcast to `shape` (rank `D2`): dims of size 1 repeat, `-1` keeps the
    /// source's size, new dims go in front.
    pub fn expand<const D2: usize, S: BroadcastArgs<D, D2>>(self, shape: S) -> Tensor<D2, K> {
        let tensor = self.into_tensor();
        let source = tensor.shape();
        let target = shape.into_shape(&source);
        check::expand("expand", &source, &target);
        Bridge::new(K::KIND, K::expand(tensor, target))
    }

    /// The windows of `size` along `dim`, `step` apart: dim `dim` counts the windows and
    /// a new last dim holds each (`D2` is `D + 1`).
    pub fn unfold<const D2: usize, I: AsIndex>(self, dim: I, size: usize, step: usize) -> Tensor<D2, K> {
        check::one_dim_more("unfold", D, D2, "unfolds");
        let dim = check::dim("unfold", dim, D);
        check::window_step("unfold", step);
        let tensor = self.into_tensor();
        Bridge::new(K::KIND, K::unfold(tensor, dim, size, step))
    }

    /// The entries of `dim` at `indices` (any rank `DI`): dim `dim` is replaced by the
    /// dims of `indices` (`DO` is `D + DI - 1`).
    pub fn take<const DI: usize, const DO: usize>(self, dim: impl AsIndex, indices: Tensor<DI, Int>) -> Tensor<DO, K> {
        check::take("take", D, DI, DO);
        let dim = check::dim("take", dim, D);
        let (tensor, indices) = (self.into_stored(), indices.into_tensor());
        let at = indices.shape();
        let flat = <Int as Basic>::reshape(indices, Shape::from(vec![at.num_elements()]));
        let picked = K::select(tensor, dim, flat);
        let shape = picked.shape();
        let dims: Vec<usize> = shape.as_slice()[..dim]
            .iter()
            .chain(at.as_slice())
            .chain(&shape.as_slice()[dim + 1..])
            .copied()
            .collect();
        Bridge::new(K::KIND, K::reshape(picked, Shape::from(dims)))
    }
}
