//! The differential test: each case of `cases.rs` is compiled twice, once with
//! `api` naming seam-burn-tensor and once naming burn-tensor (the two take the same
//! calls), and run on the same seeded inputs on Burn's flex backend: shapes with
//! size-1 and empty dims, floats with NaN and infinities, negative dims. The results
//! must agree: bit-identical for integers and booleans, within 1e-6 relative for
//! floats (NaN where the other has NaN), a panic where the other panics.
//!
//! `cargo run -p seam-burn-differential` prints each disagreement, the totals and the
//! public methods of burn-tensor's `Tensor` no case calls, writes the figures into
//! `api.json`, and exits non-zero if a case disagrees.

mod cases;
mod compare;
mod inputs;

use compare::{Outcome, agree};
use std::collections::BTreeSet;

/// The cases over seam-burn-tensor.
mod seam_side {
    pub use seam_burn_tensor as api;
    crate::cases!();
}

/// The same cases over burn-tensor itself.
mod burn_side {
    pub use burn_tensor as api;
    crate::cases!();
}

/// Runs where burn-tensor 0.22.1 panics on valid input and seam-burn-tensor returns
/// the result: (case, input set, what burn-tensor does). Each is checked on every run:
/// if burn-tensor stops panicking there, or seam-burn-tensor starts, the run fails.
/// A label of `*` stands for every input set (the case does not read its inputs).
const BURN_DEFECTS: &[(&str, &str, &str)] = &[
    ("unsqueeze", "0x3 (empty)", "unsqueeze::<4> of a [0, 3] tensor: an index out of bounds inside burn-tensor"),
    ("unsqueeze_dims", "0x3 (empty)", "unsqueeze_dims of a [0, 3] tensor: its reshape check refuses the result"),
    ("squeeze", "0x3 (empty)", "unsqueeze_dim::<3> of a [0, 3] tensor, before the squeeze"),
    ("squeeze_dims", "0x3 (empty)", "unsqueeze_dims of a [0, 3] tensor, as above"),
    ("stack", "0x3 (empty)", "stack of [0, 3] tensors: a reshape to [1, 3, 3]"),
    ("movedim", "0x3 (empty)", "unsqueeze::<3> of a [0, 3] tensor, before the movedim: a reshape to [1, 3, 3]"),
    ("expand", "0x3 (empty)", "expand of [0, 3] by [2, -1, -1]: its BroadcastArgs takes the kept 0 for a missing dim"),
    ("triu", "0x3 (empty)", "unsqueeze::<3> of a [0, 3] tensor, before the triu"),
    ("one_hot_fill", "0x3 (empty)", "one_hot_fill of a [0, 3] tensor: its unsqueeze_dim of the indices"),
    ("einsum batch", "0x3 (empty)", "unsqueeze::<3> of a [0, 3] tensor, before the einsum"),
    ("eye empty", "*", "eye(0): the unsqueeze of its empty arange"),
    // The same failures on the other empty shape, and the ops that index past a
    // [3, 0] tensor's dims.
    ("unsqueeze", "3x0 (empty)", "unsqueeze::<4> of a [3, 0] tensor: an index out of bounds inside burn-tensor"),
    ("unsqueeze_dim", "3x0 (empty)", "unsqueeze_dim of a [3, 0] tensor: an index out of bounds"),
    ("unsqueeze_dims", "3x0 (empty)", "unsqueeze_dims of a [3, 0] tensor: an index out of bounds"),
    ("squeeze", "3x0 (empty)", "unsqueeze_dim::<3> of a [3, 0] tensor, before the squeeze"),
    ("squeeze_dims", "3x0 (empty)", "unsqueeze_dims of a [3, 0] tensor, before the squeeze"),
    ("stack", "3x0 (empty)", "stack of [3, 0] tensors: an index out of bounds"),
    ("movedim", "3x0 (empty)", "unsqueeze::<3> of a [3, 0] tensor, before the movedim"),
    ("expand", "3x0 (empty)", "expand of [1, 0] by [3, -1]: its BroadcastArgs takes the 0 for a missing dim"),
    ("triu", "3x0 (empty)", "triu of a [3, 0] tensor: an index out of bounds"),
    ("tril", "3x0 (empty)", "tril of a [3, 0] tensor: an index out of bounds"),
    ("triu_mask", "3x0 (empty)", "triu_mask of shape [3, 0]: an index out of bounds"),
    ("tril_mask", "3x0 (empty)", "tril_mask of shape [3, 0]: an index out of bounds"),
    ("diag_mask", "3x0 (empty)", "diag_mask of shape [3, 0]: an index out of bounds"),
    ("one_hot_fill", "3x0 (empty)", "one_hot_fill of a [3, 0] tensor: an index out of bounds"),
    ("einsum batch", "3x0 (empty)", "unsqueeze::<3> of a [3, 0] tensor, before the einsum"),
    ("cartesian_grid", "3x0 (empty)", "cartesian_grid of shape [3, 0]: an index out of bounds"),
];

