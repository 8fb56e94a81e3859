#!/usr/bin/env python3
"""Rebuild times of real downstream code over every alternative a user has, side by side.

The roots of dropin.py (`work/stock`, `work/seam`, and `work/seam-off`: the patch with
seam-burn-tensor's `boundary-off`) hold burn-nn, the model crate and three leaf crates
of the seed's user code: over the root's `burn_tensor` (Burn's bridge on stock,
seam-on on the patch, seam-off), over the stand-in (`DispatchTensor` held directly, no
boundary) and over the floor (`floor/`, a handle that never names Burn's tree). Each
profile (`PROFILES`) builds them in a target dir of its own. See README.md.

    python3 bench/burn-dropin/compile_times.py [--rounds N] [--heavy N] [--target DIR]

Rounds: in each, every unit (profile, root, crate) in a fresh seeded order is rebuilt
after a `touch` of its source and built again with nothing changed; the net time is
the difference. The leaves' run-time programs run in the same rounds. Every ratio is
paired by round, with the sign test's interval of its median. `--heavy N` adds N rounds
of the slow builds: `cargo test -p burn-nn --no-run` (dev) after a touch, and the
tensor library's own build (burn-tensor against seam-burn-tensor), dev and release.
Writes `compile-times.json` and `COMPILE-TIMES.md`.
"""

import argparse
import datetime
import html
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import dropin

HERE = dropin.HERE
WORK = dropin.WORK
ROOTS = ["stock", "seam", "seam-off"]
# Every crate builds with the model's features (the leaves depend on the model's
# dependencies for this), so every crate of a root builds over one tree.
FEATURES = ["--features", ",".join(dropin.MODEL_FEATURES)]

# What a round rebuilds: name -> (package, file touched, cargo arguments).
CRATES = {
    "leaf": ("seam-dropin-leaf", "leaf/src/lib.rs", ["--lib", *FEATURES]),
    "stand-in": ("seam-dropin-standin", "standin/src/lib.rs", ["--lib", *FEATURES]),
    "floor": ("seam-dropin-floor-leaf", "floor-leaf/src/lib.rs", ["--lib", *FEATURES]),
    "burn-nn": ("burn-nn", "burn-nn/src/lib.rs", ["--lib", *FEATURES]),
    "model": ("seam-dropin-model", "model/src/main.rs", FEATURES),
}
LEAF_CRATES = ["leaf", "stand-in", "floor"]


class Profile:
    """A way to build the graph: cargo's environment and a target dir of its own."""

    def __init__(self, name, subdir, env, units, what):
        self.name, self.subdir, self.env, self.units, self.what = name, subdir, env, units, what

    def target(self, base):
        return base if self.subdir is None else base.parent / self.subdir


# Each profile's units, as {root: [crate, ...]}: the stand-in and the floor do not use
# burn-tensor, so they build in the stock root only.
PROFILES = [
    Profile("release", None, {}, {
        "stock": ["leaf", "stand-in", "floor", "burn-nn", "model"],
        "seam": ["leaf", "burn-nn", "model"],
        "seam-off": ["leaf", "burn-nn", "model"],
    }, "`--release` (opt-level 3), stable"),
    Profile("share-generics", "share", {"RUSTC_BOOTSTRAP": "1", "RUSTFLAGS": "-Zshare-generics=y"}, {
        "stock": ["leaf", "stand-in", "floor", "burn-nn", "model"],
        "seam": ["leaf", "burn-nn", "model"],
    }, "`--release` with `RUSTFLAGS=-Zshare-generics=y` on the whole graph (and `RUSTC_BOOTSTRAP=1`: the same stable rustc)"),
    Profile("opt-level=1", "o1", {"CARGO_PROFILE_RELEASE_OPT_LEVEL": "1"}, {
        "stock": ["leaf", "stand-in", "burn-nn", "model"],
    }, "`--release` with `opt-level = 1` on the whole graph"),
    Profile("opt-level=s", "os", {"CARGO_PROFILE_RELEASE_OPT_LEVEL": "s"}, {
        "stock": ["leaf", "stand-in", "burn-nn", "model"],
    }, "`--release` with `opt-level = \"s\"` on the whole graph"),
]

