//! The run's figures: each library's time per round, the two ratios paired round by
//! round with their 95% intervals, and the markdown table with its verdicts.

use crate::cases::{Amount, Case, LIBS};
use seam_report::stats::{Interval, Sample};

/// The libraries of the table: those of this process, then numpy.
pub const COLUMNS: [&str; 4] = ["seam", "candle", "burn", "numpy"];

/// Every case's times, round by round (NaN where a library did not run).
pub struct Times {
    /// `[case][round]`: each library's ns per call, then the limit's.
    rounds: Vec<Vec<([f64; 4], Option<f64>)>>,
}

impl Times {
    /// Room for `cases` cases.
    pub fn new(cases: usize) -> Times {
        Times {
            rounds: vec![Vec::new(); cases],
        }
    }

    /// A round of case `case`: the libraries of this process and the limit.
    pub fn push_round(&mut self, case: usize, libs: &[f64; LIBS.len()], limit: Option<f64>) {
        let mut times = [f64::NAN; 4];
        times[..LIBS.len()].copy_from_slice(libs);
        self.rounds[case].push((times, limit));
    }

    /// numpy's time for case `case` in round `round` (after that round's
    /// [`Times::push_round`]).
    pub fn push_numpy(&mut self, case: usize, round: usize, ns: Option<f64>) {
        self.rounds[case][round].0[3] = ns.unwrap_or(f64::NAN);
    }
}

/// Whether seam is ahead of the best peer, by the interval of the paired ratio.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// The whole interval below 1.
    Ahead,
    /// The whole interval above 1.
    Behind,
    /// The interval holds 1, or there are too few rounds for one.
    Unresolved,
}

/// A median and the 95% interval of it (none under 6 rounds).
#[derive(Clone, Copy, Debug)]
pub struct Estimate {
    pub median: f64,
    pub interval: Option<Interval>,
}

impl Estimate {
    fn of(sample: &Sample) -> Option<Estimate> {
        (!sample.0.is_empty()).then(|| Estimate {
            median: sample.median(),
            interval: sample.median_interval(0.95),
        })
    }

    /// `1.23 [1.10, 1.31]`.
    pub fn text(&self) -> String {
        match self.interval {
            Some(i) => format!("{:.2} [{:.2}, {:.2}]", self.median, i.low, i.high),
            None => format!("{:.2} [too few rounds]", self.median),
        }
    }
}

/// One case's figures.
pub struct Row {
    /// Each library's median ns per call, `None` where it did not run.
    pub medians: [Option<f64>; 4],
    /// The limit's median ns per call, for a memory-bound case.
    pub limit: Option<f64>,
    /// The peer with the best median (an index into [`COLUMNS`]).
    pub peer: usize,
    /// seam's time over that peer's, round by round.
    pub ratio: Estimate,
    /// seam's rate over the limit's, round by round.
    pub fraction: Option<Estimate>,
}

impl Row {
    /// Ahead, behind or unresolved.
    pub fn verdict(&self) -> Verdict {
        match self.ratio.interval {
            Some(i) if i.high < 1.0 => Verdict::Ahead,
            Some(i) if i.low > 1.0 => Verdict::Behind,
            _ => Verdict::Unresolved,
        }
    }
}

/// The rows of every case.
pub fn rows(cases: &[Case], times: &Times) -> Vec<Row> {
    cases
        .iter()
        .zip(&times.rounds)
        .map(|(case, rounds)| row(case, rounds))
        .collect()
}

