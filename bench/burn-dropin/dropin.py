#!/usr/bin/env python3
"""Burn's own crates on a Seam-made burn-tensor, beside the same crates on stock.

Copies every Burn crate above burn-tensor (0.22.1: burn-core, burn-nn, burn-optim,
burn-linalg, burn-store, burn-train, burn-rl, burn-signal, burn-vision and the `burn`
umbrella crate) from Cargo's download into two workspace roots under `work/` (ignored;
nothing of Burn's is committed), identical but for one `[patch.crates-io]` entry:
`work/stock` builds them on crates.io's burn-tensor, `work/seam` on `burn-tensor/` here
(a facade over seam-burn-tensor). On one tree (`flex`, the default: Burn's CPU test
backend; `cube`: Vulkan through CubeCL with fusion, on Mesa's lavapipe) it runs their
unit and integration tests in both roots with cargo-nextest (each test in its own
process, under a timeout), trains the `model` crate in both (stock twice, for its own
spread), reads the model's LLVM IR, and writes `dropin-<tree>.json`. outcomes.py judges
the runs. See README.md.

    python3 bench/burn-dropin/dropin.py [--tree flex|cube] [--target DIR] [--roots stock,seam]
"""

import argparse
import datetime
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import outcomes

HERE = Path(__file__).resolve().parent
WORK = HERE / "work"
VERSION = "0.22.1"
CRATES = [
    "burn-core", "burn-nn", "burn-optim", "burn-linalg", "burn-store",
    "burn-train", "burn-rl", "burn-signal", "burn-vision", "burn",
]
ROOTS = ["stock", "seam"]
# compile_times.py's features (it builds burn-nn's tests and the model on the flex
# tree): Burn's own test backend, the autodiff decorator its tests wrap it in, and
# burn-linalg's backend tests on flex.
FEATURES = ["burn-core/flex", "burn-core/autodiff", "burn-linalg/flex"]
MODEL_FEATURES = ["burn-core/flex", "burn-core/autodiff"]

# The trees. Each names, per crate, the features its tests are built with (a crate
# gets only those it declares); the model crate is built with burn-core's. `flex` turns
# on what the crates' tests need and this machine can run: burn-core's dataloader tests
# (`dataset`), its `lazy_param_device` tests (`ndarray` beside flex), burn-train's
# reinforcement-learning parts (`rl`), burn-vision's losses (`loss`), and the umbrella
# crate's optional crates. `cube` adds Vulkan (CubeCL through wgpu's SPIR-V path),
# fusion and burn-core's backend-extension tests, and keeps flex, which burn-nn's and
# burn-core's tests name as `Device::flex()`; `BURN_DEVICE=vulkan` makes
# `Device::default()` Vulkan.
FLEX = ["flex", "autodiff"]
TREES = {
    "flex": {
        "features": {
            "burn-core": FLEX + ["dataset", "ndarray"],
            "burn-linalg": ["flex"],
            "burn-train": ["rl"],
            "burn-signal": FLEX,
            "burn-vision": ["flex", "loss"],
            "burn": FLEX + ["ndarray", "dataset", "train", "store", "vision", "signal", "linalg", "rl"],
        },
        "model": ["burn-core/flex", "burn-core/autodiff"],
        "env": {},
    },
    "cube": {
        "features": {
            "burn-core": FLEX + ["dataset", "ndarray", "vulkan", "fusion", "extension-tests"],
            "burn-linalg": ["flex", "vulkan", "fusion"],
            "burn-train": ["rl"],
            "burn-signal": FLEX + ["vulkan", "fusion"],
            "burn-vision": ["flex", "loss", "vulkan", "fusion"],
            "burn": FLEX + ["ndarray", "dataset", "train", "store", "vision", "signal", "linalg", "rl", "vulkan", "fusion"],
        },
        "model": ["burn-core/flex", "burn-core/autodiff", "burn-core/vulkan", "burn-core/fusion"],
        "env": {"BURN_DEVICE": "vulkan"},
    },
}
# A test that runs longer than PERIOD x TERMINATE_AFTER seconds is killed and counts as failed.
NEXTEST_CONFIG = """# Written by bench/burn-dropin/dropin.py.
[store]
dir = "target/nextest"

[profile.dropin]
fail-fast = false
retries = 0
slow-timeout = { period = "60s", terminate-after = 5 }
leak-timeout = "1s"

[profile.dropin.junit]
path = "junit.xml"
"""
# A whole step (one cargo command) that runs past this is killed and fails the run.
STEP_TIMEOUT = 4 * 3600
MODEL_TIMEOUT = 1800

