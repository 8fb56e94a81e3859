//! Builds a case's crate (a `plain` and an `outlined` module of the same blocks, one
//! binary), runs it, and says what differs: an error of the outlined build that is not
//! a refusal the case expects (plain code compiled), a refusal that did not come or
//! came at other tokens, or a call whose result (or panic message) is not the same in
//! both modules.

use super::render::{Case, Variant, variant};
use std::path::{Path, PathBuf};
use std::process::Command;

/// One thing the two builds disagree on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The block it is in (from the line, or the call's label), if known.
    pub block: Option<usize>,
    /// What kind of failure, without places: what shrinking keeps.
    pub key: String,
    /// The whole of it, for the report.
    pub detail: String,
}

/// The calls that ran and the refusals seen, for the report.
#[derive(Default, Debug)]
pub struct Counts {
    pub calls: usize,
    pub refusals: usize,
}

const SHARED: &str = include_str!("shared.rs");
const BASE_PLAIN: &str = include_str!("base_plain.rs");
const BASE_OUTLINED: &str = include_str!("base_outlined.rs");

/// The crate's `main.rs` for `case`'s blocks (of `which`): each module its base, the
/// blocks, and a `run` of the driver's calls.
fn main_rs(case: &Case, which: &dyn Fn(usize) -> bool) -> String {
    let mut text = String::from("#![allow(warnings)]\n");
    text += SHARED;
    for (name, base, v) in [
        ("plain", BASE_PLAIN, Variant::Plain),
        ("outlined", BASE_OUTLINED, Variant::Outlined),
    ] {
        text += &format!("\nmod {name} {{\n{base}\n");
        for (i, block) in case.blocks.iter().enumerate().filter(|(i, _)| which(*i)) {
            let _ = i;
            text += &variant(&block.code, v);
        }
        text += "\n// the driver\npub fn run() -> Vec<String> {\n    let mut out = Vec::new();\n";
        for block in case
            .blocks
            .iter()
            .enumerate()
            .filter(|(i, _)| which(*i))
            .map(|(_, b)| b)
        {
            for call in &block.calls {
                text += &format!("    {call}\n");
            }
        }
        text += "    out\n}\n}\n";
    }
    text += "\nfn main() {\n    std::panic::set_hook(Box::new(|_| {}));\n    \
             for line in plain::run() {\n        println!(\"plain\\t{line}\");\n    }\n    \
             for line in outlined::run() {\n        println!(\"outlined\\t{line}\");\n    }\n}\n";
    text
}

/// Where a line of `main.rs` is: the module, and the block (`// block: i`) or the
/// driver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Place {
    module: Option<Variant>,
    block: Option<usize>,
}

fn places(text: &str) -> Vec<Place> {
    let mut place = Place {
        module: None,
        block: None,
    };
    text.lines()
        .map(|line| {
            if line == "mod plain {" {
                place = Place {
                    module: Some(Variant::Plain),
                    block: None,
                };
            } else if line == "mod outlined {" {
                place = Place {
                    module: Some(Variant::Outlined),
                    block: None,
                };
            } else if let Some(i) = line.strip_prefix("// block: ") {
                place.block = i.trim().parse().ok();
            } else if line == "// the driver" {
                place.block = None;
            }
            // A driver line names its block in its label.
            let mut here = place;
            if let Some(at) = line.find("crate::call(\"b") {
                here.block = line[at + "crate::call(\"b".len()..]
                    .split(':')
                    .next()
                    .and_then(|b| b.parse().ok());
            }
            here
        })
        .collect()
}

/// A crate of its own, `name`, in the test's temp dir, holding `main`.
fn write_crate(name: &str, main: &str) -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = temp().join(name);
    std::fs::create_dir_all(dir.join("src")).expect("a temp dir");
    let manifest = format!(
        "[package]\nname = \"seam-differential-{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\nseam-macros = {{ path = {:?} }}\n\n[workspace]\n",
        here.display().to_string()
    );
    write_if_changed(&dir.join("Cargo.toml"), &manifest);
    // The workspace's lock file: the same versions of syn and friends, no resolving.
    let lock = std::fs::read_to_string(here.join("../Cargo.lock")).expect("the workspace's Cargo.lock");
    write_if_changed(&dir.join("Cargo.lock"), &lock);
    write_if_changed(&dir.join("src/main.rs"), main);
    dir
}

/// This test's temp dir.
pub fn temp() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("differential")
}

fn write_if_changed(path: &Path, text: &str) {
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).expect("a writable temp dir");
    }
}

/// An error rustc reported: its primary line (1-based) and message.
struct Reported {
    line: usize,
    message: String,
    rendered: String,
}