fn row(case: &Case, rounds: &[([f64; 4], Option<f64>)]) -> Row {
    let column = |lib: usize| {
        Sample(
            rounds
                .iter()
                .map(|r| r.0[lib])
                .filter(|t| t.is_finite())
                .collect(),
        )
    };
    let medians: [Option<f64>; 4] = std::array::from_fn(|lib| {
        let sample = column(lib);
        (!sample.0.is_empty()).then(|| sample.median())
    });
    let peer = (1..4)
        .filter_map(|lib| medians[lib].map(|m| (lib, m)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .expect("a peer ran")
        .0;
    let ratio = Sample(
        rounds
            .iter()
            .map(|r| r.0[0] / r.0[peer])
            .filter(|x| x.is_finite())
            .collect(),
    );
    let limit = Sample(rounds.iter().filter_map(|r| r.1).collect());
    let fraction = match (case.limit, case.amount) {
        (Some(bound), Amount::Bytes(bytes)) => Estimate::of(&Sample(
            rounds
                .iter()
                .filter_map(|r| Some((bytes / r.0[0]) / (bound.bytes() / r.1?)))
                .collect(),
        )),
        _ => None,
    };
    Row {
        medians,
        limit: (!limit.0.is_empty()).then(|| limit.median()),
        peer,
        ratio: Estimate::of(&ratio).expect("seam and a peer ran"),
        fraction,
    }
}

/// A time with its unit, and the case's rate.
fn cell(ns: f64, amount: Amount) -> String {
    let time = match ns {
        ns if ns < 1e4 => format!("{ns:.0} ns"),
        ns if ns < 1e6 => format!("{:.1} us", ns / 1e3),
        ns => format!("{:.2} ms", ns / 1e6),
    };
    match amount {
        Amount::Bytes(b) => format!("{time} ({:.1} GB/s)", b / ns),
        Amount::Flop(f) => format!("{time} ({:.1} GFLOP/s)", f / ns),
        Amount::Op => time,
    }
}

/// The markdown table, then the verdicts: the cases where seam is behind or
/// unresolved, each with its interval, and the geometric mean of the ratios.
pub fn print(cases: &[Case], rows: &[Row]) {
    println!("| case | seam | candle | burn | numpy | limit | seam / best peer [95%] | seam / limit [95%] |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (case, row) in cases.iter().zip(rows) {
        let cells: Vec<String> = row
            .medians
            .iter()
            .map(|m| m.map_or("–".into(), |ns| cell(ns, case.amount)))
            .collect();
        let limit = match (case.limit, row.limit) {
            (Some(bound), Some(ns)) => format!("{} {:.1} GB/s", bound.name(), bound.bytes() / ns),
            _ => "–".into(),
        };
        let fraction = row.fraction.map_or("–".into(), |f| f.text());
        println!(
            "| {} | {} | {} | {} | {} | {limit} | {} ({}) | {fraction} |",
            case.name,
            cells[0],
            cells[1],
            cells[2],
            cells[3],
            row.ratio.text(),
            COLUMNS[row.peer]
        );
    }
    let count = |v: Verdict| rows.iter().filter(|r| r.verdict() == v).count();
    let log_mean = rows.iter().map(|r| r.ratio.median.ln()).sum::<f64>() / rows.len() as f64;
    println!(
        "\nOf {} cases, seam is ahead of the best peer in {} (the interval below 1), behind in \
         {} (above 1), unresolved in {} (the interval holds 1); geometric mean of the ratios {:.2}.",
        rows.len(),
        count(Verdict::Ahead),
        count(Verdict::Behind),
        count(Verdict::Unresolved),
        log_mean.exp()
    );
    for (verdict, word) in [(Verdict::Behind, "Behind"), (Verdict::Unresolved, "Unresolved")] {
        let listed: Vec<String> = cases
            .iter()
            .zip(rows)
            .filter(|(_, r)| r.verdict() == verdict)
            .map(|(c, r)| format!("{}: {} {}", c.name, r.ratio.text(), COLUMNS[r.peer]))
            .collect();
        if !listed.is_empty() {
            println!("\n{word}:\n- {}", listed.join("\n- "));
        }
    }
    let below: Vec<String> = cases
        .iter()
        .zip(rows)
        .filter(|(c, r)| c.elements >= 1 << 16 && r.fraction.is_some_and(|f| f.median < 0.8))
        .map(|(c, r)| format!("{}: {}", c.name, r.fraction.expect("filtered").text()))
        .collect();
    println!(
        "\nMemory-bound cases of 64K elements and more below 80% of their limit: {} of {}",
        below.len(),
        cases
            .iter()
            .zip(rows)
            .filter(|(c, r)| c.elements >= 1 << 16 && r.fraction.is_some())
            .count()
    );
    if !below.is_empty() {
        println!("- {}", below.join("\n- "));
    }
}
