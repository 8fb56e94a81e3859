//! Only converted types reach a helper: `tests/mono` calls each outlined method of a
//! grid with several argument types (`impl Into<f32>`, `impl AsRef<[f32]>`,
//! `impl AsMut<[f32]>`, `impl Fn`, `impl IntoIterator<Item = Self>`) at two grid
//! sizes. Nightly's `-Zprint-mono-items=yes` lists what rustc instantiates: each
//! wrapper once per (size, argument type), each helper exactly once, never generic.
//!
//! Needs a nightly toolchain (`.ci/run` installs it). Without one each test reports
//! itself not run, with what it needs (seam-test-support's `skipped`), and passes,
//! except under CI, where it fails. The stable checks of the same boundary (no
//! helper's code in a downstream crate's IR) are in `tests/boundary.rs`.

use seam_boundary::{cargo_command, nightly_available};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;

/// The methods of `seam_mono::Grid`, with the number of wrapper instantiations that
/// `seam_mono::callers` asks for.
const METHODS: [(&str, usize); 5] = [
    ("filled", 6),      // u8, u16, f32 at 2x3 and 4x4
    ("from_values", 4), // Vec<f32>, Box<[f32]>
    ("copy_to", 4),     // &mut Vec<f32>, &mut Box<[f32]>
    ("map", 4),         // a closure, a fn item
    ("sum", 4),         // [Grid; 3], Vec<Grid>
];

/// The async methods of `seam_mono::Grid` that `seam-mono-user` calls.
const ASYNC_METHODS: [&str; 2] = ["total_async", "scaled_async"];

/// The other outlined items `seam-mono-user` calls: `Grid`'s `Add`, `Window`'s methods
/// (a type with a lifetime), a free function and one under `Grid`'s protocol, with what the wrapper's name holds
/// as rustc prints it downstream.
const OTHER_ITEMS: [(&str, &str); 6] = [
    ("add", "as std::ops::Add>::add"),
    ("over", "seam_mono::Window::<"),
    ("max_at_least", "seam_mono::Window::<"),
    ("total", "seam_mono::Window::<"),
    ("cells_in", "seam_mono::cells_in::<"),
    ("cells_total", "seam_mono::cells_total::<"),
];

/// Whether a nightly toolchain can list mono items; without one, says so (and fails
/// under CI, which must install it).
fn mono_items_can_be_listed() -> bool {
    if nightly_available() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI must install a nightly toolchain for -Zprint-mono-items"
    );
    seam_test_support::skipped(
        &seam_test_support::test_name(),
        "it needs a nightly toolchain for -Zprint-mono-items (rustup toolchain install nightly)",
    );
    false
}

/// What rustc compiles for `package` (its lib), with nightly's `-Zprint-mono-items`:
/// built once per test process (the tests share the target dir), then kept.
fn mono_items(package: &str) -> &'static str {
    mono_items_with(package, "")
}

/// The same, with `rustflags` on `seam-mono` alone (Cargo's per-package profile
/// flags), in a target dir of their own, so that the flags never rebuild the other
/// listings' crates.
fn mono_items_with(package: &str, rustflags: &str) -> &'static str {
    static LISTINGS: Mutex<BTreeMap<(String, String), &'static str>> = Mutex::new(BTreeMap::new());
    let mut listings = LISTINGS.lock().unwrap_or_else(|e| e.into_inner());
    listings
        .entry((package.to_owned(), rustflags.to_owned()))
        .or_insert_with(|| String::leak(build_listing(package, rustflags)))
}

fn build_listing(package: &str, rustflags: &str) -> String {
    // Read at run time: a test binary reused from a checkout at another path must
    // build this checkout's fixture.
    let manifest =
        std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into());
    let workspace = Path::new(&manifest).join("../..");
    let dir: String = rustflags
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("mono-items{dir}"));
    let command = || {
        let mut cmd = cargo_command(true);
        if !rustflags.is_empty() {
            let config = format!("profile.release.package.seam-mono.rustflags = [\"{rustflags}\"]");
            cmd.args(["-Zprofile-rustflags", "--config", &config]);
        }
        cmd.current_dir(&workspace);
        cmd
    };
    // rustc prints the items only when it compiles the crate: clean it first.
    let clean = command()
        .args(["clean", "-p", package, "--release"])
        .arg("--target-dir")
        .arg(&target)
        .status()
        .expect("rustup runs");
    assert!(clean.success(), "cargo clean -p {package} failed");
    let mut cmd = command();
    cmd.args(["rustc", "-p", package, "--lib", "--release"])
        .arg("--target-dir")
        .arg(&target)
        // MIR inlining would fold some wrappers into their callers, hiding them from
        // the list; without it the list is exact.
        .args(["--", "-Zprint-mono-items=yes", "-Zinline-mir=no"]);
    let output = cmd.output().expect("rustup runs");
    assert!(
        output.status.success(),
        "building {package} with nightly failed: {cmd:?}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("mono items are UTF-8")
}

