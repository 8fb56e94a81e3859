//! `#[outline]` never changes what code means: generated impl blocks over a generic
//! `V<N, K>` built twice in one crate, as plain generic code and outlined, every method
//! called at several instances with drawn arguments, and what each call returns (or
//! the message it panics with) compared. A block holding a line the macro documents as
//! refused (`[0; N]`, `let x: Self`, a private method called on `self`, `Self::f` of
//! another block) must be refused there, at that line, and nowhere else.
//!
//! The generator (`differential/draw.rs`) draws the forms of `doc/outline.md`'s table:
//! receivers (none, `&self`, `self`, `&mut self`), `Self` and `&Self` and
//! `Option<&Self>` and `Vec<Self>` arguments, `[i64; N]` and `[i64; M]` (a method
//! const), `impl Into`/`AsRef`/`Fn`/`FnMut`/`IntoIterator`, generic `T: Into` and
//! `T: AsRef`, a `via` trait, argument patterns, `&str`; results of plain types,
//! `Self`, `V<N, B>`, `[i64; N]`, `&[i64]`, `Option<Self>`, `(Self, i64)` and `Result`;
//! `async fn` and `fn -> impl Future`; inherent blocks generic over the kind or fixing
//! it, operator and library trait impls, and `#[outline(V)]` free functions. Bodies
//! use `N`, `M` and `K::KIND` in expressions, closures, format strings (inline and
//! named), `vec!`, `assert!`, `assert_eq!`, `matches!`, `match` guards, nested blocks
//! that shadow, loops, early `return` and `?`, dispatch `K::f(..)` (and a supertrait's
//! `K::name()`), and call the earlier methods by method (`self.m(..)`, `x.clone().m(..)`,
//! `.await`) and by `Self::f(..)`.
//!
//! `SEAM_DIFF_CRATES` crates (2 by default, 24 under `CI`) of `SEAM_DIFF_BLOCKS` blocks
//! (32) each, from `SEAM_DIFF_SEED` (fixed by default): the long run is
//! `SEAM_DIFF_CRATES=100 SEAM_DIFF_SEED=<any> cargo test -p seam-macros --test
//! differential`. A failure is shrunk to a small case, written to the test's temp dir
//! and printed with its seed; each one found is kept in `differential/regressions/`,
//! which runs every time.

#[path = "differential/draw.rs"]
mod draw;
#[path = "differential/harness.rs"]
mod harness;
#[path = "differential/model.rs"]
mod model;
#[path = "differential/render.rs"]
mod render;
#[path = "differential/shrink.rs"]
mod shrink;

use harness::Counts;
use render::Case;
use std::path::Path;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn generated_blocks_mean_the_same_outlined() {
    let ci = std::env::var_os("CI").is_some();
    let crates: usize = env_or("SEAM_DIFF_CRATES", if ci { 24 } else { 2 });
    let per_crate: usize = env_or("SEAM_DIFF_BLOCKS", 32);
    let seed: u64 = env_or("SEAM_DIFF_SEED", 0x5EA4_D1FF);
    let started = std::time::Instant::now();
    let mut counts = Counts::default();
    let (mut blocks, mut methods, mut refusing) = (0, 0, 0);
    let mut report = Vec::new();
    for c in 0..crates {
        let crate_seed = seed.wrapping_add((c as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let drawn = draw::blocks(crate_seed, per_crate);
        blocks += drawn.len();
        methods += drawn.iter().map(|b| b.methods.len()).sum::<usize>();
        refusing += drawn.iter().filter(|b| b.refused()).count();
        let name = format!("crate-{c}");
        let failures = harness::check(&name, &Case::of(&drawn), &mut counts);
        let Some(first) = failures.first() else {
            continue;
        };
        let mut kinds: Vec<&str> = failures.iter().map(|f| f.key.as_str()).collect();
        kinds.sort();
        kinds.dedup();
        eprintln!(
            "crate {c} (SEAM_DIFF_SEED={seed}, crate seed {crate_seed}): {} failures of {} kinds:\n  {}\nshrinking the first",
            failures.len(),
            kinds.len(),
            kinds.join("\n  ")
        );
        if std::env::var_os("SEAM_DIFF_NO_SHRINK").is_some() {
            for kind in &kinds {
                let f = failures
                    .iter()
                    .find(|f| f.key == *kind)
                    .expect("a failure of the kind");
                eprintln!("== {} (block {:?})\n{}", f.key, f.block, f.detail);
            }
            report.push(format!("crate {c}: {} failures (not shrunk)", failures.len()));
            continue;
        }
        let small = shrink::shrink(&drawn, first, &format!("{name}-shrink"));
        let text = Case::of(&small).to_file();
        let file = harness::temp().join(format!("failure-{crate_seed}.rs"));
        std::fs::write(&file, &text).expect("a writable temp dir");
        report.push(format!(
            "crate {c}, SEAM_DIFF_SEED={seed} (crate seed {crate_seed}), {} failures; the first, \
             shrunk (in {}; keep it in tests/differential/regressions/):\n{}\n{}\n{text}",
            failures.len(),
            file.display(),
            first.key,
            first.detail
        ));
    }
    eprintln!(
        "{crates} crates from SEAM_DIFF_SEED={seed}: {blocks} blocks ({refusing} refusing), \
         {methods} methods, {} calls compared, {} refusals seen, in {:.0?}",
        counts.calls,
        counts.refusals,
        started.elapsed()
    );
    assert!(report.is_empty(), "{}", report.join("\n\n"));
    assert!(
        counts.calls > crates * 100,
        "the crates made calls: {}",
        counts.calls
    );
}

/// Each failure the generator found, shrunk, kept: its blocks must build, refuse and
/// return as plain code does.
#[test]
fn regressions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/differential/regressions");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the regression cases")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    let mut failed = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a regression case");
        let case = Case::from_file(&text);
        assert!(!case.blocks.is_empty(), "{}: no `// block:` line", file.display());
        let name = format!("regression-{}", file.file_stem().unwrap().to_string_lossy());
        for f in harness::check(&name, &case, &mut Counts::default()) {
            failed.push(format!("{}: {}\n{}", file.display(), f.key, f.detail));
        }
    }
    eprintln!("{} regression cases", files.len());
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}