# Versions held back from the newest semver-compatible release, as Burn's own lock
# holds them: systemstat 0.2.8 made `PlatformImpl` not `Sync`, and burn-train 0.22.1's
# `CpuTemperature` metric no longer compiles with it (E0277), on stock as on the patch.
PINS = {"systemstat": "0.2.7"}

# burn-optim's published manifest lost the dev-dependency its tests use.
OPTIM_DEV_DEPENDENCY = f"""
[dev-dependencies.burn-nn]
version = "{VERSION}"
"""


def sources():
    """The directories Cargo downloaded the crates to, found with `cargo metadata`."""
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
    """Writes one root: the copied crates, the model crate, the leaves, the manifest
    and nextest's profile."""
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
    (dir / ".config").mkdir(exist_ok=True)
    (dir / ".config" / "nextest.toml").write_text(NEXTEST_CONFIG)
    # The patched root starts from stock's lock, so the two resolve the same versions
    # of everything but the patched package.
    stock_lock = WORK / "stock" / "Cargo.lock"
    if root != "stock" and stock_lock.exists():
        shutil.copy(stock_lock, dir / "Cargo.lock")
    for package, version in PINS.items():
        subprocess.run(["cargo", "update", "-q", "-p", package, "--precise", version], cwd=dir, check=True)
    return dir


def cargo(dir, args, target, log, env=None, timeout=STEP_TIMEOUT):
    """Runs cargo in `dir`, its output written to `log` as it comes; returns the exit
    code (124 on a timeout), the output and the seconds it took."""
    env = dict(os.environ, CARGO_TARGET_DIR=str(target), **(env or {}))
    start = time.monotonic()
    with open(log, "w") as f:
        proc = subprocess.Popen(["cargo", *args], cwd=dir, env=env, stdout=f, stderr=subprocess.STDOUT, text=True)
        try:
            code = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            code = 124
    out = Path(log).read_text(errors="replace")
    if code == 124:
        out += f"\n(killed after {timeout} s)\n"
    return code, out, time.monotonic() - start


def test_features(dir, tree):
    """The tree's test features, each kept only where its crate declares it."""
    features = []
    for crate, wanted in TREES[tree]["features"].items():
        declared = tomllib.loads((dir / crate / "Cargo.toml").read_text()).get("features", {})
        features += [f"{crate}/{f}" for f in wanted if f in declared]
    return features


def build_errors(out):
    return sorted(set(re.findall(r"^error(?:\[E\d+\])?: .*$", out, re.M)))[:50]


def run_tests(dir, target, tree):
    """Every crate's lib and integration tests: listed (which builds them), then run,
    each in its own process. Returns the run as outcomes.py reads it."""
    select = ["--lib", "--tests", "--features", ",".join(test_features(dir, tree))]
    for c in CRATES:
        select += ["-p", c]
    env = TREES[tree]["env"]
    code, out, built = cargo(dir, ["nextest", "list", "--message-format", "json", *select], target, dir / "build.log", env)
    run = {"build_exit": code, "build_errors": build_errors(out), "build_seconds": round(built)}
    if code != 0:
        return run
    # The JSON list is the one line of the output that starts with '{'.
    run["listed"] = outcomes.listed(next(line for line in out.splitlines() if line.startswith("{")))
    # nextest's store is the root's own `target/nextest` (NEXTEST_CONFIG), whatever
    # CARGO_TARGET_DIR says.
    junit = dir / "target" / "nextest" / "dropin" / "junit.xml"
    junit.unlink(missing_ok=True)
    code, _, seconds = cargo(dir, ["nextest", "run", "--profile", "dropin", "--no-fail-fast", *select],
                             target, dir / "test.log", env)
    run.update(run_exit=code, run_seconds=round(seconds))
    run["outcomes"] = outcomes.outcomes(junit.read_text()) if junit.exists() else {}
    return run


