//! The `#[cube]` kernels, and the host functions that launch them.
//!
//! Every elementwise kernel writes a contiguous output and reads its inputs through
//! their strides ([`strided::offset`]): a broadcast input has stride 0 along the dims
//! it is repeated on, and a transposed one has permuted strides, so neither is copied
//! first.

/// One op family of `seam-backend`'s flat op lists (`compare_ops!`, `reduce_ops!`,
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

/// One op family of `seam-backend`'s grouped op lists (`unary_ops!`,
/// `binary_ops!`) as the compile-time arguments of two kernels, one a group: the
/// numeric group's enum `$numeric` and the float group's `$float` (deriving cubecl's
/// traits), and `$kernel`, which of the two an op of the backend's enum is. A new op
/// is one entry there, and its arm in its group's kernel.
macro_rules! kernel_groups {
    (
        $numeric:ident $float:ident $kernel:ident from
        $(#[$doc:meta])* $enum:ident {
            numeric { $($(#[$ndoc:meta])* $nvariant:ident = $nname:literal,)* }
            float { $($(#[$fdoc:meta])* $fvariant:ident = $fname:literal,)* }
        }
    ) => {
        /// The numeric ops of the family, as a kernel's compile-time argument.
        #[derive(CubeType, Clone, Copy, Hash, PartialEq, Eq, Debug)]
        pub(crate) enum $numeric {
            $($(#[$ndoc])* $nvariant,)*
        }

        /// The float-only ops of the family, as a kernel's compile-time argument.
        #[derive(CubeType, Clone, Copy, Hash, PartialEq, Eq, Debug)]
        pub(crate) enum $float {
            $($(#[$fdoc])* $fvariant,)*
        }

        /// The kernel an op runs in: its group's, with its op.
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub(crate) enum $kernel {
            /// An op of any numeric dtype.
            Numeric($numeric),
            /// An op of float dtypes only.
            Float($float),
        }

        impl From<seam_backend::$enum> for $kernel {
            fn from(op: seam_backend::$enum) -> Self {
                match op {
                    $(seam_backend::$enum::$nvariant => $kernel::Numeric($numeric::$nvariant),)*
                    $(seam_backend::$enum::$fvariant => $kernel::Float($float::$fvariant),)*
                }
            }
        }
    };
}

pub(crate) mod args;
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
pub(crate) mod softmax;
mod strided;

use cubecl::prelude::*;

/// Threads per cube for the elementwise kernels.
const CUBE_SIZE: u32 = 256;

/// The cube count and size that give one thread per output element.
pub(crate) fn elementwise_launch(client: &cubecl::client::Client, len: usize) -> (CubeCount, CubeDim) {
    let dim = CubeDim::new_1d(CUBE_SIZE);
    (cubecl::calculate_cube_count_elemwise(client, len, dim), dim)
}
