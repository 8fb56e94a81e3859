//! Coordinate grids, as burn-tensor's `grid` module has them: `meshgrid`,
//! `meshgrid_stack` and `affine_grid_2d`, thin generic functions over the tensor's
//! outlined methods, and their options.

use crate::kind::{Basic, Int};
use crate::tensor::Tensor;
use burn_std::s;

/// How `meshgrid` orders its outputs' dims.
#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridIndexing {
    /// Dim `i` of every output follows input `i` (matrix indexing, `ij`).
    #[default]
    Matrix,
    /// The first two dims swapped (cartesian indexing, `xy`).
    Cartesian,
}

/// Whether `meshgrid`'s outputs are expanded to the whole grid.
#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridSparsity {
    /// Each output has the grid's full shape.
    #[default]
    Dense,
    /// Each output has size 1 in every dim but its own.
    Sparse,
}

/// `meshgrid`'s options.
#[derive(Default, Debug, Copy, Clone)]
pub struct GridOptions {
    /// The order of the outputs' dims.
    pub indexing: GridIndexing,
    /// Whether the outputs are expanded.
    pub sparsity: GridSparsity,
}

impl GridOptions {
    /// Options of `indexing` and `sparsity`.
    pub fn new(indexing: GridIndexing, sparsity: GridSparsity) -> Self {
        Self { indexing, sparsity }
    }
}

impl From<GridIndexing> for GridOptions {
    fn from(indexing: GridIndexing) -> Self {
        Self { indexing, ..Self::default() }
    }
}

impl From<GridSparsity> for GridOptions {
    fn from(sparsity: GridSparsity) -> Self {
        Self { sparsity, ..Self::default() }
    }
}

/// Where `meshgrid_stack` puts the stacked dim.
#[derive(Default, Debug, Copy, Clone)]
pub enum IndexPos {
    /// In front.
    #[default]
    First,
    /// At the end.
    Last,
}

/// For `N` coordinate vectors, `N` tensors of rank `N` holding each vector's values
/// along its own dim: the grid of every combination.
pub fn meshgrid<const N: usize, K, O>(tensors: &[Tensor<1, K>; N], options: O) -> [Tensor<N, K>; N]
where
    K: Basic,
    O: Into<GridOptions>,
{
    let options = options.into();
    let sizes: [usize; N] = core::array::from_fn(|i| tensors[i].dims()[0]);
    // As burn-tensor, whose expand takes no size 0.
    crate::check::grid_vectors("meshgrid", &sizes);
    core::array::from_fn(|i| {
        let mut own = [1; N];
        own[i] = sizes[i];
        let mut grid = tensors[i].clone().reshape(own);
        if options.sparsity == GridSparsity::Dense {
            grid = grid.expand(sizes);
        }
        if options.indexing == GridIndexing::Cartesian && N > 1 {
            grid = grid.swap_dims(0, 1);
        }
        grid
    })
}

/// [`meshgrid`]'s dense outputs stacked along a new dim, first or last (`D2` is
/// `D + 1`).
pub fn meshgrid_stack<const D: usize, const D2: usize, K>(tensors: &[Tensor<1, K>; D], index_pos: IndexPos) -> Tensor<D2, K>
where
    K: Basic,
{
    crate::check::grid_stack_rank("meshgrid_stack", D, D2);
    crate::check::grid_vectors("meshgrid_stack", &tensors.iter().map(|t| t.dims()[0]).collect::<Vec<_>>());
    let dim = match index_pos {
        IndexPos::First => 0,
        IndexPos::Last => D,
    };
    Tensor::stack(meshgrid(tensors, GridOptions::default()).into(), dim)
}

/// The sampling grid of a batch of 2-D affine transforms (`[batch, 2, 3]`) for an
/// output of `dims` (`[batch, channels, height, width]`): `[batch, height, width, 2]`,
/// each point `(x, y)` in -1..=1 mapped by its transform.
// Glue over outlined methods, as `meshgrid` is: compiled where it is called, so that
// the wrappers it calls are instantiated there, not here.
#[inline]
pub fn affine_grid_2d(transform: Tensor<3>, dims: [usize; 4]) -> Tensor<4> {
    let [batch, _, height, width] = dims;
    let device = transform.device();
    let axis = |len: usize, shape: [usize; 2]| {
        Tensor::<1, Int>::arange(0..len as i64, &device)
            .reshape(shape)
            .expand([height, width])
            .float()
            .div_scalar((len - 1) as f32 / 2.0)
            .sub_scalar(1.0f32)
            .unsqueeze_dim::<3>(0)
            .expand([batch, height, width])
    };
    let (x, y) = (axis(width, [1, width]), axis(height, [height, 1]));
    let entry = |row: usize, col: usize| transform.clone().slice(s![.., row, col]);
    let grid_x = entry(0, 0).mul(x.clone()).add(entry(0, 1).mul(y.clone())).add(entry(0, 2));
    let grid_y = entry(1, 0).mul(x).add(entry(1, 1).mul(y)).add(entry(1, 2));
    Tensor::stack(vec![grid_x, grid_y], 3)
}
