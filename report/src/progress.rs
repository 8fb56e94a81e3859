//! Progress lines on stderr, each with the time since the report started.

use std::time::Instant;

/// Prints what the report is doing, so a run of many minutes shows where it is.
#[derive(Debug)]
pub struct Progress {
    start: Instant,
}

impl Progress {
    /// Starts the clock.
    pub fn start() -> Self {
        Progress {
            start: Instant::now(),
        }
    }

    /// Prints one line: `[mm:ss] message`.
    pub fn say(&self, message: impl std::fmt::Display) {
        let s = self.start.elapsed().as_secs();
        eprintln!("[{:02}:{:02}] {message}", s / 60, s % 60);
    }
}
