//! The differential test: each case of `cases.rs` is compiled twice, once with
//! `api` naming seam-burn-tensor and once naming burn-tensor (the two take the same
//! calls), and run on the same seeded inputs on Burn's flex backend: shapes with
//! size-1 and empty dims, floats with NaN and infinities, negative dims. The results
//! must agree: bit-identical for integers and booleans, within 1e-6 relative for
//! floats (NaN where the other has NaN), a panic where the other panics.
//!
//! `cargo run -p seam-burn-api -- check` builds it with v0 symbol mangling and runs
//! it: it prints each disagreement, the totals and each of burn-tensor's `Tensor`
//! methods no case calls at a kind its block admits (read from this binary's own
//! symbols), writes the figures into `api.json`, and exits non-zero if a case
//! disagrees or a method and kind is uncalled.

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
    ("cartesian_grid free", "3x0 (empty)", "the free cartesian_grid of shape [3, 0]: an index out of bounds"),
    ("unsqueeze at other kinds", "0x3 (empty)", "unsqueeze::<3> of a [0, 3] bool tensor: its reshape check refuses the result"),
    ("unsqueeze at other kinds", "3x0 (empty)", "unsqueeze::<3> of a [3, 0] bool tensor: an index out of bounds"),
    ("unsqueeze_dim at other kinds", "3x0 (empty)", "unsqueeze_dim of a [3, 0] bool tensor: an index out of bounds"),
    ("squeeze at other kinds", "0x3 (empty)", "unsqueeze_dim of a [0, 3] tensor, before the squeeze"),
    ("squeeze at other kinds", "3x0 (empty)", "unsqueeze_dim of a [3, 0] tensor, before the squeeze"),
    ("stack at other kinds", "0x3 (empty)", "stack of [0, 3] bool tensors: a reshape to [1, 3, 3]"),
    ("stack at other kinds", "3x0 (empty)", "stack of [3, 0] bool tensors: an index out of bounds"),
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
    ("select_dim at other kinds", "Squeeze"),
    ("activation::glu odd", "even size"),
    ("activation::prelu", "index out of bounds"),
    ("grid::meshgrid", "Broadcast arguments must be positive"),
    ("grid::meshgrid_stack", "Broadcast arguments must be positive"),
];

/// The method a case is named after (the name up to a space; a free function's
/// without its module, `activation::relu` is `relu`).
fn method_of(case: &str) -> &str {
    let name = case.split(' ').next().unwrap_or(case);
    name.rsplit("::").next().unwrap_or(name)
}

