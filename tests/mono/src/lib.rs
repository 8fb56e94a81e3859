//! A generic grid outlined by `#[outline]`, and callers that pass each converted
//! argument with several types and the grid at several sizes.
//!
//! `tests/boundary/tests/mono.rs` builds this crate with nightly's
//! `-Zprint-mono-items=yes` and checks that each wrapper is instantiated once per
//! (size, argument type) pair while each helper is one non-generic item: the
//! conversions happen in the wrappers, and only the converted types reach the helpers.
//! It builds `seam-mono-user` (`user/`), a downstream crate calling the same methods,
//! sync and async, and checks that it compiles wrappers and no item of any helper.

use seam_macros::outline;

/// The erased form of a grid: its size at run time, and its cells.
#[derive(Clone, Debug, PartialEq)]
pub struct Cells {
    width: usize,
    height: usize,
    data: Vec<f32>,
}

impl Cells {
    fn width(&self) -> usize {
        self.width
    }

    fn height(&self) -> usize {
        self.height
    }
}

/// A `W` x `H` grid of numbers. Its protocol is declared here, once: the outlined
/// blocks and the free function below take it from the type.
#[derive(Clone, Debug, PartialEq)]
#[outline(erased = Cells, erase = erase, erase_ref = erase_ref, restore = restore, W = width, H = height)]
pub struct Grid<const W: usize, const H: usize> {
    cells: Cells,
}

impl<const W: usize, const H: usize> Grid<W, H> {
    fn erase(self) -> Cells {
        self.cells
    }

    fn erase_ref(&self) -> &Cells {
        &self.cells
    }

    fn restore(cells: Cells) -> Self {
        debug_assert_eq!(
            (cells.width, cells.height),
            (W, H),
            "a grid restored at the wrong size"
        );
        Grid { cells }
    }
}

#[outline]
impl<const W: usize, const H: usize> Grid<W, H> {
    /// A grid filled with `value` (`impl Into<f32>`).
    pub fn filled(value: impl Into<f32>) -> Self {
        Cells {
            width: W,
            height: H,
            data: vec![value; W * H],
        }
    }

    /// A grid from row-major values (`impl AsRef<[f32]>`).
    pub fn from_values(values: impl AsRef<[f32]>) -> Self {
        assert_eq!(values.len(), W * H, "from_values: {W}x{H} needs {} values", W * H);
        Cells {
            width: W,
            height: H,
            data: values.to_vec(),
        }
    }

    /// Copies the cells into `out` (`impl AsMut<[f32]>`).
    pub fn copy_to(&self, out: impl AsMut<[f32]>) {
        assert_eq!(
            out.len(),
            W * H,
            "copy_to: {W}x{H} needs room for {} values",
            W * H
        );
        out.copy_from_slice(&self.data);
    }

    /// Applies `f` to each cell (`impl Fn`).
    pub fn map(self, f: impl Fn(f32) -> f32) -> Self {
        Cells {
            data: self.data.iter().map(|&v| f(v)).collect(),
            ..self
        }
    }

    /// The sum of the cells, computed by an async body.
    pub async fn total_async(&self) -> f32 {
        core::future::ready(()).await;
        self.data.iter().sum()
    }

    /// The grid scaled by `k` (`impl Into<f32>`), computed by an async body that
    /// returns the own type.
    pub async fn scaled_async(self, k: impl Into<f32>) -> Self {
        core::future::ready(()).await;
        Cells {
            data: self.data.iter().map(|v| v * k).collect(),
            ..self
        }
    }

    /// The cellwise sum of any iterable of grids (`impl IntoIterator<Item = Self>`).
    pub fn sum(grids: impl IntoIterator<Item = Self>) -> Self {
        let mut data = vec![0.0; W * H];
        for grid in grids {
            for (d, v) in data.iter_mut().zip(&grid.data) {
                *d += v;
            }
        }
        Cells {
            width: W,
            height: H,
            data,
        }
    }
}

#[outline]
impl<const W: usize, const H: usize> core::ops::Add for Grid<W, H> {
    type Output = Self;

    /// The cellwise sum (an operator trait, outlined).
    fn add(self, rhs: Self) -> Self {
        Cells {
            data: self.data.iter().zip(&rhs.data).map(|(a, b)| a + b).collect(),
            ..self
        }
    }
}