/// Cases where seam-burn-tensor still differs from burn-tensor, with why: a defect of
/// seam-burn-tensor's, to fix. A listed case may differ on any input set and must on
/// one at least, so the list cannot go stale.
const SEAM_DIFFERENCES: &[(&str, &str)] = &[
];

/// Cases where both sides panic and burn-tensor's message does not name the method
/// the case is named after: (case, what burn-tensor's message names instead).
/// seam-burn-tensor's message must always name the method.
const BURN_PANIC_NAMES: &[(&str, &str)] = &[
    ("triu rank 1", "Tri"),
    ("sum_dims_squeeze every dim", "Squeeze"),
    ("set_require_grad", "require_grad"),
    ("select_dim out of range", "Squeeze"),
    ("select_assign bool mul", "not implemented"),
    ("roll misfit", "shifts must align"),
    ("quantize with a global scale", "per-tensor scale"),
    ("from_dispatch of another kind", "Expected kind"),
    ("from_bridge of another kind", "Expected kind"),
    ("argtopk k too large", "> k"),
    ("arange_step zero", "step != 0"),
    ("var", "subtract with overflow"),
    ("var_mean", "subtract with overflow"),
    ("median", "subtract with overflow"),
    ("movedim repeated", "Reshape"),
    ("mean_dim", "mean of an empty axis"),
    ("into_scalar_async of many", "Into Scalar"),
    ("categorical", "Reshape"),
    ("categorical", "divide by zero"),
    ("select_dim", "Squeeze"),
    ("movedim repeated", "index out of bounds"),
    ("median_with_indices", "subtract with overflow"),
    ("argtopk", "> k"),
];

/// The method a case is named after (the name up to a space).
fn method_of(case: &str) -> &str {
    case.split(' ').next().unwrap_or(case)
}

fn main() {
    // A case that panics is an outcome, not a failure of this program.
    std::panic::set_hook(Box::new(|_| {}));
    let device = burn_tensor::Device::default();
    let (seam, burn) = (seam_side::cases(), burn_side::cases());
    assert_eq!(seam.len(), burn.len(), "the two sides list the same cases");
    let mut runs = 0;
    let mut defects = 0;
    let (mut values, mut panics) = (0, 0);
    let mut differing: BTreeSet<&str> = BTreeSet::new();
    let mut seam_difference_runs = 0;

    let mut failed = Vec::new();
    for (set, input) in inputs::sets().iter().enumerate() {
        for ((name, run_seam), (_, run_burn)) in seam.iter().zip(&burn) {
            runs += 1;
            let ours = Outcome::of(|| run_seam(input, &device));
            let theirs = Outcome::of(|| run_burn(input, &device));
            let known = BURN_DEFECTS.iter().find(|(case, label, _)| case == name && (*label == input.label || *label == "*"));
            let burn_names: Vec<&str> = BURN_PANIC_NAMES.iter().filter(|(case, _)| case == name).map(|(_, n)| *n).collect();
            let seam_differs = SEAM_DIFFERENCES.iter().any(|(case, _)| case == name);
            match (agree(method_of(name), &burn_names, &ours, &theirs), known) {
                (Err(_), None) if seam_differs => {
                    differing.insert(*name);
                    seam_difference_runs += 1;
                }
                (Ok(()), None) => match ours {
                    Outcome::Values(_) => values += 1,
                    Outcome::Panicked(_) => panics += 1,
                },
                (Err(why), None) => {
                    let why = why.to_string();
                    println!("differs: {name} on input set {set} ({}): {why}", input.label);
                    failed.push(format!("{name} on set {set}: {why}"));
                }
                // A defect of burn-tensor's, listed below: it must still be one (burn
                // panics, seam returns), or the list is stale.
                (Err(_), Some(_)) if matches!((&ours, &theirs), (Outcome::Values(_), Outcome::Panicked(_))) => {
                    defects += 1;
                }
                (_, Some((_, _, why))) => {
                    println!("stale: {name} on input set {set} is listed as a burn-tensor defect ({why}) but is not one");
                    failed.push(format!("{name} on set {set}: listed as a burn-tensor defect, is not"));
                }
            }
        }
    }
    for (case, why) in SEAM_DIFFERENCES.iter().filter(|(case, _)| !differing.contains(case)) {
        println!("stale: {case} is listed in SEAM_DIFFERENCES ({why}) and agrees on every input set");
        failed.push(format!("{case}: listed in SEAM_DIFFERENCES, agrees"));
    }
    let methods = seam_burn_api::methods::burn_methods();
    let missing = uncalled(&seam, &methods);
    let exercised = methods.len() - missing.len();
    println!(
        "differential: {runs} runs ({} cases x {} input sets): {values} agree in values, {panics} panic on both sides \
         (the same message, or both naming the op), {seam_difference_runs} where seam-burn-tensor differs \
         (listed in SEAM_DIFFERENCES), {} failed, {defects} where burn-tensor panics on valid input \
         (listed in BURN_DEFECTS); {exercised}/{} of burn-tensor's public methods called",
        seam.len(),
        inputs::sets().len(),
        failed.len(),
        methods.len()
    );
    record(&Figures { runs, values, panics, seam_differences: seam_difference_runs, defects }, &failed, exercised, &missing);
    for method in &missing {
        println!("uncalled: {method}");
    }
    if !failed.is_empty() || !missing.is_empty() {
        std::process::exit(1);
    }
}

