//! numpy on the same cases, in its own process: `bench/numpy_bench.py --peers` prints
//! one `name<TAB>ns per call` line per case, with the names of `cases.rs`.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// numpy's version and its time per call of each case whose name holds `filter`
/// (every case without one), in ns; `None` (with the reason printed) when python3
/// or numpy is missing.
pub fn run(script: &Path, seconds: f64, filter: Option<&str>) -> Option<(String, BTreeMap<String, f64>)> {
    let output = Command::new("python3")
        .arg(script)
        .args(["--peers", "--seconds", &seconds.to_string()])
        .args(["--filter", filter.unwrap_or("")])
        .output();
    let output = match output {
        Ok(output) if output.status.success() => output,
        Ok(output) => {
            eprintln!(
                "numpy not run: {}",
                String::from_utf8_lossy(&output.stderr).trim()
            );
            return None;
        }
        Err(error) => {
            eprintln!("numpy not run: python3: {error}");
            return None;
        }
    };
    let text = String::from_utf8_lossy(&output.stdout);
    let mut lines = text.lines();
    let version = lines.next()?.to_owned();
    let times = lines
        .filter_map(|line| {
            let (name, ns) = line.split_once('\t')?;
            Some((name.to_owned(), ns.parse().ok()?))
        })
        .collect();
    Some((version, times))
}
