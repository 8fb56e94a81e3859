//! The arguments of `#[opaque(...)]`: traits to give, and the layout.

use proc_macro2::TokenStream;
use syn::parse::{Parse, ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::{Ident, LitInt, Token};

/// The parsed `#[opaque(...)]` arguments. Each trait asked for keeps its token, for
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
}

/// The alignment when `align = N` is not given: a cache line, as Burn's storage.
pub(crate) const DEFAULT_ALIGN: u64 = 64;

/// What `#[opaque]` accepts, for error messages.
const ACCEPTED: &str = "`Clone`, `Debug`, `PartialEq`, `Eq`, `Hash`, `Default`, `Send`, `Sync`, \
                        `RefUnwindSafe`, `align = N`, `size = N` and `off_if(cfg predicate)`";

/// One argument as written: `Name`, `name = 123` or `off_if(predicate)`.
enum Arg {
    Flag(Ident),
    Value(Ident, LitInt),
    OffIf(Ident, TokenStream),
}

impl Parse for Arg {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let name: Ident = input.parse()?;
        if name == "off_if" {
            return Ok(Arg::OffIf(name, crate::parse_off_if(input)?));
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
    /// Parses and checks the arguments; every problem is reported, combined.
    pub fn parse(tokens: TokenStream) -> syn::Result<Self> {
        let parsed = Punctuated::<Arg, Token![,]>::parse_terminated.parse2(tokens)?;
        let mut args = Args::default();
        let mut errors: Option<syn::Error> = None;
        let mut push = |error: syn::Error| match &mut errors {
            Some(errors) => errors.combine(error),
            None => errors = Some(error),
        };
        for arg in parsed {
            match arg {
                Arg::OffIf(name, predicate) => {
                    if args.off_if.is_some() {
                        push(syn::Error::new_spanned(&name, "`off_if` is given twice"));
                    }
                    args.off_if = Some(predicate);
                }
                Arg::Flag(name) => {
                    let slot = match name.to_string().as_str() {
                        "Clone" => &mut args.clone,
                        "Debug" => &mut args.debug,
                        "PartialEq" => &mut args.partial_eq,
                        "Eq" => &mut args.eq,
                        "Hash" => &mut args.hash,
                        "Default" => &mut args.default,
                        "Send" => &mut args.send,
                        "Sync" => &mut args.sync,
                        "RefUnwindSafe" => &mut args.ref_unwind_safe,
                        "Copy" => {
                            push(syn::Error::new_spanned(
                                &name,
                                "#[opaque] cannot give `Copy`: the storage owns its value and drops it; \
                                 ask for `Clone`",
                            ));
                            continue;
                        }
                        "align" | "size" => {
                            push(syn::Error::new_spanned(
                                &name,
                                format!("`{name}` takes a number of bytes: `{name} = 64`"),
                            ));
                            continue;
                        }
                        _ => {
                            push(syn::Error::new_spanned(
                                &name,
                                format!("#[opaque] accepts {ACCEPTED}; not `{name}`"),
                            ));
                            continue;
                        }
                    };
                    if slot.is_some() {
                        push(syn::Error::new_spanned(&name, format!("`{name}` is given twice")));
                    }
                    *slot = Some(name);
                }
                Arg::Value(name, lit) => {
                    let slot = match name.to_string().as_str() {
                        "align" => {
                            match lit.base10_parse::<u64>() {
                                Ok(value) if value.is_power_of_two() && value <= 1 << 29 => {}
                                Ok(_) => push(syn::Error::new_spanned(
                                    &lit,
                                    "`align` must be a power of two from 1 to 2^29, such as 8, 16 or 64",
                                )),
                                Err(error) => push(error),
                            }
                            &mut args.align
                        }
                        "size" => {
                            if let Err(error) = lit.base10_parse::<u32>() {
                                push(error);
                            }
                            &mut args.size
                        }
                        _ => {
                            push(syn::Error::new_spanned(
                                &name,
                                format!("#[opaque] accepts {ACCEPTED}; not `{name} = ..`"),
                            ));
                            continue;
                        }
                    };
                    if slot.is_some() {
                        push(syn::Error::new_spanned(&name, format!("`{name}` is given twice")));
                    }
                    *slot = Some(lit);
                }
            }
        }
        if let (Some(eq), None) = (&args.eq, &args.partial_eq) {
            push(syn::Error::new_spanned(
                eq,
                "`Eq` needs `PartialEq`: ask for both, `#[opaque(PartialEq, Eq)]`",
            ));
        }
        match errors {
            Some(errors) => Err(errors),
            None => Ok(args),
        }
    }

    /// The alignment asked for, as written (or the default).
    pub fn align_value(&self) -> u64 {
        self.align
            .as_ref()
            .and_then(|lit| lit.base10_parse().ok())
            .unwrap_or(DEFAULT_ALIGN)
    }
}
