//! The op families a backend implements, as enums: one kernel per family,
//! specialised on the op, keeps the backend trait short as ops are added.

/// An elementwise op with one input.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum UnaryOp {
    /// `-x` (numeric dtypes; integers wrap)
    Neg,
    /// `|x|` (numeric dtypes; integers wrap at `MIN`)
    Abs,
    /// `e^x` (float dtypes only, as are all the ops below)
    Exp,
    /// natural logarithm
    Log,
    /// `ln(1 + x)`, accurate near 0
    Log1p,
    /// square root (`NaN` below 0)
    Sqrt,
    /// sine, in radians
    Sin,
    /// cosine, in radians
    Cos,
    /// hyperbolic tangent
    Tanh,
    /// the error function
    Erf,
    /// `1 / x`
    Recip,
    /// the Gaussian error linear unit `x * Φ(x)` (the exact form, as [`gelu`](crate::gelu)
    /// computes it: accurate for negative `x`)
    Gelu,
}

/// An elementwise op with two inputs, broadcast by numpy's rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BinaryOp {
    /// `lhs + rhs`
    Add,
    /// `lhs - rhs`
    Sub,
    /// `lhs * rhs`
    Mul,
    /// `lhs / rhs` (integer division truncates toward zero; the backend panics on an
    /// integer division by zero, as Rust does)
    Div,
    /// the remainder of `lhs / rhs` with the sign of `lhs`, as Rust's `%` (an integer
    /// remainder by zero panics)
    Rem,
    /// `lhs` raised to the power `rhs` (float dtypes only); a negative `lhs` with an
    /// integral `rhs` gives the signed result, as `f64::powf` does
    Pow,
    /// the larger of the two
    Max,
    /// the smaller of the two
    Min,
}

impl UnaryOp {
    /// The op's name, as the tensor API spells it.
    pub const fn name(self) -> &'static str {
        match self {
            UnaryOp::Neg => "neg",
            UnaryOp::Abs => "abs",
            UnaryOp::Exp => "exp",
            UnaryOp::Log => "log",
            UnaryOp::Log1p => "log1p",
            UnaryOp::Sqrt => "sqrt",
            UnaryOp::Sin => "sin",
            UnaryOp::Cos => "cos",
            UnaryOp::Tanh => "tanh",
            UnaryOp::Erf => "erf",
            UnaryOp::Recip => "recip",
            UnaryOp::Gelu => "gelu",
        }
    }

    /// Whether the op takes float dtypes only (all but `Neg` and `Abs`).
    pub const fn is_float_only(self) -> bool {
        !matches!(self, UnaryOp::Neg | UnaryOp::Abs)
    }
}

impl BinaryOp {
    /// The op's name, as the tensor API spells it.
    pub const fn name(self) -> &'static str {
        match self {
            BinaryOp::Add => "add",
            BinaryOp::Sub => "sub",
            BinaryOp::Mul => "mul",
            BinaryOp::Div => "div",
            BinaryOp::Rem => "rem",
            BinaryOp::Pow => "powf",
            BinaryOp::Max => "max_pair",
            BinaryOp::Min => "min_pair",
        }
    }
}

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
