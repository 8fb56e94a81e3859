//! The `#[cube]` kernels, and the host functions that launch them.
//!
//! Every elementwise kernel writes a contiguous output and reads its inputs through
//! their strides ([`strided::offset`]): a broadcast input has stride 0 along the dims
//! it is repeated on, and a transposed one has permuted strides, so neither is copied
//! first.

/// One op family of `seam-backend`'s op lists (`compare_ops!`, `reduce_ops!`,
/// `scan_ops!`) as a kernel's compile-time argument: the same variants, deriving
/// cubecl's traits, and the conversion from the backend's enum. A new op of the
/// family is one entry there.
macro_rules! kernel_op {
    ($name:ident from $(#[$doc:meta])* $enum:ident { $($(#[$vdoc:meta])* $variant:ident = $op:literal,)* }) => {
        $(#[$doc])*
        ///
        /// As a kernel's compile-time argument.
        #[derive(CubeType, Clone, Copy, Hash, PartialEq, Eq, Debug)]
        pub(crate) enum $name {
            $($(#[$vdoc])* $variant,)*
        }

        impl From<seam_backend::$enum> for $name {
            fn from(op: seam_backend::$enum) -> Self {
                match op {
                    $(seam_backend::$enum::$variant => $name::$variant,)*
                }
            }
        }
    };
}

pub(crate) mod cast;
pub(crate) mod compare;
pub(crate) mod elementwise;
mod gelu;
pub(crate) mod index;
pub(crate) mod layout;
pub(crate) mod mask;
pub(crate) mod matmul;
pub(crate) mod reduce;
pub(crate) mod scan;
pub(crate) mod slice;
mod strided;

use cubecl::prelude::*;

/// Threads per cube for the elementwise kernels.
const CUBE_SIZE: u32 = 256;

/// The cube count and size that give one thread per output element.
pub(crate) fn elementwise_launch(client: &cubecl::client::Client, len: usize) -> (CubeCount, CubeDim) {
    let dim = CubeDim::new_1d(CUBE_SIZE);
    (cubecl::calculate_cube_count_elemwise(client, len, dim), dim)
}
