#!/usr/bin/env bash
# The build cost of seam-macros now against a baseline commit, side by side: in each
# round, for the baseline (a git worktree) and HEAD in alternating order, a cold dev
# build from an empty target dir (syn, quote and proc-macro2 included) and a build
# of the crate alone (after `cargo clean -p seam-macros`). Prints one line per build
# with the load average, then the median ratio HEAD/baseline of each with the
# sign test's interval (the smallest and largest ratio: 97% for 6 rounds).
#
# Usage: bench/macro_build_cost.sh [BASE_COMMIT] [ROUNDS]   (default 2cde742, 6)
# Target dirs: $MACRO_COST_DIR/{base,head} (default /var/cache/seam-macro-cost).
set -euo pipefail
cd "$(dirname "$0")/.."
base_commit="${1:-2cde742}"
rounds="${2:-6}"
dirs="${MACRO_COST_DIR:-/var/cache/seam-macro-cost}"
base="$(mktemp -d)/base"
git worktree add -f "$base" "$base_commit" >/dev/null 2>&1
trap 'git worktree remove --force "$base"' EXIT
log="$(mktemp)"

build() { # $1: source tree, $2: target dir
    (cd "$1" && CARGO_TARGET_DIR="$2" cargo build -q -p seam-macros --lib --config profile.dev.incremental=false)
}

for round in $(seq 1 "$rounds"); do
    if [ $((round % 2)) = 1 ]; then order="base head"; else order="head base"; fi
    for name in $order; do
        src=$([ "$name" = base ] && echo "$base" || pwd)
        target="$dirs/$name"
        rm -rf "$target"
        start=$(date +%s.%N); build "$src" "$target"; cold=$(echo "$(date +%s.%N) - $start" | bc)
        (cd "$src" && CARGO_TARGET_DIR="$target" cargo clean -q -p seam-macros)
        start=$(date +%s.%N); build "$src" "$target"; alone=$(echo "$(date +%s.%N) - $start" | bc)
        echo "$round $name cold $cold alone $alone load $(cut -d' ' -f1 /proc/loadavg)" | tee -a "$log"
    done
done

python3 - "$log" <<'PY'
import statistics, sys
rounds = {}
for line in open(sys.argv[1]):
    f = line.split()
    rounds.setdefault(f[0], {})[f[1]] = (float(f[3]), float(f[5]))
for i, what in enumerate(["cold (with dependencies)", "crate alone"]):
    ratios = sorted(r["head"][i] / r["base"][i] for r in rounds.values())
    base = statistics.median(r["base"][i] for r in rounds.values())
    head = statistics.median(r["head"][i] for r in rounds.values())
    print(f"{what}: base {base:.2f} s, head {head:.2f} s, head/base {statistics.median(ratios):.3f} "
          f"[{ratios[0]:.3f}, {ratios[-1]:.3f}]")
PY
