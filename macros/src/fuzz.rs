//! No input makes a macro panic: a panicking proc macro gives the user "proc macro
//! panicked" and no span. Each attribute of the crate's own test inputs (the
//! expansion snapshots' inputs, the UI cases, the example, the integration tests) is
//! mutated at random, seeded: tokens deleted, doubled, swapped or replaced, groups
//! re-delimited, the attribute's words and Rust's keywords dropped in. Each mutant is
//! expanded by the three macros' entry points; none may panic, and where the item
//! still parses, what comes back must parse as items (a `compile_error!` at most).
//!
//! `cargo test -p seam-macros --lib fuzz` runs 3,000 mutants (20,000 under `CI`);
//! `SEAM_FUZZ_CASES=N` runs `N`, `SEAM_FUZZ_SEED=S` starts from another seed. A
//! failure prints the seed, the macro, and the mutant's arguments and item.

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

/// One use of a macro: its name, its arguments and the item it is on.
type Case = crate::snapshots::MacroUse;

/// Every use of the crate's macros on an item of `items`, nested modules included.
fn cases_in(items: &[syn::Item], found: &mut Vec<Case>) {
    for item in items {
        if let syn::Item::Mod(m) = item
            && let Some((_, inner)) = &m.content
        {
            cases_in(inner, found);
        }
        found.extend(crate::snapshots::macro_use(item));
    }
}

/// The cases of the crate's test inputs.
fn corpus() -> Vec<Case> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["tests/expand", "tests/ui", "examples", "tests"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        files.extend(entries.flatten().map(|e| e.path()).filter(|p| {
            p.extension().is_some_and(|e| e == "rs") && !p.to_string_lossy().ends_with(".expanded.rs")
        }));
    }
    files.sort();
    let mut cases = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a test input");
        // A UI case may be refused by syn on purpose: skip what does not parse.
        if let Ok(parsed) = syn::parse_file(&text) {
            cases_in(&parsed.items, &mut cases);
        }
    }
    cases
}

/// xorshift64*: small, seeded, and the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Words a mutant may gain: the attributes' own and Rust's that the readers branch on.
const WORDS: &[&str] = &[
    "erased",
    "erase",
    "erase_ref",
    "erase_mut",
    "restore",
    "enter",
    "off_if",
    "kinds",
    "via",
    "skip",
    "crate",
    "D",
    "K",
    "N",
    "KIND",
    "self",
    "Self",
    "super",
    "async",
    "await",
    "impl",
    "fn",
    "pub",
    "mut",
    "const",
    "unsafe",
    "where",
    "for",
    "dyn",
    "move",
    "return",
    "struct",
    "enum",
    "trait",
    "type",
    "Vec",
    "Option",
    "Box",
    "Into",
    "Fn",
    "FnMut",
    "FnOnce",
    "AsRef",
    "Future",
    "Send",
    "Clone",
    "Debug",
    "PartialEq",
    "Eq",
    "Copy",
    "align",
    "size",
    "feature",
    "derive",
    "repr",
    "__seam_declared_on_type",
    "__seam_fn_of",
    "PhantomData",
];

const PUNCTS: &[char] = &[
    ',', ':', '=', '&', '<', '>', '#', '!', '?', '*', '+', '-', '.', ';', '\'', '|', '@',
];

fn random_tree(rng: &mut Rng) -> TokenTree {
    match rng.below(5) {
        0 | 1 => TokenTree::Ident(Ident::new(WORDS[rng.below(WORDS.len())], Span::call_site())),
        2 => TokenTree::Punct(Punct::new(PUNCTS[rng.below(PUNCTS.len())], Spacing::Alone)),
        3 => TokenTree::Literal(match rng.below(3) {
            0 => Literal::usize_unsuffixed(rng.below(70)),
            1 => Literal::string("x"),
            _ => Literal::i32_suffixed(-1),
        }),
        _ => TokenTree::Group(Group::new(delimiter(rng), TokenStream::new())),
    }
}

/// A visible delimiter: rustc makes invisible groups only around whole fragments a
/// `macro_rules!` captured, which syn and rustc then read alike.
fn delimiter(rng: &mut Rng) -> Delimiter {
    [Delimiter::Parenthesis, Delimiter::Brace, Delimiter::Bracket][rng.below(3)]
}

