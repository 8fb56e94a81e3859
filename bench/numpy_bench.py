#!/usr/bin/env python3
"""The seam-bench cases in numpy, for the table in README.md.

Same sizes and the same accounting as the criterion benches: matmul in GFLOP/s
(2 n^3 per product), elementwise and reductions in GB/s (bytes read plus bytes
written, decimal). Each case runs for about `--seconds` and reports the median of
its timed runs. Usage: python3 bench/numpy_bench.py [--seconds 2]

With --peers, the cases of bench/peers (same names and inputs) instead, printed as
`name<TAB>ns per call` lines after numpy's version, for that harness to read.
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


def values(n, seed):
    """`values`, vectorised: the LCG's i-th state in closed form, per block."""
    a, c, m = 1664525, 1013904223, 1 << 32
    state0 = (seed * 2654435761 + 1) & 0xFFFFFFFF
    block = 1 << 16
    # A^k and C_k = c * (A^(k-1) + ... + 1) for k = 1..block, mod 2^32.
    ak = np.empty(block, dtype=np.uint64)
    ck = np.empty(block, dtype=np.uint64)
    pa, pc = 1, 0
    for k in range(block):
        pa = (pa * a) % m
        pc = (pc * a + c) % m
        ak[k], ck[k] = pa, pc
    out = np.empty(n, dtype=np.uint64)
    s = state0
    for start in range(0, n, block):
        k = min(block, n - start)
        # (ak * s) mod 2^32 without overflow: split s into 16-bit halves.
        lo, hi = s & 0xFFFF, s >> 16
        t = ((ak[:k] * lo) % m + (((ak[:k] * hi) % m) << 16) % m + ck[:k]) % m
        out[start:start + k] = t
        s = int(t[-1])
    return ((out >> 8).astype(np.float64) / (1 << 23) - 1.0).astype(np.float32)


def peer_cases():
    """(name, function) for every case of bench/peers."""
    t = lambda dims, seed: values(int(np.prod(dims)), seed).reshape(dims)
    try:
        from scipy.special import erf
    except ImportError:
        erf = None
    out = []
    for n in (1, 16, 256):
        a, b = t((n,), 1), t((n,), 2)
        out.append((f"add {n} elem", lambda a=a, b=b: a + b))
    x, w, b = t((4, 4), 1), t((4, 4), 2), t((4, 4), 3)

    def chain(x=x, w=w, b=b):
        h = x @ w + b
        h = np.maximum(h, 0) * 0.5 + 0.1
        h = np.exp(h * h)
        return softmax_rows(h).T.sum(axis=0, keepdims=True)

    out.append(("chain of 10 ops, 4x4", chain))
    for length in (1 << 10, 1 << 16, 1 << 20, 1 << 24):
        label = f"{length >> 20}M" if length >= 1 << 20 else f"{length >> 10}K"
        a, b = t((length,), 1), t((length,), 2)
        out.append((f"add {label}", lambda a=a, b=b: a + b))
        out.append((f"mul {label}", lambda a=a, b=b: a * b))
        out.append((f"exp {label}", lambda a=a: np.exp(a)))
        out.append((f"tanh {label}", lambda a=a: np.tanh(a)))
        if erf is not None:
            out.append((f"gelu {label}", lambda a=a: 0.5 * a * (1 + erf(a * np.float32(0.70710677)))))
        out.append((f"sigmoid {label}", lambda a=a: 1 / (1 + np.exp(-a))))
    n = 1024
    x = t((n, n), 1)
    for what, dims in (("row", (1, n)), ("column", (n, 1))):
        v = t(dims, 2)
        out.append((f"broadcast add ({what}), 1024^2", lambda v=v, x=x: x + v))
    x4 = t((4096, 4096), 1)
    y3 = t((256, 256, 256), 3)
    for dim in (0, 1):
        out.append((f"sum_dim({dim}), 4096^2", lambda d=dim: x4.sum(axis=d, keepdims=True)))
        out.append((f"max_dim({dim}), 4096^2", lambda d=dim: x4.max(axis=d, keepdims=True)))
        out.append((f"mean_dim({dim}), 4096^2", lambda d=dim: x4.mean(axis=d, keepdims=True)))
    for dim in (0, 1, 2):
        out.append((f"sum_dim({dim}), 256^3", lambda d=dim: y3.sum(axis=d, keepdims=True)))
        out.append((f"max_dim({dim}), 256^3", lambda d=dim: y3.max(axis=d, keepdims=True)))
        out.append((f"mean_dim({dim}), 256^3", lambda d=dim: y3.mean(axis=d, keepdims=True)))

    def softmax(x, d):
        e = np.exp(x - x.max(axis=d, keepdims=True))
        return e / e.sum(axis=d, keepdims=True)

    def log_softmax(x, d):
        s = x - x.max(axis=d, keepdims=True)
        return s - np.log(np.exp(s).sum(axis=d, keepdims=True))

    out.append(("softmax(1), 1024^2", lambda x=x: softmax(x, 1)))
    out.append(("softmax(0), 1024^2", lambda x=x: softmax(x, 0)))
    for dim in (0, 1):
        out.append((f"log_softmax({dim}), 1024^2", lambda d=dim, x=x: log_softmax(x, d)))
    for n in (64, 256, 1024):
        a, b = t((n, n), 1), t((n, n), 2)
        out.append((f"matmul {n}", lambda a=a, b=b: a @ b))
    a, b = t((512, 512), 1), t((512, 512), 2)
    out.append(("matmul 512, b transposed", lambda a=a, b=b: a @ b.T))
    a3, b3 = t((16, 128, 128), 1), t((16, 128, 128), 2)
    out.append(("matmul 16x128^2 batched", lambda: a3 @ b3))
    x2 = t((2048, 2048), 1)
    out.append(("transpose + copy, 2048^2", lambda: np.ascontiguousarray(x2.T)))
    c1, c2 = t((1024, 2048), 1), t((1024, 2048), 2)
    for dim in (0, 1):
        out.append((f"cat dim {dim}, 2 x 1024x2048", lambda d=dim: np.concatenate([c1, c2], axis=d)))
    return out


def best_ns(fn, seconds):
    """The best of 3 samples of about `seconds / 3` each, in ns per call (as bench/peers)."""
    fn()
    start = time.perf_counter()
    fn()
    once = max(time.perf_counter() - start, 1e-9)
    calls = max(1, int(seconds / 3 / once))
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        best = min(best, (time.perf_counter() - start) / calls)
    return best * 1e9


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per case")
    parser.add_argument("--peers", action="store_true", help="the cases of bench/peers, for it to read")
    parser.add_argument("--filter", default="", help="with --peers, only the cases whose name holds this text")
    args = parser.parse_args()
    if args.peers:
        print(f"numpy {np.__version__}")
        for name, fn in peer_cases():
            if args.filter not in name:
                continue
            print(f"{name}\t{best_ns(fn, args.seconds):.1f}", flush=True)
        return
    print(f"numpy {np.__version__}")
    print(f"| {'case':<24} | {'time':>12} | {'rate':>16} |")
    print(f"|{'-' * 26}|{'-' * 14}|{'-' * 18}|")
    for name, fn, amount, unit in cases():
        seconds = timed(fn, args.seconds)
        rate = amount / seconds / 1e9
        print(f"| {name:<24} | {seconds * 1e3:>9.3f} ms | {rate:>8.2f} {unit:<7} |", flush=True)


if __name__ == "__main__":
    main()
