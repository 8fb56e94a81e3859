//! `seam-burn-api methods`: Burn's public `Tensor` methods that seam-burn-tensor has
//! and lacks.
//!
//! `seam-burn-api check`: `doctests`, then the differential test
//! (`seam-burn-differential`), built with v0 symbol mangling so that it can read
//! from its own symbols which methods its cases call at which kind. It exits non-zero
//! when either fails: the one command of the Burn API proof.
//!
//! `seam-burn-api doctests`: builds burn-tensor's doctests on `Tensor` against
//! burn-tensor itself and against seam-burn-tensor (crate `seam-burn-doctests`), runs
//! each in a process of its own, prints passed / failed / excluded with every reason,
//! and writes `api.json`; then the same for burn-tensor's integration tests (`tests/`),
//! one unit per `#[test]` function. A unit that fails against burn-tensor itself is
//! excluded with Burn's error as the reason.

use seam_burn_api::doctests::{self, Doctest, Mode};
use seam_burn_api::{integration, signatures, source, surface};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one doctest may run before it counts as hung.
const TIME_LIMIT: Duration = Duration::from_secs(120);

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("methods") => print_methods(),
        Some("doctests") => exit_unless(run_doctests()),
        Some("check") => {
            let suites = run_doctests();
            exit_unless(run_differential() && suites);
        }
        _ => eprintln!("usage: seam-burn-api methods | doctests | check"),
    }
}

fn print_methods() {
    let signatures = run_suite("signatures", &signatures::burn_signature_units(), &target_dir());
    let coverage = Coverage::of(&signatures);
    println!("{}/{} of burn-tensor's public Tensor methods build as Burn's signatures spell them", coverage.covered, coverage.total);
    for key in &coverage.missing {
        println!("  missing: {key}");
    }
}

/// Which of Burn's methods (and argument traits) build on seam-burn-tensor as Burn's
/// signatures spell them, from the `signatures` suite's rows: a subject is covered
/// when every unit of it passed.
struct Coverage {
    total: usize,
    covered: usize,
    missing: Vec<String>,
    traits_total: usize,
    traits_covered: usize,
    functions_total: usize,
    functions_covered: usize,
}

impl Coverage {
    fn of(suite: &serde_json::Value) -> Coverage {
        let mut by_subject: BTreeMap<String, bool> = BTreeMap::new();
        let mut order = Vec::new();
        for row in suite["signatures"].as_array().expect("the signature rows") {
            let subject = row["method"].as_str().expect("a subject").to_string();
            if !by_subject.contains_key(&subject) {
                order.push(subject.clone());
            }
            let passed = row["status"] == "passed";
            *by_subject.entry(subject).or_insert(true) &= passed;
        }
        let of = |prefix: &str| -> Vec<&String> { order.iter().filter(|s| s.starts_with(prefix)).collect() };
        let (traits, functions) = (of("trait "), of("fn "));
        let methods: Vec<&String> = order.iter().filter(|s| !traits.contains(s) && !functions.contains(s)).collect();
        let covered = |subjects: &[&String]| subjects.iter().filter(|s| by_subject[**s]).count();
        Coverage {
            total: methods.len(),
            covered: covered(&methods),
            missing: order.iter().filter(|s| !by_subject[*s]).cloned().collect(),
            traits_total: traits.len(),
            traits_covered: covered(&traits),
            functions_total: functions.len(),
            functions_covered: covered(&functions),
        }
    }
}

/// Which crate `burn_tensor::` names in a build of the doctests.
#[derive(Clone, Copy)]
enum Variant {
    Burn,
    Seam,
}

impl Variant {
    fn name(self) -> &'static str {
        match self {
            Variant::Burn => "burn",
            Variant::Seam => "seam",
        }
    }
}

/// What became of one doctest in one build.
#[derive(Clone, Debug)]
enum Outcome {
    /// It did what its fence asks for.
    Passed { stdout: String },
    /// It did not build, or ran otherwise than asked: why.
    Failed(String),
}

