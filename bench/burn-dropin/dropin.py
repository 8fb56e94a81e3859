#!/usr/bin/env python3
"""Burn's own crates on a Seam-made burn-tensor, beside the same crates on stock.

Copies burn-core, burn-nn, burn-optim and burn-linalg 0.22.1 from Cargo's download
into two workspace roots under `work/` (ignored; nothing of Burn's is committed),
identical but for one `[patch.crates-io]` entry: `work/stock` builds them on crates.io's
burn-tensor, `work/seam` on `burn-tensor/` here (a facade over seam-burn-tensor). It
runs their unit and integration tests in both roots and the `model` crate's training
in both, and writes `dropin.json`. See README.md.

    python3 bench/burn-dropin/dropin.py [--target DIR] [--roots stock,seam] [--no-tests]
"""

import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORK = HERE / "work"
VERSION = "0.22.1"
CRATES = ["burn-core", "burn-nn", "burn-optim", "burn-linalg"]
ROOTS = ["stock", "seam"]
# compile_times.py adds the patch with seam-burn-tensor's `boundary-off` feature: the
# same facade, written into `work/` with that feature on.
# Every root builds the members with these features: Burn's own test backend (flex),
# the autodiff decorator its tests wrap it in, and burn-linalg's backend tests on flex.
FEATURES = ["burn-core/flex", "burn-core/autodiff", "burn-linalg/flex"]
# The model crate's own build: the same features of the crates it depends on.
MODEL_FEATURES = ["burn-core/flex", "burn-core/autodiff"]

# burn-optim's published manifest lost the dev-dependency its tests use.
OPTIM_DEV_DEPENDENCY = f"""
[dev-dependencies.burn-nn]
version = "{VERSION}"
"""


def sources():
    """The directories Cargo downloaded the four crates to, found with `cargo metadata`."""
    fetch = WORK / "fetch"
    (fetch / "src").mkdir(parents=True, exist_ok=True)
    (fetch / "src" / "lib.rs").write_text("")
    deps = "\n".join(f'{c} = {{ version = "={VERSION}", default-features = false }}' for c in CRATES)
    (fetch / "Cargo.toml").write_text(
        f'[package]\nname = "fetch"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n'
        f"[dependencies]\n{deps}\n\n[workspace]\n"
    )
    meta = json.loads(
        subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--manifest-path", str(fetch / "Cargo.toml")],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    found = {
        p["name"]: Path(p["manifest_path"]).parent
        for p in meta["packages"]
        if p["name"] in CRATES and p["version"] == VERSION
    }
    missing = [c for c in CRATES if c not in found]
    if missing:
        sys.exit(f"cargo metadata found no source for {missing}")
    return found


# The leaf crates of compile_times.py, written into every root by `leaves`: the seed's
# user code (bench/burn's burn-bridge source) over the root's `burn_tensor`, over the
# stand-in that holds `DispatchTensor` directly, and over the floor's handle.
LEAVES = {
    "leaf": ("seam-dropin-leaf", "burn-bridge", "pub use burn_tensor::{Device, Tensor, TensorData};"),
    "standin": ("seam-dropin-standin", "burn-standin", "pub use burn_tensor::Device;"),
    "floor-leaf": ("seam-dropin-floor-leaf", "burn-bridge", "pub use seam_dropin_floor::{Device, Tensor, TensorData};"),
}
# The line each bench/burn source imports its tensor with.
LEAF_IMPORTS = {"burn-bridge": "pub use burn::tensor::{Device, Tensor, TensorData};", "burn-standin": "pub use burn::tensor::Device;"}