fn main() {
    // A case that panics is an outcome, not a failure of this program.
    std::panic::set_hook(Box::new(|_| {}));
    let (seam_device, burn_device) = (seam_burn_tensor::Device::default(), burn_tensor::Device::default());
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
            let ours = Outcome::of(|| run_seam(input, &seam_device));
            let theirs = Outcome::of(|| run_burn(input, &burn_device));
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
    let methods = seam_burn_api::signatures::burn_method_kinds();
    let missing = uncalled(&methods, &called_in(&this_binary_symbols()));
    let pairs: usize = methods.iter().map(|(_, _, kinds)| kinds.len()).sum();
    let exercised = pairs - missing.len();
    println!(
        "differential: {runs} runs ({} cases x {} input sets): {values} agree in values, {panics} panic on both sides \
         (the same message, or both naming the op), {seam_difference_runs} where seam-burn-tensor differs \
         (listed in SEAM_DIFFERENCES), {} failed, {defects} where burn-tensor panics on valid input \
         (listed in BURN_DEFECTS); {exercised}/{pairs} of burn-tensor's public methods at the kinds their blocks \
         admit ({} methods) called",
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

/// Burn's public methods at the kinds their blocks admit that no case calls, as
/// `Tensor<D, K: Numeric>::sum_dim at Int`.
fn uncalled(methods: &[(String, String, Vec<String>)], called: &BTreeSet<(String, String)>) -> Vec<String> {
    let mut missing = Vec::new();
    for (key, name, kinds) in methods {
        for kind in kinds {
            if !called.contains(&(name.clone(), kind.clone())) {
                missing.push(format!("{key} at {kind}"));
            }
        }
    }
    missing
}

/// The (method, kind) pairs of seam-burn-tensor's `Tensor` that this binary calls:
/// each generic wrapper the cases (and the few wrappers that call others, such as
/// `reshape`'s) instantiate is a function of the binary, and its symbol, mangled
/// with `-C symbol-mangling-version=v0`, names the kind
/// (`<seam_burn_tensor::tensor::Tensor<2, seam_burn_tensor::kind::Int>>::sum_dim::<i32>`).
fn called_in(symbols: &str) -> BTreeSet<(String, String)> {
    const TENSOR: &str = "<seam_burn_tensor::tensor::Tensor<";
    let mut called = BTreeSet::new();
    for line in symbols.lines() {
        let Some(at) = line.find(TENSOR) else { continue };
        let Some((args, rest)) = line[at + TENSOR.len()..].split_once(">>::") else { continue };
        // `Tensor<2>`: the demangler leaves out the default kind, `Float`.
        let kind = match args.split_once(", ") {
            Some((_, kind)) => kind.rsplit("::").next().unwrap_or(kind),
            None => "Float",
        };
        let method: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        called.insert((method, kind.to_string()));
    }
    called
}

/// This binary's defined symbols, demangled (`nm -C --defined-only`).
///
/// Panics unless it was built with v0 symbol mangling, which `seam-burn-api check`
/// passes: legacy symbols do not name generic arguments.
fn this_binary_symbols() -> String {
    let exe = std::env::current_exe().expect("this binary's path");
    let output = std::process::Command::new("nm")
        .args(["-C", "--defined-only"])
        .arg(&exe)
        .output()
        .expect("cannot run `nm` (binutils), which reads this binary's symbols");
    let symbols = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        symbols.contains("<seam_burn_tensor::tensor::Tensor<"),
        "{} was built without `-C symbol-mangling-version=v0`, so its symbols do not say which kinds the \
         cases call: run it with `cargo run -p seam-burn-api -- check`",
        exe.display()
    );
    symbols
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The symbols name the method and the kind; a kind a case does not call is
    /// uncalled.
    #[test]
    fn a_method_is_called_at_the_kinds_its_wrappers_are_instantiated_at() {
        let symbols = "0000 t <seam_burn_tensor::tensor::Tensor<2, seam_burn_tensor::kind::Int>>::sum_dim::<i32>\n\
                       0000 t <seam_burn_tensor::tensor::Tensor<1>>::exp\n\
                       0000 t <seam_burn_tensor::tensor::Tensor<3, seam_burn_tensor::kind::Float>>::sum_dim::<usize>::{closure#0}";
        let called = called_in(symbols);
        let pair = |m: &str, k: &str| (m.to_string(), k.to_string());
        assert_eq!(called, BTreeSet::from([pair("sum_dim", "Int"), pair("exp", "Float"), pair("sum_dim", "Float")]));
        let methods = vec![
            ("Tensor<D, K: Numeric>::sum_dim".to_string(), "sum_dim".to_string(), vec!["Float".to_string(), "Int".to_string()]),
            ("Tensor<D, Int>::square".to_string(), "square".to_string(), vec!["Int".to_string()]),
        ];
        assert_eq!(uncalled(&methods, &called), ["Tensor<D, Int>::square at Int"]);
    }

    /// A case is named after a public method of burn-tensor's, or after one of its
    /// trait impls: a misspelt name would count nothing.
    #[test]
    fn every_case_is_named_after_a_method_or_a_trait_impl() {
        let methods = seam_burn_api::methods::burn_methods();
        let impls = ["add", "fmt", "rem", "scalar", "from", "serde", "transaction"];
        let functions: Vec<String> = seam_burn_api::signatures::burn_signature_units()
            .iter()
            .filter_map(|u| seam_burn_api::signatures::subject(u).strip_prefix("fn ").map(str::to_string))
            .collect();
        for (name, _) in seam_side::cases() {
            let first = name.split(' ').next().unwrap_or(name);
            assert!(
                methods.iter().any(|m| m.name == first) || impls.contains(&first) || functions.iter().any(|f| f == first),
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
