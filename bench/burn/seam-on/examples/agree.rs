//! Prints the user code's outputs on flex (see `bench/burn/agree/main.rs`).

use seam_on as leaf;

include!("../../agree/main.rs");
