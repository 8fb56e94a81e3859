//! Draws a crate's blocks: signatures from the documented forms, and bodies that use
//! the run-time values (`N`, `K::KIND`, `M`) where Rust allows them and call the
//! earlier methods by method and by `Self::`. Every body is valid plain Rust by
//! construction (the plain build checks that); a refusing block holds one line that
//! the outlined build must refuse, with the message it must give.

use super::model::{Arg, Block, Flavor, Header, Method, Receiver, Ret, Rng, Sig, Stmt, TraitImpl, Ty};

/// How many blocks in a hundred hold a line the outlined build must refuse.
const REFUSING_PERCENT: usize = 12;

/// The blocks of one crate, drawn from `seed`.
pub fn blocks(seed: u64, count: usize) -> Vec<Block> {
    let mut rng = Rng::new(seed);
    let mut sigs: Vec<Sig> = Vec::new();
    let mut traits = vec![
        TraitImpl::Add,
        TraitImpl::Neg,
        TraitImpl::Mul,
        TraitImpl::Display,
        TraitImpl::Score,
    ];
    let mut blocks = Vec::new();
    for index in 0..count {
        let header = match rng.below(100) {
            0..45 => Header::Generic,
            45..65 => Header::KindA,
            65..80 => Header::Free,
            _ if !traits.is_empty() => Header::Trait(traits.remove(rng.below(traits.len()))),
            _ => Header::Generic,
        };
        let block = block(&mut rng, index, header, &sigs);
        // What later bodies may call: a refusing block's methods are left out, so that
        // the other blocks build without it.
        if !block.refused() {
            sigs.extend(block.methods.iter().map(|m| m.sig.clone()));
        }
        blocks.push(block);
    }
    blocks
}

fn block(rng: &mut Rng, index: usize, header: Header, earlier: &[Sig]) -> Block {
    let refusing = !matches!(header, Header::Trait(_)) && rng.percent(REFUSING_PERCENT);
    let private = (refusing && header != Header::Free).then(|| format!("b{index}_hidden"));
    let sigs: Vec<Sig> = match header {
        Header::Trait(t) => vec![trait_sig(t, index)],
        _ => (0..1 + rng.below(5))
            .map(|j| draw_sig(rng, index, j, header))
            .collect(),
    };
    let refused_at = refusing.then(|| rng.below(sigs.len()));
    let mut methods: Vec<Method> = Vec::new();
    for (j, sig) in sigs.into_iter().enumerate() {
        // Earlier blocks' methods, and this block's earlier ones.
        let mut visible: Vec<Sig> = earlier.to_vec();
        visible.extend(methods.iter().map(|m| m.sig.clone()));
        let refusal = (refused_at == Some(j)).then_some(private.as_deref());
        methods.push(Body::new(rng, &sig, &visible, earlier, refusal).method(sig));
    }
    Block {
        index,
        header,
        methods,
        private,
    }
}

fn trait_sig(t: TraitImpl, block: usize) -> Sig {
    let (name, receiver, args, ret) = match t {
        TraitImpl::Add => (
            "add",
            Receiver::Value,
            vec![("rhs", Arg::OwnSelf)],
            Ret::Is(Ty::SelfT),
        ),
        TraitImpl::Neg => ("neg", Receiver::Value, vec![], Ret::Is(Ty::SelfT)),
        TraitImpl::Mul => ("mul", Receiver::Value, vec![("k", Arg::I64)], Ret::Is(Ty::SelfT)),
        TraitImpl::Display => ("fmt", Receiver::Ref, vec![("f", Arg::Formatter)], Ret::Fmt),
        TraitImpl::Score => ("score", Receiver::Ref, vec![("x", Arg::I64)], Ret::Is(Ty::I64)),
    };
    Sig {
        name: name.into(),
        receiver,
        args: args.into_iter().map(|(n, a)| (n.to_string(), a)).collect(),
        ret,
        flavor: Flavor::Sync,
        method_const: false,
        block,
        header: Header::Trait(t),
    }
}

