//! The text of a case: each block written once, with the `#[outline]` lines marked
//! `// outline-only` and a new value of the type written `@new(T)(data, kind)`, and
//! the driver's calls; then the two crates' modules made from it ([`variant`]).
//!
//! The builds differ in the base (`base_plain.rs`, `base_outlined.rs`) and in two
//! spellings the contract of `#[outline]` asks for: a body makes a new value of the
//! erased type (`Dyn::from_data`, where plain code writes `<Self>::from_data`), and a
//! result `[i64; N]` is a `Vec<i64>` in the helper (`@array(v)`: plain code converts it
//! with `<[i64; N]>::try_from(v).unwrap()`).

use super::model::{Arg, Block, Flavor, Header, Method, Receiver, Ret, Rng, Sig, TraitImpl, Ty};

/// A case as text: per block, its code and the driver's lines that call it.
#[derive(Clone, Debug, Default)]
pub struct Case {
    pub blocks: Vec<BlockText>,
}

/// One block's code and calls.
#[derive(Clone, Debug)]
pub struct BlockText {
    pub code: String,
    pub calls: Vec<String>,
}

impl BlockText {
    /// Whether the outlined build must refuse a line of it.
    pub fn refused(&self) -> bool {
        self.code.contains("// refused: ")
    }
}

/// The marker of a driver line in a regression file.
const CALL: &str = "// call: ";

impl Case {
    pub fn of(blocks: &[Block]) -> Case {
        Case {
            blocks: blocks
                .iter()
                .map(|b| BlockText {
                    code: block(b),
                    calls: b.methods.iter().flat_map(|m| m.driver.clone()).collect(),
                })
                .collect(),
        }
    }

    /// A case as a regression file holds it: each block's code and then its calls,
    /// as `// call: ` lines.
    pub fn to_file(&self) -> String {
        let mut text = String::new();
        for b in &self.blocks {
            text += &b.code;
            for call in &b.calls {
                text += &format!("{CALL}{call}\n");
            }
            text += "\n";
        }
        text
    }

    /// A regression file read back: a block starts at each `// block:` line.
    pub fn from_file(text: &str) -> Case {
        let mut case = Case::default();
        for line in text.lines() {
            if line.starts_with("// block:") {
                case.blocks.push(BlockText {
                    code: String::new(),
                    calls: Vec::new(),
                });
            }
            let Some(block) = case.blocks.last_mut() else {
                continue;
            };
            match line.strip_prefix(CALL) {
                Some(call) => block.calls.push(call.to_string()),
                None => block.code += &format!("{line}\n"),
            }
        }
        case
    }
}

/// The two builds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Variant {
    Plain,
    Outlined,
}

/// A block's code for `variant`: the `// outline-only` lines dropped from the plain
/// one, and `@new(T)` and `@array(v)` spelled for each.
pub fn variant(code: &str, variant: Variant) -> String {
    let mut out = String::new();
    for line in code.lines() {
        if variant == Variant::Plain && line.ends_with("// outline-only") {
            // Kept as a blank line: both modules keep their line numbers.
            out.push('\n');
            continue;
        }
        out += &spell(line, variant);
        out.push('\n');
    }
    out
}

/// `@new(T)` and `@array(v)` in `line`, spelled for `variant`.
fn spell(line: &str, variant: Variant) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find('@') {
        out += &rest[..at];
        rest = &rest[at..];
        let (name, open) = if let Some(r) = rest.strip_prefix("@new(") {
            ("new", r)
        } else if let Some(r) = rest.strip_prefix("@array(") {
            ("array", r)
        } else {
            panic!("an unknown `@` in {line:?}")
        };
        let end = closing(open).unwrap_or_else(|| panic!("an unclosed `@{name}(` in {line:?}"));
        let inner = &open[..end];
        out += &match (name, variant) {
            ("new", Variant::Plain) => format!("<{inner}>::from_data"),
            ("new", Variant::Outlined) => "Dyn::from_data".to_string(),
            ("array", Variant::Plain) => format!("<[i64; N]>::try_from({}).unwrap()", spell(inner, variant)),
            _ => spell(inner, variant),
        };
        rest = &open[end + 1..];
    }
    out + rest
}