/// `tokens` with one mutation, at a random depth.
fn mutate(tokens: TokenStream, rng: &mut Rng) -> TokenStream {
    let mut trees: Vec<TokenTree> = tokens.into_iter().collect();
    // Descend into a group about half the time, when there is one.
    let groups: Vec<usize> = (0..trees.len())
        .filter(|&i| matches!(trees[i], TokenTree::Group(_)))
        .collect();
    if !groups.is_empty() && rng.below(2) == 0 {
        let i = groups[rng.below(groups.len())];
        if let TokenTree::Group(g) = &trees[i] {
            let mut inner = Group::new(g.delimiter(), mutate(g.stream(), rng));
            inner.set_span(g.span());
            trees[i] = TokenTree::Group(inner);
        }
        return trees.into_iter().collect();
    }
    let n = trees.len();
    match rng.below(7) {
        0 if n > 0 => {
            trees.remove(rng.below(n));
        }
        1 if n > 0 => {
            let i = rng.below(n);
            trees.insert(i, trees[i].clone());
        }
        2 if n > 1 => {
            let i = rng.below(n - 1);
            trees.swap(i, i + 1);
        }
        3 if n > 0 => {
            let i = rng.below(n);
            trees[i] = random_tree(rng);
        }
        4 if !groups.is_empty() => {
            let i = groups[rng.below(groups.len())];
            if let TokenTree::Group(g) = &trees[i] {
                trees[i] = TokenTree::Group(Group::new(delimiter(rng), g.stream()));
            }
        }
        5 if n > 0 => trees.truncate(rng.below(n)),
        _ => trees.insert(rng.below(n + 1), random_tree(rng)),
    }
    trees.into_iter().collect()
}

/// What went wrong with one mutant, if anything.
fn check(case: &Case) -> Result<(), String> {
    let expanded = catch_unwind(AssertUnwindSafe(|| case.expand())).map_err(|payload| {
        let message = payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        format!("panicked: {message}")
    })?;
    // An item that no longer parses comes back for rustc to report at its tokens;
    // anything else must come back as items.
    if syn::parse2::<syn::Item>(case.input.clone()).is_ok()
        && syn::parse2::<syn::File>(expanded.clone()).is_err()
    {
        return Err(format!("returned tokens that do not parse as items:\n{expanded}"));
    }
    Ok(())
}

#[test]
fn no_mutant_of_the_test_inputs_makes_a_macro_panic() {
    let cases = corpus();
    assert!(
        cases.len() > 100,
        "the corpus holds the crate's test inputs ({} cases)",
        cases.len()
    );
    let ci = std::env::var_os("CI").is_some();
    let count: usize = std::env::var("SEAM_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if ci { 20_000 } else { 3_000 });
    let seed: u64 = std::env::var("SEAM_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x5EA4_u64);
    // The macros' own panics are the finding; keep them off the test's output.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut failures = Vec::new();
    // The unmutated cases first: each must expand as the tests already show.
    for case in &cases {
        if let Err(e) = check(case) {
            failures.push(format!(
                "unmutated `{}` case: {e}\nargs: {}\ninput: {}",
                case.name, case.args, case.input
            ));
        }
    }
    for i in 0..count {
        let case_seed =
            (seed.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1;
        let mut rng = Rng(case_seed);
        let mut case = cases[rng.below(cases.len())].clone();
        for _ in 0..=rng.below(3) {
            if rng.below(3) == 0 {
                case.args = mutate(case.args, &mut rng);
            } else {
                case.input = mutate(case.input, &mut rng);
            }
        }
        if let Err(e) = check(&case) {
            failures.push(format!(
                "mutant {i} (SEAM_FUZZ_SEED={seed}, case seed {case_seed}), `{}`: {e}\nargs: {}\ninput: {}",
                case.name, case.args, case.input
            ));
            if failures.len() >= 5 {
                break;
            }
        }
    }
    std::panic::set_hook(hook);
    assert!(
        failures.is_empty(),
        "{} failures:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
