//! The report as Markdown.

use crate::macro_cost::{Expansion, MacrosBuild, TensorBuild};
use crate::mono::MonoCounts;
use crate::stats::Sample;
use crate::variant::{Profile, Variant};
use std::fmt::Write;

/// Everything measured for one build of the fixture.
#[derive(Debug, Clone)]
pub struct Row {
    /// The profile.
    pub profile: Profile,
    /// Which halves of the boundary it keeps.
    pub variant: Variant,
    /// The fixture's user functions.
    pub functions: usize,
    /// Leaf rebuild wall times, seconds, one per run.
    pub times: Sample,
    /// This build's time over the boundary-on build's, run by run (none for the
    /// boundary-on row itself).
    pub ratio: Option<Sample>,
    /// `define`s, drop glue and backend functions of the fixture's LLVM IR.
    pub ir: [usize; 3],
    /// Mono items (release builds, with nightly).
    pub mono: Option<MonoCounts>,
}

/// `median (min–max)` with the given decimals.
fn spread(sample: &Sample, decimals: usize) -> String {
    format!(
        "{:.d$} ({:.d$}–{:.d$})",
        sample.median(),
        sample.min(),
        sample.max(),
        d = decimals
    )
}

/// The table of fixture builds.
pub fn builds_table(rows: &[Row]) -> String {
    let mut out = String::new();
    out.push_str(
        "| user fns | profile | outline | opaque | leaf rebuild, s: median (min–max) \
         | ÷ boundary on, paired: median (min–max) | IR `define`s | drop glue \
         | backend fns | mono items (backend) |\n",
    );
    out.push_str("|---:|---|---|---|---:|---:|---:|---:|---:|---:|\n");
    let word = |on: bool| if on { "on" } else { "**off**" };
    for row in rows {
        let ratio = row.ratio.as_ref().map_or("1".to_string(), |r| spread(r, 2));
        let mono = row
            .mono
            .map_or("–".to_string(), |m| format!("{} ({})", m.items, m.backend));
        let [defines, drop_glue, backend] = row.ir;
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {defines} | {drop_glue} | {backend} | {mono} |",
            row.functions,
            row.profile.name(),
            word(row.variant.outline),
            word(row.variant.opaque),
            spread(&row.times, 2),
            ratio,
        );
    }
    out
}

/// The macros' own cost: their build, and their share of `seam-tensor`'s.
pub fn macro_table(
    macros: &MacrosBuild,
    tensor: &[(Profile, TensorBuild)],
    expansion: &[(Profile, Expansion)],
) -> String {
    let mut out = format!(
        "`seam-macros` build (dev profile): {:.1} s from an empty target dir with `syn`, \
         `quote` and `proc-macro2`; the crate alone {} s (median (min–max) of {} runs).\n\n",
        macros.cold,
        spread(&macros.alone, 2),
        macros.alone.0.len()
    );
    out.push_str(
        "| `seam-tensor` (CPU backend) | crate build, s | the seam macros' own time, s (calls) \
         | share | `expand_crate` (nightly), s | share |\n",
    );
    out.push_str("|---|---:|---:|---:|---:|---:|\n");
    for (profile, t) in tensor {
        let pass = expansion
            .iter()
            .find(|(p, _)| p == profile)
            .map_or("– | –".to_string(), |(_, e)| {
                format!("{:.3} | {:.1}%", e.expand, e.share())
            });
        let _ = writeln!(
            out,
            "| {} | {} | {} ({}) | {:.1}% | {pass} |",
            profile.name(),
            spread(&t.crate_build, 2),
            spread(&t.macros, 3),
            t.calls,
            t.share(),
        );
    }
    if let Some((_, e)) = expansion.first() {
        let _ = writeln!(
            out,
            "\nLines generated (`-Zmacro-stats`): {} by `#[outline]`, `#[opaque]` and `#[ext_fn]`, \
             {} by all macros of the crate.",
            e.seam_lines, e.all_lines
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_a_row_per_build() {
        let on = Row {
            profile: Profile::Release,
            variant: Variant::ON,
            functions: 16,
            times: Sample(vec![1.0, 1.5, 2.0]),
            ratio: None,
            ir: [1, 0, 0],
            mono: Some(MonoCounts {
                items: 10,
                backend: 0,
            }),
        };
        let off = Row {
            variant: Variant::OFF,
            times: Sample(vec![5.0, 6.0, 7.0]),
            ratio: Some(Sample(vec![5.0, 4.0, 3.5])),
            ir: [9, 4, 4],
            mono: None,
            ..on.clone()
        };
        let table = builds_table(&[on, off]);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), 4, "{table}");
        assert_eq!(
            lines[2],
            "| 16 | release | on | on | 1.50 (1.00–2.00) | 1 | 1 | 0 | 0 | 10 (0) |"
        );
        assert_eq!(
            lines[3],
            "| 16 | release | **off** | **off** | 6.00 (5.00–7.00) | 4.00 (3.50–5.00) | 9 | 4 | 4 | – |"
        );
    }
}
