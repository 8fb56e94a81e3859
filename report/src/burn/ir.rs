//! What of Burn's tree a leaf's own compilation contains: in its LLVM IR (every
//! codegen unit, the functions it defines and those it calls in other crates), and
//! in its mono items (what rustc instantiates, before LLVM inlines anything).

use super::{BURN_TREE, BURN_VOCABULARY, RUSTC_ARGS, in_tree, names_one_of};
use crate::mono::{items, mono_listing};
use seam_boundary::{FixtureBuild, IrCounts, mentions_any};

/// A leaf's IR, sorted by what it belongs to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TreeIr {
    /// The `.ll` files read (one a codegen unit).
    pub units: usize,
    /// Functions defined, each once however many units hold a copy.
    pub defines: usize,
    /// Drop glue among them.
    pub drop_glue: usize,
    /// The defined functions of Burn's tree ([`BURN_TREE`]), by name.
    pub tree_defines: Vec<String>,
    /// The functions of Burn's tree that the leaf calls without defining them: a
    /// call into the tree from code inlined into the leaf.
    pub tree_declares: Vec<String>,
    /// Defined functions of Burn's vocabulary crates ([`BURN_VOCABULARY`]) and of
    /// no crate of the tree, by name.
    pub vocabulary_defines: Vec<String>,
    /// The functions of Burn's tree, defined or declared, by crate of [`BURN_TREE`].
    pub by_crate: Vec<usize>,
}

impl TreeIr {
    /// Builds `build` with [`RUSTC_ARGS`] and `--emit=llvm-ir` and reads every unit.
    pub fn of(build: &FixtureBuild) -> Self {
        let files = build.emit_ir_units(RUSTC_ARGS);
        let texts: Vec<String> = files
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display())))
            .collect();
        let units: Vec<&str> = texts.iter().map(String::as_str).collect();
        Self::from_units(&units)
    }

    /// Sorts the IR of the units of one crate.
    pub fn from_units(units: &[&str]) -> Self {
        // Every define and declare; which belong to the tree is decided here, with
        // the vocabulary set aside (`in_tree`), not by IrCounts' own matching.
        let counts = IrCounts::from_units(units, &[]);
        let of_tree = |names: &[String]| names.iter().filter(|n| in_tree(n)).cloned().collect::<Vec<_>>();
        let (tree_defines, tree_declares) = (of_tree(&counts.defines), of_tree(&counts.declares));
        let vocabulary_defines = counts
            .defines
            .iter()
            .filter(|name| !in_tree(name) && mentions_any(name, BURN_VOCABULARY))
            .cloned()
            .collect();
        let by_crate = BURN_TREE
            .iter()
            .map(|krate| {
                tree_defines
                    .iter()
                    .chain(&tree_declares)
                    .filter(|name| names_one_of(name, &[krate]))
                    .count()
            })
            .collect();
        TreeIr {
            units: units.len(),
            defines: counts.defines.len(),
            drop_glue: counts.drop_glue.len(),
            tree_defines,
            tree_declares,
            vocabulary_defines,
            by_crate,
        }
    }
}

/// A leaf's mono items (nightly's `-Zprint-mono-items`, with [`RUSTC_ARGS`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TreeMono {
    /// Every item.
    pub items: usize,
    /// The items that mention a crate of Burn's tree, by name, sorted.
    pub tree: Vec<String>,
    /// The items of Burn's vocabulary crates and of no crate of the tree, by name,
    /// sorted.
    pub vocabulary: Vec<String>,
}

impl TreeMono {
    /// Lists the mono items of `build` (a nightly build).
    pub fn of(build: &FixtureBuild) -> Self {
        Self::from_output(&mono_listing(build, RUSTC_ARGS))
    }

    /// Sorts rustc's listing.
    pub fn from_output(output: &str) -> Self {
        let all: Vec<&str> = items(output).collect();
        let sorted = |keep: &dyn Fn(&str) -> bool| {
            let mut names: Vec<String> = all.iter().filter(|i| keep(i)).map(|i| i.to_string()).collect();
            names.sort();
            names.dedup();
            names
        };
        TreeMono {
            items: all.len(),
            tree: sorted(&|i| in_tree(i)),
            vocabulary: sorted(&|i| !in_tree(i) && mentions_any(i, BURN_VOCABULARY)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_what_of_the_tree_a_leaf_defines_and_calls() {
        let unit0 = "\
define void @_ZN4leaf3run17h0000000000000001E() {
declare void @_ZN11cubecl_core4sync17h0000000000000002E()
declare void @_ZN9burn_flex3add17h0000000000000003E()
";
        let unit1 = "\
define internal void @_ZN13burn_dispatch4drop17h0000000000000004E() {
define void @_ZN8burn_std5shape5Shape3new17h0000000000000005E() {
declare void @_ZN9burn_flex3add17h0000000000000003E()
";
        let unit2 = "\
define void @_ZN13cubecl_zspace5shape5Shape3new17h0000000000000006E() {
";
        let ir = TreeIr::from_units(&[unit0, unit1, unit2]);
        // `cubecl_zspace` is vocabulary (Burn's `Shape`), not `cubecl`'s tree.
        assert_eq!((ir.units, ir.defines, ir.vocabulary_defines.len()), (3, 4, 2));
        assert_eq!(ir.tree_defines, ["burn_dispatch::drop"]);
        assert_eq!(ir.tree_declares, ["burn_flex::add", "cubecl_core::sync"]);
        let by = |krate: &str| ir.by_crate[BURN_TREE.iter().position(|c| *c == krate).unwrap()];
        assert_eq!(
            (by("burn_dispatch"), by("burn_flex"), by("cubecl"), by("wgpu")),
            (1, 1, 1, 0)
        );
    }

    #[test]
    fn lists_the_tree_s_mono_items_by_name() {
        let output = "\
MONO_ITEM fn leaf::run @@ leaf.abc[External]
MONO_ITEM fn std::ptr::drop_glue::<burn_dispatch::DispatchTensor> - shim(Some(burn_dispatch::DispatchTensor)) @@ x[Internal]
MONO_ITEM fn <cubecl_runtime::client::ComputeClient<R> as Clone>::clone @@ y[Internal]
MONO_ITEM fn <cubecl_runtime::client::ComputeClient<R> as Clone>::clone @@ z[Internal]
";
        let mono = TreeMono::from_output(output);
        assert_eq!(mono.items, 4);
        assert_eq!(mono.tree.len(), 2, "{:?}", mono.tree);
        assert!(mono.tree[0].starts_with("fn <cubecl_runtime"));
    }
}
