//! `BURN.md` and `burn.json`: the figures, each ratio with its interval, and what
//! of Burn's tree each leaf contains, by name.

use super::{
    Agreement, BURN_TREE, BURN_VOCABULARY, BoundaryLines, BurnRow, FEATURES, LEAVES, RUSTC_ARGS, Rounds,
};
use crate::stats::{Interval, Sample};
use std::fmt::Write;

/// Where the other rows are: real downstream crates and the alternatives to a
/// boundary, measured by the drop-in workspace's harness.
pub const DOWNSTREAM: &str = "Burn's own downstream crates (burn-nn, a model crate) and the seed's user code \
     over Burn's bridge, Seam's patch, a stand-in and a floor, in release, with `-Zshare-generics=y` and at \
     opt-levels 1 and \"s\", beside the tensor library's own build: \
     [bench/burn-dropin/COMPILE-TIMES.md](../bench/burn-dropin/COMPILE-TIMES.md) \
     (`python3 bench/burn-dropin/compile_times.py`).\n\n";

/// The confidence of every interval.
pub const LEVEL: f64 = 0.95;

/// One ratio of two leaves, paired round by round.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ratio {
    /// Its name in `burn.json`.
    pub key: &'static str,
    /// The leaf on top and the one below, as indices into [`LEAVES`].
    pub of: (usize, usize),
    /// The median of the per-round ratios of rebuild times.
    pub raw: f64,
    /// Its interval (`None` with too few rounds for one).
    pub raw_interval: Option<Interval>,
    /// The median of the per-round ratios of net times (rebuild minus no-op).
    pub net: f64,
    /// Its interval.
    pub net_interval: Option<Interval>,
}

impl Ratio {
    /// `top / bottom` of `rows`, round by round.
    fn of(key: &'static str, rows: &[BurnRow], top: usize, bottom: usize) -> Self {
        let raw = rows[top].rebuild.paired_ratio(&rows[bottom].rebuild);
        let net = rows[top].net().paired_ratio(&rows[bottom].net());
        Ratio {
            key,
            of: (top, bottom),
            raw: raw.median(),
            raw_interval: raw.median_interval(LEVEL),
            net: net.median(),
            net_interval: net.median_interval(LEVEL),
        }
    }

    /// The three ratios the comparison is judged by.
    pub fn all(rows: &[BurnRow]) -> [Ratio; 3] {
        [
            Ratio::of("seam_off_on", rows, 3, 2),
            Ratio::of("burn_standin_bridge", rows, 1, 0),
            Ratio::of("seam_on_bridge", rows, 2, 0),
        ]
    }

    /// `top / bottom`, in words.
    pub fn name(&self) -> String {
        format!("`{}` / `{}`", LEAVES[self.of.0].name, LEAVES[self.of.1].name)
    }
}

/// What an interval of `top / bottom` allows one to say: faster or slower only when
/// it excludes 1.
pub fn reading(interval: Option<Interval>, top: &str, bottom: &str) -> String {
    match interval {
        Some(i) if i.excludes(1.0) && i.high < 1.0 => format!("`{top}` rebuilds faster than `{bottom}`"),
        Some(i) if i.excludes(1.0) => format!("`{top}` rebuilds slower than `{bottom}`"),
        Some(_) => "the same within noise (the interval holds 1)".to_string(),
        None => "too few rounds for an interval".to_string(),
    }
}

/// `1.23x [1.10, 1.31]`.
fn with_interval(median: f64, interval: Option<Interval>) -> String {
    match interval {
        Some(i) => format!("{median:.2}x [{:.2}, {:.2}]", i.low, i.high),
        None => format!("{median:.2}x"),
    }
}

