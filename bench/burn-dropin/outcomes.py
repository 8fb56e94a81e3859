"""What a root's test run produced, and what the harness concludes from two roots.

Pure functions over cargo-nextest's two outputs (its test list as JSON and its JUnit
report) and the model's printed losses, so that `test_outcomes.py` can show every way
a run fails on made-up output. dropin.py runs the commands; this file judges them.

A root's run, as dropin.py records it:

    {"build_exit": 0, "build_errors": [...], "run_exit": 0,
     "listed": {suite: {test: ignored}}, "outcomes": {suite: {test: outcome}}}

A suite is one test binary, named as nextest names it: `burn-nn` for a crate's unit
tests, `burn-nn::quantize` for its integration test `tests/quantize.rs`. An outcome is
`"passed"` or the failure as nextest reports it (`"failed: test aborted with signal
11 (SIGSEGV)"`, `"failed: test timed out"`, ...).
"""

import json
import re
import xml.etree.ElementTree as ET

PASSED = "passed"
# nextest's exit codes that mean the run itself happened: every test passed, or some
# failed. Anything else (a build failure, a bad argument, no tests) is the harness's.
RUN_EXITS = {0, 100}


def listed(list_json):
    """Per suite, each compiled test's name and whether it is `#[ignore]`d, from
    `cargo nextest list --message-format json`."""
    suites = json.loads(list_json)["rust-suites"]
    return {
        suite: {name: bool(case.get("ignored")) for name, case in body.get("testcases", {}).items()}
        for suite, body in suites.items()
    }


def outcomes(junit_xml):
    """Per suite, each test that ran and its outcome, from nextest's JUnit report."""
    out = {}
    for suite in ET.fromstring(junit_xml).iter("testsuite"):
        tests = out.setdefault(suite.get("name"), {})
        for case in suite.iter("testcase"):
            bad = next((e for e in case if e.tag in ("failure", "error")), None)
            if bad is None:
                tests[case.get("name")] = PASSED
            else:
                tests[case.get("name")] = f"failed: {why(bad)}"
    return out


def why(failure):
    """A failure in one line: nextest's message, and for a panic the panic's own first
    line (what was asserted, the error unwrapped), without the thread's id, which
    differs from run to run."""
    message = failure.get("message") or failure.get("type") or failure.tag
    message = re.sub(r"^(thread '[^']*') \(\d+\)", r"\1", message)
    if " panicked at " in message:
        lines = (failure.text or "").splitlines()
        if len(lines) > 1 and lines[1].strip():
            message += ": " + lines[1].strip()[:200]
    return message


def crate_of(suite):
    """The crate a suite belongs to, and whether it is its unit tests or an integration test."""
    crate, _, test = suite.partition("::")
    return crate, ("tests/" + test if test else "lib")


def flat(by_suite):
    """`{suite: {test: x}}` as `{"suite::test": x}`."""
    return {f"{s}::{t}": x for s, tests in by_suite.items() for t, x in tests.items()}


def counts(run):
    """Per crate and part (`lib` or `tests/<name>`): tests passed, failed and not run
    (compiled but ignored, or never reached)."""
    table = {}
    for suite, tests in run.get("listed", {}).items():
        crate, part = crate_of(suite)
        row = table.setdefault(crate, {}).setdefault(part, {"passed": 0, "failed": 0, "not_run": 0})
        ran = run.get("outcomes", {}).get(suite, {})
        for test in tests:
            outcome = ran.get(test)
            row["not_run" if outcome is None else "passed" if outcome == PASSED else "failed"] += 1
    return table


def crate_totals(run, crate):
    """One crate's passed, failed and not run, its lib and integration tests together."""
    parts = run.get("counts", {}).get(crate, {}).values()
    return [sum(p[k] for p in parts) for k in ("passed", "failed", "not_run")]


def raised_floor(expected, stock):
    """The floor for the next run: per suite, what stock compiled now, never lower
    than before; unchanged when stock did not build."""
    if stock is None or stock.get("build_exit") != 0:
        return dict(expected)
    now = per_suite_counts(stock)
    return {s: max(now.get(s, 0), expected.get(s, 0)) for s in sorted({**expected, **now})}


def per_suite_counts(run):
    """Per suite, the number of tests it compiled (ignored ones included)."""
    return {suite: len(tests) for suite, tests in run.get("listed", {}).items()}


