//! The scaling plot: leaf rebuild time against the fixture's function count, with
//! the boundary on and off, as SVG.

use crate::table::Row;
use crate::variant::{Profile, Variant};
use plotters::prelude::*;
use std::path::Path;

/// One line of the plot: (function count, median seconds), in order of count.
fn series(rows: &[Row], profile: Profile, variant: Variant) -> Vec<(f64, f64)> {
    let mut points: Vec<(f64, f64)> = rows
        .iter()
        .filter(|r| r.profile == profile && r.variant == variant)
        .map(|r| (r.functions as f64, r.times.median()))
        .collect();
    points.sort_by(|a, b| a.0.total_cmp(&b.0));
    points
}

/// Draws the boundary-on and boundary-off medians of each profile to `path`.
///
/// # Panics
///
/// If the file cannot be written.
pub fn scaling_svg(rows: &[Row], path: &Path) {
    let max_fns = rows.iter().map(|r| r.functions as f64).fold(0.0f64, f64::max);
    let max_time = rows.iter().map(|r| r.times.median()).fold(0.0f64, f64::max);
    let root = SVGBackend::new(path, (720, 440)).into_drawing_area();
    root.fill(&WHITE).expect("svg fill");
    let mut chart = ChartBuilder::on(&root)
        .caption("Leaf rebuild after touching the user crate", ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(56)
        .build_cartesian_2d(0.0..max_fns * 1.1, 0.0..max_time * 1.15)
        .expect("chart axes");
    chart
        .configure_mesh()
        .light_line_style(WHITE)
        .x_desc("user functions in the fixture (x 4 ranks x 12 ops)")
        .y_desc("seconds (median)")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .draw()
        .expect("chart mesh");
    let lines = [
        (Profile::Release, Variant::OFF, RED, "release, boundary off"),
        (Profile::Release, Variant::ON, BLUE, "release, boundary on"),
        (
            Profile::Dev,
            Variant::OFF,
            RGBColor(230, 150, 40),
            "dev, boundary off",
        ),
        (
            Profile::Dev,
            Variant::ON,
            RGBColor(60, 170, 200),
            "dev, boundary on",
        ),
    ];
    for (profile, variant, color, label) in lines {
        let points = series(rows, profile, variant);
        if points.is_empty() {
            continue;
        }
        chart
            .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))
            .expect("line")
            .label(label)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2)));
        chart
            .draw_series(points.into_iter().map(|p| Circle::new(p, 4, color.filled())))
            .expect("points");
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .expect("legend");
    root.present().expect("svg written");
}

/// Draws the four crates' release leaf rebuilds of the Burn comparison to `path`,
/// round by round, a line a crate: drift across the rounds shows as a slope.
///
/// # Panics
///
/// If the file cannot be written.
pub fn burn_svg(rows: &[crate::burn::BurnRow], path: &Path) {
    let rounds = rows.iter().map(|r| r.rebuild.0.len()).max().unwrap_or(0);
    let max_time = rows.iter().map(|r| r.rebuild.max()).fold(0.0f64, f64::max);
    let root = SVGBackend::new(path, (720, 400)).into_drawing_area();
    root.fill(&WHITE).expect("svg fill");
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Release leaf rebuild of the seed's user code over Burn's tree, by round",
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(0.5..rounds as f64 + 0.5, 0.0..max_time * 1.15)
        .expect("chart axes");
    chart
        .configure_mesh()
        .light_line_style(WHITE)
        .x_desc("round (the four leaves in a fresh random order each)")
        .y_desc("seconds")
        .draw()
        .expect("chart mesh");
    let colors = [BLUE, RED, GREEN, MAGENTA];
    for (row, color) in rows.iter().zip(colors) {
        let points: Vec<(f64, f64)> = row
            .rebuild
            .0
            .iter()
            .enumerate()
            .map(|(i, &t)| (i as f64 + 1.0, t))
            .collect();
        chart
            .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))
            .expect("line")
            .label(row.leaf.name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(2)));
        chart
            .draw_series(points.into_iter().map(|p| Circle::new(p, 3, color.filled())))
            .expect("points");
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .expect("legend");
    root.present().expect("svg written");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::Sample;

    #[test]
    fn draws_a_line_per_profile_and_variant() {
        let row = |profile, variant, functions, seconds: f64| Row {
            profile,
            variant,
            functions,
            times: Sample(vec![seconds]),
            ratio: None,
            ir: [0; 3],
            mono: None,
        };
        let mut rows = Vec::new();
        for (i, n) in [16, 64, 256].into_iter().enumerate() {
            rows.push(row(Profile::Release, Variant::ON, n, 1.0 + i as f64));
            rows.push(row(Profile::Release, Variant::OFF, n, 3.0 + 4.0 * i as f64));
        }
        let path = std::env::temp_dir().join(format!("seam-report-plot-{}.svg", std::process::id()));
        scaling_svg(&rows, &path);
        let svg = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..80.min(svg.len())]);
        assert!(svg.contains("release, boundary off") && svg.contains("release, boundary on"));
        assert!(!svg.contains("dev, boundary"), "no dev rows, no dev lines");
        assert_eq!(svg.matches("<circle").count(), 6, "a point per row");
    }

    #[test]
    fn draws_a_line_per_burn_crate_over_the_rounds() {
        let rows: Vec<crate::burn::BurnRow> = crate::burn::LEAVES
            .into_iter()
            .enumerate()
            .map(|(i, leaf)| crate::burn::BurnRow {
                leaf,
                rebuild: Sample(vec![1.0 + i as f64, 2.0 + i as f64, 1.5 + i as f64]),
                noop: Sample(vec![0.5; 3]),
                ir: crate::burn::TreeIr::default(),
                mono: None,
            })
            .collect();
        let path = std::env::temp_dir().join(format!("seam-report-burn-{}.svg", std::process::id()));
        burn_svg(&rows, &path);
        let svg = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        for leaf in crate::burn::LEAVES {
            assert!(svg.contains(leaf.name), "{} labelled", leaf.name);
        }
        assert_eq!(svg.matches("<circle").count(), 12, "a point per crate and round");
    }
}
