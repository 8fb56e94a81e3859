//! burn-tensor's doctests as one binary: `seam-burn-doctests --list` names them by
//! index, `seam-burn-doctests N` runs doctest N. `seam-burn-api doctests` writes the
//! modules, builds this crate both ways and runs each doctest in a process of its own.
//!
//! The doctests say `burn_tensor::`; here that name is seam-burn-tensor, or with the
//! feature `burn` burn-tensor itself.

#[cfg(feature = "burn")]
extern crate burn_reference as burn_tensor;
#[cfg(not(feature = "burn"))]
extern crate seam_burn_tensor as burn_tensor;

include!(concat!(env!("OUT_DIR"), "/all.rs"));

fn main() {
    let arg = std::env::args().nth(1);
    match arg.as_deref() {
        Some("--list") => {
            for (index, _) in DOCTESTS {
                println!("{index}");
            }
        }
        Some(index) => {
            let index: usize = index.parse().expect("a doctest's index");
            let (_, run) = DOCTESTS
                .iter()
                .find(|(i, _)| *i == index)
                .unwrap_or_else(|| panic!("doctest {index} was not built"));
            run();
        }
        None => eprintln!("usage: seam-burn-doctests --list | N"),
    }
}
