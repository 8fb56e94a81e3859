//! Validation of `#[opaque]`: which arguments are accepted, and what the struct must
//! be. Every problem goes to the one collector, in the order written.

use super::ast::Opaque;
use super::attr::{Arg, Args, DERIVED, MARKERS};
use crate::errors::Errors;
use std::collections::BTreeSet;
use syn::Visibility;

/// What `#[opaque]` accepts, for error messages.
const ACCEPTED: &str = "`Send`, `Sync`, `RefUnwindSafe`, `align = N`, `size = N` and `off_if(cfg predicate)` \
                        (`Clone`, `Debug`, `PartialEq`, `Eq`, `Hash` and `Default` come from `#[derive(..)]`)";

/// The arguments: each accepted, its value in range, none twice. Whether they passed.
pub(crate) fn args(args: &Args, errors: &mut Errors) -> bool {
    let mut passed = true;
    let mut fail = |tokens: &dyn quote::ToTokens, message: String| {
        passed = false;
        errors.at(tokens, message);
    };
    let mut seen = BTreeSet::new();
    for arg in &args.written {
        let name = arg.name();
        let known = match arg {
            Arg::OffIf(..) => true,
            Arg::Flag(name) => flag(name, &mut fail),
            Arg::Value(name, lit) => value(name, lit, &mut fail),
        };
        if known && !seen.insert(name.to_string()) {
            fail(name, format!("`{name}` is given twice"));
        }
    }
    passed
}

/// Why `Copy` is refused, as an argument or a derive.
const COPY: &str = "#[opaque] cannot give `Copy`: the storage owns its value and drops it; derive `Clone`";

/// A flag: a marker trait `#[opaque]` gives (whether it is one).
fn flag(name: &syn::Ident, fail: &mut impl FnMut(&dyn quote::ToTokens, String)) -> bool {
    // A derived trait as an argument is the earlier spelling: given, with a
    // deprecation warning (`Args::deprecation_warnings`).
    let name_str = name.to_string();
    if MARKERS.contains(&name_str.as_str()) || DERIVED.contains(&name_str.as_str()) {
        return true;
    }
    let message = match name_str.as_str() {
        "Copy" => COPY.to_string(),
        "align" | "size" => format!("`{name}` takes a number of bytes: `{name} = 64`"),
        _ => format!("#[opaque] accepts {ACCEPTED}; not `{name}`"),
    };
    fail(name, message);
    false
}

/// `align = N` or `size = N` (whether it is one of them), its number checked.
fn value(name: &syn::Ident, lit: &syn::LitInt, fail: &mut impl FnMut(&dyn quote::ToTokens, String)) -> bool {
    match name.to_string().as_str() {
        "align" => match lit.base10_parse::<u64>() {
            Ok(value) if value.is_power_of_two() && value <= 1 << 29 => {}
            Ok(_) => fail(
                lit,
                "`align` must be a power of two from 1 to 2^29, such as 8, 16 or 64".to_string(),
            ),
            Err(error) => fail(lit, error.to_string()),
        },
        "size" => {
            if let Err(error) = lit.base10_parse::<u32>() {
                fail(lit, error.to_string());
            }
        }
        _ => {
            fail(name, format!("#[opaque] accepts {ACCEPTED}; not `{name} = ..`"));
            return false;
        }
    }
    true
}

/// The struct: only derives it forwards (`Eq` with `PartialEq`), no `repr` of its own, no generics, one
/// unnamed field without visibility or attributes. Whether it passed.
pub(crate) fn opaque(opaque: &Opaque, errors: &mut Errors) -> bool {
    let mut passed = true;
    let mut fail = |tokens: &dyn quote::ToTokens, message: &str| {
        passed = false;
        errors.at(tokens, message);
    };
    let s = opaque.item;
    let derives = |name: &str| {
        opaque
            .derives
            .iter()
            .any(|p| crate::syntax::last_ident(p) == name)
    };
    for path in &opaque.derives {
        let name = crate::syntax::last_ident(path).to_string();
        if name == "Eq" && !derives("PartialEq") {
            fail(
                path,
                "`Eq` needs `PartialEq`: derive both, `#[derive(PartialEq, Eq)]`",
            );
        } else if name == "Copy" {
            fail(path, COPY);
        } else if !DERIVED.contains(&name.as_str()) {
            fail(
                path,
                "#[opaque] forwards `Clone`, `Debug`, `PartialEq`, `Eq`, `Hash` and `Default` to the \
                 value; another derive would see the storage: implement it by hand, over `inner()`",
            );
        }
    }
    for attr in &s.attrs {
        if attr.path().is_ident("repr") {
            fail(
                attr,
                "#[opaque] sets the struct's layout itself; use `#[opaque(align = N)]` \
                 or `#[opaque(size = N)]`",
            );
        }
    }
    if !s.generics.params.is_empty() || s.generics.where_clause.is_some() {
        fail(
            &s.generics,
            "#[opaque] cannot take generic parameters: the storage's size must be one \
             number, known where the struct is declared",
        );
    }
    match opaque.field {
        None => fail(
            &s.fields,
            "#[opaque] goes on a tuple struct with one field, e.g. `pub struct Handle(HeavyType);`",
        ),
        Some(field) => {
            if !matches!(field.vis, Visibility::Inherited) {
                fail(
                    &field.vis,
                    "the field of an #[opaque] struct is stored out of sight and has no \
                     visibility; remove it (the declaring module reads it with `inner()`)",
                );
            }
            if let Some(attr) = field.attrs.first() {
                fail(attr, "the field of an #[opaque] struct takes no attributes");
            }
            if let Some(what) = crate::syntax::unsized_or_unnamed(&field.ty) {
                fail(
                    &field.ty,
                    &format!(
                        "#[opaque] stores a value of a sized, named type, not {what}; box it \
                         (`Box<dyn Trait>`) or name the type"
                    ),
                );
            }
        }
    }
    passed
}