/// Builds and runs the doctests, integration tests and signature units, writes
/// `api.json`; whether every unit passed.
fn run_doctests() -> bool {
    let target = target_dir();
    let doctests = run_suite("doctests", &doctests::burn_doctests(), &target);
    let tests = run_suite("tests", &integration::burn_integration_tests(), &target);
    let signatures = run_suite("signatures", &signatures::burn_signature_units(), &target);
    let coverage = Coverage::of(&signatures);
    // burn-tensor's public paths that resolve on seam-burn-tensor: recorded, not yet
    // all there (the surface beyond `Tensor` is being added), so a missing one does
    // not fail the run; `api.json` lists them, and CI compares that list.
    let names = run_suite("surface", &surface::burn_surface_units(), &target);
    println!(
        "methods: {}/{} build with Burn's signatures at every kind; argument traits: {}/{}; free functions and \
         constants: {}/{}",
        coverage.covered,
        coverage.total,
        coverage.traits_covered,
        coverage.traits_total,
        coverage.functions_covered,
        coverage.functions_total
    );
    // Merged into what is there: the differential test writes its own figures.
    let path = source::workspace_root().join("api.json");
    let mut json: serde_json::Value = std::fs::read_to_string(&path)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_else(|| serde_json::json!({"differential_cases": 0, "differential_failed": 0}));
    let (commit, dirty) = source::commit();
    let figures = serde_json::json!({
        "burn_tensor_version": source::BURN_TENSOR_VERSION,
        "date": today(),
        "commit": commit,
        "commit_had_uncommitted_changes": dirty,
        "methods_total": coverage.total,
        "methods_covered": coverage.covered,
        "methods_missing": coverage.missing,
        "traits_total": coverage.traits_total,
        "traits_covered": coverage.traits_covered,
        "functions_total": coverage.functions_total,
        "functions_covered": coverage.functions_covered,
    });
    let missing_names: Vec<&str> = names["surface"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|row| row["status"] != "passed")
        .filter_map(|row| row["method"].as_str()?.strip_prefix("name "))
        .collect();
    println!("burn-tensor's public paths on seam-burn-tensor: {} of {}", names["surface_passed"], names["surface_total"]);
    let globs: Vec<String> = surface::burn_public_paths().into_iter().filter(|p| p.ends_with('*')).collect();
    let figures_names = serde_json::json!({ "surface_missing": missing_names, "surface_globs_unchecked": globs });
    let suites = [&figures, &doctests, &tests, &signatures, &names, &figures_names];
    for (key, value) in suites.into_iter().filter_map(|s| s.as_object()).flatten() {
        json[key] = value.clone();
    }
    let text = serde_json::to_string_pretty(&json).expect("JSON") + "\n";
    std::fs::write(&path, text).expect("cannot write api.json");
    println!("wrote {}", path.display());
    // A unit that fails over seam-burn-tensor, or a signature the harness cannot spell
    // even over burn-tensor, fails the run.
    let count = |key: &str| json[key].as_u64().unwrap_or(0);
    let failed = count("doctests_failed") + count("tests_failed") + count("signatures_failed");
    if failed > 0 || count("signatures_excluded") > 0 {
        eprintln!("{failed} units failed, {} signature units excluded", count("signatures_excluded"));
        return false;
    }
    true
}

/// Builds the differential test with v0 symbol mangling (its final crate only: the
/// flag names the generic arguments of the wrappers it instantiates) and runs it;
/// whether it passed.
fn run_differential() -> bool {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["rustc", "-q", "-p", "seam-burn-differential", "--bin", "seam-burn-differential"])
        .args(["--message-format=json", "--manifest-path"])
        .arg(source::workspace_root().join("Cargo.toml"))
        .args(["--", "-C", "symbol-mangling-version=v0"])
        .stderr(Stdio::inherit())
        .output()
        .expect("cannot run cargo");
    assert!(output.status.success(), "the differential test did not build");
    let exe = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == "seam-burn-differential")
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .expect("the differential test's binary");
    Command::new(exe).status().expect("cannot run the differential test").success()
}

/// Exits with 1 unless `passed`.
fn exit_unless(passed: bool) {
    if !passed {
        std::process::exit(1);
    }
}