fn draw_sig(rng: &mut Rng, block: usize, j: usize, header: Header) -> Sig {
    let flavor = match rng.below(100) {
        0..80 => Flavor::Sync,
        80..90 => Flavor::Async,
        _ if header == Header::Free => Flavor::Sync,
        _ => Flavor::Future,
    };
    let receiver = match (header, flavor) {
        (Header::Free, _) => Receiver::None,
        (_, Flavor::Sync) => rng.pick(&[
            Receiver::None,
            Receiver::Ref,
            Receiver::Ref,
            Receiver::Value,
            Receiver::Mut,
        ]),
        _ => rng.pick(&[Receiver::None, Receiver::Ref]),
    };
    let method_const = flavor == Flavor::Sync && rng.percent(12);
    let mut args = Vec::new();
    if header == Header::Free {
        args.push((
            "this".to_string(),
            rng.pick(&[Arg::RefSelf, Arg::RefSelf, Arg::OwnSelf]),
        ));
    }
    for i in 0..rng.below(4) {
        let arg = loop {
            let arg = rng.pick(&[
                Arg::I64,
                Arg::I64,
                Arg::Usize,
                Arg::Into { generic: false },
                Arg::Into { generic: true },
                Arg::AsRef { generic: false },
                Arg::AsRef { generic: true },
                Arg::Fn,
                Arg::FnMut,
                Arg::Iter,
                Arg::ArrayN,
                Arg::ArrayM,
                Arg::RefSelf,
                Arg::OwnSelf,
                Arg::OptRefSelf,
                Arg::VecSelf,
                Arg::Index { generic: false },
                Arg::Index { generic: true },
                Arg::Label,
                Arg::Pair,
            ]);
            let fits = match arg {
                Arg::ArrayM => method_const,
                // A `&dyn Fn` held across an `.await` is not `Send`; an `impl Future +
                // Send`'s wrapper owns what crosses by borrowing, which is not `Send`
                // (documented: rustc's error at the `impl`).
                Arg::Fn | Arg::FnMut => flavor == Flavor::Sync,
                Arg::AsRef { .. } => flavor != Flavor::Future,
                _ => true,
            };
            if fits {
                break arg;
            }
        };
        args.push((format!("a{i}"), arg));
    }
    let ret = loop {
        let ret = rng.pick(&[
            Ret::Is(Ty::I64),
            Ret::Is(Ty::I64),
            Ret::Is(Ty::Usize),
            Ret::Is(Ty::Bool),
            Ret::Is(Ty::Text),
            Ret::Is(Ty::SelfT),
            Ret::Is(Ty::SelfT),
            Ret::Is(Ty::VecI),
            Ret::Is(Ty::OptI),
            Ret::Unit,
            Ret::Array,
            Ret::Slice,
            Ret::OptSelf,
            Ret::Pair,
            Ret::Fallible,
            Ret::OtherKind,
        ]);
        let fits = match ret {
            Ret::Slice => matches!(receiver, Receiver::Ref | Receiver::Mut) && flavor == Flavor::Sync,
            Ret::Unit => receiver == Receiver::Mut,
            _ => true,
        };
        if fits {
            break ret;
        }
    };
    Sig {
        name: format!("b{block}_{j}"),
        receiver,
        args,
        ret,
        flavor,
        method_const,
        block,
        header,
    }
}

/// A local a body may use.
#[derive(Clone, Debug)]
struct Local {
    /// The name, or for a slice the expression that gives it.
    name: String,
    kind: Kind,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    /// A value (a `Self` one may be moved once, at the end).
    Val(Ty),
    /// A `&[i64]`, of length `N` where `len_n`.
    Slice { len_n: bool },
    /// A callable `i64 -> i64` (`Fn`).
    Func,
    /// A callable `i64 -> i64` that is only `FnMut`.
    FuncMut,
    /// A `&str`.
    Label,
    /// A `&Self`.
    SelfRef,
    /// An `Option<&Self>`.
    OptSelf,
    /// A `Vec<Self>`.
    VecSelf,
    /// A `[i64; N]` argument, as a value to pass on.
    ArrayN,
}

/// One body being drawn.
struct Body<'a> {
    rng: &'a mut Rng,
    header: Header,
    receiver: Receiver,
    block: usize,
    flavor: Flavor,
    method_const: bool,
    ret: Ret,
    locals: Vec<Local>,
    /// The methods it may call.
    visible: &'a [Sig],
    /// Earlier blocks' methods (for a refused `Self::` call).
    earlier: &'a [Sig],
    /// `Some` for the body that holds the block's refused line (with the block's
    /// private method, if it has one).
    refusal: Option<Option<&'a str>>,
    calls: Vec<String>,
    moved: Vec<String>,
    /// Inside a closure kept in a local: it captures neither `self` (a later `&mut`
    /// statement would conflict with the borrow) nor an `FnMut` (it would have to be
    /// `mut`).
    no_self: bool,
    /// The call being drawn may be awaited: only that of a `let` line of an
    /// `async fn` (never inside a closure or another call's arguments).
    can_await: bool,
    /// The call being drawn is a line's own (`let x = self.m(..);`): it may borrow
    /// `self` mutably.
    top: bool,
    fresh: usize,
}

