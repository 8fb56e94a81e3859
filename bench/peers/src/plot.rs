//! The run as SVG: for each op family, seam's time over the best peer's (left) and
//! seam's rate as a fraction of the machine's limit (right), each median with its
//! 95% interval. A family with more than one size is drawn against its element count
//! (log scale), one line per op; the others case by case, their names down the side.

use crate::cases::Case;
use crate::table::{Estimate, Row};
use plotters::prelude::*;
use std::path::Path;

/// One point: x, and the estimate drawn there.
type Point = (f64, Estimate);

/// A family's series: a name and its points, in order of x.
type Series = Vec<(String, Vec<Point>)>;

const PALETTE: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

/// Writes the plot of `cases` and their `rows` to `path`.
///
/// # Panics
///
/// If the file cannot be written.
pub fn svg(cases: &[Case], rows: &[Row], path: &Path) {
    let mut families: Vec<&str> = Vec::new();
    for case in cases {
        if !families.contains(&case.family) {
            families.push(case.family);
        }
    }
    let panel = (560, 300);
    let root = SVGBackend::new(path, (panel.0 * 2, panel.1 * families.len() as u32)).into_drawing_area();
    root.fill(&WHITE).expect("svg fill");
    let areas = root.split_evenly((families.len(), 2));
    for (f, family) in families.iter().enumerate() {
        let members: Vec<(&Case, &Row)> = cases
            .iter()
            .zip(rows)
            .filter(|(c, _)| c.family == *family)
            .collect();
        let by_size = members.iter().any(|(c, _)| c.elements != members[0].0.elements);
        let ratio = series(&members, by_size, |r| Some(r.ratio));
        let fraction = series(&members, by_size, |r| r.fraction);
        let names: Vec<String> = members.iter().map(|(c, _)| c.name.clone()).collect();
        draw(
            &areas[2 * f],
            &format!("{family}: seam / best peer (time)"),
            &ratio,
            by_size,
            &names,
            1.0,
        );
        draw(
            &areas[2 * f + 1],
            &format!("{family}: seam's rate / limit's"),
            &fraction,
            by_size,
            &names,
            0.8,
        );
    }
    root.present().expect("svg written");
}

/// The family's points of one measure: by op against log2 of the element count, or
/// one series case by case.
fn series(members: &[(&Case, &Row)], by_size: bool, measure: impl Fn(&Row) -> Option<Estimate>) -> Series {
    let mut series: Series = Vec::new();
    for (i, (case, row)) in members.iter().enumerate() {
        let Some(estimate) = measure(row) else { continue };
        let (name, x) = if by_size {
            let op = case.name.split(' ').next().unwrap_or(&case.name).to_owned();
            (op, (case.elements as f64).log2())
        } else {
            (String::new(), i as f64)
        };
        match series.iter_mut().find(|(n, _)| *n == name) {
            Some((_, points)) => points.push((x, estimate)),
            None => series.push((name, vec![(x, estimate)])),
        }
    }
    series
}

/// The low and high ends of an estimate's interval (the median twice without one).
fn ends(e: &Estimate) -> (f64, f64) {
    e.interval.map_or((e.median, e.median), |i| (i.low, i.high))
}

/// The largest value of `points` and `target`, with a margin.
fn value_range<'a>(points: impl Iterator<Item = &'a Point>, target: f64) -> f64 {
    points.map(|(_, e)| ends(e).1).fold(target, f64::max) * 1.15
}

/// One panel, values from 0 with a line at `target`: against the element count
/// (log2) with a line per op, or case by case with the cases' names down the side.
fn draw(
    area: &DrawingArea<SVGBackend, plotters::coord::Shift>,
    title: &str,
    series: &Series,
    by_size: bool,
    names: &[String],
    target: f64,
) {
    if series.iter().all(|(_, p)| p.is_empty()) {
        area.titled(&format!("{title}: no memory limit"), ("sans-serif", 14))
            .expect("svg title");
        return;
    }
    let high = value_range(series.iter().flat_map(|(_, p)| p.iter()), target);
    let mut builder = ChartBuilder::on(area);
    builder.caption(title, ("sans-serif", 14)).margin(8);
    if by_size {
        let (x_min, x_max) = series
            .iter()
            .flat_map(|(_, p)| p.iter())
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), (x, _)| {
                (a.min(*x), b.max(*x))
            });
        builder.x_label_area_size(30).y_label_area_size(44);
        let x_range = (x_min - 0.5)..(x_max + 0.5);
        let mut chart = builder
            .build_cartesian_2d(x_range.clone(), 0.0..high)
            .expect("chart axes");
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .x_labels((x_max - x_min) as usize + 2)
            .x_label_formatter(&|x| size_label(*x))
            .y_labels(8)
            .y_label_formatter(&|y| format!("{y:.2}"))
            .x_desc("elements")
            .draw()
            .expect("chart mesh");
        chart
            .draw_series(LineSeries::new(
                [(x_range.start, target), (x_range.end, target)],
                BLACK.mix(0.4).stroke_width(1),
            ))
            .expect("target line");
        for (s, (name, points)) in series.iter().enumerate() {
            let color = PALETTE[s % PALETTE.len()];
            chart
                .draw_series(LineSeries::new(points.iter().map(|(x, e)| (*x, e.median)), color))
                .expect("series line")
                .label(name.clone())
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 16, y)], color));
            chart
                .draw_series(points.iter().map(|(x, e)| {
                    let (l, h) = ends(e);
                    ErrorBar::new_vertical(*x, l, e.median, h, color.filled(), 6)
                }))
                .expect("intervals");
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK.mix(0.3))
            .label_font(("sans-serif", 10))
            .draw()
            .expect("legend");
    } else {
        builder.x_label_area_size(30).y_label_area_size(170);
        let rows = names.len() as f64;
        let y_range = -0.5..rows - 0.5;
        let mut chart = builder
            .build_cartesian_2d(0.0..high, y_range.clone())
            .expect("chart axes");
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .y_labels(names.len() * 2 + 1)
            .y_label_formatter(&|y| case_label(*y, names))
            .x_labels(8)
            .x_label_formatter(&|x| format!("{x:.2}"))
            .draw()
            .expect("chart mesh");
        chart
            .draw_series(LineSeries::new(
                [(target, y_range.start), (target, y_range.end)],
                BLACK.mix(0.4).stroke_width(1),
            ))
            .expect("target line");
        for (_, points) in series {
            chart
                .draw_series(points.iter().map(|(i, e)| {
                    let (l, h) = ends(e);
                    // Case 0 at the top.
                    ErrorBar::new_horizontal(rows - 1.0 - i, l, e.median, h, PALETTE[0].filled(), 6)
                }))
                .expect("intervals");
        }
    }
}

/// `2^x` elements as `1K`, `64K`, `16M`, at whole even `x` only.
fn size_label(x: f64) -> String {
    let n = x.round();
    if (x - n).abs() > 1e-6 || n < 0.0 || n as u32 % 2 == 1 {
        return String::new();
    }
    match 1u64 << n as u32 {
        e if e >= 1 << 20 => format!("{}M", e >> 20),
        e if e >= 1 << 10 => format!("{}K", e >> 10),
        e => e.to_string(),
    }
}

/// The name of the case drawn at `y` (the first case at the top).
fn case_label(y: f64, names: &[String]) -> String {
    let i = y.round();
    if (y - i).abs() > 1e-6 || i < 0.0 || i as usize >= names.len() {
        return String::new();
    }
    names[names.len() - 1 - i as usize].clone()
}
