//! Prints the user code's outputs on flex (see `bench/burn/agree/main.rs`).

use seam_off as leaf;

include!("../../agree/main.rs");