impl<'a> Body<'a> {
    fn new(
        rng: &'a mut Rng,
        sig: &Sig,
        visible: &'a [Sig],
        earlier: &'a [Sig],
        refusal: Option<Option<&'a str>>,
    ) -> Body<'a> {
        Body {
            rng,
            header: sig.header,
            receiver: sig.receiver,
            block: sig.block,
            flavor: sig.flavor,
            method_const: sig.method_const,
            ret: sig.ret,
            locals: Vec::new(),
            visible,
            earlier,
            refusal,
            calls: Vec::new(),
            moved: Vec::new(),
            no_self: false,
            can_await: false,
            top: false,
            fresh: 0,
        }
    }

    fn method(mut self, sig: Sig) -> Method {
        let mut stmts = Vec::new();
        for (name, arg) in &sig.args {
            stmts.extend(self.take_arg(name, *arg));
        }
        let count = self.rng.below(5);
        let refused_at = self.refusal.map(|_| self.rng.below(count + 1));
        for i in 0..=count {
            if refused_at == Some(i) {
                stmts.push(self.refused_line());
            }
            if i < count {
                stmts.extend(self.stmt());
            }
        }
        let tail = self.tail();
        let driver = super::render::driver(self.rng, &sig);
        Method {
            sig,
            stmts,
            tail,
            calls: self.calls,
            driver,
        }
    }

    fn line(text: String) -> Stmt {
        Stmt { text, refused: None }
    }

    /// The locals an argument gives, and the lines that first convert it.
    fn take_arg(&mut self, name: &str, arg: Arg) -> Vec<Stmt> {
        let mut lines = Vec::new();
        let mut local = |name: String, kind| self.locals.push(Local { name, kind });
        match arg {
            Arg::I64 => local(name.into(), Kind::Val(Ty::I64)),
            Arg::Usize => local(name.into(), Kind::Val(Ty::Usize)),
            Arg::Into { .. } => {
                // Shadowed by its value, as plain code does.
                lines.push(Self::line(format!("let {name}: i64 = {name}.into();")));
                local(name.into(), Kind::Val(Ty::I64));
            }
            Arg::AsRef { .. } => {
                lines.push(Self::line(format!("let {name}: &[i64] = {name}.as_ref();")));
                local(name.into(), Kind::Slice { len_n: false });
            }
            Arg::Fn => local(name.into(), Kind::Func),
            Arg::FnMut => local(name.into(), Kind::FuncMut),
            Arg::Iter => {
                lines.push(Self::line(format!(
                    "let {name}: Vec<i64> = {name}.into_iter().collect();"
                )));
                local(format!("{name}.as_slice()"), Kind::Slice { len_n: false });
            }
            Arg::ArrayN => {
                local(format!("{name}.as_slice()"), Kind::Slice { len_n: true });
                local(name.into(), Kind::ArrayN);
            }
            Arg::ArrayM => local(format!("{name}.as_slice()"), Kind::Slice { len_n: false }),
            Arg::RefSelf => local(name.into(), Kind::SelfRef),
            Arg::OwnSelf => local(name.into(), Kind::Val(Ty::SelfT)),
            Arg::OptRefSelf => local(name.into(), Kind::OptSelf),
            Arg::VecSelf => local(name.into(), Kind::VecSelf),
            Arg::Index { .. } => {
                lines.push(Self::line(format!("let {name} = {name}.to_idx() as i64;")));
                local(name.into(), Kind::Val(Ty::I64));
            }
            Arg::Label => local(name.into(), Kind::Label),
            Arg::Pair => {
                local(format!("{name}_p"), Kind::Val(Ty::I64));
                local(format!("{name}_q"), Kind::Val(Ty::Bool));
            }
            Arg::Formatter => {}
        }
        lines
    }

    fn fresh(&mut self) -> String {
        self.fresh += 1;
        format!("x{}", self.fresh)
    }

    fn named(&self, kind: Kind) -> Vec<String> {
        self.locals
            .iter()
            .filter(|l| l.kind == kind && !self.moved.contains(&l.name))
            .map(|l| l.name.clone())
            .collect()
    }

    fn pick_named(&mut self, kind: Kind) -> Option<String> {
        let names = self.named(kind);
        (!names.is_empty()).then(|| names[self.rng.below(names.len())].clone())
    }

    fn has_self(&self) -> bool {
        self.receiver != Receiver::None && !self.no_self
    }

    /// A value whose `.data` a body may read: `self`, a `&Self` or an owned one.
    fn viewable(&mut self) -> Option<String> {
        let mut all = self.named(Kind::SelfRef);
        all.extend(self.named(Kind::Val(Ty::SelfT)));
        if self.has_self() {
            all.push("self".into());
            all.push("self".into());
        }
        (!all.is_empty()).then(|| all[self.rng.below(all.len())].clone())
    }

    /// The kind's trait functions: `K::f` where the block has `K`, else `A::f`.
    fn kind(&self) -> &'static str {
        if self.header.has_k() { "K" } else { "A" }
    }

    fn i64_leaf(&mut self) -> String {
        let mut options = vec![self.rng.literal(), "(N as i64)".into()];
        options.push(format!("({}::KIND as i64)", self.kind()));
        options.extend(self.named(Kind::Val(Ty::I64)));
        options.extend(self.named(Kind::Val(Ty::I64)));
        if self.has_self() {
            options.push("(self.data.len() as i64)".into());
        }
        if self.method_const {
            options.push("(M as i64)".into());
        }
        options[self.rng.below(options.len())].clone()
    }

    fn usize_leaf(&mut self) -> String {
        let mut options = vec![format!("{}usize", self.rng.below(4)), "N".into()];
        options.extend(self.named(Kind::Val(Ty::Usize)));
        if self.has_self() {
            options.push("self.data.len()".into());
        }
        if self.method_const {
            options.push("M".into());
        }
        options[self.rng.below(options.len())].clone()
    }

    /// An expression of `ty`, `depth` levels deep at most.
    fn expr(&mut self, ty: Ty, depth: usize) -> String {
        let d = depth.saturating_sub(1);
        if depth == 0 && ty != Ty::SelfT {
            return match ty {
                Ty::I64 => self.i64_leaf(),
                Ty::Usize => self.usize_leaf(),
                Ty::Bool => format!("({} < {})", self.i64_leaf(), self.i64_leaf()),
                Ty::Text => format!("format!(\"{{}}:{{N}}\", {})", self.i64_leaf()),
                Ty::VecI => format!("vec![{}; {}]", self.i64_leaf(), self.small_usize()),
                Ty::OptI => format!("Some({})", self.i64_leaf()),
                Ty::SelfT => unreachable!(),
            };
        }
        // A call of an earlier method, now and then.
        if self.rng.percent(20)
            && let Some(call) = self.call(ty, d)
        {
            return call;
        }
        match ty {
            Ty::I64 => self.i64_expr(d),
            Ty::Usize => self.usize_expr(d),
            Ty::Bool => self.bool_expr(d),
            Ty::Text => self.text_expr(d),
            Ty::VecI => self.vec_expr(d),
            Ty::OptI => self.opt_expr(d),
            Ty::SelfT => self.self_expr(d, false),
        }
    }

    /// A `usize` below 8, for lengths and counts.
    fn small_usize(&mut self) -> String {
        match self.rng.below(3) {
            0 => format!("{}usize", self.rng.below(4)),
            1 => "N".into(),
            _ => format!("(({}.unsigned_abs() % 5) as usize)", self.i64_leaf()),
        }
    }

    fn i64_expr(&mut self, d: usize) -> String {
        let k = self.kind();
        let view = self.viewable();
        let slice = self
            .pick_named(Kind::Slice { len_n: false })
            .or_else(|| self.pick_named(Kind::Slice { len_n: true }));
        loop {
            return match self.rng.below(24) {
                0 => self.i64_leaf(),
                1 => format!(
                    "{}.wrapping_add({})",
                    self.expr(Ty::I64, d),
                    self.expr(Ty::I64, d)
                ),
                2 => format!(
                    "{}.wrapping_mul({})",
                    self.expr(Ty::I64, d),
                    self.expr(Ty::I64, d)
                ),
                3 => format!(
                    "{}.wrapping_sub({})",
                    self.expr(Ty::I64, d),
                    self.expr(Ty::I64, d)
                ),
                4 => format!(
                    "{k}::combine({}, {})",
                    self.expr(Ty::I64, d),
                    self.expr(Ty::I64, d)
                ),
                5 => format!("{k}::unit()"),
                6 => format!("({k}::name().len() as i64)"),
                7 => match &view {
                    Some(v) => format!("{v}.data.iter().sum::<i64>()"),
                    None => continue,
                },
                8 => match &view {
                    Some(v) => format!(
                        "{v}.data.iter().fold({}, |acc, v| acc.wrapping_add(*v))",
                        self.expr(Ty::I64, d)
                    ),
                    None => continue,
                },
                9 => format!("(|y: i64| y.wrapping_add(N as i64))({})", self.expr(Ty::I64, d)),
                10 => format!(
                    "match {} {{ 0 => {}, v if v < 0 => v.wrapping_neg(), v => v.wrapping_add({}) }}",
                    self.expr(Ty::I64, d),
                    self.expr(Ty::I64, d),
                    self.expr(Ty::I64, d)
                ),
                11 => format!(
                    "if {} {{ {} }} else {{ {} }}",
                    self.expr(Ty::Bool, d),
                    self.expr(Ty::I64, d),
                    self.expr(Ty::I64, d)
                ),
                12 => {
                    // A nested block, its local shadowing an outer one now and then.
                    let shadowed = self
                        .pick_named(Kind::Val(Ty::I64))
                        .filter(|_| self.rng.percent(50));
                    let name = shadowed.unwrap_or_else(|| self.fresh());
                    let value = self.expr(Ty::I64, d);
                    self.locals.push(Local {
                        name: name.clone(),
                        kind: Kind::Val(Ty::I64),
                    });
                    let then = self.expr(Ty::I64, d);
                    self.locals.pop();
                    format!("{{ let {name} = {value}; {then}.wrapping_mul(2) }}")
                }
                13 => format!("(format!(\"{{N}}{{}}\", {}).len() as i64)", self.expr(Ty::I64, d)),
                14 => match self.pick_named(Kind::Func) {
                    Some(f) => format!("{f}({})", self.expr(Ty::I64, d)),
                    // An `FnMut` is borrowed for its call: its argument cannot call it.
                    None if !self.no_self => match self.pick_named(Kind::FuncMut) {
                        Some(f) => format!("{f}({})", self.i64_leaf()),
                        None => continue,
                    },
                    None => continue,
                },
                15 => match &slice {
                    Some(s) => match self.rng.below(3) {
                        0 => format!("{s}.iter().sum::<i64>()"),
                        1 => format!("({s}.len() as i64)"),
                        _ => format!("{s}.first().copied().unwrap_or({})", self.expr(Ty::I64, d)),
                    },
                    None => continue,
                },
                16 => match self.pick_named(Kind::OptSelf) {
                    Some(o) => format!("{o}.map_or({}, |w| w.data.len() as i64)", self.expr(Ty::I64, d)),
                    None => continue,
                },
                17 => match self.pick_named(Kind::VecSelf) {
                    Some(vs) => format!("{vs}.iter().map(|w| w.data.iter().sum::<i64>()).sum::<i64>()"),
                    None => continue,
                },
                18 => match (&view, self.viewable()) {
                    (Some(a), Some(b)) => format!(
                        "{a}.data.iter().zip({b}.data.iter()).map(|(p, q)| p.wrapping_mul(*q)).fold(0i64, i64::wrapping_add)"
                    ),
                    _ => continue,
                },
                19 => format!("(vec![{}; N].len() as i64)", self.expr(Ty::I64, d)),
                20 => match &view {
                    Some(v) => format!(
                        "{{ let mut acc = {}; for v in {v}.data.iter() {{ acc = acc.wrapping_add(*v); }} for i in 0..N {{ acc ^= i as i64; }} acc }}",
                        self.expr(Ty::I64, d)
                    ),
                    None => continue,
                },
                21 => match self.pick_named(Kind::Label) {
                    Some(l) => format!("({l}.len() as i64)"),
                    None => continue,
                },
                22 => match &view {
                    Some(v) => format!(
                        "{v}.data.get({}).copied().unwrap_or({})",
                        self.expr(Ty::Usize, d),
                        self.expr(Ty::I64, d)
                    ),
                    None => continue,
                },
                _ => match &view {
                    Some(v) => format!("{v}.data[{}]", self.expr(Ty::Usize, d)),
                    None => continue,
                },
            };
        }
    }

    fn usize_expr(&mut self, d: usize) -> String {
        loop {
            return match self.rng.below(8) {
                0 => self.usize_leaf(),
                1 => format!("{}.wrapping_add({})", self.usize_leaf(), self.usize_leaf()),
                2 => format!("(({}.unsigned_abs() % 5) as usize)", self.expr(Ty::I64, d)),
                3 => match self
                    .pick_named(Kind::Slice { len_n: false })
                    .or_else(|| self.pick_named(Kind::Slice { len_n: true }))
                {
                    Some(s) => format!("{s}.len()"),
                    None => continue,
                },
                4 => format!("{}.min(N)", self.expr(Ty::Usize, d)),
                5 => match self.pick_named(Kind::Label) {
                    Some(l) => format!("{l}.len()"),
                    None => continue,
                },
                6 => match self.pick_named(Kind::VecSelf) {
                    Some(vs) => format!("{vs}.len()"),
                    None => continue,
                },
                _ => format!("{}.len()", self.expr(Ty::Text, d)),
            };
        }
    }

    fn bool_expr(&mut self, d: usize) -> String {
        let k = self.kind();
        loop {
            return match self.rng.below(9) {
                0 => format!("({} < {})", self.expr(Ty::I64, d), self.expr(Ty::I64, d)),
                1 => format!("(N > {})", self.expr(Ty::Usize, d)),
                2 => match self.viewable() {
                    Some(v) => format!("{v}.data.is_empty()"),
                    None => continue,
                },
                3 => match self.viewable() {
                    Some(v) => format!("{v}.data.contains(&{})", self.expr(Ty::I64, d)),
                    None => continue,
                },
                4 => format!("matches!({}, 0..=3)", self.expr(Ty::I64, d)),
                5 => match self.pick_named(Kind::OptSelf) {
                    Some(o) => format!("{o}.is_some()"),
                    None => continue,
                },
                6 => format!("({} && !{})", self.expr(Ty::Bool, d), self.expr(Ty::Bool, d)),
                7 => format!("({k}::name() == \"a\")"),
                _ => match self.pick_named(Kind::Val(Ty::Bool)) {
                    Some(b) => b,
                    None => continue,
                },
            };
        }
    }

    fn text_expr(&mut self, d: usize) -> String {
        let k = self.kind();
        loop {
            return match self.rng.below(7) {
                0 => format!(
                    "format!(\"{{}}-{{N}}-{{}}\", {}, {k}::name())",
                    self.expr(Ty::I64, d)
                ),
                1 => match self.viewable() {
                    Some(v) => format!("format!(\"{{:?}}\", {v}.data)"),
                    None => continue,
                },
                2 => match self.pick_named(Kind::Label) {
                    Some(l) => format!("{l}.to_string()"),
                    None => continue,
                },
                3 => format!("format!(\"{{}}/{{n}}\", {k}::KIND, n = N)"),
                4 => match self.pick_named(Kind::Val(Ty::Text)) {
                    Some(t) => format!("{t}.clone()"),
                    None => continue,
                },
                5 => format!(
                    "{}.repeat({} % 3)",
                    self.expr(Ty::Text, d),
                    self.expr(Ty::Usize, d)
                ),
                _ => format!("(String::from(\"<\") + &{})", self.expr(Ty::Text, d)),
            };
        }
    }

    fn vec_expr(&mut self, d: usize) -> String {
        loop {
            return match self.rng.below(7) {
                0 => match self.viewable() {
                    Some(v) => format!("{v}.data.clone()"),
                    None => continue,
                },
                1 => match self.viewable() {
                    Some(v) => format!(
                        "{v}.data.iter().map(|v| v.wrapping_add({})).collect::<Vec<i64>>()",
                        self.expr(Ty::I64, d)
                    ),
                    None => continue,
                },
                2 => format!("vec![{}; {}]", self.expr(Ty::I64, d), self.small_usize()),
                3 => match self
                    .pick_named(Kind::Slice { len_n: false })
                    .or_else(|| self.pick_named(Kind::Slice { len_n: true }))
                {
                    Some(s) => format!("{s}.to_vec()"),
                    None => continue,
                },
                4 => format!(
                    "(0..{}).map(|i| i as i64).collect::<Vec<i64>>()",
                    self.small_usize()
                ),
                5 => format!(
                    "{{ let mut w = {}; w.push({}); w }}",
                    self.expr(Ty::VecI, d),
                    self.expr(Ty::I64, d)
                ),
                _ => format!(
                    "{}.into_iter().rev().collect::<Vec<i64>>()",
                    self.expr(Ty::VecI, d)
                ),
            };
        }
    }

    fn opt_expr(&mut self, d: usize) -> String {
        loop {
            return match self.rng.below(5) {
                0 => match self.viewable() {
                    Some(v) => format!("{v}.data.first().copied()"),
                    None => continue,
                },
                1 => format!("Some({})", self.expr(Ty::I64, d)),
                2 => "None::<i64>".into(),
                3 => format!("{}.iter().copied().max()", self.expr(Ty::VecI, d)),
                _ => match self.pick_named(Kind::Val(Ty::OptI)) {
                    Some(o) => o,
                    None => continue,
                },
            };
        }
    }

    /// A `Vec<i64>` of length `N`.
    fn vec_of_len_n(&mut self, d: usize) -> String {
        loop {
            return match self.rng.below(5) {
                0 => format!("vec![{}; N]", self.expr(Ty::I64, d)),
                1 => format!(
                    "(0..N).map(|i| (i as i64).wrapping_mul({})).collect::<Vec<i64>>()",
                    self.expr(Ty::I64, d)
                ),
                2 => match self.viewable() {
                    Some(v) => format!(
                        "{v}.data.iter().map(|v| v.wrapping_add({})).collect::<Vec<i64>>()",
                        self.expr(Ty::I64, d)
                    ),
                    None => continue,
                },
                3 => match self.viewable() {
                    Some(v) => format!("{v}.data.clone()"),
                    None => continue,
                },
                _ => match self.pick_named(Kind::Slice { len_n: true }) {
                    Some(s) => format!("{s}.to_vec()"),
                    None => continue,
                },
            };
        }
    }

    /// A new value of the block's type (`ty` another instance of it: `V<N, B>`).
    fn new_value(&mut self, ty: &str, kind: &str, d: usize) -> String {
        let data = self.vec_of_len_n(d);
        format!("@new({ty})({data}, {kind})")
    }

    /// A value of the block's type; where `moving`, possibly a local or `self` moved.
    fn self_expr(&mut self, d: usize, moving: bool) -> String {
        let ty = self.header.self_ty();
        let kind = self.header.kind_value();
        loop {
            return match self.rng.below(7) {
                0 | 1 => self.new_value(ty, kind, d),
                2 => match self.viewable() {
                    Some(v) => format!("{v}.clone()"),
                    None => continue,
                },
                3 if moving => match self.pick_named(Kind::Val(Ty::SelfT)) {
                    Some(x) => {
                        self.moved.push(x.clone());
                        x
                    }
                    None => continue,
                },
                4 if moving
                    && self.receiver == Receiver::Value
                    && !self.moved.contains(&"self".to_string()) =>
                {
                    self.moved.push("self".into());
                    "self".into()
                }
                5 => match self.pick_named(Kind::VecSelf) {
                    Some(vs) => format!(
                        "{vs}.first().cloned().unwrap_or_else(|| {})",
                        self.new_value(ty, kind, d)
                    ),
                    None => continue,
                },
                6 => match self.call(Ty::SelfT, d) {
                    Some(call) => call,
                    None => continue,
                },
                _ => continue,
            };
        }
    }

    /// A call of an earlier method whose result gives a `want`, if one fits.
    fn call(&mut self, want: Ty, d: usize) -> Option<String> {
        let candidates: Vec<&Sig> = self
            .visible
            .iter()
            .filter(|s| self.header.sees(s.header))
            .filter(|s| s.flavor == Flavor::Sync || self.can_await)
            .filter(|s| match s.receiver {
                // `Self::f(..)` reaches the receiver-less methods of the same block.
                Receiver::None => {
                    s.block == self.block
                        && !s.method_const
                        && s.flavor == Flavor::Sync
                        && !matches!(self.header, Header::Trait(_) | Header::Free)
                }
                // Borrowing `self` mutably while an enclosing call or an argument
                // holds it: only as a line's own call, taking no `&Self`.
                Receiver::Mut => {
                    self.receiver == Receiver::Mut
                        && self.top
                        && !s
                            .args
                            .iter()
                            .any(|(_, a)| matches!(a, Arg::RefSelf | Arg::OptRefSelf))
                }
                _ => true,
            })
            .filter(|s| {
                !s.args.iter().any(|(_, a)| *a == Arg::ArrayN) || !self.named(Kind::ArrayN).is_empty()
            })
            .filter(|s| adapt(s.ret, want, "x").is_some())
            .collect();
        if candidates.is_empty() {
            return None;
        }
        let sig = candidates[self.rng.below(candidates.len())].clone();
        self.can_await = false;
        self.top = false;
        let target = match sig.receiver {
            Receiver::None => "Self::".to_string(),
            Receiver::Mut => "self.".to_string(),
            Receiver::Ref => format!("{}.", self.viewable()?),
            Receiver::Value => format!("{}.clone().", self.viewable()?),
        };
        // A `&mut self` call's arguments are made while `self` is borrowed for it: a
        // closure among them must not capture `self`.
        let no_self = self.no_self;
        self.no_self |= sig.receiver == Receiver::Mut;
        let args = self.call_args(&sig, d);
        self.no_self = no_self;
        let args = args?;
        let turbofish = sig.turbofish("", 2);
        let awaited = if sig.flavor == Flavor::Sync { "" } else { ".await" };
        self.calls.push(sig.name.clone());
        adapt(
            sig.ret,
            want,
            &format!("{target}{}{turbofish}({args}){awaited}", sig.name),
        )
    }

    /// Arguments for a call of `sig` from this body.
    fn call_args(&mut self, sig: &Sig, d: usize) -> Option<String> {
        let mut args = Vec::new();
        for (_, arg) in &sig.args {
            let view = self.viewable();
            let as_ref = |v: &str, receiver: Receiver| match (v, receiver) {
                ("self", Receiver::Ref) => "self".to_string(),
                ("self", Receiver::Mut) => "&*self".to_string(),
                ("self", _) => "&self".to_string(),
                (v, _) => v.to_string(),
            };
            let owned_ref = |b: &Body, v: &str| {
                if b.named(Kind::Val(Ty::SelfT)).contains(&v.to_string()) {
                    format!("&{v}")
                } else {
                    as_ref(v, b.receiver)
                }
            };
            args.push(match arg {
                Arg::I64 => self.expr(Ty::I64, d),
                Arg::Usize => self.expr(Ty::Usize, d),
                Arg::Into { .. } => match self.rng.below(2) {
                    0 => self.expr(Ty::I64, d),
                    _ => format!("{}i32", self.rng.below(9) as i32 - 3),
                },
                Arg::AsRef { .. } | Arg::Iter => self.expr(Ty::VecI, d),
                Arg::Fn | Arg::FnMut => match self.pick_named(Kind::Func) {
                    Some(f) if *arg == Arg::Fn && self.rng.percent(50) => format!("&{f}"),
                    _ => format!("|y: i64| y.wrapping_sub({})", self.i64_leaf()),
                },
                // A `Vec` in the helper, not `Copy` as the array is: passed on by a
                // clone (documented; the refused line below passes one by value).
                Arg::ArrayN => format!("{}.clone()", self.pick_named(Kind::ArrayN)?),
                Arg::ArrayM => format!("[{}, {}]", self.i64_leaf(), self.i64_leaf()),
                Arg::RefSelf => owned_ref(self, &view?),
                Arg::OwnSelf => match view {
                    Some(v) if self.rng.percent(60) => format!("{v}.clone()"),
                    _ => self.new_value(self.header.self_ty(), self.header.kind_value(), d),
                },
                Arg::OptRefSelf => match view {
                    Some(v) if self.rng.percent(60) => format!("Some({})", owned_ref(self, &v)),
                    _ => "None".into(),
                },
                Arg::VecSelf => match view {
                    Some(v) => format!("vec![{v}.clone()]"),
                    None => "Vec::new()".into(),
                },
                Arg::Index { .. } => self.rng.pick(&["1i32", "-1isize", "0usize", "2usize"]).into(),
                Arg::Label => match self.pick_named(Kind::Label) {
                    Some(l) => l,
                    None => self.rng.pick(&["\"7\"", "\"ab\"", "\"\""]).into(),
                },
                Arg::Pair => format!("({}, {})", self.expr(Ty::I64, d), self.expr(Ty::Bool, d)),
                Arg::Formatter => return None,
            });
        }
        Some(args.join(", "))
    }

    /// One or two lines before the end of a body.
    fn stmt(&mut self) -> Vec<Stmt> {
        let depth = 2;
        let line = match self.rng.below(12) {
            0..3 => {
                let ty = self.rng.pick(&[
                    Ty::I64,
                    Ty::I64,
                    Ty::Usize,
                    Ty::Bool,
                    Ty::Text,
                    Ty::VecI,
                    Ty::OptI,
                    Ty::SelfT,
                ]);
                let value = self.expr(ty, depth);
                let name = self.fresh();
                self.locals.push(Local {
                    name: name.clone(),
                    kind: Kind::Val(ty),
                });
                format!("let {name} = {value};")
            }
            3 => match self.pick_named(Kind::Val(Ty::I64)) {
                // Shadowing: the new value may read the old one.
                Some(name) => format!("let {name} = {};", self.expr(Ty::I64, depth)),
                None => return Vec::new(),
            },
            4 => {
                let value = self.expr(Ty::I64, depth);
                let name = self.fresh();
                self.locals.push(Local {
                    name: name.clone(),
                    kind: Kind::Val(Ty::I64),
                });
                format!("let {name}: i64 = {value};")
            }
            5 => format!(
                "assert!({}, \"{{N}} {{}}: checked\", {});",
                self.expr(Ty::Bool, 1),
                self.expr(Ty::I64, 1)
            ),
            6 => match self.viewable() {
                Some(v) => format!(
                    "assert_eq!({v}.data.len(), N, \"length {{}} of {{}}\", N, {});",
                    self.expr(Ty::Text, 1)
                ),
                None => return Vec::new(),
            },
            7 if self.flavor != Flavor::Future => {
                let cond = self.expr(Ty::Bool, 1);
                let value = self.tail_value(1);
                // What the early return moved stays usable after it.
                self.moved.clear();
                format!("if {cond} {{ return {value}; }}")
            }
            8 => {
                self.no_self = true;
                let body = self.expr(Ty::I64, 1);
                self.no_self = false;
                let name = self.fresh();
                self.locals.push(Local {
                    name: name.clone(),
                    kind: Kind::Func,
                });
                format!("let {name} = |y: i64| y.wrapping_add({body});")
            }
            9 if self.receiver == Receiver::Mut => {
                let value = self.expr(Ty::I64, depth);
                let name = self.fresh();
                match self.rng.below(2) {
                    0 => format!(
                        "let {name} = {value}; for v in self.data.iter_mut() {{ *v = v.wrapping_add({name}); }}"
                    ),
                    _ => format!(
                        "let {name} = {value}; if let Some(v) = self.data.last_mut() {{ *v = {name}; }}"
                    ),
                }
            }
            10 if self.flavor != Flavor::Future
                && matches!(self.ret, Ret::OptSelf | Ret::Is(Ty::OptI) | Ret::Fallible) =>
            {
                let name = self.fresh();
                let line = match self.ret {
                    Ret::Fallible => format!(
                        "let {name} = {}.parse::<i64>().map_err(|e| format!(\"{{N}}: {{e}}\"))?;",
                        self.expr(Ty::Text, 1)
                    ),
                    _ => format!("let {name} = {}?;", self.expr(Ty::OptI, 1)),
                };
                self.locals.push(Local {
                    name: name.clone(),
                    kind: Kind::Val(Ty::I64),
                });
                line
            }
            11 => match self.line_call() {
                // Kept unused: the line is there for the call.
                Some(call) => format!("let {} = {call};", self.fresh()),
                None => return Vec::new(),
            },
            _ => return Vec::new(),
        };
        vec![Self::line(line)]
    }

    /// A call that is a line's own: it may borrow `self` mutably, and in an `async fn`
    /// be awaited.
    fn line_call(&mut self) -> Option<String> {
        let want = self.rng.pick(&[Ty::I64, Ty::Usize, Ty::SelfT]);
        self.can_await = self.flavor == Flavor::Async;
        self.top = true;
        let call = self.call(want, 1);
        self.can_await = false;
        self.top = false;
        call
    }

    /// A value of the method's result, for the end of the body or an early return.
    fn tail_value(&mut self, d: usize) -> String {
        match self.ret {
            Ret::Is(Ty::SelfT) => self.self_expr(d, true),
            Ret::Is(ty) => self.expr(ty, d + 1),
            Ret::Unit => "()".into(),
            Ret::Array => format!("@array({})", self.vec_of_len_n(d)),
            Ret::Slice => match self.rng.below(2) {
                0 => "self.data.as_slice()".into(),
                _ => format!("&self.data[{}usize.min(N)..]", self.rng.below(3)),
            },
            Ret::OptSelf => match (self.rng.below(4), self.pick_named(Kind::OptSelf)) {
                (0, Some(o)) => format!("{o}.cloned()"),
                (1, _) => "None".into(),
                _ => format!("Some({})", self.self_expr(d, true)),
            },
            Ret::Pair => {
                let value = self.self_expr(d, false);
                format!("({value}, {})", self.expr(Ty::I64, d))
            }
            Ret::Fallible => match self.rng.below(3) {
                0 => format!("Err(format!(\"{{}} at {{N}}\", {}))", self.expr(Ty::I64, d)),
                _ => format!("Ok({})", self.expr(Ty::I64, d)),
            },
            Ret::OtherKind => self.new_value("V<N, B>", "B::KIND", d),
            Ret::Fmt => format!("write!(f, \"{{}}|{{N}}\", {})", self.expr(Ty::Text, d)),
        }
    }

    fn tail(&mut self) -> String {
        let value = self.tail_value(2);
        match self.flavor {
            Flavor::Future => format!("let out = {value}; async move {{ out }}"),
            _ => value,
        }
    }

    /// The line the outlined build must refuse, and the start of its message.
    fn refused_line(&mut self) -> Stmt {
        let private = self.refusal.flatten();
        let other = self
            .earlier
            .iter()
            .find(|s| {
                s.receiver == Receiver::None
                    && s.header == Header::Generic
                    && s.block != self.block
                    && s.flavor == Flavor::Sync
                    && !s.method_const
                    && !s.args.iter().any(|(_, a)| *a == Arg::ArrayN)
            })
            .cloned();
        let mut options: Vec<(String, &'static str)> = vec![(
            "let _r = [0i64; N];".into(),
            "generic parameter `N` used in a const position",
        )];
        if self.header != Header::Free {
            if self.receiver != Receiver::None {
                options.push((
                    "let _r: Self = self.clone();".into(),
                    "`Self` used in a type position",
                ));
            }
            if let (Some(p), true) = (private, self.receiver != Receiver::None) {
                options.push((
                    format!("let _r = self.{p}();"),
                    "is private or `#[outline(skip)]`",
                ));
            }
            if let Some(other) = other
                && let Some(args) = self.call_args(&other, 1)
            {
                self.calls.push(other.name.clone());
                options.push((
                    format!("let _r = Self::{}({args});", other.name),
                    "in an outlined body: the helper has no `Self`",
                ));
            }
        }
        if self.header.has_k() {
            options.push((
                "let _r: Option<K> = None;".into(),
                "generic parameter `K` used in a type position",
            ));
        }
        if let Some(a) = self.pick_named(Kind::ArrayN) {
            options.push((
                format!("let _r = {a}; let _s = {a}.len();"),
                "borrow of moved value",
            ));
        }
        let (text, refused) = options.swap_remove(self.rng.below(options.len()));
        Stmt {
            text,
            refused: Some(refused),
        }
    }
}

