#!/usr/bin/env bash
# The cost of seam-tensor's compile-time boundary on a chain of small ops, measured
# side by side: builds the `boundary` bench twice (as users build seam-tensor, and
# with `--features boundary-off`), then runs the two binaries alternately, ROUNDS
# times (the order flips each round), and prints each round's figures, the medians,
# and the ratio off/on (above 1: the boundary build is faster; below 1: it costs).
#
# Usage: bench/boundary_ratio.sh [ROUNDS]   (default 5; each run takes about 4 s)
# Extra criterion flags: BENCH_FLAGS="--measurement-time 5" bench/boundary_ratio.sh
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-5}"
flags="${BENCH_FLAGS:---warm-up-time 1 --measurement-time 2}"

# The path of the `boundary` bench binary built with the given cargo flags.
build() {
    cargo bench -p seam-bench --bench boundary --no-run --message-format=json "$@" 2>/dev/null |
        python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "boundary" and m.get("executable"):
        print(m["executable"])
'
}
echo "building the boundary bench, boundary on and off ..." >&2
on=$(build)
off=$(build --features boundary-off)
[ -n "$on" ] && [ -n "$off" ] || { echo "build failed" >&2; exit 1; }

# Nanoseconds per chain from one run of a bench binary (criterion's bencher format).
run() {
    # shellcheck disable=SC2086
    "$1" --bench --output-format bencher --discard-baseline $flags 2>/dev/null |
        sed -n 's/.*bench: *\([0-9,]*\) ns\/iter.*/\1/p' | tr -d ,
}

on_times=()
off_times=()
for ((r = 1; r <= rounds; r++)); do
    if ((r % 2)); then
        a=$(run "$on"); b=$(run "$off")
    else
        b=$(run "$off"); a=$(run "$on")
    fi
    on_times+=("$a"); off_times+=("$b")
    echo "round $r: on ${a} ns, off ${b} ns, off/on $(python3 -c "print(f'{$b / $a:.3f}')")"
done
python3 - "${on_times[*]}" "${off_times[*]}" <<'PY'
import statistics, sys
on = [float(v) for v in sys.argv[1].split()]
off = [float(v) for v in sys.argv[2].split()]
m_on, m_off = statistics.median(on), statistics.median(off)
print(f"median: boundary on {m_on:.0f} ns, boundary off {m_off:.0f} ns per 10-op chain")
print(f"ratio off/on: {m_off / m_on:.3f}  (per round: "
      + ", ".join(f"{b / a:.3f}" for a, b in zip(on, off)) + ")")
PY
