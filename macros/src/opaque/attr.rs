//! Reading the arguments of `#[opaque(...)]` (the marker traits asked for and the
//! layout, each as written, in order) and the derives to forward. Which of them are
//! accepted is `valid.rs`'s.

use crate::syntax::parse_off_if;
use proc_macro2::TokenStream;
use syn::parse::{Parse, ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::{Ident, LitInt, Token};

/// The `#[opaque(...)]` arguments as read. Each trait asked for keeps its token, for
/// the spans of the code (and errors) generated for it.
#[derive(Default)]
pub(crate) struct Args {
    pub clone: Option<Ident>,
    pub debug: Option<Ident>,
    pub partial_eq: Option<Ident>,
    pub eq: Option<Ident>,
    pub hash: Option<Ident>,
    pub default: Option<Ident>,
    pub send: Option<Ident>,
    pub sync: Option<Ident>,
    pub ref_unwind_safe: Option<Ident>,
    /// `align = N`: a power of two (64 when not given).
    pub align: Option<LitInt>,
    /// `size = N`: the storage's size in bytes, fixed (derived from the inner type
    /// when not given).
    pub size: Option<LitInt>,
    /// `off_if(predicate)`: the `cfg` predicate, evaluated in the using crate, under
    /// which the value is a plain field. Never off without it.
    pub off_if: Option<TokenStream>,
    /// Every argument as written, in order, for `valid.rs`.
    pub written: Vec<Arg>,
    /// The derived traits asked for as arguments (`#[opaque(Clone)]`), the spelling
    /// before they were read from the struct's `#[derive(..)]`: read as the struct's
    /// derives (`Opaque::derive_also`), with a deprecation warning at each.
    pub deprecated_derives: Vec<Ident>,
}

/// The alignment when `align = N` is not given: a cache line, as Burn's storage.
pub(crate) const DEFAULT_ALIGN: u64 = 64;

/// The traits `#[opaque]` forwards to the value from the struct's `#[derive(..)]`.
pub(crate) const DERIVED: [&str; 6] = ["Clone", "Debug", "PartialEq", "Eq", "Hash", "Default"];

/// The traits `#[opaque]` gives only when its arguments ask: they are not derived,
/// and the storage has none of them by itself.
pub(crate) const MARKERS: [&str; 3] = ["Send", "Sync", "RefUnwindSafe"];

/// One argument as written: `Name`, `name = 123` or `off_if(predicate)`.
#[derive(Clone)]
pub(crate) enum Arg {
    Flag(Ident),
    Value(Ident, LitInt),
    OffIf(Ident, TokenStream),
}

impl Arg {
    /// The argument's name.
    pub fn name(&self) -> &Ident {
        match self {
            Arg::Flag(name) | Arg::Value(name, _) | Arg::OffIf(name, _) => name,
        }
    }
}

impl Parse for Arg {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let name: Ident = input.parse()?;
        if name == "off_if" {
            return Ok(Arg::OffIf(name, parse_off_if(input)?));
        }
        if input.peek(Token![=]) {
            input.parse::<Token![=]>()?;
            Ok(Arg::Value(name, input.parse()?))
        } else {
            Ok(Arg::Flag(name))
        }
    }
}

impl Args {
    /// Reads the arguments; only a syntax error is an `Err`.
    pub fn parse(tokens: TokenStream) -> syn::Result<Self> {
        let written: Vec<Arg> = Punctuated::<Arg, Token![,]>::parse_terminated
            .parse2(tokens)?
            .into_iter()
            .collect();
        let mut args = Args::default();
        for arg in &written {
            match arg {
                Arg::OffIf(_, predicate) => args.off_if = Some(predicate.clone()),
                Arg::Flag(name) if MARKERS.contains(&name.to_string().as_str()) => {
                    if let Some(slot) = args.flag_mut(&name.to_string()) {
                        *slot = Some(name.clone());
                    }
                }
                Arg::Flag(name) if DERIVED.contains(&name.to_string().as_str()) => {
                    args.deprecated_derives.push(name.clone());
                }
                Arg::Flag(_) => {}
                Arg::Value(name, lit) if name == "align" => args.align = Some(lit.clone()),
                Arg::Value(name, lit) if name == "size" => args.size = Some(lit.clone()),
                Arg::Value(..) => {}
            }
        }
        args.written = written;
        Ok(args)
    }

    /// Takes the struct's derives: each of [`DERIVED`] is given, at its path's last
    /// segment (`core::fmt::Debug` too); `valid.rs` refuses the others.
    pub fn take_derives(&mut self, derives: &[syn::Path]) {
        for path in derives {
            let name = crate::syntax::last_ident(path);
            if DERIVED.contains(&name.to_string().as_str())
                && let Some(slot) = self.flag_mut(&name.to_string())
            {
                *slot = Some(name.clone());
            }
        }
    }

    /// The slot of the trait named `name`, one of [`DERIVED`] or [`MARKERS`].
    fn flag_mut(&mut self, name: &str) -> Option<&mut Option<Ident>> {
        Some(match name {
            "Clone" => &mut self.clone,
            "Debug" => &mut self.debug,
            "PartialEq" => &mut self.partial_eq,
            "Eq" => &mut self.eq,
            "Hash" => &mut self.hash,
            "Default" => &mut self.default,
            "Send" => &mut self.send,
            "Sync" => &mut self.sync,
            "RefUnwindSafe" => &mut self.ref_unwind_safe,
            _ => return None,
        })
    }

    /// A deprecation warning at each derived trait asked for as an argument, under
    /// the struct's lint levels (`attrs`).
    pub fn deprecation_warnings(&self, attrs: &[syn::Attribute]) -> TokenStream {
        self.deprecated_derives
            .iter()
            .map(|name| {
                let note = format!(
                    "`#[opaque({name})]` is now written `#[derive({name})]` on the struct, below `#[opaque]`"
                );
                crate::deprecation::warning(name, &note, attrs)
            })
            .collect()
    }

    /// The alignment asked for, as written (or the default).
    pub fn align_value(&self) -> u64 {
        self.align
            .as_ref()
            .and_then(|lit| lit.base10_parse().ok())
            .unwrap_or(DEFAULT_ALIGN)
    }
}
