// A free function in momo's form, an async one, and an operator trait impl.

/// Opens a file by any path-like argument: the helper takes `&Path`.
#[outline]
pub fn open<P: AsRef<std::path::Path>>(path: P) -> std::io::Result<std::fs::File> {
    std::fs::File::open(path)
}

/// Reads a file whole; its future borrows the converted path.
#[outline]
pub async fn read(path: impl AsRef<std::path::Path>, limit: impl Into<u64>) -> Vec<u8> {
    load(path, limit).await
}

/// Every method of a trait impl is outlined; no forwarding method is added.
#[outline(erased = Bridge, erase = into_bridge, erase_ref = as_bridge, restore = restore, D = rank)]
impl<const D: usize> core::ops::Add for Tensor<D> {
    type Output = Self;

    fn add(self, rhs: Self) -> Self {
        self.add(rhs)
    }
}

/// The protocol declared once, on the type: a hidden macro named after it.
#[outline(erased = Bridge, erase = into_bridge, erase_ref = as_bridge, restore = restore, D = rank)]
pub struct Grid<const D: usize>(Bridge);

/// A block of that type: a call of the type's protocol macro, which puts the whole
/// attribute back.
#[outline]
impl<const D: usize> Grid<D> {
    pub fn size(&self) -> usize {
        D
    }
}

/// A free function under the type's protocol: a call of the type's protocol macro,
/// which puts the whole attribute back with the type's name.
#[outline(Grid)]
pub fn cells<const D: usize>(grid: &Grid<D>) -> usize {
    D * grid.rank()
}

/// What that call puts back (the protocol and `__seam_fn_of`, the type's name),
/// written out so that this snapshot shows the wrapper and the helper: `&Grid<D>`
/// crosses as `&Bridge`, `D` as a run-time value.
#[outline(erased = Bridge, erase = into_bridge, erase_ref = as_bridge, restore = restore, D = rank,
          __seam_declared_on_type, __seam_fn_of = Grid)]
pub fn cells_again<const D: usize>(grid: &Grid<D>) -> usize {
    D * grid.rank()
}