/// Every item of a listing that names one of `seam_mono`'s helpers: `filled_impl`,
/// `total_async_impl::{closure#0}`, the drop glue of
/// `{async block@seam_mono::total_async_impl::{closure#0}}`, ...
fn helper_items(items: &'static str) -> Vec<&'static str> {
    let helpers: Vec<String> = METHODS
        .iter()
        .map(|(m, _)| *m)
        .chain(ASYNC_METHODS)
        .chain(OTHER_ITEMS.iter().map(|(m, _)| *m))
        .map(|m| format!("{m}_impl"))
        .collect();
    functions(items)
        .filter(|n| {
            n.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|word| helpers.iter().any(|h| h == word))
        })
        .collect()
}

#[test]
fn each_helper_is_instantiated_once_whatever_the_callers_pass() {
    if !mono_items_can_be_listed() {
        return;
    }
    let items = mono_items("seam-mono");
    let names: Vec<&str> = functions(items)
        // Closures inside a function are items of their own; closure types as generic
        // arguments (`map::<{closure@..}>`) are not.
        .filter(|n| !n.contains("::{closure#"))
        .collect();
    let mut wrappers: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    let mut helpers: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (method, _) in METHODS {
        let wrapper = format!(">::{method}::<");
        let helper = format!("{method}_impl");
        wrappers.insert(
            method,
            names
                .iter()
                .copied()
                .filter(|n| n.starts_with("Grid::<") && n.contains(&wrapper))
                .collect(),
        );
        helpers.insert(
            method,
            names.iter().copied().filter(|n| n.starts_with(&helper)).collect(),
        );
    }
    for (method, expected) in METHODS {
        let (w, h) = (&wrappers[method], &helpers[method]);
        println!("{method}: {} wrapper instantiations, helper items {h:?}", w.len());
        assert_eq!(w.len(), expected, "{method}: wrapper instantiations {w:#?}");
        assert_eq!(
            h,
            &vec![format!("{method}_impl").as_str()],
            "{method}: the helper is one non-generic item"
        );
    }
}

/// The functions of a `-Zprint-mono-items` listing:
/// `MONO_ITEM fn Grid::<2, 3>::filled::<u8> @@ cgu[Linkage]` -> `Grid::<2, 3>::filled::<u8>`.
/// The module that holds an impl block's helpers is left out:
/// `__seam_outline_grid_1a2b3c4d::filled_impl` -> `filled_impl`.
fn functions(items: &str) -> impl Iterator<Item = &str> {
    items
        .lines()
        .filter_map(|l| l.strip_prefix("MONO_ITEM fn "))
        .map(|l| l.split(" @@").next().unwrap_or(l))
        // A helper by its name: `__seam_outline_grid_<hash>::copy_to_impl`, or, a method
        // of the erased type, `__seam_outline_grid_<hash>::<impl Cells>::copy_to_impl`.
        .map(|n| match n.strip_prefix("__seam_outline_") {
            Some(rest) => {
                let helper = rest.split_once("::").map_or(n, |(_, helper)| helper);
                match helper.strip_prefix("<impl ") {
                    Some(method) => method.split_once(">::").map_or(helper, |(_, name)| name),
                    None => helper,
                }
            }
            None => n,
        })
}