# Each leaf's run-time program: `run` (every step at ranks 1 to 4) once to warm up,
# then REPS times; prints the seconds of one run and a checksum.
RUN_EXAMPLE = """use {krate} as leaf;

fn main() {{
    let reps: u32 = std::env::args().nth(1).map_or(20, |s| s.parse().expect("a count"));
    let device = leaf::Device::flex();
    let mut sum: f64 = leaf::run(&device, 1).iter().map(|&v| v as f64).sum();
    let start = std::time::Instant::now();
    for seed in 0..reps {{
        sum += leaf::run(&device, seed as u64).iter().map(|&v| v as f64).sum::<f64>();
    }}
    println!("{{}} {{sum}}", start.elapsed().as_secs_f64() / reps as f64);
}}
"""


def leaves(dir):
    """Writes the leaf crates of LEAVES into the root `dir`."""
    bench = HERE.parent / "burn"
    for name, (package, source, use) in LEAVES.items():
        crate = dir / name
        shutil.rmtree(crate, ignore_errors=True)
        (crate / "src").mkdir(parents=True)
        (crate / "examples").mkdir()
        code = (bench / source / "src" / "lib.rs").read_text()
        assert LEAF_IMPORTS[source] in code, f"{source}'s import line"
        # The module doc describes bench/burn's crate: say where this copy comes from.
        body = code.replace(LEAF_IMPORTS[source], use).split("\n\n", 1)[1]
        (crate / "src" / "lib.rs").write_text(f"//! bench/burn/{source}'s source, over `{use[8:-1]}`.\n\n{body}")
        # The model's dependencies (only burn-tensor, the stand-in's two and the floor
        # are used): built with the model's features, they select the model's tree.
        deps = [f'{d} = {{ version = "0.22.1", default-features = false, features = ["std"] }}'
                for d in ("burn-tensor", "burn-core", "burn-nn", "burn-optim")]
        if name == "standin":
            deps += [f'{d} = {{ version = "0.22.1", default-features = false }}' for d in ("burn-dispatch", "burn-backend")]
        if name == "floor-leaf":
            deps.append('seam-dropin-floor = { path = "../../../floor" }')
        (crate / "Cargo.toml").write_text(
            f'[package]\nname = "{package}"\nversion = "0.1.0"\nedition = "2024"\npublish = false\n\n'
            "[dependencies]\n" + "\n".join(deps) + "\n"
        )
        run = package.removeprefix("seam-dropin-") + "-run"
        (crate / "examples" / f"{run}.rs").write_text(RUN_EXAMPLE.format(krate=package.replace("-", "_")))


# compile_times.py's probe of the tensor library's own build: a crate of one line over
# burn-tensor alone, so that rebuilding burn-tensor rebuilds nothing else.
PROBE = {
    "Cargo.toml": '[package]\nname = "seam-dropin-probe"\nversion = "0.1.0"\nedition = "2024"\npublish = false\n\n'
    '[dependencies]\nburn-tensor = { version = "0.22.1", default-features = false, features = ["std", "flex", "autodiff"] }\n',
    "src/lib.rs": "//! Names burn-tensor, so that building this builds it.\n\npub use burn_tensor::Tensor;\n",
}


def probe(dir):
    """Writes the probe crate into the root `dir`."""
    for file, text in PROBE.items():
        (dir / "probe" / file).parent.mkdir(parents=True, exist_ok=True)
        (dir / "probe" / file).write_text(text)


def root_manifest(root):
    """A root's manifest: the members, and the patches that make Burn's crates use them."""
    members = CRATES + ["model", "probe"] + list(LEAVES)
    patches = [f'{c} = {{ path = "{c}" }}' for c in CRATES]
    if root == "seam":
        patches.append('burn-tensor = { path = "../../burn-tensor" }')
    if root == "seam-off":
        patches.append('burn-tensor = { path = "../burn-tensor-off" }')
    return "\n".join(
        [
            "# Written by bench/burn-dropin/dropin.py; the two roots differ only in the patch.",
            "[workspace]",
            'resolver = "2"',
            "members = [" + ", ".join(f'"{m}"' for m in members) + "]",
            "",
            "[patch.crates-io]",
            *patches,
            "",
            "# flex's kernels are unusably slow at opt-level 0; the members stay at 0.",
            '[profile.dev.package."*"]',
            "opt-level = 1",
            "debug = false",
            "",
        ]
    )