/// `cargo <subcommand>` on the crate in `dir`: its errors, and the binary it built.
fn cargo(dir: &Path, subcommand: &str) -> (Vec<Reported>, Option<PathBuf>) {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    // The target dir the plain-code test's crates use: one build of seam-macros.
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("plain/target");
    let output = Command::new(cargo)
        .args([subcommand, "--quiet", "--message-format=json", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", target)
        .output()
        .expect("cargo runs");
    let mut errors = Vec::new();
    let mut binary = None;
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if message["reason"] == "compiler-artifact"
            && let Some(exe) = message["executable"].as_str()
        {
            binary = Some(PathBuf::from(exe));
        }
        let diagnostic = &message["message"];
        if message["reason"] != "compiler-message" || diagnostic["level"] != "error" {
            continue;
        }
        let line = diagnostic["spans"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|s| s["is_primary"] == true && s["file_name"] == "src/main.rs")
            .and_then(|s| s["line_start"].as_u64())
            .unwrap_or(0) as usize;
        errors.push(Reported {
            line,
            message: diagnostic["message"].as_str().unwrap_or("").to_string(),
            rendered: diagnostic["rendered"].as_str().unwrap_or("").to_string(),
        });
    }
    if !output.status.success() && errors.is_empty() {
        panic!(
            "cargo {subcommand} failed without an error message: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    (errors, binary)
}

/// Everything that differs in `case`: its refusing blocks checked in one crate, the
/// others built and run in another. `name` names the crates' dirs.
pub fn check(name: &str, case: &Case, counts: &mut Counts) -> Vec<Failure> {
    let mut failures = Vec::new();
    if case.blocks.iter().any(|b| b.refused()) {
        failures.extend(refusals(&format!("{name}-refusing"), case, counts));
    }
    let main = main_rs(case, &|i| !case.blocks[i].refused());
    let dir = write_crate(name, &main);
    let (errors, binary) = cargo(&dir, "build");
    let places = places(&main);
    for error in &errors {
        failures.push(unexpected(error, place_of(&places, error.line), &main));
    }
    if !errors.is_empty() {
        return failures;
    }
    let binary = binary.expect("the crate's binary");
    let output = Command::new(&binary).output().expect("the generated binary runs");
    assert!(
        output.status.success(),
        "{name}: the generated binary failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let of = |module: &str| -> Vec<String> {
        stdout
            .lines()
            .filter_map(|l| l.strip_prefix(module)?.strip_prefix('\t'))
            .map(str::to_string)
            .collect()
    };
    let (plain, outlined) = (of("plain"), of("outlined"));
    assert_eq!(plain.len(), outlined.len(), "{name}: both modules run every call");
    counts.calls += plain.len();
    for (p, o) in plain.iter().zip(&outlined) {
        if p != o {
            let block = p
                .strip_prefix('b')
                .and_then(|r| r.split(':').next()?.parse().ok());
            failures.push(Failure {
                block,
                key: "a call returned otherwise".into(),
                detail: format!("plain:    {p}\noutlined: {o}"),
            });
        }
    }
    failures
}

/// The refusing blocks (with all the others) checked: the plain module must build,
/// and the outlined one must give each expected refusal at its line and nothing else.
fn refusals(name: &str, case: &Case, counts: &mut Counts) -> Vec<Failure> {
    let main = main_rs(case, &|_| true);
    let dir = write_crate(name, &main);
    let (errors, _) = cargo(&dir, "check");
    let places = places(&main);
    let lines: Vec<&str> = main.lines().collect();
    let expected: Vec<(usize, &str)> = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| places[*i].module == Some(Variant::Outlined))
        .filter_map(|(i, l)| Some((i + 1, l.split("// refused: ").nth(1)?)))
        .collect();
    let mut failures = Vec::new();
    for error in &errors {
        let refused = expected
            .iter()
            .any(|(line, what)| *line == error.line && error.message.contains(what));
        if refused {
            counts.refusals += 1;
        } else {
            failures.push(unexpected(error, place_of(&places, error.line), &main));
        }
    }
    for (line, what) in &expected {
        if !errors.iter().any(|e| e.line == *line && e.message.contains(what)) {
            failures.push(Failure {
                block: place_of(&places, *line).block,
                key: format!("not refused: {what}"),
                detail: format!(
                    "line {line}, `{}`, gave no error containing \"{what}\"",
                    lines[line - 1].trim()
                ),
            });
        }
    }
    failures
}

fn place_of(places: &[Place], line: usize) -> Place {
    places.get(line.wrapping_sub(1)).copied().unwrap_or(Place {
        module: None,
        block: None,
    })
}

/// An error no case expects.
fn unexpected(error: &Reported, place: Place, main: &str) -> Failure {
    let source = main.lines().nth(error.line.wrapping_sub(1)).unwrap_or("").trim();
    let key = match place.module {
        Some(Variant::Plain) => format!("the plain build failed (a generator bug): {}", error.message),
        Some(Variant::Outlined) => format!("only the outlined build failed: {}", error.message),
        None => format!("the shared code failed: {}", error.message),
    };
    Failure {
        block: place.block,
        key,
        detail: format!("line {}: `{source}`\n{}", error.line, error.rendered),
    }
}