/// A list of names: in line when short, else folded (`<details>`), so that the
/// page shows every name without burying the tables.
fn names(out: &mut String, title: &str, names: &[String]) {
    if names.is_empty() {
        let _ = writeln!(out, "- {title}: none.");
        return;
    }
    if names.len() <= 12 {
        let _ = writeln!(out, "- {title} ({}):", names.len());
        for name in names {
            let _ = writeln!(out, "  - `{name}`");
        }
        return;
    }
    let _ = writeln!(out, "- <details><summary>{title} ({})</summary>\n", names.len());
    out.push_str("  ```text\n");
    for name in names {
        let _ = writeln!(out, "  {name}");
    }
    out.push_str("  ```\n\n  </details>\n");
}

/// The differences in work between `seam-burn-tensor` and Burn's `Tensor` for the
/// ops the user code calls, from reading burn-tensor 0.22.1's source (2026-12-03).
pub const DIFFERENCES: &[&str] = &[
    "**Devices.** Burn's binary ops and `matmul` check that both operands are on the same device \
     before anything else (`TensorCheck::binary_ops_device`); `seam-burn-tensor` checks shapes only, and \
     a tensor of another backend is refused by burn-dispatch itself.",
    "**matmul.** Burn's `matmul` has a path of its own from rank 3 for `[.., B, 1, K] @ [.., 1, K, N]` \
     (it swaps two dims, multiplies, swaps back); `seam-burn-tensor` calls the dispatch op for every shape. \
     The leaves' operands (`[2; D]`) never take that path.",
    "**Quantized floats.** Burn's bridge keeps a quantized float (`QFloat`) a kind of its own, with \
     quantized paths in some ops; `seam-burn-tensor` stores it as a float tensor of a quantized dtype and \
     dequantizes it before any op but reading it back.",
    "**Scalars.** Burn converts an `E: ElementConversion` argument with the tensor's dtype from the \
     caller's type; `seam-burn-tensor` carries it across the boundary as an `f64` (an integer past 2^53 \
     loses its low bits).",
    "**Errors.** Burn gathers every failed check of a call into one panic that lists them; \
     `seam-burn-tensor` panics at the first failed check with a one-line message.",
];

