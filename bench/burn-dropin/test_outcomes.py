"""The harness's judgement (outcomes.py) shown failing on made-up runs.

    python3 -m unittest discover -s bench/burn-dropin -p 'test_*.py'

The nextest outputs are real (fixtures/README.md says how they were made); the roots
around them are made up, one failure mode a test.
"""

import copy
import unittest
from pathlib import Path

import outcomes

FIXTURES = Path(__file__).resolve().parent / "fixtures"
LISTED = outcomes.listed((FIXTURES / "nextest-list.json").read_text())
RAN = outcomes.outcomes((FIXTURES / "nextest-junit.xml").read_text())


def root(**changes):
    """A root whose build and run went as the fixtures say."""
    run = {"build_exit": 0, "build_errors": [], "run_exit": 100, "listed": copy.deepcopy(LISTED), "outcomes": copy.deepcopy(RAN)}
    run.update(changes)
    return run


class Parsing(unittest.TestCase):
    def test_every_outcome_is_read(self):
        self.assertEqual(LISTED["nx"], {"tests::crashes": False, "tests::fails": False, "tests::hangs": False, "tests::ignored": True, "tests::passes": False})
        self.assertEqual(RAN["nx"]["tests::passes"], "passed")
        self.assertEqual(RAN["nx"]["tests::crashes"], "failed: process aborted with signal 11 (SIGSEGV)")
        self.assertEqual(RAN["nx"]["tests::hangs"], "failed: test timeout")
        self.assertEqual(RAN["nx"]["tests::fails"], "failed: thread 'tests::fails' panicked at src/lib.rs:4:26: assertion `left == right` failed")
        self.assertNotIn("tests::ignored", RAN["nx"])
        self.assertEqual(RAN["nx::it"], {"integ": "passed"})

    def test_counts_per_crate_and_part(self):
        self.assertEqual(outcomes.counts(root()), {"nx": {"lib": {"passed": 1, "failed": 3, "not_run": 1}, "tests/it": {"passed": 1, "failed": 0, "not_run": 0}}})


class OneRoot(unittest.TestCase):
    def test_a_run_as_expected_is_no_problem(self):
        self.assertEqual(outcomes.check_root("stock", root(), {"nx": 5, "nx::it": 1}), [])

    def test_a_failed_build_fails(self):
        [problem] = outcomes.check_root("stock", {"build_exit": 101, "build_errors": ["error[E0599]: no method named `flex`"]})
        self.assertIn("the build failed (exit 101): error[E0599]", problem)

    def test_a_run_that_did_not_happen_fails(self):
        [problem] = outcomes.check_root("seam", root(run_exit=4))
        self.assertIn("exited 4", problem)

    def test_a_root_that_compiled_no_test_fails(self):
        problems = outcomes.check_root("stock", root(listed={"nx": {}}, outcomes={}, run_exit=0))
        self.assertEqual(problems, ["stock: no test compiled"])

    def test_a_listed_test_that_never_ran_fails(self):
        run = root()
        del run["outcomes"]["nx::it"]
        [problem] = outcomes.check_root("seam", run)
        self.assertIn("1 tests of nx::it were listed and never ran", problem)

    def test_a_suite_that_shrank_fails_and_says_which(self):
        run = root()
        del run["listed"]["nx"]["tests::passes"]
        [problem] = outcomes.check_root("stock", run, {"nx": 5, "nx::it": 1})
        self.assertEqual(problem, "stock: suite nx compiled 4 tests, 5 the last time")

    def test_a_suite_that_vanished_fails(self):
        run = root()
        del run["listed"]["nx::it"], run["outcomes"]["nx::it"]
        [problem] = outcomes.check_root("stock", run, {"nx": 5, "nx::it": 1})
        self.assertEqual(problem, "stock: suite nx::it compiled 0 tests, 1 the last time")


