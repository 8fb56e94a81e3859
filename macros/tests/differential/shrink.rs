//! Shrinking a failing crate to a small case that fails the same way: first the
//! failing block with what it calls, then each method (with the methods calling it),
//! each line of a body, and each call of the driver, kept out when the failure stays.

use super::harness::{self, Counts, Failure};
use super::model::Block;
use super::render::Case;
use std::collections::BTreeSet;

/// The smallest blocks found that still fail with `failure`'s key.
pub fn shrink(blocks: &[Block], failure: &Failure, name: &str) -> Vec<Block> {
    let fails = |candidate: &[Block]| {
        !candidate.is_empty()
            && harness::check(name, &Case::of(candidate), &mut Counts::default())
                .iter()
                .any(|f| f.key == failure.key)
    };
    let mut current = blocks.to_vec();
    if let Some(block) = failure.block {
        let keep = reached(&current, block);
        let candidate: Vec<Block> = current
            .iter()
            .filter(|b| keep.contains(&b.index))
            .cloned()
            .collect();
        if fails(&candidate) {
            current = candidate;
        }
    }
    loop {
        let before = size(&current);
        let names: Vec<String> = current
            .iter()
            .flat_map(|b| b.methods.iter().map(|m| m.sig.name.clone()))
            .collect();
        for method in names.iter().rev() {
            let candidate = without(&current, method);
            if size(&candidate) < size(&current) && fails(&candidate) {
                current = candidate;
            }
        }
        for (b, m) in positions(&current) {
            for s in (0..current[b].methods[m].stmts.len()).rev() {
                let mut candidate = current.clone();
                candidate[b].methods[m].stmts.remove(s);
                if fails(&candidate) {
                    current = candidate;
                }
            }
            for d in (0..current[b].methods[m].driver.len()).rev() {
                let mut candidate = current.clone();
                candidate[b].methods[m].driver.remove(d);
                if fails(&candidate) {
                    current = candidate;
                }
            }
        }
        if size(&current) == before {
            return current;
        }
    }
}

/// Methods, lines and calls: what shrinking makes fewer.
fn size(blocks: &[Block]) -> usize {
    blocks
        .iter()
        .flat_map(|b| &b.methods)
        .map(|m| 1 + m.stmts.len() + m.driver.len())
        .sum()
}

/// Each method's (block, method) position.
fn positions(blocks: &[Block]) -> Vec<(usize, usize)> {
    (0..blocks.len())
        .flat_map(|b| (0..blocks[b].methods.len()).map(move |m| (b, m)))
        .collect()
}

/// The blocks `block` reaches: itself and those of the methods its bodies call, and
/// theirs.
fn reached(blocks: &[Block], block: usize) -> BTreeSet<usize> {
    let mut seen = BTreeSet::from([block]);
    let mut changed = true;
    while changed {
        changed = false;
        for b in blocks
            .iter()
            .filter(|b| seen.contains(&b.index))
            .cloned()
            .collect::<Vec<_>>()
        {
            for called in b.methods.iter().flat_map(|m| &m.calls) {
                if let Some(owner) = blocks
                    .iter()
                    .find(|o| o.methods.iter().any(|m| &m.sig.name == called))
                {
                    changed |= seen.insert(owner.index);
                }
            }
        }
    }
    seen
}

/// The blocks without `method` and the methods that call it (and theirs); a block
/// left without methods goes.
fn without(blocks: &[Block], method: &str) -> Vec<Block> {
    let mut gone = BTreeSet::from([method.to_string()]);
    let mut changed = true;
    while changed {
        changed = false;
        for m in blocks.iter().flat_map(|b| &b.methods) {
            if !gone.contains(&m.sig.name) && m.calls.iter().any(|c| gone.contains(c)) {
                gone.insert(m.sig.name.clone());
                changed = true;
            }
        }
    }
    blocks
        .iter()
        .cloned()
        .filter_map(|mut b| {
            b.methods.retain(|m| !gone.contains(&m.sig.name));
            (!b.methods.is_empty()).then_some(b)
        })
        .collect()
}
