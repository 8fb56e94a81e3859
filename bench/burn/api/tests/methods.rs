//! The figures `api.json` gives are those of the sources: Burn's method count is
//! computed from burn-tensor 0.22.1's source, seam-burn-tensor's from its own.

use seam_burn_api::{doctests, integration, methods, signatures, source};
use std::collections::BTreeSet;

#[test]
fn burn_tensor_has_281_public_tensor_methods() {
    let all = methods::burn_methods();
    let keys: Vec<String> = all.iter().map(|m| m.key()).collect();
    assert_eq!(all.len(), 281, "{keys:#?}");
}

#[test]
fn every_doc_fence_of_the_api_is_read() {
    let dir = source::burn_tensor_root().join("src/tensor/api");
    assert_eq!(doctests::doctests_in(&dir).len() * 2, doctests::fences_in(&dir));
}

#[test]
fn every_integration_test_of_burn_tensor_is_a_unit() {
    let dir = source::burn_tensor_root().join("tests");
    let marked: usize = source::rust_files(&dir)
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("a test file");
            text.lines().filter(|l| l.trim() == "#[test]").count()
        })
        .sum();
    let units = integration::burn_integration_tests();
    assert_eq!(units.len(), marked);
    assert_eq!(units.len(), 58, "burn-tensor 0.22.1's tests/");
}

/// Each of Burn's methods has a signature unit at every kind its block admits and,
/// for a block generic over the kind, one generic over it; each public trait two.
#[test]
fn every_method_and_argument_trait_has_its_signature_units() {
    let units = signatures::burn_signature_units();
    let subjects: BTreeSet<&str> = units.iter().map(signatures::subject).collect();
    let mut expected: BTreeSet<String> = methods::burn_methods().iter().map(|m| m.key()).collect();
    for t in ["MovedimArgs", "ReshapeArgs", "BroadcastArgs", "Cast", "IntoPadding", "BackendPrimitive"] {
        expected.insert(format!("trait {t}"));
    }
    let functions = subjects.iter().filter(|s| s.starts_with("fn activation::")).count();
    assert_eq!(functions, 32, "activation's 31 functions and DEFAULT_SOFTPLUS_THRESHOLD");
    assert!(subjects.contains("fn loss::cross_entropy_with_logits"));
    assert!(subjects.contains("fn grid::meshgrid") && subjects.contains("fn grid::affine_grid_2d"));
    let module = subjects.iter().filter(|s| s.starts_with("fn module::")).count();
    assert_eq!(module, 30, "module's functions, convolutions to attention");
    assert!(subjects.contains("fn quantization::compute_range") && subjects.contains("fn distributed::all_reduce"));
    assert!(subjects.contains("fn burn_tensor::check_closeness") && subjects.contains("fn burn_tensor::capture"));
    let subjects: BTreeSet<&str> = subjects.into_iter().filter(|s| !s.starts_with("fn ")).collect();
    assert_eq!(subjects, expected.iter().map(String::as_str).collect());
    let count = |subject: &str| units.iter().filter(|u| signatures::subject(u) == subject).count();
    // Generic over the kind, then Float and Int (the kinds of `Numeric`).
    assert_eq!(count("Tensor<D, K: Numeric>::sum_dim"), 3);
    assert_eq!(count("Tensor<D, K: Basic>::reshape"), 4);
    assert_eq!(count("Tensor<D, K: FloatMath>::exp"), 2);
    assert_eq!(count("Tensor<D, Int>::square"), 1);
    assert_eq!(count("trait Cast"), 2);
    assert_eq!(
        units.len(),
        781 + 32 + 1 + 3 + 30 + 2 + 1 + 1 + 1,
        "burn-tensor 0.22.1's methods at their kinds, the traits, activation, loss, grid, module, quantization, distributed, check_closeness, capture"
    );
}

/// `api.json`'s method figures are those its signature rows give, over Burn's
/// method count.
#[test]
fn api_json_gives_the_method_figures_of_its_signature_rows() {
    let path = source::workspace_root().join("api.json");
    let text = std::fs::read_to_string(&path).expect("bench/burn/api.json");
    let json: serde_json::Value = serde_json::from_str(&text).expect("api.json is JSON");
    let refresh = "run `cargo run -p seam-burn-api -- doctests` in bench/burn to refresh api.json";
    let rows = json["signatures"].as_array().expect(refresh);
    assert_eq!(rows.len(), signatures::burn_signature_units().len(), "{refresh}");
    let mut failed: BTreeSet<&str> = BTreeSet::new();
    for row in rows {
        if row["status"] != "passed" {
            failed.insert(row["method"].as_str().expect("a subject"));
        }
    }
    let total = methods::burn_methods().len();
    let failed_methods = failed.iter().filter(|s| !s.starts_with("trait ") && !s.starts_with("fn ")).count();
    assert_eq!(json["methods_total"].as_u64(), Some(total as u64), "{refresh}");
    assert_eq!(json["methods_covered"].as_u64(), Some((total - failed_methods) as u64), "{refresh}");
    let listed: BTreeSet<&str> = json["methods_missing"]
        .as_array()
        .expect("methods_missing")
        .iter()
        .map(|m| m.as_str().expect("a key"))
        .collect();
    assert_eq!(listed, failed);
    assert!(
        json["commit"].as_str().is_some_and(|c| c.len() == 40),
        "api.json records the commit it was measured at"
    );
}