class TwoRoots(unittest.TestCase):
    def test_the_same_run_on_both_roots_has_no_regression(self):
        found = outcomes.compare_tests(root(), root())
        self.assertEqual(found["regressions"], {})
        # Failing on both is reported, not hidden.
        self.assertEqual(sorted(found["fail_on_both"]), ["nx::tests::crashes", "nx::tests::fails", "nx::tests::hangs"])

    def test_a_test_that_fails_only_on_the_patch_is_a_regression(self):
        seam = root()
        seam["outcomes"]["nx::it"]["integ"] = "failed: process aborted with signal 11 (SIGSEGV)"
        found = outcomes.compare_tests(root(), seam)
        self.assertEqual(found["regressions"], {"nx::it::integ": "failed: process aborted with signal 11 (SIGSEGV)"})

    def test_a_test_missing_on_the_patch_is_a_regression(self):
        seam = root()
        del seam["outcomes"]["nx"]["tests::passes"], seam["listed"]["nx"]["tests::passes"]
        self.assertEqual(outcomes.compare_tests(root(), seam)["regressions"], {"nx::tests::passes": "not run"})

    def test_a_test_passing_only_on_the_patch_is_reported(self):
        seam = root()
        seam["outcomes"]["nx"]["tests::hangs"] = "passed"
        self.assertEqual(outcomes.compare_tests(root(), seam)["pass_on_patch_only"], {"nx::tests::hangs": "failed: test timeout"})


def model(losses, exit=0):
    """A model run as dropin.py records it."""
    return {"exit": exit, "losses": losses}


class Models(unittest.TestCase):
    STOCK = {"mlp": [1.0, 0.5, 0.2]}

    def test_the_patch_within_stocks_own_spread_passes(self):
        again = {"mlp": [1.0, 0.5, 0.2002]}
        seam = {"mlp": [1.0, 0.5, 0.2001]}
        models, problems = outcomes.compare_models([model(self.STOCK), model(again)], model(seam))
        self.assertEqual(problems, [])
        self.assertAlmostEqual(models["mlp"]["bound"], 1e-3)

    def test_the_patch_further_than_stocks_spread_fails(self):
        _, [problem] = outcomes.compare_models([model(self.STOCK), model(self.STOCK)], model({"mlp": [1.0, 0.5, 0.21]}))
        self.assertIn("differ from stock's by 5.000e-02 relative (bound 1.000e-05)", problem)

    def test_a_model_that_does_not_learn_fails(self):
        flat = {"mlp": [1.0, 0.9, 0.8]}
        _, problems = outcomes.compare_models([model(flat), model(flat)], model(flat))
        self.assertEqual(len(problems), 2)
        self.assertIn("is not under 0.5 x the first", problems[0])

    def test_no_losses_fail(self):
        _, problems = outcomes.compare_models([model({}), model({})], model({}))
        self.assertEqual(problems, ["the model printed no losses on stock"])

    def test_a_crashed_model_fails_and_says_how(self):
        _, problems = outcomes.compare_models([model({}, -11), model({}, -11)], model({}, -11))
        self.assertEqual(problems, [f"{root}: the model crashed (signal 11); its log is work/{root}/model.log"
                                    for root in ("stock", "stock", "seam")])

    def test_a_short_run_fails(self):
        _, [problem] = outcomes.compare_models([model(self.STOCK), model(self.STOCK)], model({"mlp": [1.0]}))
        self.assertIn("3 steps on stock, 3 on stock again, 1 on the patch", problem)


class IrAndFloor(unittest.TestCase):
    IR = {"exit": 0, "tree_defines": []}

    def test_an_ir_without_burns_tree_passes(self):
        self.assertEqual(outcomes.check_ir("seam", self.IR), [])

    def test_an_ir_defining_burns_tree_fails(self):
        [problem] = outcomes.check_ir("seam", {**self.IR, "tree_defines": ["burn_dispatch::f"]})
        self.assertIn("defines 1 functions of Burn's tree", problem)

    def test_an_ir_that_did_not_build_fails(self):
        [problem] = outcomes.check_ir("stock", {**self.IR, "exit": 101})
        self.assertIn("(exit 101)", problem)

    def test_the_floor_rises_and_never_falls(self):
        run = root()
        del run["listed"]["nx"]["tests::passes"]
        floor = outcomes.raised_floor({"nx": 5, "gone": 3}, run)
        self.assertEqual(floor, {"gone": 3, "nx": 5, "nx::it": 1})
        self.assertEqual(outcomes.raised_floor({"nx": 2}, root()), {"nx": 5, "nx::it": 1})

    def test_a_failed_build_keeps_the_floor(self):
        self.assertEqual(outcomes.raised_floor({"nx": 5}, {"build_exit": 101}), {"nx": 5})
        self.assertEqual(outcomes.raised_floor({"nx": 5}, None), {"nx": 5})


if __name__ == "__main__":
    unittest.main()