def boundary_off_facade():
    """`work/burn-tensor-off`: the facade with seam-burn-tensor's boundary off."""
    dir = WORK / "burn-tensor-off"
    shutil.rmtree(dir, ignore_errors=True)
    shutil.copytree(HERE / "burn-tensor", dir)
    manifest = (dir / "Cargo.toml").read_text()
    on = 'seam-burn-tensor = { path = "../../burn/tensor", default-features = false }'
    assert on in manifest, "the facade's dependency on seam-burn-tensor"
    off = 'seam-burn-tensor = { path = "../../../burn/tensor", default-features = false, features = ["boundary-off"] }'
    (dir / "Cargo.toml").write_text(manifest.replace(on, off))


def prepare(root, found):
    """Writes one root: the copied crates, the model crate and the manifest."""
    dir = WORK / root
    if root == "seam-off":
        boundary_off_facade()
    for c in CRATES + ["model", "probe"] + list(LEAVES):
        shutil.rmtree(dir / c, ignore_errors=True)
    dir.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns(".cargo-ok", ".cargo_vcs_info.json", "Cargo.toml.orig", "Cargo.lock", "target")
    for c in CRATES:
        shutil.copytree(found[c], dir / c, ignore=ignore)
    with open(dir / "burn-optim" / "Cargo.toml", "a") as f:
        f.write(OPTIM_DEV_DEPENDENCY)
    shutil.copytree(HERE / "model", dir / "model", ignore=ignore)
    leaves(dir)
    probe(dir)
    (dir / "Cargo.toml").write_text(root_manifest(root))
    # The patched root starts from stock's lock, so the two resolve the same versions
    # of everything but the patched package.
    stock_lock = WORK / "stock" / "Cargo.lock"
    if root != "stock" and stock_lock.exists():
        shutil.copy(stock_lock, dir / "Cargo.lock")
    return dir


TEST_LINE = re.compile(r"^test (.+?) \.\.\. (ok|FAILED|ignored)(?:, .*)?$")
RUNNING = re.compile(r"^\s*Running (?:unittests )?(\S+) \(.*/deps/([A-Za-z0-9_]+)-[0-9a-f]+\)$")


def parse_tests(output):
    """Per test binary (crate and target), each test's outcome, from libtest's output."""
    binaries = {}
    current = None
    for line in output.splitlines():
        m = RUNNING.match(line)
        if m:
            source, name = m.groups()
            current = binaries.setdefault(f"{name} {source}", {})
            continue
        m = TEST_LINE.match(line.strip())
        if m and current is not None:
            current[m.group(1)] = m.group(2)
    return binaries