/// The index of the `)` that closes the `(` just before `text`.
fn closing(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' if depth == 0 => return Some(i),
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// A block's code, both builds' text in one.
pub fn block(b: &Block) -> String {
    let mut s = format!("// block: {}\n", b.index);
    if b.header == Header::Free {
        for m in &b.methods {
            s += "#[outline(V)] // outline-only\n";
            s += &method(m, "");
        }
        return s;
    }
    s += "#[outline] // outline-only\n";
    s += &format!("{} {{\n", impl_header(b.header));
    if matches!(
        b.header,
        Header::Trait(TraitImpl::Add | TraitImpl::Neg | TraitImpl::Mul)
    ) {
        s += "    type Output = Self;\n";
    }
    for m in &b.methods {
        s += &method(m, "    ");
    }
    if let Some(p) = &b.private {
        s += &format!("    fn {p}(&self) -> i64 {{\n        7\n    }}\n");
    }
    s + "}\n"
}

fn impl_header(header: Header) -> &'static str {
    match header {
        Header::Generic => "impl<const N: usize, K: Num> V<N, K>",
        Header::KindA => "impl<const N: usize> V<N, A>",
        Header::Trait(TraitImpl::Add) => "impl<const N: usize, K: Num> core::ops::Add for V<N, K>",
        Header::Trait(TraitImpl::Neg) => "impl<const N: usize, K: Num> core::ops::Neg for V<N, K>",
        Header::Trait(TraitImpl::Mul) => "impl<const N: usize, K: Num> core::ops::Mul<i64> for V<N, K>",
        Header::Trait(TraitImpl::Display) => "impl<const N: usize, K: Num> core::fmt::Display for V<N, K>",
        Header::Trait(TraitImpl::Score) => "impl<const N: usize, K: Num> Score for V<N, K>",
        Header::Free => unreachable!("free functions have no impl"),
    }
}

