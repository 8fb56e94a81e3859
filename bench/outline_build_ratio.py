#!/usr/bin/env python3
"""The build time of a crate of N small methods with #[outline] against the same
crate without it (macros/tests/plain's bases), side by side: `cargo build` of each
after a touch, dev profile, not incremental, alternating order, ROUNDS rounds; prints
the medians and the median ratio outlined/plain with the smallest and largest ratio
(the sign test's interval: 94% for 5 rounds).

Usage: bench/outline_build_ratio.py [ROUNDS]   (default 5; crates in /tmp/bc)
       OPT_MACROS=1 bench/outline_build_ratio.py [ROUNDS]   (both crates with
           `[profile.dev.build-override] opt-level = 3`: the macro itself optimised;
           crates in /tmp/bc-opt)
       bench/outline_build_ratio.py --passes  (nightly: where the time of one build of
           each crate goes, by rustc's -Ztime-passes, for 200 methods; one build each,
           so a breakdown, not a ratio)
"""
import os, subprocess, time, statistics, sys
opt=os.environ.get('OPT_MACROS')=='1'
root='/tmp/bc-opt' if opt else '/tmp/bc'
override='[profile.dev.build-override]\nopt-level=3\n' if opt else ''
here=os.path.dirname(os.path.abspath(__file__))
macros=os.path.join(here,'..','macros')
base={v:open(os.path.join(macros,f'tests/plain/base_{v}.rs')).read() for v in ('plain','outlined')}
lock=open(os.path.join(here,'..','Cargo.lock')).read()
def make(v,n):
    d=f'{root}/{v}-{n}'; os.makedirs(d+'/src',exist_ok=True)
    open(d+'/Cargo.toml','w').write(f'[package]\nname="bc-{v}-{n}"\nversion="0.0.0"\nedition="2024"\npublish=false\n[dependencies]\nseam-macros={{path="{os.path.abspath(macros)}"}}\n[workspace]\n{override}')
    open(d+'/Cargo.lock','w').write(lock)
    attr='#[outline]\n' if v=='outlined' else ''
    body=''.join(f'    pub fn m{i}(&self, k: f32) -> f32 {{\n        self.sum() * k + {i} as f32 + N as f32\n    }}\n' for i in range(n))
    open(d+'/src/lib.rs','w').write('#![allow(dead_code)]\n'+base[v]+f'\n{attr}impl<const N: usize> Vector<N> {{\n{body}}}\n')
    return d
def build(d):
    os.utime(d+'/src/lib.rs')
    t=time.time(); subprocess.run(['cargo','build','-q'],cwd=d,env={**os.environ,'CARGO_TARGET_DIR':root+'/target','CARGO_INCREMENTAL':'0'},check=True); return time.time()-t
def passes(d):
    """rustc's -Ztime-passes of one build of `d` (nightly): {pass: seconds}."""
    os.utime(d+'/src/lib.rs')
    out=subprocess.run(['rustup','run','nightly','cargo','rustc','-q','--lib','--','-Ztime-passes'],cwd=d,
        env={**os.environ,'CARGO_TARGET_DIR':root+'/target-nightly','CARGO_INCREMENTAL':'0'},check=True,capture_output=True,text=True).stderr
    times={}
    for line in out.splitlines():
        parts=line.split()
        if len(parts)>=2 and parts[0]=='time:':
            times[parts[-1]]=times.get(parts[-1],0)+float(parts[1].rstrip(';'))
    return times
if sys.argv[1:]==['--passes']:
    n=200
    dp,do=make('plain',n),make('outlined',n)
    passes(dp); passes(do)
    tp,to=passes(dp),passes(do)
    keys=sorted(set(tp)|set(to),key=lambda k:-to.get(k,0))
    print(f'{n} methods, rustc -Ztime-passes (s): pass, plain, outlined; load {os.getloadavg()[0]:.2f}')
    for k in keys[:25]:
        print(f'{k:40} {tp.get(k,0):7.3f} {to.get(k,0):7.3f}')
    sys.exit(0)
rounds=int(sys.argv[1]) if len(sys.argv)>1 else 5
for n in (50,200):
    dp,do=make('plain',n),make('outlined',n); build(dp); build(do)
    ratios=[];tp=[];to=[]
    for r in range(rounds):
        order=[(dp,'p'),(do,'o')] if r%2==0 else [(do,'o'),(dp,'p')]
        res={}
        for d,k in order: res[k]=build(d)
        tp.append(res['p']);to.append(res['o']);ratios.append(res['o']/res['p'])
    ratios.sort()
    print(f'{n} methods: plain {statistics.median(tp):.2f} s, outlined {statistics.median(to):.2f} s, outlined/plain {statistics.median(ratios):.2f} [{ratios[0]:.2f}, {ratios[-1]:.2f}] load {os.getloadavg()[0]:.2f}', flush=True)