# What each leaf crate puts the seed's user code over, by root.
OVER = {
    ("stock", "leaf"): "Burn's `Tensor` (its hand-written bridge)",
    ("seam", "leaf"): "seam-burn-tensor's `Tensor` (Seam's boundary)",
    ("seam-off", "leaf"): "seam-burn-tensor with `boundary-off`",
    ("stock", "stand-in"): "a stand-in holding `DispatchTensor` (no boundary)",
    ("stock", "floor"): "the floor: a handle that never names Burn's tree",
}


def unit_name(profile, root, crate):
    return f"{profile} {root} {crate}"


def environment(profile, target):
    # A touch changes no code: an incremental cache would make the rebuild a replay.
    # Every timed build runs without one, dev or release.
    return dict(os.environ, CARGO_TARGET_DIR=str(target), CARGO_INCREMENTAL="0", **profile.env)


def cargo(dir, args, env):
    """Runs cargo in `dir` (it must succeed); returns (seconds, its stderr and stdout)."""
    start = time.monotonic()
    proc = subprocess.run(["cargo", *args], cwd=dir, env=env, capture_output=True, text=True)
    took = time.monotonic() - start
    if proc.returncode != 0:
        sys.exit(f"{dir.name}: cargo {' '.join(args)} failed:\n{proc.stderr[-3000:]}")
    return took, proc.stderr + proc.stdout


def build_args(crate, release=True):
    package, _, args = CRATES[crate]
    return ["build", *(["--release"] if release else []), "-p", package, *args]


def probe_args(release):
    """The build of the probe crate (burn-tensor and nothing else over it)."""
    return ["build", *(["--release"] if release else []), "-p", "seam-dropin-probe"]


COMPILING = re.compile(r"^\s*Compiling (\S+) ", re.M)


def first_builds(base, progress):
    """Builds every unit once, Burn's crates first; a leaf built after them must
    compile only itself (and the floor): otherwise it would be timed over a tree of
    its own."""
    for p in PROFILES:
        target = p.target(base)
        env = environment(p, target)
        for root, crates in p.units.items():
            for crate in sorted(crates, key=lambda c: c in LEAF_CRATES):
                seconds, out = cargo(WORK / root, build_args(crate), env)
                compiled = set(COMPILING.findall(out))
                progress(f"{p.name} {root}: first build of {crate}, {seconds:.0f} s ({len(compiled)} crates)")
                if crate in LEAF_CRATES and not compiled <= {CRATES[crate][0], "seam-dropin-floor"}:
                    sys.exit(f"{p.name} {root}: building {crate} after burn-nn compiled {sorted(compiled)}: "
                             "its features select another tree")


def run_binary(profile, root, crate):
    return WORK / "bin" / f"{profile.name}-{root}-{crate}"


def characterise(base, progress):
    """Per leaf unit: its LLVM IR (functions defined, of Burn's tree defined and
    declared), `cargo llvm-lines` (lines and copies before optimisation), and its
    run-time program (size, stripped size)."""
    out = {}
    (WORK / "bin").mkdir(exist_ok=True)
    for p in PROFILES:
        target = p.target(base)
        env = environment(p, target)
        for root, crates in p.units.items():
            for crate in crates:
                if crate not in LEAF_CRATES:
                    continue
                package, file, args = CRATES[crate]
                dir = WORK / root
                progress(f"{p.name} {root} {crate}: IR, llvm-lines, binary")
                facts = {"ir": leaf_ir(dir, package, file, args, target, env)}
                _, lines = cargo(dir, ["llvm-lines", "--release", "-p", package, *args], env)
                facts["llvm_lines"] = llvm_lines(lines)
                example = package.removeprefix("seam-dropin-") + "-run"
                cargo(dir, ["build", "--release", "-p", package, "--example", example, *args[1:]], env)
                binary = run_binary(p, root, crate)
                shutil.copy(target / "release" / "examples" / example, binary)
                stripped = binary.with_suffix(".stripped")
                subprocess.run(["strip", "-o", str(stripped), str(binary)], check=True)
                facts["binary_bytes"] = binary.stat().st_size
                facts["stripped_bytes"] = stripped.stat().st_size
                stripped.unlink()
                out[unit_name(p.name, root, crate)] = facts
    return out