/// A method (or free function) with its body, each line indented by `indent` more.
fn method(m: &Method, indent: &str) -> String {
    let sig = &m.sig;
    let mut generics = Vec::new();
    if sig.header == Header::Free {
        generics.push("const N: usize".to_string());
        generics.push("K: Num".to_string());
    }
    if sig.method_const {
        generics.push("const M: usize".to_string());
    }
    let self_ty = sig.header.self_ty();
    let mut params = match sig.receiver {
        Receiver::None => Vec::new(),
        Receiver::Ref => vec!["&self".to_string()],
        Receiver::Value => vec!["self".to_string()],
        Receiver::Mut => vec!["&mut self".to_string()],
    };
    for (i, (name, arg)) in sig.args.iter().enumerate() {
        let mut generic = |bound: &str| {
            generics.push(format!("T{i}: {bound}"));
            format!("T{i}")
        };
        params.push(match arg {
            Arg::I64 => format!("{name}: i64"),
            Arg::Usize => format!("{name}: usize"),
            Arg::Into { generic: true } => format!("{name}: {}", generic("Into<i64>")),
            Arg::Into { generic: false } => format!("{name}: impl Into<i64>"),
            Arg::AsRef { generic: true } => format!("{name}: {}", generic("AsRef<[i64]>")),
            Arg::AsRef { generic: false } => format!("{name}: impl AsRef<[i64]>"),
            Arg::Fn => format!("{name}: impl Fn(i64) -> i64"),
            Arg::FnMut => format!("mut {name}: impl FnMut(i64) -> i64"),
            Arg::Iter => format!("{name}: impl IntoIterator<Item = i64>"),
            Arg::ArrayN => format!("{name}: [i64; N]"),
            Arg::ArrayM => format!("{name}: [i64; M]"),
            Arg::RefSelf => format!("{name}: &{self_ty}"),
            Arg::OwnSelf => format!("{name}: {self_ty}"),
            Arg::OptRefSelf => format!("{name}: Option<&{self_ty}>"),
            Arg::VecSelf => format!("{name}: Vec<{self_ty}>"),
            Arg::Index { generic: true } => format!("{name}: {}", generic("Idx")),
            Arg::Index { generic: false } => format!("{name}: impl Idx"),
            Arg::Label => format!("{name}: &str"),
            Arg::Pair => format!("({name}_p, {name}_q): (i64, bool)"),
            Arg::Formatter => format!("{name}: &mut core::fmt::Formatter<'_>"),
        });
    }
    let ret = ret_ty(sig.ret, self_ty);
    let ret = match (sig.flavor, ret) {
        (Flavor::Future, r) => format!(
            " -> impl core::future::Future<Output = {}> + Send",
            r.unwrap_or("()".into())
        ),
        (_, Some(r)) => format!(" -> {r}"),
        (_, None) => String::new(),
    };
    let public = if matches!(sig.header, Header::Trait(_)) {
        ""
    } else {
        "pub "
    };
    let asyncness = if sig.flavor == Flavor::Async { "async " } else { "" };
    let generics = if generics.is_empty() {
        String::new()
    } else {
        format!("<{}>", generics.join(", "))
    };
    let mut s = format!(
        "{indent}{public}{asyncness}fn {}{generics}({}){ret} {{\n",
        sig.name,
        params.join(", ")
    );
    for stmt in &m.stmts {
        let refused = stmt
            .refused
            .map(|r| format!(" // refused: {r}"))
            .unwrap_or_default();
        s += &format!("{indent}    {}{refused}\n", stmt.text);
    }
    s += &format!("{indent}    {}\n{indent}}}\n", m.tail);
    s
}

fn ret_ty(ret: Ret, self_ty: &str) -> Option<String> {
    Some(match ret {
        Ret::Is(Ty::I64) => "i64".into(),
        Ret::Is(Ty::Usize) => "usize".into(),
        Ret::Is(Ty::Bool) => "bool".into(),
        Ret::Is(Ty::Text) => "String".into(),
        Ret::Is(Ty::SelfT) => self_ty.into(),
        Ret::Is(Ty::VecI) => "Vec<i64>".into(),
        Ret::Is(Ty::OptI) => "Option<i64>".into(),
        Ret::Unit => return None,
        Ret::Array => "[i64; N]".into(),
        Ret::Slice => "&[i64]".into(),
        Ret::OptSelf => format!("Option<{self_ty}>"),
        Ret::Pair => format!("({self_ty}, i64)"),
        Ret::Fallible => "Result<i64, String>".into(),
        Ret::OtherKind => "V<N, B>".into(),
        Ret::Fmt => "core::fmt::Result".into(),
    })
}