LOSS = re.compile(r"^(\w+) step (\d+) loss (\S+)$")


def run_model(dir, target, tree, log):
    """The model crate's training: per-step losses of each model, as it prints them."""
    args = ["run", "-q", "-p", "seam-dropin-model", "--features", ",".join(TREES[tree]["model"])]
    code, out, seconds = cargo(dir, args, target, dir / log, TREES[tree]["env"], MODEL_TIMEOUT)
    losses = {}
    for line in out.splitlines():
        m = LOSS.match(line)
        if m:
            losses.setdefault(m.group(1), []).append(float(m.group(3)))
    return {"exit": code, "losses": losses, "seconds": round(seconds)}


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


def model_ir(dir, target, tree):
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
    args = ["rustc", "-p", "seam-dropin-model", "--features", ",".join(TREES[tree]["model"]), "--",
            "--emit=llvm-ir", "-C", "opt-level=3", "-C", "codegen-units=16", "-C", "symbol-mangling-version=v0"]
    code, _, _ = cargo(dir, args, target, dir / "ir.log")
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
    }


def lavapipe():
    """The cube tree runs on a Vulkan driver; this machine's is Mesa's lavapipe. Exits
    with what to install where none is found."""
    icds = glob.glob("/usr/share/vulkan/icd.d/*.json") + glob.glob("/etc/vulkan/icd.d/*.json")
    if not icds:
        sys.exit("the cube tree needs a Vulkan driver and none is installed: on Debian, "
                 "`apt-get install mesa-vulkan-drivers` (Mesa's lavapipe, a CPU Vulkan driver)")
    # Mesa warns on every process without a runtime dir.
    if "XDG_RUNTIME_DIR" not in os.environ:
        runtime = WORK / "xdg-runtime"
        runtime.mkdir(parents=True, exist_ok=True)
        runtime.chmod(0o700)
        os.environ["XDG_RUNTIME_DIR"] = str(runtime)


def run_root(root, dir, target, tree):
    """One root's tests, model and IR."""
    print(f"{root}: building and testing (logs {dir / 'build.log'}, {dir / 'test.log'})", flush=True)
    run = run_tests(dir, target, tree)
    print(f"{root}: training (log {dir / 'model.log'})", flush=True)
    models = [run_model(dir, target, tree, "model.log")]
    if root == "stock":
        # Stock again: how far two runs of the same code differ.
        models.append(run_model(dir, target, tree, "model-again.log"))
    print(f"{root}: the model's IR (log {dir / 'ir.log'})", flush=True)
    run["model"] = models
    run["model_ir"] = model_ir(dir, target, tree)
    run["counts"] = outcomes.counts(run)
    return run


def summary(out):
    """Prints each crate's counts on both roots, and the tests that differ or fail on both."""
    roots = out["roots"]
    crates = sorted({c for r in roots.values() for c in r.get("counts", {})}, key=lambda c: (c not in CRATES, CRATES.index(c) if c in CRATES else 0))
    for crate in crates:
        cells = []
        for name in ROOTS:
            cells.append(f"{name} " + "/".join(map(str, outcomes.crate_totals(roots.get(name, {}), crate))))
        print(f"{crate:12} passed/failed/not run: " + ", ".join(cells))
    found = out.get("comparison", {})
    for test, (on_stock, on_seam) in found.get("fail_on_both", {}).items():
        print(f"fails on both roots: {test}: {on_stock}" + ("" if on_seam == on_stock else f" (on the patch: {on_seam})"))
    for test, on_stock in found.get("pass_on_patch_only", {}).items():
        print(f"passes on the patch only: {test} (on stock: {on_stock})")


