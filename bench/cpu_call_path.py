#!/usr/bin/env python3
"""The seam-cpu functions one `Cpu::softmax` runs, in the order of their first call,
with the files they are in: how far a reader follows the op through the crate.

    bench/cpu_call_path.py [CHECKOUT]     # default: this checkout

Builds a small program against CHECKOUT's seam-cpu with nightly's
`-Zinstrument-mcount` (every function records its entry), runs one softmax of a
[4, 8] f32 tensor in three layouts (along the last dim, along the first, and a
transposed view), records the calls with uftrace (`apt-get install uftrace`), and
prints for each: the steps (seam-cpu functions, drop glue included, each counted at
its first call), the files they are in, the returns (a step into a file visited
before, other than the one just left), and the steps into other op families
(`ops/` files other than `ops/softmax.rs`).
"""
import os, re, subprocess, sys, tempfile

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..'))
SRC = os.path.join(ROOT, 'backends/cpu/src')
MAIN = '''
use seam_backend::{Backend, TensorData};
use seam_cpu::{Cpu, CpuDevice};
fn main() {
    let case = std::env::args().nth(1).unwrap();
    let values: Vec<f32> = (0..32).map(|i| i as f32 * 0.25).collect();
    let x = Cpu::from_data(TensorData::new(values, [4, 8]), &CpuDevice);
    let (x, dim) = match case.as_str() {
        "first" => (x, 0),
        "strided" => (Cpu::permute(x, &[1, 0]), 1),
        _ => (x, 1),
    };
    let y = std::hint::black_box(Cpu::softmax(x, dim));
    assert_eq!(Cpu::dims(&y).len(), 2);
}
'''


def file_of(path):
    """The file of a seam_cpu item path: its longest module prefix that is a file."""
    parts, best = path.split('::'), 'lib.rs'
    for i in range(1, len(parts) + 1):
        if os.path.exists(os.path.join(SRC, *parts[:i]) + '.rs'):
            best = os.path.join(*parts[:i]) + '.rs'
    return best


def steps(data):
    out = subprocess.run(
        ['uftrace', 'replay', '--no-pager', '-d', data, '-F', '.*Cpu as seam_backend..backend..Backend>::softmax'],
        capture_output=True, text=True, check=True).stdout
    found, seen = [], set()
    for line in out.splitlines():
        m = re.search(r'\|\s+(.*?)\(\)\s*[{;]\s*$', line)
        if not m:
            continue
        name = re.sub(r'::_\{\{closure\}\}', '', m.group(1).replace('..', '::'))
        paths = re.findall(r'seam_cpu::([A-Za-z0-9_:]+)', name)
        if paths and name not in seen:
            seen.add(name)
            found.append((file_of(paths[0]), name))
    return found


def main():
    work = tempfile.mkdtemp(prefix='cpu-call-path-')
    os.makedirs(os.path.join(work, 'src'))
    with open(os.path.join(work, 'Cargo.toml'), 'w') as f:
        f.write(f'[package]\nname = "cpu-call-path"\nversion = "0.1.0"\nedition = "2024"\n\n[dependencies]\n'
                f'seam-cpu = {{ path = "{ROOT}/backends/cpu" }}\nseam-backend = {{ path = "{ROOT}/backends/backend" }}\n\n[workspace]\n')
    with open(os.path.join(work, 'src/main.rs'), 'w') as f:
        f.write(MAIN)
    env = dict(os.environ, CARGO_TARGET_DIR=os.path.join(work, 'target'),
               RUSTFLAGS='-Zinstrument-mcount -Csymbol-mangling-version=legacy -Zunstable-options')
    subprocess.run(['cargo', '+nightly', 'build', '--quiet', '--manifest-path', os.path.join(work, 'Cargo.toml')],
                   env=env, check=True)
    binary = os.path.join(work, 'target/debug/cpu-call-path')
    for case in ['last', 'first', 'strided']:
        data = os.path.join(work, f'uftrace-{case}')
        record = subprocess.run(['uftrace', 'record', '-d', data, binary, case], capture_output=True, text=True)
        if record.returncode != 0:
            sys.exit(f'uftrace record {case}: {record.stderr}')
        found = steps(data)
        visited, returns, previous = set(), 0, None
        for file, _ in found:
            returns += file != previous and file in visited
            visited.add(file)
            previous = file
        families = sum(1 for file, _ in found if file.startswith('ops/') and file != 'ops/softmax.rs')
        print(f'{case:8} steps {len(found)}, files {len(visited)}, returns {returns}, steps into other op families {families}')
        if '-v' in os.environ.get('CPU_CALL_PATH', ''):
            for file, name in found:
                print(f'    {file:24} {name}')


main()