def check_root(name, run, expected=None):
    """Problems with one root's run on its own: its build failed, nextest did not run,
    it compiled no test, a listed test never ran, or (for stock, given the counts
    recorded last time) a suite compiled fewer tests than before."""
    problems = []
    if run.get("build_exit") != 0:
        errors = "; ".join(run.get("build_errors", [])[:3])
        problems.append(f"{name}: the build failed (exit {run.get('build_exit')}): {errors}")
        return problems
    if run.get("run_exit") not in RUN_EXITS:
        problems.append(f"{name}: cargo nextest run exited {run.get('run_exit')}, not a test run's 0 or 100")
    total = sum(per_suite_counts(run).values())
    if total == 0:
        problems.append(f"{name}: no test compiled")
    ran = run.get("outcomes", {})
    for suite, tests in run.get("listed", {}).items():
        missing = [t for t, ignored in tests.items() if not ignored and t not in ran.get(suite, {})]
        if missing:
            problems.append(f"{name}: {len(missing)} tests of {suite} were listed and never ran, e.g. {missing[0]}")
    for suite, before in sorted((expected or {}).items()):
        now = per_suite_counts(run).get(suite, 0)
        if now < before:
            problems.append(f"{name}: suite {suite} compiled {now} tests, {before} the last time")
    return problems


def compare_tests(stock, seam):
    """Tests that pass on stock and not on the patch (the regressions), tests that
    fail on both, and tests that pass on the patch only, each with its outcomes."""
    on_stock, on_seam = flat(stock.get("outcomes", {})), flat(seam.get("outcomes", {}))
    regressions = {t: on_seam.get(t, "not run") for t, o in sorted(on_stock.items()) if o == PASSED and on_seam.get(t) != PASSED}
    both_fail = {t: [o, on_seam[t]] for t, o in sorted(on_stock.items()) if o != PASSED and t in on_seam and on_seam[t] != PASSED}
    patch_only = {t: on_stock.get(t, "not run") for t, o in sorted(on_seam.items()) if o == PASSED and on_stock.get(t) != PASSED}
    return {"regressions": regressions, "fail_on_both": both_fail, "pass_on_patch_only": patch_only}


def relative_difference(a, b):
    """The largest relative difference between two loss curves of one length."""
    return max((abs(x - y) / max(abs(x), 1e-30) for x, y in zip(a, b)), default=0.0)


# The model must learn: each model's last loss under this fraction of its first.
LEARNED = 0.5
# The least bound on the patch's difference from stock, when stock repeats itself exactly.
SAME_LOSS = 1e-5


def compare_models(stock_runs, seam_run):
    """The model's runs (`{"exit": code, "losses": {model: [..]}}`): stock twice (its
    own spread), the patch once. A run that crashed is a problem, named by its signal.
    The patch must be as close to stock as stock is to itself, or SAME_LOSS relative,
    whichever is larger, and every model must learn. Returns the findings and the
    problems."""
    problems, models = [], {}
    for root, runs in (("stock", stock_runs), ("seam", [seam_run])):
        for run in runs:
            if run["exit"] != 0:
                how = f"signal {-run['exit']}" if run["exit"] < 0 else f"exit {run['exit']}"
                problems.append(f"{root}: the model crashed ({how}); its log is work/{root}/model.log")
    (first, second), seam = (r["losses"] for r in stock_runs), seam_run["losses"]
    if not first and not problems:
        problems.append("the model printed no losses on stock")
    for name, losses in sorted(first.items()):
        again, theirs = second.get(name, []), seam.get(name, [])
        if len(again) != len(losses) or len(theirs) != len(losses):
            problems.append(f"{name}: {len(losses)} steps on stock, {len(again)} on stock again, {len(theirs)} on the patch")
            continue
        spread = relative_difference(losses, again)
        bound = max(spread, SAME_LOSS)
        worst = relative_difference(losses, theirs)
        models[name] = {
            "stock_spread": spread,
            "bound": bound,
            "max_relative_difference": worst,
            "per_step_difference": [abs(x - y) for x, y in zip(losses, theirs)],
            "first": losses[0],
            "last": losses[-1],
            "last_on_patch": theirs[-1],
        }
        if worst > bound:
            problems.append(f"{name}: the patch's losses differ from stock's by {worst:.3e} relative (bound {bound:.3e})")
        for root, curve in (("stock", losses), ("the patch", theirs)):
            if not curve[-1] < LEARNED * curve[0]:
                problems.append(f"{name} on {root}: last loss {curve[-1]} is not under {LEARNED} x the first, {curve[0]}")
    return models, problems


def check_ir(root, ir):
    """The model's IR: built, and no function of Burn's tree defined in it."""
    if ir["exit"] != 0 or ir["tree_defines"]:
        return [f"{root}: the model's IR (exit {ir['exit']}) defines {len(ir['tree_defines'])} functions of Burn's tree"]
    return []