def tables():
    """The README's tables, from every tree's json: tests per crate, the model, the IR."""
    runs = {t: json.loads((HERE / f"dropin-{t}.json").read_text()) for t in TREES if (HERE / f"dropin-{t}.json").exists()}
    for tree, out in runs.items():
        roots = out["roots"]
        walls = ", ".join(f"{r} {roots[r]['wall_seconds']} s" for r in ROOTS if "wall_seconds" in roots.get(r, {}))
        print(f"**{tree} tree**, {out['date']} at {out['commit']} (wall time of this run: {walls}):\n")
        print("| crate | stock: passed / failed / not run | patch: passed / failed / not run |\n|---|---:|---:|")
        totals = {r: [0, 0, 0] for r in ROOTS}
        for crate in CRATES:
            cells = []
            for r in ROOTS:
                n = outcomes.crate_totals(roots[r], crate)
                totals[r] = [a + b for a, b in zip(totals[r], n)]
                cells.append(" / ".join(map(str, n)))
            print(f"| {crate} | {cells[0]} | {cells[1]} |")
        print("| **all** | " + " | ".join("**" + " / ".join(map(str, totals[r])) + "**" for r in ROOTS) + " |\n")
    print("| tree | model | steps | first / last loss (stock) | stock against itself | the patch against stock |\n|---|---|---:|---|---:|---:|")
    for tree, out in runs.items():
        for name, m in sorted(out.get("comparison", {}).get("models", {}).items()):
            steps = len(m["per_step_difference"])
            print(f"| {tree} | {name} | {steps} | {m['first']:.4g} / {m['last']:.4g} | {m['stock_spread']:.2g} | **{m['max_relative_difference']:.2g}** |")
    print("\n(largest relative difference of a step's loss)\n")
    print("| tree | root | functions defined | of Burn's tree defined / declared | `*_impl` helpers defined / called | the tensor crate's functions defined |\n|---|---|---:|---:|---:|---:|")
    for tree, out in runs.items():
        for r in ROOTS:
            ir = out["roots"][r]["model_ir"]
            print(f"| {tree} | {r} | {ir['defines']} | {len(ir['tree_defines'])} / {len(ir['tree_declares'])} | "
                  f"{len(ir['helper_defines'])} / {len(ir['helper_declares'])} | {ir['tensor_crate_defines']} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tree", choices=sorted(TREES), default="flex")
    ap.add_argument("--target", default=os.environ.get("SEAM_DROPIN_TARGET", "/var/cache/seam-dropin/target"))
    ap.add_argument("--roots", default=",".join(ROOTS))
    ap.add_argument("--no-tests", action="store_true", help="only prepare the roots")
    ap.add_argument("--tables", action="store_true", help="print the README's tables from the json files")
    a = ap.parse_args()
    if a.tables:
        return tables()
    if a.tree == "cube":
        lavapipe()
    target = Path(a.target) if a.tree == "flex" else Path(a.target + "-cube")
    found = sources()
    record = HERE / f"dropin-{a.tree}.json"
    previous = json.loads(record.read_text()) if record.exists() else {}
    results = {}
    for root in a.roots.split(","):
        dir = prepare(root, found)
        if not a.no_tests:
            start = time.monotonic()
            results[root] = run_root(root, dir, target, a.tree)
            results[root]["wall_seconds"] = round(time.monotonic() - start)
    if a.no_tests:
        return
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=HERE).stdout.strip()
    out = {"tree": a.tree, "date": datetime.date.today().isoformat(), "commit": commit,
           "roots": {**previous.get("roots", {}), **results}}
    expected = previous.get("expected_counts", {})
    problems = []
    for name, run in results.items():
        problems += outcomes.check_root(name, run, expected if name == "stock" else None)
    if set(out["roots"]) >= set(ROOTS):
        stock, seam = out["roots"]["stock"], out["roots"]["seam"]
        out["comparison"] = outcomes.compare_tests(stock, seam)
        problems += [f"passes on stock, not on the patch: {t} ({why})" for t, why in out["comparison"]["regressions"].items()]
        out["comparison"]["models"], model_problems = outcomes.compare_models(stock["model"], seam["model"][0])
        problems += model_problems
        for name in ROOTS:
            problems += outcomes.check_ir(name, out["roots"][name]["model_ir"])
    out["expected_counts"] = outcomes.raised_floor(expected, results.get("stock"))
    out["problems"] = problems
    record.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    summary(out)
    for problem in problems:
        print(f"problem: {problem}")
    if problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
