//! The op families a backend implements, as enums: one kernel per family,
//! specialised on the op, keeps the backend trait short as ops are added.

/// An elementwise op with one input.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `e^x` (float dtypes only)
    Exp,
    /// natural logarithm (float dtypes only)
    Log,
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
}

impl UnaryOp {
    /// The op's name, as the tensor API spells it.
    pub const fn name(self) -> &'static str {
        match self {
            UnaryOp::Neg => "neg",
            UnaryOp::Exp => "exp",
            UnaryOp::Log => "log",
        }
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
        }
    }
}