/// `call` (an expression of `ret`) as a `want`, if it gives one.
fn adapt(ret: Ret, want: Ty, call: &str) -> Option<String> {
    Some(match (ret, want) {
        (Ret::Is(t), w) if t == w => call.to_string(),
        (Ret::Is(Ty::Usize), Ty::I64) | (Ret::Is(Ty::Bool), Ty::I64) => format!("({call} as i64)"),
        (Ret::Is(Ty::I64), Ty::Usize) => format!("(({call}.unsigned_abs() % 7) as usize)"),
        (Ret::Is(Ty::Text | Ty::VecI), Ty::Usize) | (Ret::Array | Ret::Slice, Ty::Usize) => {
            format!("{call}.len()")
        }
        (Ret::Is(Ty::SelfT), Ty::I64) => format!("{call}.data.iter().sum::<i64>()"),
        (Ret::Is(Ty::SelfT) | Ret::OtherKind, Ty::Usize) => format!("{call}.data.len()"),
        (Ret::Is(Ty::OptI), Ty::I64) => format!("{call}.unwrap_or(7)"),
        (Ret::Is(Ty::I64), Ty::Text) => format!("{call}.to_string()"),
        (Ret::Array, Ty::I64) => format!("{call}.iter().sum::<i64>()"),
        (Ret::OptSelf, Ty::Bool) => format!("{call}.is_some()"),
        (Ret::Pair, Ty::I64) => format!("{call}.1"),
        (Ret::Pair, Ty::SelfT) => format!("{call}.0"),
        (Ret::Fallible, Ty::I64) => format!("{call}.unwrap_or_else(|e| e.len() as i64)"),
        (Ret::Unit, Ty::Usize) => format!("{{ {call}; 0usize }}"),
        _ => return None,
    })
}