def leaf_ir(dir, package, file, args, target, env):
    """The leaf's LLVM IR at the profile's settings, every codegen unit (16, said
    explicitly: `--emit=llvm-ir` alone makes rustc use one), v0 mangling."""
    deps = Path(target) / "release" / "deps"
    stem = package.replace("-", "_")
    for old in deps.glob(f"{stem}-*.ll"):
        old.unlink()
    os.utime(dir / file)
    cargo(dir, ["rustc", "--release", "-p", package, *args, "--",
                "--emit=llvm-ir", "-C", "codegen-units=16", "-C", "symbol-mangling-version=v0"], env)
    found = {"define": set(), "declare": set()}
    for ll in deps.glob(f"{stem}-*.ll"):
        for kind, symbol in dropin.DEFINE.findall(ll.read_text()):
            found[kind].add(symbol)
    defines, declares = (sorted(set(dropin.demangled(sorted(found[k])))) for k in ("define", "declare"))
    return {
        "defines": len(defines),
        "tree_defines": sum(map(dropin.in_tree, defines)),
        "tree_declares": sum(map(dropin.in_tree, declares)),
        "drop_glue": sum("drop_in_place" in n for n in defines),
    }


# `  35302                415                (TOTAL)`, then
# `   3874 (11.0%, 11.0%)   1 (0.2%,  0.2%)  seam_dropin_leaf::run`.
LLVM_LINE = re.compile(r"^\s*(\d+)\s+(?:\([^)]*\)\s+)?(\d+)\s+(?:\([^)]*\)\s+)?(\S.*)$")


def llvm_lines(output):
    """`cargo llvm-lines`' total and its ten largest entries."""
    rows = [m.groups() for m in map(LLVM_LINE.match, output.splitlines()) if m]
    if not rows or rows[0][2] != "(TOTAL)":
        sys.exit(f"cargo llvm-lines printed no total:\n{output[-2000:]}")
    (lines, copies, _), top = rows[0], rows[1:11]
    return {"lines": int(lines), "copies": int(copies), "top": [[int(l), int(c), n] for l, c, n in top]}


def run_time(binary, reps=20):
    """Seconds of one run of the seed's user code, as the leaf's program reports it."""
    out = subprocess.run([str(binary), str(reps)], capture_output=True, text=True, check=True).stdout
    return float(out.split()[0])


def touch(path):
    """Sets `path`'s mtime to now; returns its old times, for `untouch`."""
    old = os.stat(path)
    os.utime(path)
    return old


def untouch(path, old):
    """Puts `path`'s times back once its build is timed. The roots share their sources
    across profiles: a touch left in place would make the next profile's build of the
    crate (and of everything depending on it) stale, and a later unit would time it."""
    os.utime(path, ns=(old.st_atime_ns, old.st_mtime_ns))


def net_rebuild(dir, source, args, env):
    """Seconds of the build `args` in `dir` after a touch of `source`, less those of
    the same build again with nothing changed (cargo's start and fingerprints)."""
    old = touch(source)
    rebuild, _ = cargo(dir, args, env)
    noop, _ = cargo(dir, args, env)
    untouch(source, old)
    return rebuild - noop