/// Burn's public methods that no case calls: a case calls the method its name starts
/// with (a variant after a space).
fn uncalled(cases: &[seam_side::Case], methods: &[seam_burn_api::methods::Method]) -> Vec<String> {
    let called: BTreeSet<&str> = cases.iter().map(|(name, _)| name.split(' ').next().unwrap_or(name)).collect();
    methods
        .iter()
        .filter(|m| !called.contains(m.name.as_str()))
        .map(|m| m.key())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fails when burn-tensor has a public `Tensor` method that no case calls.
    #[test]
    fn every_public_method_of_burn_tensor_has_a_case() {
        let methods = seam_burn_api::methods::burn_methods();
        assert_eq!(methods.len(), 281, "burn-tensor 0.22.1's public Tensor methods");
        assert_eq!(uncalled(&seam_side::cases(), &methods), Vec::<String>::new());
    }

    /// A case is named after a public method of burn-tensor's, or after one of its
    /// trait impls: a misspelt name would count nothing.
    #[test]
    fn every_case_is_named_after_a_method_or_a_trait_impl() {
        let methods = seam_burn_api::methods::burn_methods();
        let impls = ["add", "fmt", "rem", "scalar", "from", "serde"];
        for (name, _) in seam_side::cases() {
            let first = name.split(' ').next().unwrap_or(name);
            assert!(
                methods.iter().any(|m| m.name == first) || impls.contains(&first),
                "the case {name:?} names no method of burn-tensor's Tensor"
            );
        }
    }
}

/// A run's counts: every run, those agreeing in values, those panicking on both
/// sides (messages checked), and burn-tensor's listed defects.
struct Figures {
    runs: usize,
    values: usize,
    panics: usize,
    seam_differences: usize,
    defects: usize,
}

/// Writes the figures into `api.json`, keeping what the doctests wrote.
fn record(figures: &Figures, failed: &[String], exercised: usize, missing: &[String]) {
    let path = seam_burn_api::source::workspace_root().join("api.json");
    let mut json: serde_json::Value = std::fs::read_to_string(&path)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_else(|| serde_json::json!({}));
    let (commit, dirty) = seam_burn_api::source::commit();
    json["differential_commit"] = commit.into();
    json["differential_commit_had_uncommitted_changes"] = dirty.into();
    json["differential_cases"] = figures.runs.into();
    json["differential_values_compared"] = figures.values.into();
    json["differential_panics_compared"] = figures.panics.into();
    json["differential_seam_differences"] = figures.seam_differences.into();
    json["differential_burn_defects"] = figures.defects.into();
    json["differential_inputs"] = inputs::sets().iter().map(|i| i.label).collect::<Vec<_>>().into();
    json["differential_failed"] = failed.len().into();
    json["differential_failures"] = failed.into();
    json["differential_methods"] = exercised.into();
    json["differential_methods_missing"] = missing.into();
    let text = serde_json::to_string_pretty(&json).expect("JSON") + "\n";
    std::fs::write(&path, text).expect("cannot write api.json");
    println!("wrote {}", path.display());
}