/// A downstream crate compiles the wrappers it instantiates and nothing of a helper:
/// an async helper boxes its future as a `dyn Future`, so its state machine (the
/// coroutine's resume function, its drop glue) is compiled in the library alone. The
/// same holds for a trait impl (`Add`), a type with a lifetime (`Window<'a, W>`) and a
/// free function: one helper item each, in the library.
#[test]
fn a_downstream_crate_compiles_no_helper_not_even_an_async_one() {
    if !mono_items_can_be_listed() {
        return;
    }
    let (library, downstream) = (mono_items("seam-mono"), mono_items("seam-mono-user"));
    for method in ASYNC_METHODS {
        // Downstream: the wrapper at both sizes (the test is not vacuous)...
        let wrappers: Vec<&str> = functions(downstream)
            .filter(|n| n.starts_with("seam_mono::Grid::<") && n.contains(&format!(">::{method}")))
            .collect();
        println!("downstream {method}: wrappers {wrappers:?}");
        assert!(wrappers.len() >= 2, "{method}: downstream wrappers {wrappers:#?}");
        // ...and in the library, the helper and its state machine, once each.
        let helper = format!("{method}_impl");
        let in_library: Vec<&str> = helper_items(library)
            .into_iter()
            .filter(|n| n.starts_with(&helper))
            .collect();
        println!("library {method}: {in_library:?}");
        // One helper item (generic over lifetimes only: `scaled_async_impl::<'_>`).
        let items: Vec<&&str> = in_library.iter().filter(|n| !n.contains("{closure#")).collect();
        assert_eq!(
            items.len(),
            1,
            "{method}: one helper item in the library: {in_library:#?}"
        );
        assert!(
            in_library.iter().any(|n| n.contains("{closure#0}")),
            "{method}: the library compiles the helper and its future: {in_library:#?}"
        );
    }
    for (item, wrapper) in OTHER_ITEMS {
        let wrappers: Vec<&str> = functions(downstream)
            .filter(|n| n.contains(wrapper) && n.contains(item))
            .collect();
        let helper = format!("{item}_impl");
        let in_library: Vec<&str> = helper_items(library)
            .into_iter()
            .filter(|n| n.starts_with(&helper) && !n.contains("{closure#"))
            .collect();
        println!("{item}: downstream wrappers {wrappers:?}, library helper {in_library:?}");
        assert!(!wrappers.is_empty(), "{item}: no wrapper downstream");
        assert_eq!(
            in_library.len(),
            1,
            "{item}: one helper item in the library: {in_library:#?}"
        );
    }
    let leaked = helper_items(downstream);
    println!("downstream helper items: {leaked:?}");
    assert!(
        leaked.is_empty(),
        "a downstream crate compiles helper code: {leaked:#?}"
    );
}

/// The boundary's switch is each using crate's own (`off_if(..)` names that crate's
/// feature; `seam-macros` has no features for Cargo to unify). `seam-mono-user` turns
/// on `seam-mono-switched/boundary-off` in the same build as `seam-mono`: the switched
/// crate's helpers are compiled downstream (they are `#[inline]`), `seam-mono`'s
/// are not.
#[test]
fn one_crates_switch_changes_no_other_crate() {
    if !mono_items_can_be_listed() {
        return;
    }
    let downstream = mono_items("seam-mono-user");
    // `row_total_impl` is an item here. The one-line helpers (`row_filled_impl`,
    // `row_len_impl`) are `#[inline]` too, but were inlined into their generic
    // wrappers' MIR in the library, so they reach this crate inside the wrappers.
    let copies: Vec<&str> = functions(downstream)
        .filter(|n| n.ends_with("::row_total_impl"))
        .collect();
    println!("downstream row_total_impl: {copies:?}");
    assert_eq!(
        copies.len(),
        1,
        "switched off, the helper is compiled downstream: {copies:#?}"
    );
    let manifest = include_str!("../../../macros/Cargo.toml");
    assert!(
        !manifest.contains("[features]"),
        "seam-macros must have no features: Cargo would unify them across every user"
    );
    // seam-mono's helpers stay in seam-mono, in the same build.
    let kept: Vec<&str> = functions(downstream)
        .filter(|n| METHODS.iter().any(|(m, _)| n.ends_with(&format!("{m}_impl"))))
        .collect();
    assert!(
        kept.is_empty(),
        "seam-mono's helpers compiled downstream: {kept:#?}"
    );
}

/// rustc can make a library's functions inlinable in other crates:
/// `-Zhint-mostly-unused` (Cargo's `[hints] mostly-unused`) makes every function not
/// marked `#[inline(never)]` so, and a caller in another crate then compiles its own
/// copy, with all the callee names (for a tensor library, the backend tree). The
/// helpers are `#[inline(never)]` while the boundary is on: with the flag on the
/// library, the downstream crate still compiles its wrappers and no helper. (`-Zcross-crate-inline-threshold=always` inlines even through
/// `#[inline(never)]`: no attribute keeps a helper out of line against it.)
#[test]
fn helpers_stay_in_the_library_under_hint_mostly_unused() {
    if !mono_items_can_be_listed() {
        return;
    }
    let downstream = mono_items_with("seam-mono-user", "-Zhint-mostly-unused");
    let wrappers = functions(downstream)
        .filter(|n| n.starts_with("seam_mono::Grid::<") && n.contains(">::filled::<"))
        .count();
    assert!(
        wrappers >= 2,
        "the wrappers are compiled downstream:\n{downstream}"
    );
    let leaked = helper_items(downstream);
    assert!(
        leaked.is_empty(),
        "under -Zhint-mostly-unused a downstream crate compiles helper code: {leaked:#?}"
    );
}