def rounds(base, count, seed, progress):
    """`count` rounds of every unit's touch rebuild and no-op, and every leaf's run."""
    units = [(p, root, crate) for p in PROFILES for root, crates in p.units.items() for crate in crates]
    order = random.Random(seed)
    samples = {unit_name(p.name, r, c): [] for p, r, c in units}
    runs = {unit_name(p.name, r, c): [] for p, r, c in units if c in LEAF_CRATES}
    loads, orders = [], []
    for n in range(count):
        loads.append(os.getloadavg()[0])
        todo = units[:]
        order.shuffle(todo)
        orders.append([unit_name(p.name, r, c) for p, r, c in todo])
        for p, root, crate in todo:
            env = environment(p, p.target(base))
            name = unit_name(p.name, root, crate)
            samples[name].append(net_rebuild(WORK / root, WORK / root / CRATES[crate][1], build_args(crate), env))
            if crate in LEAF_CRATES:
                runs[name].append(run_time(run_binary(p, root, crate)))
        progress(f"round {n + 1}/{count} (load {loads[-1]:.2f}) done")
    return {"net_seconds": samples, "run_seconds": runs, "load": loads, "orders": orders}


# The library's own build: the crate that holds the boundary, rebuilt with its
# dependencies built (its outputs removed, then the probe crate, which depends on
# burn-tensor alone, built with `--timings`, which reports each unit's compile time).
LIBRARY = {"stock": ["burn_tensor"], "seam": ["seam_burn_tensor", "burn_tensor"]}
UNIT_DATA = re.compile(r"const UNIT_DATA = (\[.*?\]);", re.S)


def library_build(base, root, release):
    """Seconds rustc spends on the tensor library in `root` (seam: seam-burn-tensor
    and the facade), read from cargo's `--timings` report."""
    env = environment(PROFILES[0], base)
    dir = WORK / root
    args = probe_args(release)
    _, out = cargo(dir, [*args, "--message-format=json"], env)
    for line in out.splitlines():
        if not line.startswith("{"):
            continue
        message = json.loads(line)
        if message.get("reason") == "compiler-artifact" and message["target"]["name"] in LIBRARY[root]:
            for f in message["filenames"]:
                Path(f).unlink(missing_ok=True)
    cargo(dir, [*args, "--timings"], env)
    report = (Path(base) / "cargo-timings" / "cargo-timing.html").read_text()
    units = json.loads(UNIT_DATA.search(report).group(1))
    names = {n.replace("_", "-") for n in LIBRARY[root]}
    ours = [u for u in units if u["name"] in names and u["target"] in ("", " lib")]
    assert len(ours) == len(names), f"{root}: --timings lists {[u['name'] for u in ours]}"
    frontend = lambda u: dict(u.get("sections") or {}).get("frontend", {"end": u["duration"]})["end"]
    return sum(u["duration"] for u in ours), sum(map(frontend, ours))


def heavy(base, count, seed, progress):
    """`count` rounds of burn-nn's test build (dev, after a touch, net of a no-op) and
    of the tensor library's own build, dev and release, in seeded orders."""
    order = random.Random(seed + 1)
    env = environment(PROFILES[0], base)
    tests = ["test", "--no-run", "-p", "burn-nn", "--features", ",".join(dropin.FEATURES)]
    jobs = [("burn-nn tests", r) for r in ROOTS] + [(f"library {k}", r) for k in ("dev", "release") for r in ("stock", "seam")]
    samples = {f"{k} {r}": [] for k, r in jobs}
    # The library's frontend time (cargo's `--timings` section: parsing, macro expansion,
    # type checking, MIR, until its metadata is written); the rest is code generation.
    frontend = {f"{k} {r}": [] for k, r in jobs if k.startswith("library")}
    loads = []
    for root in ROOTS:
        cargo(WORK / root, tests, env)
    for root, release in [(r, rel) for r in LIBRARY for rel in (False, True)]:
        progress(f"{root}: first build of the probe, {'release' if release else 'dev'}")
        cargo(WORK / root, probe_args(release), env)
    for n in range(count):
        loads.append(os.getloadavg()[0])
        todo = jobs[:]
        order.shuffle(todo)
        for kind, root in todo:
            if kind == "burn-nn tests":
                seconds = net_rebuild(WORK / root, WORK / root / "burn-nn/src/lib.rs", tests, env)
            else:
                seconds, metadata = library_build(base, root, kind.endswith("release"))
                frontend[f"{kind} {root}"].append(metadata)
            samples[f"{kind} {root}"].append(seconds)
        progress(f"heavy round {n + 1}/{count} (load {loads[-1]:.2f}) done")
    return {"seconds": samples, "frontend_seconds": frontend, "load": loads}