/// The driver's lines that call `sig`: at several instances of the type, with drawn
/// arguments, each pushing what it returned (or how it panicked) to `out`.
pub fn driver(rng: &mut Rng, sig: &Sig) -> Vec<String> {
    let instances: &[(usize, &str)] = match sig.header {
        Header::KindA => &[(0, "A"), (2, "A"), (3, "A")],
        _ => &[(0, "A"), (1, "B"), (3, "A"), (4, "B")],
    };
    instances
        .iter()
        .map(|&(n, k)| {
            let m = rng.pick(&[0usize, 2]);
            let value = |rng: &mut Rng| {
                let values: Vec<String> = (0..n).map(|_| literal(rng)).collect();
                format!("V::<{n}, {k}>::from_array([{}])", values.join(", "))
            };
            let mut setup = format!("let mut v = {};", value(rng));
            let args: Vec<String> = sig
                .args
                .iter()
                .map(|(_, arg)| match arg {
                    Arg::I64 => literal(rng),
                    Arg::Usize => format!("{}usize", rng.below(5)),
                    Arg::Into { .. } => rng.pick(&["3i32", "7u8", "true", "-2i64"]).into(),
                    Arg::AsRef { .. } => rng
                        .pick(&["vec![1i64, 2]", "[3i64, 4, 5]", "Vec::<i64>::new()"])
                        .into(),
                    Arg::Fn => rng.pick(&["|x: i64| x.wrapping_mul(3)", "|x: i64| x - 1"]).into(),
                    Arg::FnMut => {
                        "{ let mut seen = 0i64; move |x: i64| { seen = seen.wrapping_add(x); seen } }".into()
                    }
                    Arg::Iter => rng.pick(&["vec![1i64, 2, 3]", "0..4i64", "[9i64; 2]"]).into(),
                    Arg::ArrayN => format!(
                        "[{}]",
                        (0..n).map(|_| literal(rng)).collect::<Vec<_>>().join(", ")
                    ),
                    Arg::ArrayM => format!(
                        "[{}]",
                        (0..m).map(|_| literal(rng)).collect::<Vec<_>>().join(", ")
                    ),
                    Arg::RefSelf => format!("&{}", value(rng)),
                    Arg::OwnSelf => value(rng),
                    Arg::OptRefSelf if rng.percent(70) => format!("Some(&{})", value(rng)),
                    Arg::OptRefSelf => "None".into(),
                    Arg::VecSelf => match rng.below(3) {
                        0 => "vec![]".into(),
                        _ => format!("vec![{}, {}]", value(rng), value(rng)),
                    },
                    Arg::Index { .. } => rng.pick(&["1i32", "-1isize", "2usize", "0usize"]).into(),
                    Arg::Label => rng.pick(&["\"12\"", "\"ab\"", "\"\""]).into(),
                    Arg::Pair => format!("({}, {})", literal(rng), rng.pick(&["true", "false"])),
                    // Only `Display::fmt` takes one: `format!` passes it.
                    Arg::Formatter => String::new(),
                })
                .collect();
            let turbofish = sig.turbofish("", m);
            let call = match sig.header {
                Header::Trait(TraitImpl::Add) => format!("v.clone() + {}", value(rng)),
                Header::Trait(TraitImpl::Neg) => "-v.clone()".into(),
                Header::Trait(TraitImpl::Mul) => format!("v.clone() * {}", literal(rng)),
                Header::Trait(TraitImpl::Display) => "format!(\"{v}\")".into(),
                Header::Free => {
                    setup.clear();
                    let turbofish = sig.turbofish(&format!("{n}, {k}, "), m);
                    format!("{}{turbofish}({})", sig.name, args.join(", "))
                }
                _ if sig.receiver == Receiver::None => {
                    setup.clear();
                    format!("V::<{n}, {k}>::{}{turbofish}({})", sig.name, args.join(", "))
                }
                _ => format!("v.{}{turbofish}({})", sig.name, args.join(", ")),
            };
            let call = match sig.flavor {
                Flavor::Sync => call,
                _ => format!("crate::block_on({call})"),
            };
            // What a `&mut self` method left in `v` too (after `r`, which may borrow it).
            let (call, shown) = if sig.receiver == Receiver::Mut {
                (
                    format!("format!(\"{{:?}}\", {call})"),
                    "format!(\"{r} then {v:?}\")",
                )
            } else {
                (call, "format!(\"{r:?}\")")
            };
            let label = format!("b{}: {}{turbofish} at V<{n}, {k}>", sig.block, sig.name);
            format!("out.push(crate::call({label:?}, || {{ {setup} let r = {call}; {shown} }}));")
        })
        .collect()
}

/// An `i64` for the driver: small, now and then one that overflows.
fn literal(rng: &mut Rng) -> String {
    rng.literal()
}
