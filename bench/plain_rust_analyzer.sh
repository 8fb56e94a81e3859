#!/usr/bin/env bash
# rust-analyzer's diagnostics on the plain harness's two crates (macros/tests/plain.rs:
# the same mistakes as methods of a plain generic type and of an outlined one), listed
# side by side by case. A measurement, not a test: rust-analyzer and rust-src must be
# installed (`rustup component add rust-analyzer rust-src`); remove rust-src after if
# the UI snapshots are to be checked without it.
#
# Usage: bench/plain_rust_analyzer.sh   (from the repository root)
set -euo pipefail
target=${CARGO_TARGET_DIR:-target}
cargo test -q -p seam-macros --test plain mistakes >/dev/null
dir="$target/tmp/plain"
for variant in plain outlined; do
  lib="$dir/cases-$variant/src/lib.rs"
  echo "== $variant"
  (cd "$dir/cases-$variant" && CARGO_TARGET_DIR=../target rust-analyzer diagnostics . 2>/dev/null || true) |
    sed -nE 's/.*src\/lib.rs: (Error|Warning) ([A-Za-z]+\("[^"]*").* from LineCol \{ line: ([0-9]+).*/\3 \1 \2)/p' |
    while read -r line level kind; do
      # rust-analyzer counts lines from 0; the case is the last `// case:` line above.
      case_name=$(head -n $((line + 1)) "$lib" | grep '// case: ' | tail -1 | sed 's|.*// case: ||')
      echo "$case_name: $level $kind"
    done | sort | uniq -c
done