/// The Markdown page.
pub fn render(
    rows: &[BurnRow],
    rounds: &Rounds,
    lines: &BoundaryLines,
    agreement: Option<&Agreement>,
    header: &str,
) -> String {
    let n = rounds.orders.len();
    let ratios = Ratio::all(rows);
    let coverage = ratios[0].raw_interval.map_or(LEVEL, |i| i.coverage);
    let mut out = format!(
        "# The boundary on Burn's tree\n\n{header}; Burn 0.22.1 with {FEATURES}. {n} rounds; in each, every \
         leaf rebuilt after a `touch` and then built again with nothing changed (a no-op: cargo's start and \
         fingerprints), the four in a fresh order drawn from seed {} (orders below). Every counted build, \
         timed or read, passes `{}` to rustc.\n\n",
        rounds.seed,
        RUSTC_ARGS.join(" ")
    );
    out.push_str(DOWNSTREAM);
    out.push_str("## Leaf rebuilds\n\n");
    out.push_str(
        "| crate | the user code over | rebuild, s: median (min–max) | no-op, s | net (rebuild − no-op), s \
         | drift, s a round |\n|---|---|---:|---:|---:|---:|\n",
    );
    for row in rows {
        let _ = writeln!(
            out,
            "| `{}` | {} | {:.2} ({:.2}–{:.2}) | {:.2} | {:.2} | {:+.3} |",
            row.leaf.name,
            row.leaf.what,
            row.rebuild.median(),
            row.rebuild.min(),
            row.rebuild.max(),
            row.noop.median(),
            row.net().median(),
            row.rebuild.drift(),
        );
    }
    let _ = writeln!(
        out,
        "\n## Ratios\n\nEach ratio divides two leaves' times round by round; the table gives the median of the \
         {n} per-round ratios and its {:.1}% interval (the sign test's, distribution-free: the order \
         statistics that bound the median). A difference is called one only when the interval excludes 1.\n",
        coverage * 100.0
    );
    out.push_str("| ratio | raw times | net times | reading (net) |\n|---|---:|---:|---|\n");
    for ratio in &ratios {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} |",
            ratio.name(),
            with_interval(ratio.raw, ratio.raw_interval),
            with_interval(ratio.net, ratio.net_interval),
            reading(
                ratio.net_interval,
                LEAVES[ratio.of.0].name,
                LEAVES[ratio.of.1].name
            ),
        );
    }
    let load = Sample(rounds.load.clone());
    let _ = writeln!(
        out,
        "\nLoad average (1 minute) before the rounds: {:.2} to {:.2}, median {:.2}. Orders, by round: {}.",
        load.min(),
        load.max(),
        load.median(),
        rounds
            .orders
            .iter()
            .map(|o| o.iter().map(|&i| LEAVES[i].name).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("; ")
    );
    out.push_str("\n## What of Burn's tree each leaf contains\n\n");
    let _ = writeln!(
        out,
        "Burn's tree: {}, as path segments of symbol names and mono items (`cubecl` also names every \
         `cubecl_*` crate, `wgpu` also `wgpu_core`, `wgpu_hal` and `wgpu_types`). Left out and counted \
         apart: {}, the vocabulary that Burn's public `Tensor` API itself names (shapes, `TensorData`, \
         dtypes, element traits, the backend traits), on every side of any boundary.\n",
        BURN_TREE.join(", "),
        BURN_VOCABULARY.join(" and ")
    );
    out.push_str(
        "| crate | IR units | functions defined | drop glue | defined of Burn's tree | called in Burn's tree \
         (declares) | defined of the vocabulary | mono items | mono items of Burn's tree |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for row in rows {
        let ir = &row.ir;
        let (items, tree) = row.mono.as_ref().map_or(("–".to_string(), "–".to_string()), |m| {
            (m.items.to_string(), m.tree.len().to_string())
        });
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} | {} | {} | {} | {items} | {tree} |",
            row.leaf.name,
            ir.units,
            ir.defines,
            ir.drop_glue,
            ir.tree_defines.len(),
            ir.tree_declares.len(),
            ir.vocabulary_defines.len(),
        );
    }
    out.push_str("\nFunctions of Burn's tree (defined or declared) by crate: ");
    let by_crate: Vec<String> = rows
        .iter()
        .map(|r| {
            let parts: Vec<String> = BURN_TREE
                .iter()
                .zip(&r.ir.by_crate)
                .filter(|(_, n)| **n > 0)
                .map(|(c, n)| format!("{c} {n}"))
                .collect();
            let parts = if parts.is_empty() {
                "none".to_string()
            } else {
                parts.join(", ")
            };
            format!("`{}`: {parts}", r.leaf.name)
        })
        .collect();
    out.push_str(&by_crate.join("; "));
    out.push_str(
        ".\n\nStable symbol names of functions defined upstream keep the legacy mangling of the crate that \
         compiled them, which hides generic arguments; a name still carries its crate path, so the counts \
         by crate hold. The mono items (before LLVM inlines anything) are the evidence that does not depend \
         on inlining: a function of the tree inlined into a leaf's own function leaves no `define` of its \
         own, but its mono item is listed.\n\n### By name\n\n",
    );
    for row in rows {
        let _ = writeln!(out, "`{}`:\n", row.leaf.name);
        names(&mut out, "functions of Burn's tree defined", &row.ir.tree_defines);
        names(
            &mut out,
            "functions of Burn's tree called (declared)",
            &row.ir.tree_declares,
        );
        if let Some(mono) = &row.mono {
            names(&mut out, "mono items of Burn's tree", &mono.tree);
        }
        names(
            &mut out,
            "functions of the vocabulary defined",
            &row.ir.vocabulary_defines,
        );
        if let Some(mono) = &row.mono {
            names(&mut out, "mono items of the vocabulary", &mono.vocabulary);
        }
        out.push('\n');
    }
    out.push_str("## The user code runs\n\n");
    match agreement {
        Some(a) if a.ok => {
            let _ = writeln!(
                out,
                "The four leaves ran the user code (every step at ranks 1 to 4; `matmul` from rank 2) on \
                 Burn's flex backend on the same inputs (seed {}): {} outputs each, the largest relative \
                 difference from `burn-bridge`'s {:.1e}, within {:.0e}: they agree.",
                a.seed,
                a.outputs,
                a.max_difference,
                super::agree::TOLERANCE
            );
        }
        Some(a) => {
            let _ = writeln!(
                out,
                "The four leaves ran the user code on flex (seed {}) and **disagree**:\n",
                a.seed
            );
            for problem in &a.problems {
                let _ = writeln!(out, "- {problem}");
            }
        }
        None => out.push_str("Not run (`--no-agree`).\n"),
    }
    let _ = writeln!(
        out,
        "\n## Boundary code written by hand\n\nFor the whole `Tensor` API: Burn {} lines (every code line \
         of `src/bridge/`: the kind types, `BridgeTensor`, its kind dispatch and the bridge ops; and the {} \
         `*_impl` functions of `src/tensor/api/`, {} lines); `seam-burn-tensor` {} lines counted the same \
         way, kinds included: {} for the boundary (the erased types, the conversions and their carriers, \
         the attributes) and {} for the kind types and each kind's ops (`kind.rs`).",
        lines.burn,
        lines.burn_impls,
        lines.burn_impl_lines,
        lines.seam_with_kinds(),
        lines.seam,
        lines.seam_kinds,
    );
    out.push_str(
        "\n## What differs in the work\n\n`seam-burn-tensor` takes Burn's signatures and, as Burn's doctests and \
         the differential test check, its semantics; it still differs from Burn in what it does on the way. \
         On the leaves' inputs none of the differences changes a value (the check above compares them):\n\n",
    );
    for difference in DIFFERENCES {
        let _ = writeln!(out, "- {difference}");
    }
    out.push_str(
        "\nBoth check shapes (broadcasting, `matmul`'s dims, dim indices) before calling the dispatch layer: \
         Burn in generic code, `seam-burn-tensor` inside its helpers.\n\n## How it was measured\n\n\
         Rebuild: `touch <crate>/src/lib.rs`, then `cargo rustc --release --lib -p <crate> -- <rustc args>` \
         in `bench/burn`, wall time; no-op: the same command again. IR: the same build with \
         `--emit=llvm-ir`, every unit's `.ll` read; a function counts once however many units define \
         it, and a declare is a function no unit defines. Mono items: nightly's `-Zprint-mono-items=yes` \
         with the same arguments, in a target dir of its own (– where nightly was not run). Lines: code \
         lines (no blanks, no comments).\n",
    );
    out
}