def cold(base, progress):
    """One cold release build of the seed's leaf, with its whole graph, over stock and
    over the patch, each in an empty target dir (removed afterwards): what a first
    checkout or CI without a cache pays. One sample each, stock first."""
    out = {}
    for root in ("stock", "seam"):
        target = base.parent / f"cold-{root}"
        shutil.rmtree(target, ignore_errors=True)
        seconds, _ = cargo(WORK / root, build_args("leaf"), environment(PROFILES[0], target))
        shutil.rmtree(target, ignore_errors=True)
        progress(f"{root}: cold build of the leaf's graph, {seconds:.0f} s")
        out[root] = seconds
    return out


def median(values):
    v = sorted(values)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2


def ratio(a, b):
    """The per-round ratios of two paired samples, their median and interval."""
    per_round = [x / y for x, y in zip(a, b)]
    interval = median_interval(per_round)
    return {
        "per_round": per_round,
        "median": median(per_round),
        "interval": interval and {"low": interval[0], "high": interval[1], "coverage": interval[2]},
    }


def median_interval(values, level=0.95):
    """The sign test's distribution-free interval of the median (as report/src/stats.rs):
    the k-th smallest and largest values, k the largest whose binomial tails stay
    within 1 - level; None under 6 values."""
    n, v = len(values), sorted(values)
    below, best, pmf = 0.0, None, 0.5**n
    for k in range(1, n // 2 + 1):
        below += pmf
        if 2 * below > 1 - level:
            break
        best = (v[k - 1], v[n - k], 1 - 2 * below)
        pmf *= (n - (k - 1)) / k
    return best


# The ratios the table reads, each `numerator / denominator` of unit names (profile,
# root, crate), for the rebuild times and, for the leaves, the run times.
def comparisons():
    c = []
    for crate in ["leaf", "burn-nn", "model"]:
        c += [
            (f"release seam {crate}", f"release stock {crate}"),
            (f"share-generics seam {crate}", f"share-generics stock {crate}"),
            (f"release seam-off {crate}", f"release seam {crate}"),
        ]
    c += [
        ("release seam leaf", "release stock floor"),
        ("share-generics seam leaf", "share-generics stock floor"),
        ("release stock leaf", "release stock floor"),
        ("release stock stand-in", "release stock leaf"),
        ("share-generics stock stand-in", "share-generics stock leaf"),
    ]
    # What a user does instead of a boundary, against Seam at opt-level 3.
    for crate in ["stand-in", "leaf", "burn-nn", "model"]:
        for p in ["share-generics", "opt-level=1", "opt-level=s"]:
            mine = "leaf" if crate == "stand-in" else crate
            c.append((f"{p} stock {crate}", f"release seam {mine}"))
    return c


# The interval width the issue asks each ratio to stay under.
WIDE = 0.1


def verdict(r):
    i = r["interval"]
    if not i:
        return "too few rounds for an interval"
    if i["high"] < 1:
        return "faster"
    if i["low"] > 1:
        return "slower"
    return "the same within noise"


def fmt_ratio(r):
    i = r["interval"]
    return f"{r['median']:.2f}x" + (f" [{i['low']:.2f}, {i['high']:.2f}]" if i else "")


def section(title, intro, columns):
    """A section's heading, its paragraph and a table's head; a column named with a
    trailing `:` is right-aligned."""
    names = [c.rstrip(":") for c in columns]
    aligns = ["---:" if c.endswith(":") else "---" for c in columns]
    return ["", f"## {title}", "", intro, "", "| " + " | ".join(names) + " |", "|" + "|".join(aligns) + "|"]


def render(out):
    """COMPILE-TIMES.md: the units, the ratios, the characterisation, the heavy builds."""
    m = out["main"]
    lines = [
        "# Rebuild times of downstream code, over every alternative",
        "",
        f"{out['date']}, commit {out['commit']}; {out['machine']}; {out['rustc']}; Burn 0.22.1 with "
        f"{', '.join(dropin.MODEL_FEATURES)} (the same for every row). Written by "
        "`python3 bench/burn-dropin/compile_times.py`; the figures are in `compile-times.json`.",
        "",
        f"{len(m['load'])} rounds, seed {out['seed']}; in each, every unit in a fresh order is rebuilt after a "
        "`touch` of its source, then built again with nothing changed (the no-op); the net time is the "
        "difference. Load average (1 minute) before the rounds: "
        f"{min(m['load']):.2f} to {max(m['load']):.2f}, median {median(m['load']):.2f}.",
        "",
        "Profiles: " + "; ".join(f"**{p.name}**: {p.what}" for p in PROFILES) + ".",
        "",
        "## Units",
        "",
        "| profile | root | crate | over | net rebuild, s: median (min-max) | run, ms | functions defined | of Burn's tree defined / declared | drop glue | llvm-lines: lines / copies | binary, stripped, KiB |",
        "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for p in PROFILES:
        for root, crates in p.units.items():
            for crate in crates:
                name = unit_name(p.name, root, crate)
                s = m["net_seconds"][name]
                row = [p.name, root, crate, OVER.get((root, crate), ""), f"{median(s):.2f} ({min(s):.2f}-{max(s):.2f})"]
                f = out["characterised"].get(name)
                if f:
                    ir, ll = f["ir"], f["llvm_lines"]
                    row += [f"{1e3 * median(m['run_seconds'][name]):.2f}", str(ir["defines"]),
                            f"{ir['tree_defines']} / {ir['tree_declares']}", str(ir["drop_glue"]),
                            f"{ll['lines']} / {ll['copies']}", f"{f['stripped_bytes'] / 1024:.0f}"]
                else:
                    row += [""] * 6
                lines.append("| " + " | ".join(row) + " |")
    lines += section(
        "Ratios",
        "Paired by round: the median of the per-round ratios and the sign test's interval "
        "(coverage at least 95%); a difference is called one only when the interval excludes 1.",
        ["ratio", "net rebuild:", "reading", "run time:"],
    )
    for key, r in out["ratios"].items():
        run = out["run_ratios"].get(key)
        lines.append(f"| {key} | {fmt_ratio(r)} | {verdict(r)} | {fmt_ratio(run) if run else ''} |")
    wide = [k for k, r in out["ratios"].items() if r["interval"] and r["interval"]["high"] - r["interval"]["low"] >= WIDE]
    if wide:
        lines += ["", f"Rebuild intervals {WIDE} wide or more (more rounds would narrow them): "
                  + "; ".join(f"{k} ({out['ratios'][k]['interval']['high'] - out['ratios'][k]['interval']['low']:.2f})" for k in wide) + "."]
    if out.get("heavy"):
        h = out["heavy"]
        lines += section(
            "The slow builds",
            f"{len(h['load'])} rounds, load {min(h['load']):.2f} to {max(h['load']):.2f}. `burn-nn tests`: "
            f"`cargo test --no-run -p burn-nn --features {','.join(dropin.FEATURES)}` (dev) after a touch, net of a "
            "no-op. `library`: rustc's time on the tensor library (stock: burn-tensor; seam: seam-burn-tensor and "
            "the facade) with its dependencies built, from cargo's `--timings`.",
            ["build", "seconds: median (min-max):"],
        )
        for key, s in h["seconds"].items():
            f = h["frontend_seconds"].get(key)
            front = f" (frontend {median(f):.1f})" if f else ""
            lines.append(f"| {key} | {median(s):.1f} ({min(s):.1f}-{max(s):.1f}){front} |")
        lines += ["", "| ratio | median [interval] | reading |", "|---|---:|---|"]
        for key, r in out["heavy_ratios"].items():
            lines.append(f"| {key} | {fmt_ratio(r)} | {verdict(r)} |")
    if out.get("cold"):
        c = out["cold"]
        lines += [
            "",
            "## A cold build",
            "",
            f"`--cold`, at {c['commit']} ("
            + (f"load {c['load_before']:.2f} before" if "load_before" in c else f"load {c['load_after']:.2f} after")
            + "): the leaf's release build with its whole graph "
            "(Burn's tree, burn-core, burn-nn, burn-optim) from an empty target dir, once each, stock first: "
            f"stock {c['seconds']['stock']:.0f} s, the patch {c['seconds']['seam']:.0f} s "
            f"({c['seconds']['seam'] / c['seconds']['stock']:.2f}x; one sample each, no interval).",
        ]
    lines += ["", "## The largest entries of `cargo llvm-lines`", ""]
    for name, f in out["characterised"].items():
        lines += [f"<details><summary>{html.escape(name)}: {f['llvm_lines']['lines']} lines, "
                  f"{f['llvm_lines']['copies']} copies</summary>", "", "```text"]
        lines += [f"{l:>7} {c:>5}  {n}" for l, c, n in f["llvm_lines"]["top"]]
        lines += ["```", "", "</details>", ""]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", default=os.environ.get("SEAM_DROPIN_TARGET", "/var/cache/seam-dropin/target"),
                    help="the release profile's target dir; the others go beside it")
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--heavy", type=int, default=0, metavar="ROUNDS", help="rounds of the slow builds")
    ap.add_argument("--seed", type=int, default=20261207)
    ap.add_argument("--cold", action="store_true",
                    help="only time one cold build of the leaf's whole graph on stock and on the patch")
    a = ap.parse_args()
    base = Path(a.target)
    begun = time.monotonic()
    progress = lambda s: print(f"[{time.monotonic() - begun:6.0f} s] {s}", flush=True)
    found = dropin.sources()
    for root in ROOTS:
        dropin.prepare(root, found)
    if a.cold:
        result = HERE / "compile-times.json"
        out = json.loads(result.read_text())
        load = os.getloadavg()[0]
        out["cold"] = {"seconds": cold(base, progress), "load_before": load,
                       "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=HERE).stdout.strip()}
        result.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
        (HERE / "COMPILE-TIMES.md").write_text(render(out))
        return
    first_builds(base, progress)
    characterised = characterise(base, progress)
    first_builds(base, progress)
    main_rounds = rounds(base, a.rounds, a.seed, progress)
    out = {
        "date": datetime.date.today().isoformat(),
        "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=HERE).stdout.strip(),
        "machine": f"{os.cpu_count()} cores",
        "rustc": subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip(),
        "seed": a.seed,
        "main": main_rounds,
        "characterised": characterised,
        "ratios": {f"{n} / {d}": ratio(main_rounds["net_seconds"][n], main_rounds["net_seconds"][d]) for n, d in comparisons()},
        "run_ratios": {f"{n} / {d}": ratio(main_rounds["run_seconds"][n], main_rounds["run_seconds"][d])
                       for n, d in comparisons() if n in main_rounds["run_seconds"] and d in main_rounds["run_seconds"]},
    }
    if a.heavy:
        h = heavy(base, a.heavy, a.seed, progress)
        s = h["seconds"]
        out["heavy"] = h
        out["heavy_ratios"] = {
            "burn-nn tests seam / stock": ratio(s["burn-nn tests seam"], s["burn-nn tests stock"]),
            "burn-nn tests seam-off / seam": ratio(s["burn-nn tests seam-off"], s["burn-nn tests seam"]),
            "library dev seam / stock": ratio(s["library dev seam"], s["library dev stock"]),
            "library release seam / stock": ratio(s["library release seam"], s["library release stock"]),
        }
    (HERE / "compile-times.json").write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    (HERE / "COMPILE-TIMES.md").write_text(render(out))
    for key, r in {**out["ratios"], **out.get("heavy_ratios", {})}.items():
        print(f"{key}: {fmt_ratio(r)} ({verdict(r)})")


if __name__ == "__main__":
    main()