/// Builds and runs `all` against both crates; prints every unit that did not pass
/// plainly and the totals; returns the figures under `{key}_*`.
fn run_suite(key: &str, all: &[Doctest], target: &Path) -> serde_json::Value {
    let burn = outcomes(all, Variant::Burn, &target.join(format!("seam-burn-doctests/{key}-burn")));
    let seam = outcomes(all, Variant::Seam, &target.join(format!("seam-burn-doctests/{key}-seam")));
    let mut rows = Vec::new();
    let (mut passed, mut failed, mut excluded, mut same_output, mut silent) = (0, 0, 0, 0, 0);
    for (index, test) in all.iter().enumerate() {
        let (status, reason) = if let Some(reason) = test.exclusion() {
            excluded += 1;
            ("excluded", reason)
        } else {
            match (&seam[&index], &burn[&index]) {
                (_, Outcome::Failed(why)) => {
                    excluded += 1;
                    ("excluded", format!("fails against burn-tensor itself: {why}"))
                }
                (Outcome::Failed(why), Outcome::Passed { .. }) => {
                    failed += 1;
                    ("failed", why.clone())
                }
                (Outcome::Passed { stdout }, Outcome::Passed { stdout: reference }) => {
                    passed += 1;
                    // Printing nothing on both sides, it compared no value: it ran.
                    if stdout.is_empty() && reference.is_empty() {
                        silent += 1;
                    }
                    if stdout == reference {
                        same_output += 1;
                        ("passed", String::new())
                    } else {
                        ("passed", "prints otherwise than burn-tensor".into())
                    }
                }
            }
        };
        if !reason.is_empty() {
            println!("{status}: {} ({reason})", test.name);
        }
        rows.push(serde_json::json!({
            "name": test.name, "method": test.method, "status": status, "reason": reason,
        }));
    }
    println!(
        "{key}: {passed} passed ({same_output} printing what burn-tensor prints, {silent} of them printing nothing on \
         either side), {failed} failed, {excluded} excluded, of {}",
        all.len()
    );
    let mut figures = serde_json::Map::new();
    for (name, value) in [
        ("total", all.len().into()),
        ("passed", passed.into()),
        ("same_output", same_output.into()),
        ("print_nothing", silent.into()),
        ("failed", failed.into()),
        ("excluded", excluded.into()),
    ] {
        figures.insert(format!("{key}_{name}"), value);
    }
    figures.insert(key.to_string(), rows.into());
    figures.into()
}

/// Each buildable doctest's outcome in `variant`: those that do not build are taken
/// out one round at a time until the rest builds, then each is run.
fn outcomes(all: &[Doctest], variant: Variant, dir: &Path) -> BTreeMap<usize, Outcome> {
    let mut result = BTreeMap::new();
    for round in 0.. {
        assert!(round < 12, "the doctests still do not build after {round} rounds");
        let chosen: Vec<usize> = (0..all.len())
            .filter(|i| all[*i].exclusion().is_none() && !result.contains_key(i))
            .collect();
        generate(dir, all, &chosen);
        let (broken, exe) = build(variant, dir);
        if broken.is_empty() {
            let exe = exe.expect("a built binary");
            for index in chosen {
                result.insert(index, run(&exe, index, &all[index]));
            }
            return result;
        }
        for (index, error) in broken {
            result.insert(index, Outcome::Failed(format!("does not build: {error}")));
        }
    }
    unreachable!()
}

/// Writes `dir/all.rs` and a module per chosen doctest.
fn generate(dir: &Path, all: &[Doctest], chosen: &[usize]) {
    std::fs::create_dir_all(dir).expect("cannot create the doctests folder");
    let mut list = String::new();
    let mut table = String::from("/// Each doctest built, by its index.\npub const DOCTESTS: &[(usize, fn())] = &[\n");
    for &index in chosen {
        let test = &all[index];
        let file = dir.join(format!("dt_{index}.rs"));
        let call_main = if test.code.contains("fn main") { "\nmain();" } else { "" };
        let text = format!(
            "// {}\n#![allow(unused, clippy::all)]\npub fn run() {{\n{}{call_main}\n}}\n",
            test.name, test.code
        );
        write_if_changed(&file, &text);
        list += &format!("#[path = {:?}]\nmod dt_{index};\n", file.display().to_string());
        table += &format!("    ({index}, dt_{index}::run),\n");
    }
    table += "];\n";
    write_if_changed(&dir.join("all.rs"), &(list + &table));
}

/// Writes only when the text differs, so cargo does not rebuild for nothing.
fn write_if_changed(path: &Path, text: &str) {
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }
}