/// `report/burn.json`.
pub fn json(
    rows: &[BurnRow],
    rounds: &Rounds,
    lines: &BoundaryLines,
    agreement: Option<&Agreement>,
    date: &str,
    rustc: &str,
) -> String {
    let num = |x: f64| {
        if x.is_finite() {
            format!("{x:.4}")
        } else {
            "null".to_string()
        }
    };
    let list = |values: &[f64]| values.iter().map(|&v| num(v)).collect::<Vec<_>>().join(", ");
    let strings = |names: &[String]| {
        names
            .iter()
            .map(|n| format!("\"{}\"", n.replace('\\', "\\\\").replace('"', "\\\"")))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let interval = |i: Option<Interval>| {
        i.map_or("null".to_string(), |i| {
            format!("[{}, {}]", num(i.low), num(i.high))
        })
    };
    let ratios = Ratio::all(rows);
    let ratio_lines: Vec<String> = ratios
        .iter()
        .map(|r| {
            format!(
                "    \"{}\": {{\"raw\": {}, \"net\": {}}}",
                r.key,
                num(r.raw),
                num(r.net)
            )
        })
        .collect();
    let ci_lines: Vec<String> = ratios
        .iter()
        .map(|r| {
            format!(
                "    \"{}\": {{\"raw\": {}, \"net\": {}}}",
                r.key,
                interval(r.raw_interval),
                interval(r.net_interval)
            )
        })
        .collect();
    let mut crates = Vec::new();
    for row in rows {
        let ir = &row.ir;
        let (items, tree, vocabulary) = row.mono.as_ref().map_or(
            ("null".to_string(), "null".to_string(), "null".to_string()),
            |m| {
                (
                    m.items.to_string(),
                    format!("[{}]", strings(&m.tree)),
                    m.vocabulary.len().to_string(),
                )
            },
        );
        crates.push(format!(
            "    \"{}\": {{\n      \"leaf_rebuild_s\": [{}],\n      \"noop_s\": [{}],\n      \
             \"drift_s_per_round\": {},\n      \"ir_units\": {},\n      \"defines\": {},\n      \
             \"drop_glue\": {},\n      \"vocabulary_defines\": {},\n      \"burn_tree_defines\": [{}],\n      \
             \"burn_tree_declares\": [{}],\n      \"mono_items\": {items},\n      \"mono_burn_tree\": {tree},\n      \
             \"mono_vocabulary_items\": {vocabulary}\n    }}",
            row.leaf.name,
            list(&row.rebuild.0),
            list(&row.noop.0),
            num(row.rebuild.drift()),
            ir.units,
            ir.defines,
            ir.drop_glue,
            ir.vocabulary_defines.len(),
            strings(&ir.tree_defines),
            strings(&ir.tree_declares),
        ));
    }
    let noop: Vec<String> = rows
        .iter()
        .map(|r| format!("\"{}\": {}", r.leaf.name, num(r.noop.median())))
        .collect();
    let orders: Vec<String> = rounds
        .orders
        .iter()
        .map(|o| {
            format!(
                "[{}]",
                o.iter()
                    .map(|&i| format!("\"{}\"", LEAVES[i].name))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
        .collect();
    let executed = agreement.map_or("null".to_string(), |a| a.ok.to_string());
    let agree = agreement.map_or("null".to_string(), |a| {
        format!(
            "{{\"seed\": {}, \"outputs\": {}, \"max_relative_difference\": {:e}, \"tolerance\": {:e}, \"problems\": [{}]}}",
            a.seed,
            a.outputs,
            a.max_difference,
            super::agree::TOLERANCE,
            strings(&a.problems)
        )
    });
    format!(
        "{{\n  \"date\": \"{date}\",\n  \"rustc\": \"{rustc}\",\n  \"features\": \"{FEATURES}\",\n  \
         \"rounds\": {},\n  \"order_seed\": {},\n  \"orders\": [{}],\n  \"load_average\": [{}],\n  \
         \"codegen_units\": 16,\n  \"mangling\": \"v0\",\n  \"rustc_args\": \"{}\",\n  \
         \"burn_tree\": [{}],\n  \"burn_vocabulary\": [{}],\n  \"noop_s\": {{{}}},\n  \
         \"ratio_median\": {{\n{}\n  }},\n  \"ratio_ci\": {{\n{}\n  }},\n  \"ratio_ci_level\": {},\n  \
         \"executed_ok\": {executed},\n  \"execution\": {agree},\n  \"boundary_lines_burn\": {},\n  \
         \"boundary_lines_seam_with_kinds\": {},\n  \"boundary_lines_seam_kinds\": {},\n  \
         \"crates\": {{\n{}\n  }}\n}}\n",
        rounds.orders.len(),
        rounds.seed,
        orders.join(", "),
        list(&rounds.load),
        RUSTC_ARGS.join(" "),
        strings(&BURN_TREE.iter().map(|s| s.to_string()).collect::<Vec<_>>()),
        strings(&BURN_VOCABULARY.iter().map(|s| s.to_string()).collect::<Vec<_>>()),
        noop.join(", "),
        ratio_lines.join(",\n"),
        ci_lines.join(",\n"),
        ratios[0]
            .raw_interval
            .map_or("null".to_string(), |i| num(i.coverage)),
        lines.burn,
        lines.seam_with_kinds(),
        lines.seam_kinds,
        crates.join(",\n")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::burn::{TreeIr, TreeMono};

    fn row(i: usize, rebuild: Vec<f64>) -> BurnRow {
        let noop = vec![0.5; rebuild.len()];
        BurnRow {
            leaf: LEAVES[i],
            rebuild: Sample(rebuild),
            noop: Sample(noop),
            ir: TreeIr {
                units: 16,
                defines: 10 * i,
                by_crate: vec![0; BURN_TREE.len()],
                tree_declares: if i == 0 {
                    vec!["cubecl_runtime::x".to_string()]
                } else {
                    Vec::new()
                },
                ..TreeIr::default()
            },
            mono: Some(TreeMono {
                items: 100,
                tree: vec!["fn \"quoted\"".to_string()],
                vocabulary: Vec::new(),
            }),
        }
    }

    fn rows(rounds: usize) -> Vec<BurnRow> {
        let times = |base: f64| (0..rounds).map(|r| base + 0.01 * r as f64).collect::<Vec<_>>();
        vec![
            row(0, times(2.0)),
            row(1, times(13.0)),
            row(2, times(2.0)),
            row(3, times(13.0)),
        ]
    }

    #[test]
    fn reads_a_difference_only_when_the_interval_excludes_1() {
        let i = |low, high| {
            Some(Interval {
                low,
                high,
                coverage: 0.96,
            })
        };
        assert_eq!(reading(i(0.8, 0.95), "a", "b"), "`a` rebuilds faster than `b`");
        assert_eq!(reading(i(1.02, 1.3), "a", "b"), "`a` rebuilds slower than `b`");
        assert!(reading(i(0.9, 1.05), "a", "b").starts_with("the same within noise"));
        assert!(reading(None, "a", "b").starts_with("too few"));
    }

    #[test]
    fn writes_every_key_and_the_intervals() {
        let rows = rows(15);
        let rounds = Rounds {
            seed: 42,
            orders: vec![vec![2, 0, 3, 1]; 15],
            load: vec![1.0; 15],
        };
        let lines = BoundaryLines {
            burn: 400,
            burn_impl_lines: 100,
            burn_impls: 71,
            seam: 45,
            seam_kinds: 30,
        };
        let agreement = super::super::agree::compare(7, &[vec![1.0], vec![1.0], vec![1.0], vec![1.0]]);
        let ratios = Ratio::all(&rows);
        // 13.x / 2.x, the same every round: the interval is one point above 1.
        assert!(ratios[0].raw_interval.unwrap().excludes(1.0));
        assert!((ratios[2].raw - 1.0).abs() < 1e-12 && !ratios[2].raw_interval.unwrap().excludes(1.0));
        let json = json(
            &rows,
            &rounds,
            &lines,
            Some(&agreement),
            "2026-12-03",
            "rustc 1.95.0",
        );
        for key in [
            "\"rounds\": 15",
            "\"order_seed\": 42",
            "\"noop_s\": {\"burn-bridge\": 0.5000",
            "\"ratio_ci\": {",
            "\"codegen_units\": 16",
            "\"mangling\": \"v0\"",
            "\"burn_tree\": [\"burn_dispatch\"",
            "\"burn_tree_declares\": [\"cubecl_runtime::x\"]",
            "\"burn_tree_defines\": []",
            "\"mono_burn_tree\": [\"fn \\\"quoted\\\"\"]",
            "\"executed_ok\": true",
            "\"boundary_lines_seam_with_kinds\": 75",
        ] {
            assert!(json.contains(key), "{key} in {json}");
        }
        let md = render(&rows, &rounds, &lines, Some(&agreement), "today");
        assert!(md.contains("the same within noise"), "{md}");
        assert!(md.contains("`seam-off` rebuilds slower than `seam-on`"), "{md}");
        assert!(md.contains("they agree"), "{md}");
        assert!(md.contains("`cubecl_runtime::x`"), "{md}");
        assert!(md.contains("75 lines counted the same way"), "{md}");
        assert!(md.contains("bench/burn-dropin/COMPILE-TIMES.md"), "{md}");
    }
}
