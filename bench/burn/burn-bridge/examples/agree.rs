//! Prints the user code's outputs on flex (see `bench/burn/agree/main.rs`).

use burn_bridge as leaf;

include!("../../agree/main.rs");
