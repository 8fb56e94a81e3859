//! What seam-report's timings share with the other harnesses (`bench/peers`): the
//! statistics of repeated measurements, with the sign test's interval of a median.

pub mod stats;
