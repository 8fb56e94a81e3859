/// Opens a file by any path-like argument: the helper takes `&Path`.
pub fn open<P: AsRef<std::path::Path>>(path: P) -> std::io::Result<std::fs::File> {
    __seam_outline_fn_open::open_impl(
        ::core::convert::AsRef::<std::path::Path>::as_ref(&path),
    )
}
#[doc(hidden)]
mod __seam_outline_fn_open {
    #[allow(unused_imports)]
    use super::*;
    #[doc(hidden)]
    #[allow(non_snake_case, clippy::too_many_arguments, clippy::redundant_pub_crate)]
    #[inline(never)]
    pub(super) fn open_impl(path: &std::path::Path) -> std::io::Result<std::fs::File> {
        std::fs::File::open(path)
    }
}
#[doc(hidden)]
#[allow(unused_imports)]
use __seam_outline_fn_open::*;
/// Reads a file whole; its future borrows the converted path.
pub async fn read(path: impl AsRef<std::path::Path>, limit: impl Into<u64>) -> Vec<u8> {
    __seam_outline_fn_read::read_impl(
            ::core::convert::AsRef::<std::path::Path>::as_ref(&path),
            ::core::convert::Into::<u64>::into(limit),
        )
        .await
}
#[doc(hidden)]
mod __seam_outline_fn_read {
    #[allow(unused_imports)]
    use super::*;
    #[doc(hidden)]
    #[allow(non_snake_case, clippy::too_many_arguments, clippy::redundant_pub_crate)]
    #[allow(clippy::useless_conversion)]
    #[inline(never)]
    pub(super) fn read_impl<'__seam_future>(
        path: &'__seam_future std::path::Path,
        limit: u64,
    ) -> ::core::pin::Pin<
        ::std::boxed::Box<
            dyn ::core::future::Future<
                Output = Vec<u8>,
            > + ::core::marker::Send + '__seam_future,
        >,
    > {
        ::std::boxed::Box::pin(async move {
            let __seam_output: Vec<u8> = { load(path, limit).await };
            __seam_output
        })
    }
}
#[doc(hidden)]
#[allow(unused_imports)]
use __seam_outline_fn_read::*;
/// Every method of a trait impl is outlined; no forwarding method is added.
impl<const D: usize> core::ops::Add for Tensor<D> {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        <Self>::restore(
            __seam_outline_tensor_8ac05c33::add_impl(
                <Self>::into_bridge(self),
                <Self>::into_bridge(rhs),
            ),
        )
    }
}
#[doc(hidden)]
mod __seam_outline_tensor_8ac05c33 {
    #[allow(unused_imports)]
    use super::*;
    #[doc(hidden)]
    #[allow(non_snake_case, clippy::too_many_arguments, clippy::redundant_pub_crate)]
    #[inline(never)]
    pub(super) fn add_impl(__self: Bridge, rhs: Bridge) -> Bridge {
        __self.add(rhs)
    }
}
#[doc(hidden)]
#[allow(unused_imports)]
use __seam_outline_tensor_8ac05c33::*;
/// The protocol declared once, on the type: a hidden macro named after it.
pub struct Grid<const D: usize>(Bridge);
#[doc(hidden)]
macro_rules! __seam_outline_protocol_Grid {
    ([$pound:tt] { $($extra:tt)* } $($item:tt)*) => {
        $pound [::seam_macros::outline(erased = Bridge, erase = into_bridge, erase_ref =
        as_bridge, restore = restore, D = rank, __seam_declared_on_type, $($extra)*)]
        $($item)*
    };
}
#[doc(hidden)]
#[allow(unused_imports)]
pub(crate) use __seam_outline_protocol_Grid as Grid;
Grid! {
    [#] {} #[doc =
    " A block of that type: a call of the type's protocol macro, which puts the whole"]
    #[doc = " attribute back."] impl < const D : usize > Grid < D > { pub fn size(& self)
    -> usize { D } }
}
Grid! {
    [#] { __seam_fn_of = Grid } #[doc =
    " A free function under the type's protocol: a call of the type's protocol macro,"]
    #[doc = " which puts the whole attribute back with the type's name."] pub fn cells <
    const D : usize > (grid : & Grid < D >) -> usize { D * grid.rank() }
}
/// What that call puts back (the protocol and `__seam_fn_of`, the type's name),
/// written out so that this snapshot shows the wrapper and the helper: `&Grid<D>`
/// crosses as `&Bridge`, `D` as a run-time value.
pub fn cells_again<const D: usize>(grid: &Grid<D>) -> usize {
    __seam_outline_fn_cells_again::cells_again_impl(D, grid.as_bridge())
}
#[doc(hidden)]
mod __seam_outline_fn_cells_again {
    #[allow(unused_imports)]
    use super::*;
    #[doc(hidden)]
    #[allow(non_snake_case, clippy::too_many_arguments, clippy::redundant_pub_crate)]
    #[inline(never)]
    pub(super) fn cells_again_impl(__seam_d: usize, grid: &Bridge) -> usize {
        __seam_d * grid.rank()
    }
}
#[doc(hidden)]
#[allow(unused_imports)]
use __seam_outline_fn_cells_again::*;
