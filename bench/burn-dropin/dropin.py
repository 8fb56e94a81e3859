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
# Every root builds the members with these features: Burn's own test backend (flex),
# the autodiff decorator its tests wrap it in, and burn-linalg's backend tests on flex.
FEATURES = ["burn-core/flex", "burn-core/autodiff", "burn-linalg/flex"]

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


def root_manifest(root):
    """A root's manifest: the members, and the patches that make Burn's crates use them."""
    members = CRATES + ["model"]
    patches = [f'{c} = {{ path = "{c}" }}' for c in CRATES]
    if root == "seam":
        patches.append('burn-tensor = { path = "../../burn-tensor" }')
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


def prepare(root, found):
    """Writes one root: the copied crates, the model crate and the manifest."""
    dir = WORK / root
    for c in CRATES + ["model"]:
        shutil.rmtree(dir / c, ignore_errors=True)
    dir.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns(".cargo-ok", ".cargo_vcs_info.json", "Cargo.toml.orig", "Cargo.lock", "target")
    for c in CRATES:
        shutil.copytree(found[c], dir / c, ignore=ignore)
    with open(dir / "burn-optim" / "Cargo.toml", "a") as f:
        f.write(OPTIM_DEV_DEPENDENCY)
    shutil.copytree(HERE / "model", dir / "model", ignore=ignore)
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
    args = ["run", "-q", "-p", "seam-dropin-model", "--features", ",".join(FEATURES)]
    code, out = cargo(dir, args, target, dir / "model.log")
    losses = {}
    for line in out.splitlines():
        m = LOSS.match(line)
        if m:
            losses.setdefault(m.group(1), []).append(float(m.group(3)))
    return {"exit": code, "losses": losses}


def summarize(binaries):
    counts = {}
    for binary, tests in binaries.items():
        crate = binary.split()[0].replace("_", "-")
        c = counts.setdefault(crate, {"passed": 0, "failed": 0, "ignored": 0})
        for outcome in tests.values():
            c[{"ok": "passed", "FAILED": "failed", "ignored": "ignored"}[outcome]] += 1
    return counts


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
        results[root] = {"counts": summarize(tests["binaries"]), "tests": tests, "model": model}
        print(f"{root}: {json.dumps(results[root]['counts'])}", flush=True)
    if a.no_tests:
        return
    out = {
        "date": datetime.date.today().isoformat(),
        "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=HERE).stdout.strip(),
        "roots": results,
    }
    (HERE / "dropin.json").write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
