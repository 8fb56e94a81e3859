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

/// An elementwise comparison: the result has dtype `bool`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CompareOp {
    /// `lhs == rhs`
    Equal,
    /// `lhs > rhs`
    Greater,
    /// `lhs >= rhs`
    GreaterEqual,
    /// `lhs < rhs`
    Lower,
    /// `lhs <= rhs`
    LowerEqual,
}

/// A reduction along one dim.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ReduceOp {
    /// the sum (0 over an empty dim)
    Sum,
    /// the product (1 over an empty dim)
    Prod,
    /// the largest element (the dim must not be empty)
    Max,
    /// the smallest element (the dim must not be empty)
    Min,
    /// the index of the largest element, as `i64`; the first one on ties
    ArgMax,
    /// the index of the smallest element, as `i64`; the first one on ties
    ArgMin,
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

impl CompareOp {
    /// The op's name, as the tensor API spells it.
    pub const fn name(self) -> &'static str {
        match self {
            CompareOp::Equal => "equal",
            CompareOp::Greater => "greater",
            CompareOp::GreaterEqual => "greater_equal",
            CompareOp::Lower => "lower",
            CompareOp::LowerEqual => "lower_equal",
        }
    }
}

impl ReduceOp {
    /// The op's name, as the tensor API spells it for one dim.
    pub const fn name(self) -> &'static str {
        match self {
            ReduceOp::Sum => "sum_dim",
            ReduceOp::Prod => "prod_dim",
            ReduceOp::Max => "max_dim",
            ReduceOp::Min => "min_dim",
            ReduceOp::ArgMax => "argmax",
            ReduceOp::ArgMin => "argmin",
        }
    }

    /// Whether the result is an index (`i64`) rather than an element.
    pub const fn is_arg(self) -> bool {
        matches!(self, ReduceOp::ArgMax | ReduceOp::ArgMin)
    }
}