/// Builds the doctests binary; the doctests with an error (by index) and the first
/// line of each one's first error, or the binary.
fn build(variant: Variant, dir: &Path) -> (BTreeMap<usize, String>, Option<PathBuf>) {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.args(["build", "-p", "seam-burn-doctests", "--message-format=json", "--manifest-path"])
        .arg(source::workspace_root().join("Cargo.toml"))
        .env("SEAM_DOCTESTS_DIR", dir)
        .stderr(Stdio::inherit());
    if let Variant::Burn = variant {
        cmd.args(["--features", "burn"]);
    }
    eprintln!("building the doctests against {}", variant.name());
    let output = cmd.output().expect("cannot run cargo");
    let mut broken = BTreeMap::new();
    let mut stray = Vec::new();
    let mut exe = None;
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if message["reason"] == "compiler-artifact" && message["target"]["name"] == "seam-burn-doctests" {
            exe = message["executable"].as_str().map(PathBuf::from);
        }
        let diagnostic = &message["message"];
        if message["reason"] != "compiler-message" || diagnostic["level"] != "error" {
            continue;
        }
        let text = diagnostic["message"].as_str().unwrap_or("").to_string();
        let index = diagnostic["spans"].as_array().into_iter().flatten().find_map(span_doctest);
        match index {
            Some(index) => {
                broken.entry(index).or_insert(text);
            }
            None if text.starts_with("aborting due to") => {}
            None => stray.push(diagnostic["rendered"].as_str().unwrap_or(&text).to_string()),
        }
    }
    assert!(
        stray.is_empty() && (output.status.success() || !broken.is_empty()),
        "the doctests binary failed to build for a reason outside the doctests:\n{}",
        stray.join("\n")
    );
    (broken, exe)
}

/// The doctest a span of a diagnostic points into, through the macro expansions it
/// comes from (an error inside `assert_eq!` points at the call in the doctest).
fn span_doctest(span: &serde_json::Value) -> Option<usize> {
    if !span.is_object() {
        return None;
    }
    span["file_name"]
        .as_str()
        .and_then(doctest_of)
        .or_else(|| span_doctest(&span["expansion"]["span"]))
}

/// The index of the doctest module `file` (`.../dt_12.rs`), if it is one.
fn doctest_of(file: &str) -> Option<usize> {
    let name = Path::new(file).file_name()?.to_str()?;
    name.strip_prefix("dt_")?.strip_suffix(".rs")?.parse().ok()
}

/// Runs doctest `index` of the binary in a process of its own.
fn run(exe: &Path, index: usize, test: &Doctest) -> Outcome {
    let mode = test.mode;
    if mode == Mode::Build {
        return Outcome::Passed { stdout: String::new() };
    }
    let mut child = Command::new(exe)
        .arg(index.to_string())
        .env("RUST_BACKTRACE", "0")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start the doctests binary");
    let start = Instant::now();
    while child.try_wait().expect("a child's status").is_none() {
        if start.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Outcome::Failed(format!("still running after {} s", TIME_LIMIT.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("a child's output");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let panicked = !output.status.success();
    let message = panic_message(&stderr);
    match (mode, panicked) {
        (Mode::Panic, true) => match &test.panic_expected {
            Some(expected) if !stderr.contains(expected.as_str()) => {
                Outcome::Failed(format!("panicked without {expected:?}: {message}"))
            }
            _ => Outcome::Passed { stdout },
        },
        (Mode::Run, false) => Outcome::Passed { stdout },
        (Mode::Panic, false) => Outcome::Failed("ran to the end; it should panic".into()),
        _ => Outcome::Failed(format!("panicked: {message}")),
    }
}

/// The panic message in a doctest's stderr, on one line.
fn panic_message(stderr: &str) -> String {
    let mut lines = stderr.lines().skip_while(|l| !l.contains("panicked at"));
    let _location = lines.next();
    let message: Vec<&str> = lines
        .take_while(|l| !l.starts_with("note:") && !l.starts_with("stack backtrace:"))
        .collect();
    let message = message.join(" ");
    if message.is_empty() { stderr.trim().replace('\n', " ") } else { message }
}

/// The target dir cargo uses for this workspace.
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| source::workspace_root().join("target"))
}

/// Today's date (UTC), from `date`.
fn today() -> String {
    let out = Command::new("date").args(["-u", "+%Y-%m-%d"]).output();
    out.map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}