def cargo(dir, args, target, log):
    env = dict(os.environ, CARGO_TARGET_DIR=str(target))
    with open(log, "w") as f:
        proc = subprocess.run(["cargo", *args], cwd=dir, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        f.write(proc.stdout)
    return proc.returncode, proc.stdout


def run_tests(dir, target):
    """The four crates' lib and integration tests, one cargo call for the whole root."""
    args = ["test", "--no-fail-fast", "--lib", "--tests", "--features", ",".join(FEATURES)]
    for c in CRATES:
        args += ["-p", c]
    code, out = cargo(dir, args, target, dir / "test.log")
    binaries = parse_tests(out)
    errors = sorted(set(re.findall(r"^error(?:\[E\d+\])?: .*$", out, re.M)))
    return {"exit": code, "binaries": binaries, "build_errors": errors[:50]}


LOSS = re.compile(r"^(\w+) step (\d+) loss (\S+)$")


def run_model(dir, target):
    """The model crate's training: per-step losses of each model, as it prints them."""
    args = ["run", "-q", "-p", "seam-dropin-model", "--features", ",".join(MODEL_FEATURES)]
    code, out = cargo(dir, args, target, dir / "model.log")
    losses = {}
    for line in out.splitlines():
        m = LOSS.match(line)
        if m:
            losses.setdefault(m.group(1), []).append(float(m.group(3)))
    return {"exit": code, "losses": losses}


def test_targets(dir):
    """Each crate's integration-test target names, read from its manifest."""
    import tomllib

    targets = {}
    for c in CRATES:
        manifest = tomllib.loads((dir / c / "Cargo.toml").read_text())
        for test in manifest.get("test", []):
            targets[test["name"]] = c
        targets[c.replace("-", "_")] = c
    return targets


def summarize(binaries, targets):
    """Per crate, its lib tests and its integration tests: passed, failed, ignored."""
    counts = {}
    for binary, tests in binaries.items():
        name, source = binary.split(" ", 1)
        crate = targets[name]
        part = "lib" if source == "src/lib.rs" else "tests"
        c = counts.setdefault(crate, {}).setdefault(part, {"passed": 0, "failed": 0, "ignored": 0})
        for outcome in tests.values():
            c[{"ok": "passed", "FAILED": "failed", "ignored": "ignored"}[outcome]] += 1
    return counts


def failures(binaries):
    return sorted(f"{b.split()[0]}::{t}" for b, tests in binaries.items() for t, o in tests.items() if o == "FAILED")


DEFINE = re.compile(r"^(define|declare) [^@]*@\"?([^\"(]+)", re.M)
# Burn's tree and its vocabulary crates, as `seam-report --burn` counts them
# (report/src/burn/mod.rs): a name is the tree's if it still names a tree crate once
# the vocabulary crates' paths are set aside.
TREE = re.compile(r"\b(burn_dispatch|burn_autodiff|burn_flex|burn_fusion|burn_ir|burn_cubecl\w*|burn_router|burn_remote|cubecl\w*|wgpu\w*|naga)::")
VOCABULARY = re.compile(r"\b(burn_std|burn_backend|cubecl_common|cubecl_environment|cubecl_zspace)::")


def demangled(symbols):
    """`symbols` demangled by llvm-cxxfilt (legacy and v0 Rust mangling), in order."""
    out = subprocess.run(["llvm-cxxfilt"], input="\n".join(symbols), capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


def in_tree(name):
    return TREE.search(VOCABULARY.sub("vocabulary::", name)) is not None


def model_ir(dir, target):
    """What the model crate's own code generation holds of the backend: its LLVM IR
    (every codegen unit) at opt-level 3, where rustc shares no upstream generic
    instance, so each generic function the model uses is compiled in it. Counts the
    functions it defines or declares of Burn's tree, the outlined helpers (`*_impl`)
    of the tensor crate it defines or calls, and the tensor crate's functions it
    defines."""
    deps = Path(target) / "debug" / "deps"
    for old in deps.glob("seam_dropin_model-*.ll"):
        old.unlink()
    # A fresh build would emit nothing: make cargo compile the model again.
    os.utime(dir / "model" / "src" / "main.rs")
    args = ["rustc", "-p", "seam-dropin-model", "--features", ",".join(MODEL_FEATURES), "--",
            "--emit=llvm-ir", "-C", "opt-level=3", "-C", "codegen-units=16", "-C", "symbol-mangling-version=v0"]
    code, _ = cargo(dir, args, target, dir / "ir.log")
    found = {"define": set(), "declare": set()}
    for ll in deps.glob("seam_dropin_model-*.ll"):
        for kind, symbol in DEFINE.findall(ll.read_text()):
            found[kind].add(symbol)
    defines, declares = (sorted(set(demangled(sorted(found[k])))) for k in ("define", "declare"))
    helpers = lambda names: sorted(n for n in names if "burn_tensor::" in n and "_impl" in n)
    return {
        "exit": code,
        "defines": len(defines),
        "tree_defines": [n for n in defines if in_tree(n)],
        "tree_declares": [n for n in declares if in_tree(n)],
        "helper_defines": helpers(defines),
        "helper_declares": helpers(declares),
        "tensor_crate_defines": sum(1 for n in defines if n.lstrip("<").startswith(("burn_tensor::", "seam_burn_tensor::"))),
        "relu": sorted(n for n in defines + declares if "activation::" in n and "relu" in n),
    }


# The model must learn: each model's last loss under this fraction of its first.
LEARNED = 0.5
# Per-step losses of the two roots agree within this relative difference.
SAME_LOSS = 1e-5


def compare(roots):
    """What the patched root does otherwise than stock: tests that pass on stock and
    not on the patch, and the model's losses. Returns the findings and the problems."""
    stock, seam = roots["stock"], roots["seam"]
    outcome = lambda root: {
        f"{b.split()[0]}::{t}": o for b, tests in root["tests_by_binary"].items() for t, o in tests.items()
    }
    on_stock, on_seam = outcome(stock), outcome(seam)
    regressions = sorted(t for t, o in on_stock.items() if o == "ok" and on_seam.get(t) != "ok")
    problems = [f"passes on stock, not on the patch: {t} ({on_seam.get(t, 'not run')})" for t in regressions]
    models = {}
    for name, losses in stock["model"]["losses"].items():
        theirs = seam["model"]["losses"].get(name, [])
        if len(theirs) != len(losses):
            problems.append(f"{name}: {len(theirs)} steps on the patch, {len(losses)} on stock")
            continue
        worst = max(abs(a - b) / max(abs(a), 1e-30) for a, b in zip(losses, theirs))
        models[name] = {"max_relative_difference": worst, "first": losses[0], "last": losses[-1], "last_on_patch": theirs[-1]}
        if worst > SAME_LOSS:
            problems.append(f"{name}: the losses differ by {worst:.3e} relative (bound {SAME_LOSS})")
        if not theirs[-1] < LEARNED * theirs[0]:
            problems.append(f"{name}: last loss {theirs[-1]} is not under {LEARNED} x the first, {theirs[0]}")
    if not stock["model"]["losses"]:
        problems.append("the model printed no losses on stock")
    return {"regressions": regressions, "models": models}, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", default=os.environ.get("SEAM_DROPIN_TARGET", "/var/cache/seam-dropin/target"))
    ap.add_argument("--roots", default=",".join(ROOTS))
    ap.add_argument("--no-tests", action="store_true", help="only prepare the roots")
    a = ap.parse_args()
    found = sources()
    results = {}
    for root in a.roots.split(","):
        dir = prepare(root, found)
        if a.no_tests:
            continue
        print(f"{root}: testing (log {dir / 'test.log'})", flush=True)
        tests = run_tests(dir, a.target)
        print(f"{root}: training (log {dir / 'model.log'})", flush=True)
        model = run_model(dir, a.target)
        print(f"{root}: the model's IR (log {dir / 'ir.log'})", flush=True)
        ir = model_ir(dir, a.target)
        counts = summarize(tests["binaries"], test_targets(dir))
        results[root] = {
            "counts": counts,
            "failed": failures(tests["binaries"]),
            "tests_by_binary": tests["binaries"],
            "build_errors": tests["build_errors"],
            "exit": tests["exit"],
            "model": model,
            "model_ir": ir,
        }
        print(f"{root}: {json.dumps(counts)}", flush=True)
    if a.no_tests:
        return
    out = {
        "date": datetime.date.today().isoformat(),
        "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=HERE).stdout.strip(),
        "roots": results,
    }
    previous = HERE / "dropin.json"
    if previous.exists() and set(results) != set(ROOTS):
        # One root rerun: keep the other's figures.
        kept = json.loads(previous.read_text()).get("roots", {})
        out["roots"] = {**kept, **results}
    problems = []
    if set(out["roots"]) >= set(ROOTS):
        out["comparison"], problems = compare(out["roots"])
    (HERE / "dropin.json").write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    for problem in problems:
        print(f"differs: {problem}")
    if problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
