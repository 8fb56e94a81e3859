//! The boundary holds: a downstream release build defines no backend function.
//!
//! Builds `tests/fixture` (16 generic functions x 12 ops x ranks 1-4) twice, each
//! in its own target dir: as users get it, and with `seam-tensor/boundary-off`, the
//! same source without the boundary. The first must define no function of
//! `seam-dispatch` or any backend, and no more functions than it did when the
//! baseline below was taken; the second must define some backend functions, which
//! shows that the check can fail. (`cargo run --release -p seam-report` measures the
//! rest: rebuild times, mono items, larger fixtures.)

use seam_boundary::{IrCounts, test_build};
use std::path::Path;

fn counts(features: &[&str], dir: &str) -> IrCounts {
    // Read at run time: a test binary reused from a checkout at another path must
    // build this checkout's fixture.
    let manifest =
        std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into());
    let workspace = Path::new(&manifest).join("../..");
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join(dir);
    let ir_path = test_build(&workspace, &target, features).emit_ir();
    let ir = std::fs::read_to_string(&ir_path).expect("the IR file is readable");
    IrCounts::from_ir(&ir)
}

fn print(label: &str, counts: &IrCounts) {
    println!("boundary {label}: {}", counts.summary());
    for (what, names) in [
        ("backend", &counts.backend),
        ("drop glue", &counts.drop_glue),
        ("seam_backend data", &counts.data),
    ] {
        for name in names {
            println!("  {what}: {name}");
        }
    }
}

/// What the boundary-on build defined when this baseline was taken (rustc 1.95.0,
/// with the CPU backend alone and with the CubeCL backends too): 17 `define`s (`run`,
/// the four `call_all::<D>`, `dims` of the four ranks, `Debug` impls, unwinding
/// personalities), 4 drop glue functions, all of `seam-tensor`'s own types (a `Vec`
/// iterator of tensors and one of `BridgeTensor`, `TensorError`, and the state of the
/// `async fn into_data_async` wrapper, which holds its receiver and then the box its
/// helper returns, dropped through the vtable made in `seam-tensor`), no backend
/// function and no `seam-backend` data function: no helper's state machine is dropped
/// here (checked below). More is a regression: find what crossed the boundary (the
/// test prints every name) before raising it.
const ON_BASELINE: [(&str, usize); 4] = [("defines", 17), ("drop glue", 4), ("backend", 0), ("data", 0)];

/// The fixture with the boundary on must define no backend function, and no more than
/// the baseline; off, it must define some backend functions, or this test could not
/// tell a broken boundary from a working one.
fn check(label: &str, on: &IrCounts, off: &IrCounts) {
    print(&format!("{label} on "), on);
    print(&format!("{label} off"), off);
    assert!(
        on.backend.is_empty(),
        "{label}: with the boundary on, the fixture's IR defines backend functions:\n{}",
        on.backend.join("\n")
    );
    let futures: Vec<&String> = on
        .drop_glue
        .iter()
        .filter(|n| n.contains("_impl::{{closure}}"))
        .collect();
    assert!(
        futures.is_empty(),
        "{label}: with the boundary on, the fixture drops a helper's state machine itself: {futures:#?}"
    );
    // Off, the helper is a plain `async fn` again, its state machine held in the
    // wrapper's and dropped here: the data functions it reaches appear, which the
    // baseline's 0 below would catch with the boundary on.
    assert!(
        !off.data.is_empty(),
        "{label}: with the boundary off, the fixture should drop into_data_async's state machine ({})",
        off.summary()
    );
    let found = [
        on.defines.len(),
        on.drop_glue.len(),
        on.backend.len(),
        on.data.len(),
    ];
    for ((what, most), found) in ON_BASELINE.into_iter().zip(found) {
        assert!(
            found <= most,
            "{label}: with the boundary on, the fixture's IR has {found} {what} functions, \
             more than the baseline's {most} ({})",
            on.summary()
        );
    }
    assert!(
        !off.backend.is_empty(),
        "{label}: with the boundary off, the fixture's IR should define backend functions ({})",
        off.summary()
    );
}

#[test]
fn fixture_ir_defines_no_backend_function() {
    let on = counts(&[], "boundary-on");
    let off = counts(&["seam-tensor/boundary-off"], "boundary-off");
    check("cpu", &on, &off);
}

/// The same with the CubeCL backend (wgpu and Vulkan) in the build: the type tree
/// behind the boundary is then cubecl's and wgpu's. Both variants share a target dir,
/// so that the stack is built once.
#[test]
fn fixture_ir_defines_no_cubecl_function() {
    let on = counts(&["seam-tensor/wgpu", "seam-tensor/vulkan"], "boundary-cubecl");
    let off = counts(
        &[
            "seam-tensor/wgpu",
            "seam-tensor/vulkan",
            "seam-tensor/boundary-off",
        ],
        "boundary-cubecl",
    );
    check("cubecl", &on, &off);
}
