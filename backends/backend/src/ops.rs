//! The op families a backend implements, as enums: one kernel per family,
//! specialised on the op, keeps the backend trait short as ops are added.

/// Declares one op family whose ops fall in two groups, numeric (any numeric dtype)
/// and float (float dtypes only), from its list (`unary_ops!`, `binary_ops!`): the
/// enum, its `name()` and its `is_float_only()`.
macro_rules! grouped_op_enum {
    (
        $(#[$doc:meta])* $enum:ident {
            numeric { $($(#[$ndoc:meta])* $numeric:ident = $nname:literal,)* }
            float { $($(#[$fdoc:meta])* $float:ident = $fname:literal,)* }
        }
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum $enum {
            $($(#[$ndoc])* $numeric,)*
            $($(#[$fdoc])* $float,)*
        }

        impl $enum {
            /// The op's name, as the tensor API spells it.
            pub const fn name(self) -> &'static str {
                match self {
                    $($enum::$numeric => $nname,)*
                    $($enum::$float => $fname,)*
                }
            }

            /// Whether the op takes float dtypes only.
            pub const fn is_float_only(self) -> bool {
                matches!(self, $($enum::$float)|*)
            }
        }
    };
}

/// Calls `$m!` with [`UnaryOp`]'s declaration: its docs, and its ops in two groups,
/// `numeric { .. }` and `float { .. }` (float dtypes only), each op with its docs and
/// the name the tensor API spells it by. A backend whose kernels take the op as
/// their own enums (`seam-cubecl`'s, one a group) mirrors it from here, so a new op
/// is one entry.
#[macro_export]
macro_rules! unary_ops {
    ($m:ident $(, $($args:tt)*)?) => {
        $m! { $($($args)*)?
            /// An elementwise op with one input.
            UnaryOp {
                numeric {
                    /// `-x` (integers wrap)
                    Neg = "neg",
                    /// `|x|` (integers wrap at `MIN`)
                    Abs = "abs",
                }
                float {
                    /// `e^x`
                    Exp = "exp",
                    /// natural logarithm
                    Log = "log",
                    /// `ln(1 + x)`, accurate near 0
                    Log1p = "log1p",
                    /// square root (`NaN` below 0)
                    Sqrt = "sqrt",
                    /// sine, in radians
                    Sin = "sin",
                    /// cosine, in radians
                    Cos = "cos",
                    /// hyperbolic tangent
                    Tanh = "tanh",
                    /// the error function
                    Erf = "erf",
                    /// `1 / x`
                    Recip = "recip",
                    /// the Gaussian error linear unit `x * Φ(x)` (the exact form, as
                    /// [`gelu`](crate::gelu) computes it: accurate for negative `x`)
                    Gelu = "gelu",
                }
            }
        }
    };
}

/// Calls `$m!` with [`BinaryOp`]'s declaration, as [`unary_ops!`] does for
/// [`UnaryOp`].
#[macro_export]
macro_rules! binary_ops {
    ($m:ident $(, $($args:tt)*)?) => {
        $m! { $($($args)*)?
            /// An elementwise op with two inputs, broadcast by numpy's rules.
            BinaryOp {
                numeric {
                    /// `lhs + rhs`
                    Add = "add",
                    /// `lhs - rhs`
                    Sub = "sub",
                    /// `lhs * rhs`
                    Mul = "mul",
                    /// `lhs / rhs` (integer division truncates toward zero; the backend
                    /// panics on an integer division by zero, as Rust does)
                    Div = "div",
                    /// the remainder of `lhs / rhs` with the sign of `lhs`, as Rust's `%`
                    /// (an integer remainder by zero panics)
                    Rem = "rem",
                    /// the larger of the two
                    Max = "max_pair",
                    /// the smaller of the two
                    Min = "min_pair",
                }
                float {
                    /// `lhs` raised to the power `rhs`; a negative `lhs` with an integral
                    /// `rhs` gives the signed result, as `f64::powf` does
                    Pow = "powf",
                }
            }
        }
    };
}

unary_ops!(grouped_op_enum);
binary_ops!(grouped_op_enum);

impl ReduceOp {
    /// Whether the result is an index (`i64`) rather than an element.
    pub const fn is_arg(self) -> bool {
        matches!(self, ReduceOp::ArgMax | ReduceOp::ArgMin)
    }
}

/// Declares one op family from its list (`compare_ops!`, `reduce_ops!`,
/// `scan_ops!`): the enum, and its `name()`.
macro_rules! op_enum {
    ($(#[$doc:meta])* $enum:ident { $($(#[$vdoc:meta])* $variant:ident = $name:literal,)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum $enum {
            $($(#[$vdoc])* $variant,)*
        }

        impl $enum {
            /// The op's name, as the tensor API spells it.
            pub const fn name(self) -> &'static str {
                match self {
                    $($enum::$variant => $name,)*
                }
            }
        }
    };
}

/// Calls `$m!` with [`CompareOp`]'s declaration: its docs, its name, and each
/// variant with its docs and the name the tensor API spells it by. A backend whose
/// kernels take the op as their own enum (`seam-cubecl`'s, which derives cubecl's
/// traits) mirrors it from here, so a new comparison is one entry.
#[macro_export]
macro_rules! compare_ops {
    ($m:ident $(, $($args:tt)*)?) => {
        $m! { $($($args)*)?
            /// An elementwise comparison: the result has dtype `bool`.
            CompareOp {
                /// `lhs == rhs`
                Equal = "equal",
                /// `lhs > rhs`
                Greater = "greater",
                /// `lhs >= rhs`
                GreaterEqual = "greater_equal",
                /// `lhs < rhs`
                Lower = "lower",
                /// `lhs <= rhs`
                LowerEqual = "lower_equal",
            }
        }
    };
}

/// Calls `$m!` with [`ReduceOp`]'s declaration, as [`compare_ops!`] does for
/// [`CompareOp`].
#[macro_export]
macro_rules! reduce_ops {
    ($m:ident $(, $($args:tt)*)?) => {
        $m! { $($($args)*)?
            /// A reduction along one dim.
            ReduceOp {
                /// the sum (0 over an empty dim)
                Sum = "sum_dim",
                /// the product (1 over an empty dim)
                Prod = "prod_dim",
                /// the largest element (the dim must not be empty)
                Max = "max_dim",
                /// the smallest element (the dim must not be empty)
                Min = "min_dim",
                /// the index of the largest element, as `i64`; the first one on ties
                ArgMax = "argmax",
                /// the index of the smallest element, as `i64`; the first one on ties
                ArgMin = "argmin",
            }
        }
    };
}

/// Calls `$m!` with [`ScanOp`]'s declaration, as [`compare_ops!`] does for
/// [`CompareOp`].
#[macro_export]
macro_rules! scan_ops {
    ($m:ident $(, $($args:tt)*)?) => {
        $m! { $($($args)*)?
            /// A running reduction along one dim (a scan): element `i` along the dim is
            /// the op folded over elements `0..=i`, left to right.
            ScanOp {
                /// the running sum
                Sum = "cumsum",
                /// the running product
                Prod = "cumprod",
            }
        }
    };
}

compare_ops!(op_enum);
reduce_ops!(op_enum);
scan_ops!(op_enum);
