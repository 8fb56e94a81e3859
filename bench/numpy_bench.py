#!/usr/bin/env python3
"""The seam-bench cases in numpy, for the table in README.md.

Same sizes and the same accounting as the criterion benches: matmul in GFLOP/s
(2 n^3 per product), elementwise and reductions in GB/s (bytes read plus bytes
written, decimal). Each case runs for about `--seconds` and reports the median of
its timed runs. Usage: python3 bench/numpy_bench.py [--seconds 2]
"""

import argparse
import statistics
import time

import numpy as np


def timed(fn, seconds):
    """Median seconds per call of `fn`, after one warm-up call, over about `seconds`."""
    fn()
    times = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or len(times) < 5:
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def softmax_rows(x):
    """Softmax along axis 1, the max subtracted first (as seam does)."""
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def cases():
    """(name, function, amount, unit) for every case; amount per call in FLOP or bytes."""
    rng = np.random.default_rng(0)
    f32 = np.float32
    out = []
    for n in (64, 256, 1024):
        a = rng.uniform(-1, 1, (n, n)).astype(f32)
        b = rng.uniform(-1, 1, (n, n)).astype(f32)
        out.append((f"matmul {n}", lambda a=a, b=b: a @ b, 2 * n**3, "GFLOP/s"))
    for length in (1 << 20, 1 << 24):
        label = f"{length >> 20}M"
        a = rng.uniform(-1, 1, length).astype(f32)
        b = rng.uniform(-1, 1, length).astype(f32)
        out.append((f"add {label}", lambda a=a, b=b: a + b, 12 * length, "GB/s"))
        out.append((f"exp {label}", lambda a=a: np.exp(a), 8 * length, "GB/s"))
        dst = np.empty_like(a)
        out.append((f"memcpy {label}", lambda a=a, dst=dst: np.copyto(dst, a), 8 * length, "GB/s"))
    n = 4096
    x = rng.uniform(-1, 1, (n, n)).astype(f32)
    out.append(("sum axis 1, 4096^2", lambda: x.sum(axis=1), 4 * (n * n + n), "GB/s"))
    out.append(("sum axis 0, 4096^2", lambda: x.sum(axis=0), 4 * (n * n + n), "GB/s"))
    n = 1024
    y = rng.uniform(-1, 1, (n, n)).astype(f32)
    out.append(("softmax axis 1, 1024^2", lambda: softmax_rows(y), 8 * n * n, "GB/s"))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per case")
    args = parser.parse_args()
    print(f"numpy {np.__version__}")
    print(f"| {'case':<24} | {'time':>12} | {'rate':>16} |")
    print(f"|{'-' * 26}|{'-' * 14}|{'-' * 18}|")
    for name, fn, amount, unit in cases():
        seconds = timed(fn, args.seconds)
        rate = amount / seconds / 1e9
        print(f"| {name:<24} | {seconds * 1e3:>9.3f} ms | {rate:>8.2f} {unit:<7} |", flush=True)


if __name__ == "__main__":
    main()
