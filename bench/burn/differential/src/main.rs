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
];

fn main() {
    // A case that panics is an outcome, not a failure of this program.
    std::panic::set_hook(Box::new(|_| {}));
    let device = burn_tensor::Device::default();
    let (seam, burn) = (seam_side::cases(), burn_side::cases());
    assert_eq!(seam.len(), burn.len(), "the two sides list the same cases");
    let mut runs = 0;
    let mut defects = 0;
    let mut failed = Vec::new();
    for (set, input) in inputs::sets().iter().enumerate() {
        for ((name, run_seam), (_, run_burn)) in seam.iter().zip(&burn) {
            runs += 1;
            let ours = Outcome::of(|| run_seam(input, &device));
            let theirs = Outcome::of(|| run_burn(input, &device));
            let known = BURN_DEFECTS.iter().find(|(case, label, _)| case == name && (*label == input.label || *label == "*"));
            match (agree(&ours, &theirs), known) {
                (Ok(()), None) => {}
                (Err(why), None) => {
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
    let methods = seam_burn_api::methods::burn_methods();
    let missing = uncalled(&seam, &methods);
    let exercised = methods.len() - missing.len();
    println!(
        "differential: {runs} runs ({} cases x {} input sets), {} failed, {defects} where burn-tensor panics on valid input \
         (listed in BURN_DEFECTS); {exercised}/{} of burn-tensor's public methods called",
        seam.len(),
        inputs::sets().len(),
        failed.len(),
        methods.len()
    );
    record(runs, &failed, exercised, &missing);
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

/// Writes the figures into `api.json`, keeping what the doctests wrote.
fn record(runs: usize, failed: &[String], exercised: usize, missing: &[String]) {
    let path = seam_burn_api::source::workspace_root().join("api.json");
    let mut json: serde_json::Value = std::fs::read_to_string(&path)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_else(|| serde_json::json!({}));
    json["differential_cases"] = runs.into();
    json["differential_failed"] = failed.len().into();
    json["differential_failures"] = failed.into();
    json["differential_methods"] = exercised.into();
    json["differential_methods_missing"] = missing.into();
    let text = serde_json::to_string_pretty(&json).expect("JSON") + "\n";
    std::fs::write(&path, text).expect("cannot write api.json");
    println!("wrote {}", path.display());
}
