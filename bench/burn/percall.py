#!/usr/bin/env python3
"""What one call of an op costs through seam-burn-tensor against burn-tensor, by
instruction counts: deterministic whatever else the machine runs.

    python3 bench/burn/percall.py [--target DIR] [--ops exp,add] [--sizes 1,64,65536] [--binary PATH] [--out FILE]

Builds `percall/` in release (Burn's flex graph, the workspace's release profile)
and runs it under `valgrind --tool=callgrind` for every op, size and side, at two
counts of calls: a call's instructions are the difference of the two totals over the
difference of the counts, so the program's setup and the warm-up call cancel out.
Allocations per call come from the program's own counting allocator over the calls.
Writes `percall.json` and prints a table: Seam / bridge per op and size, and the
cases above TARGET.
"""

import argparse
import datetime
import json
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SIZES = [1, 64, 65536]
# Calls per run, by size: (fewer, more). The difference is what is measured.
REPS = {1: (10, 210), 64: (10, 210), 65536: (2, 6)}
# The bound: Seam's instructions per call at most this many times the bridge's.
TARGET = 1.01


def ops():
    """The op list, read from the program so the two never differ."""
    source = (HERE / "percall" / "src" / "main.rs").read_text()
    body = re.search(r"pub const OPS: &\[&str\] = &\[(.*?)\];", source, re.S).group(1)
    return re.findall(r'"(\w+)"', body)


def build(target):
    env = dict(os.environ, CARGO_TARGET_DIR=target)
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "seam-burn-percall"], cwd=HERE, env=env, check=True)
    return Path(target) / "release" / "seam-burn-percall"


def callgrind(binary, side, op, size, reps):
    """The program's total instructions (every thread) and its printed allocations."""
    out_file = f"/tmp/seam-percall-{os.getpid()}.callgrind"
    proc = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}", str(binary), side, op, str(size), str(reps)],
        capture_output=True, text=True, check=True,
    )
    totals = re.search(r"^(?:summary|totals): (\d+)", Path(out_file).read_text(), re.M)
    Path(out_file).unlink()
    allocations = int(re.search(r"allocations (\d+)", proc.stdout).group(1))
    checksum = float(re.search(r"checksum (\S+)", proc.stdout).group(1))
    return int(totals.group(1)), allocations, checksum


def measure(binary, side, op, size):
    few, many = REPS[size]
    i_few, _, _ = callgrind(binary, side, op, size, few)
    i_many, allocations, checksum = callgrind(binary, side, op, size, many)
    return {"instructions": (i_many - i_few) / (many - few), "allocations": allocations / many, "checksum": checksum}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", default=os.environ.get("SEAM_BURN_TARGET", "/var/cache/seam-burn/percall"))
    ap.add_argument("--ops", default=",".join(ops()))
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    ap.add_argument("--binary", help="measure this build of the program instead of building it")
    ap.add_argument("--out", default="percall.json", help="where to write the figures, beside this script")
    a = ap.parse_args()
    binary = a.binary or build(a.target)
    rows, above = [], []
    print("| op | elements | instructions: seam / bridge | ratio | allocations: seam / bridge |")
    print("|---|---:|---:|---:|---:|")
    for op in a.ops.split(","):
        for size in map(int, a.sizes.split(",")):
            seam, burn = (measure(binary, side, op, size) for side in ("seam", "burn"))
            ratio = seam["instructions"] / burn["instructions"]
            same = abs(seam["checksum"] - burn["checksum"]) <= 1e-4 * max(1.0, abs(burn["checksum"]))
            rows.append({"op": op, "elements": size, "seam": seam, "burn": burn, "ratio": ratio, "same_result": same})
            flag = "" if same else " (results differ)"
            print(f"| {op} | {size} | {seam['instructions']:.0f} / {burn['instructions']:.0f} | {ratio:.3f} | "
                  f"{seam['allocations']:g} / {burn['allocations']:g} |{flag}", flush=True)
            if ratio > TARGET or seam["allocations"] > burn["allocations"]:
                above.append(f"{op} at {size}: {ratio:.3f}x, {seam['allocations']:g} allocations against {burn['allocations']:g}")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=HERE).stdout.strip()
    out = {"date": datetime.date.today().isoformat(), "commit": commit, "reps": REPS, "target": TARGET, "rows": rows, "above_target": above}
    (HERE / a.out).write_text(json.dumps(out, indent=1) + "\n")
    for line in above:
        print(f"above the target: {line}")
    if any(not r["same_result"] for r in rows):
        sys.exit("the two sides returned different results")


if __name__ == "__main__":
    main()
