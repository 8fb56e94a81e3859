//! The figures `api.json` gives are those of the sources: Burn's method count is
//! computed from burn-tensor 0.22.1's source, seam-burn-tensor's from its own.

use seam_burn_api::{doctests, integration, methods, source};

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

#[test]
fn api_json_gives_the_method_figures_of_the_sources() {
    let (covered, missing) = methods::coverage();
    let path = source::workspace_root().join("api.json");
    let text = std::fs::read_to_string(&path).expect("bench/burn/api.json");
    let json: serde_json::Value = serde_json::from_str(&text).expect("api.json is JSON");
    let listed: Vec<String> = json["methods_missing"]
        .as_array()
        .expect("methods_missing")
        .iter()
        .map(|m| m.as_str().expect("a key").to_string())
        .collect();
    let computed: Vec<String> = missing.iter().map(|m| m.key()).collect();
    assert_eq!(
        (json["methods_total"].as_u64(), json["methods_covered"].as_u64()),
        (Some((covered.len() + missing.len()) as u64), Some(covered.len() as u64)),
        "run `cargo run -p seam-burn-api -- doctests` in bench/burn to refresh api.json"
    );
    assert_eq!(listed, computed);
}
