//! The README's first example is `examples/first.rs`, verbatim, and it runs.

#[path = "../examples/first.rs"]
mod first;

#[test]
fn the_first_example_runs() {
    first::main();
}

#[test]
fn the_readme_shows_the_first_example_verbatim() {
    let readme = include_str!("../README.md");
    let example = include_str!("../examples/first.rs");
    assert!(
        readme.contains(example),
        "README.md must show examples/first.rs verbatim in its first example"
    );
}
