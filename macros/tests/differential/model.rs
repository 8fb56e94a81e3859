//! What the generator draws: blocks of methods over `V<N, K>`, each method a signature
//! (from the forms `#[outline]` documents) and a body of statements and a last
//! expression, written once for both builds (see `render.rs` for the two spellings
//! of a new value).

/// A seeded source of choices (SplitMix64): the same seed draws the same crate.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True `p` times in a hundred.
    pub fn percent(&mut self, p: usize) -> bool {
        self.below(100) < p
    }

    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }

    /// A small integer literal, sometimes one that overflows when doubled.
    pub fn literal(&mut self) -> String {
        match self.below(20) {
            0 => "i64::MAX".into(),
            1 => "i64::MIN".into(),
            _ => match self.below(13) as i64 - 4 {
                n if n < 0 => format!("({n}i64)"),
                n => format!("{n}i64"),
            },
        }
    }
}

/// A value type a body computes with.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ty {
    I64,
    Usize,
    Bool,
    /// `String`.
    Text,
    /// The block's own type (`Self`; the erased value in an outlined body).
    SelfT,
    /// `Vec<i64>`.
    VecI,
    /// `Option<i64>`.
    OptI,
}

/// What a method returns.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ret {
    Is(Ty),
    Unit,
    /// `[i64; N]`: a `Vec<i64>` in the helper.
    Array,
    /// `&[i64]`, borrowed from `self`.
    Slice,
    /// `Option<Self>`.
    OptSelf,
    /// `(Self, i64)`.
    Pair,
    /// `Result<i64, String>`.
    Fallible,
    /// `V<N, B>`: the impl's type at other parameters.
    OtherKind,
    /// `core::fmt::Result`, of `Display::fmt`.
    Fmt,
}

/// A method's receiver.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Receiver {
    None,
    Ref,
    Value,
    Mut,
}

/// An argument's form.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Arg {
    I64,
    Usize,
    /// `impl Into<i64>`, or `T: Into<i64>` where `generic`.
    Into {
        generic: bool,
    },
    /// `impl AsRef<[i64]>`, or `T: AsRef<[i64]>`.
    AsRef {
        generic: bool,
    },
    /// `impl Fn(i64) -> i64`.
    Fn,
    /// `mut f: impl FnMut(i64) -> i64`.
    FnMut,
    /// `impl IntoIterator<Item = i64>`.
    Iter,
    /// `[i64; N]`.
    ArrayN,
    /// `[i64; M]`, `M` the method's const generic.
    ArrayM,
    /// `&Self`.
    RefSelf,
    /// `Self`.
    OwnSelf,
    /// `Option<&Self>`.
    OptRefSelf,
    /// `Vec<Self>`.
    VecSelf,
    /// `impl Idx` (converted by `via`), or `T: Idx`.
    Index {
        generic: bool,
    },
    /// `&str`.
    Label,
    /// `(a, b): (i64, bool)`, a pattern.
    Pair,
    /// `&mut core::fmt::Formatter<'_>`, of `Display::fmt`.
    Formatter,
}

/// Synchronous, `async fn`, or a plain `fn` returning `impl Future`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flavor {
    Sync,
    Async,
    Future,
}

/// A method's signature, as the generator knows it (to call it from other bodies and
/// from the driver).
#[derive(Clone, Debug)]
pub struct Sig {
    pub name: String,
    pub receiver: Receiver,
    pub args: Vec<(String, Arg)>,
    pub ret: Ret,
    pub flavor: Flavor,
    /// Has `const M: usize` of its own.
    pub method_const: bool,
    /// The block it is in, and what that block implements (which `Self` it has).
    pub block: usize,
    pub header: Header,
}

impl Sig {
    /// The turbofish a call passes `M` by (`::<2, _>`: `_` for each type parameter
    /// of an argument), after `before` (a free function's `N, K`); none without `M`.
    pub fn turbofish(&self, before: &str, m: usize) -> String {
        if !self.method_const {
            return String::new();
        }
        let types = self
            .args
            .iter()
            .filter(|(_, a)| {
                matches!(
                    a,
                    Arg::Into { generic: true } | Arg::AsRef { generic: true } | Arg::Index { generic: true }
                )
            })
            .count();
        format!("::<{before}{m}{}>", ", _".repeat(types))
    }
}

/// One line of a body.
#[derive(Clone, Debug)]
pub struct Stmt {
    pub text: String,
    /// Where the outlined build must refuse this line: the start of the message.
    pub refused: Option<&'static str>,
}

/// A generated method: its signature and body, and the methods its body calls.
#[derive(Clone, Debug)]
pub struct Method {
    pub sig: Sig,
    pub stmts: Vec<Stmt>,
    pub tail: String,
    pub calls: Vec<String>,
    /// The driver's lines that call it (`render::driver`).
    pub driver: Vec<String>,
}

/// What a block implements.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Header {
    /// `impl<const N: usize, K: Num> V<N, K>`.
    Generic,
    /// `impl<const N: usize> V<N, A>`: a kind fixed by the block.
    KindA,
    /// `impl<const N: usize, K: Num> Trait for V<N, K>`.
    Trait(TraitImpl),
    /// `#[outline(V)]` free functions over `V<N, K>`.
    Free,
}

/// The traits a block may implement (each at most once a crate).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TraitImpl {
    Add,
    Neg,
    Mul,
    Display,
    Score,
}

/// A generated block: an impl (or a group of free functions) and its methods.
#[derive(Clone, Debug)]
pub struct Block {
    pub index: usize,
    pub header: Header,
    pub methods: Vec<Method>,
    /// A method of the block kept private (a body calling it is refused).
    pub private: Option<String>,
}

impl Block {
    /// Whether the outlined build must refuse some line of the block.
    pub fn refused(&self) -> bool {
        self.methods
            .iter()
            .any(|m| m.stmts.iter().any(|s| s.refused.is_some()))
    }
}

impl Header {
    /// `K`, the kind parameter, is in scope.
    pub fn has_k(self) -> bool {
        !matches!(self, Header::KindA)
    }

    /// The run-time kind of a new value of the block's type.
    pub fn kind_value(self) -> &'static str {
        match self {
            Header::KindA => "A::KIND",
            _ => "K::KIND",
        }
    }

    /// The block's type as a body names it (`Self`, or for free functions the type).
    pub fn self_ty(self) -> &'static str {
        match self {
            Header::Free => "V<N, K>",
            _ => "Self",
        }
    }

    /// Whether a body of this block may call the methods of a block with `callee`'s
    /// header on a value of its type: `V<N, A>` has both blocks' methods, `V<N, K>`
    /// only the generic one's.
    pub fn sees(self, callee: Header) -> bool {
        match callee {
            Header::Generic => true,
            Header::KindA => self == Header::KindA,
            _ => false,
        }
    }
}