/// The erased form of a borrowed window: it carries the lifetime of the cells.
#[derive(Clone, Copy, Debug)]
pub struct WindowCells<'a> {
    width: usize,
    data: &'a [f32],
}

impl WindowCells<'_> {
    fn width(&self) -> usize {
        self.width
    }
}

/// A window of `W` cells borrowed from a slice: a type with a lifetime, outlined.
#[derive(Clone, Copy, Debug)]
pub struct Window<'a, const W: usize> {
    cells: WindowCells<'a>,
}

impl<'a, const W: usize> Window<'a, W> {
    fn erase(self) -> WindowCells<'a> {
        self.cells
    }

    fn erase_ref(&self) -> &WindowCells<'a> {
        &self.cells
    }

    fn restore(cells: WindowCells<'a>) -> Self {
        debug_assert_eq!(cells.width, W, "a window restored at the wrong width");
        Window { cells }
    }
}

#[outline(erased = WindowCells<'a>, erase = erase, erase_ref = erase_ref, restore = restore, W = width)]
impl<'a, const W: usize> Window<'a, W> {
    /// The first `W` cells of `data`.
    pub fn over(data: &'a [f32]) -> Self {
        WindowCells {
            width: W,
            data: &data[..W],
        }
    }

    /// The sum of the cells (by value: `erase`; `W` read back by the forwarding method).
    pub fn total(self) -> f32 {
        assert_eq!(self.data.len(), W, "a window of {W} cells");
        self.data.iter().sum()
    }

    /// The largest cell, borrowed from the data (`impl Into<f32>` floor).
    pub fn max_at_least(&self, floor: impl Into<f32>) -> f32 {
        self.data.iter().copied().fold(floor, f32::max)
    }
}

/// The number of cells a row of `text` would fill (a free function, momo's form).
#[outline]
pub fn cells_in(text: impl AsRef<str>) -> usize {
    text.chars().filter(|c| !c.is_whitespace()).count()
}

/// The sum of `a`'s cells and `b`'s, per cell of `a` (a free function under the
/// grid's protocol: the grids reach the helper erased, `W` and `H` as run-time values).
#[outline(Grid)]
pub fn cells_total<const W: usize, const H: usize>(a: &Grid<W, H>, b: Grid<W, H>) -> f32 {
    (a.data.iter().sum::<f32>() + b.data.iter().sum::<f32>()) / (W * H) as f32
}

/// Calls every outlined method with several argument types, at two grid sizes.
pub fn callers() -> f32 {
    fn at<const W: usize, const H: usize>(scale: f32) -> f32 {
        let a = Grid::<W, H>::filled(1u8);
        let b = Grid::<W, H>::filled(2u16);
        let c = Grid::<W, H>::filled(0.5f32);
        let d = Grid::<W, H>::from_values(vec![scale; W * H]);
        let e = Grid::<W, H>::from_values(vec![scale; W * H].into_boxed_slice());
        let f = a.clone().map(|v| v * scale);
        let g = b.clone().map(f32::sqrt);
        let total = Grid::sum([a, b, c]);
        let total = Grid::sum(vec![total, d, e, f, g]);
        let mut out = vec![0.0; W * H];
        total.copy_to(&mut out);
        let mut boxed = vec![0.0; W * H].into_boxed_slice();
        total.copy_to(&mut boxed);
        out.iter().sum::<f32>() + boxed.iter().sum::<f32>()
    }
    at::<2, 3>(1.5) + at::<4, 4>(2.5)
}

#[cfg(test)]
mod tests {
    #[test]
    fn callers_compute() {
        // 2x3: per cell 1 + 2 + 0.5 + 1.5 + 1.5 + 1.5 + sqrt(2) = 8 + sqrt(2), twice (out and boxed).
        let small = 2.0 * 6.0 * (8.0 + 2f32.sqrt());
        // 4x4: 1 + 2 + 0.5 + 2.5 + 2.5 + 2.5 + sqrt(2) = 11 + sqrt(2).
        let large = 2.0 * 16.0 * (11.0 + 2f32.sqrt());
        assert!((super::callers() - (small + large)).abs() < 1e-3);
    }
}
