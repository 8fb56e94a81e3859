// The case is `../opaque_not_send_unless_asked.rs`; its notes point into the standard
// library, so its snapshot depends on whether the toolchain has `rust-src` (see ui.rs).
include!("../opaque_not_send_unless_asked.rs");
