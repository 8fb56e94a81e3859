use seam_macros::outline;

// A free function has no erased type: the protocol's arguments do not apply.
#[outline(erased = Erased, erase = erase, erase_ref = erase_ref, restore = restore)]
pub fn with_arguments(path: impl AsRef<std::path::Path>) -> bool {
    path.exists()
}

// An argument the wrapper cannot convert is reported as on a method.
#[outline]
pub fn shown(value: impl std::fmt::Display) -> String {
    value.to_string()
}

// `?Send` is the only bound a free function's future can drop.
#[outline(?Sync)]
pub async fn relaxed(text: impl AsRef<str>) -> usize {
    text.as_ref().len()
}

fn main() {}
