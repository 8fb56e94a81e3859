//! The arguments of `#[opaque(...)]`: traits to give, and an alignment.

use proc_macro2::TokenStream;
use syn::parse::{ParseStream, Parser};
use syn::{Ident, LitInt, Token};

/// The parsed `#[opaque(...)]` arguments.
pub(crate) struct Args {
    /// `Clone` was asked for.
    pub clone: Option<Ident>,
    /// `Debug` was asked for.
    pub debug: Option<Ident>,
    /// `Send` was asked for (the token, for error spans).
    pub send: Option<Ident>,
    /// `Sync` was asked for.
    pub sync: Option<Ident>,
    /// The alignment of the storage, a power of two (64 when not given).
    pub align: LitInt,
}

/// The traits `#[opaque]` can give.
const TRAITS: &str = "`Clone`, `Debug`, `Send`, `Sync`";

impl Args {
    pub fn parse(tokens: TokenStream) -> syn::Result<Self> {
        let parser = |input: ParseStream| {
            let mut args = Args {
                clone: None,
                debug: None,
                send: None,
                sync: None,
                align: LitInt::new("64", proc_macro2::Span::call_site()),
            };
            let mut align_seen = false;
            while !input.is_empty() {
                let ident: Ident = input.parse()?;
                let slot = match ident.to_string().as_str() {
                    "Clone" => &mut args.clone,
                    "Debug" => &mut args.debug,
                    "Send" => &mut args.send,
                    "Sync" => &mut args.sync,
                    "align" => {
                        input.parse::<Token![=]>()?;
                        let lit: LitInt = input.parse()?;
                        let value: u64 = lit.base10_parse()?;
                        if !value.is_power_of_two() || value > (1 << 29) {
                            return Err(syn::Error::new_spanned(
                                &lit,
                                "`align` must be a power of two, such as 8, 16 or 64",
                            ));
                        }
                        if align_seen {
                            return Err(syn::Error::new_spanned(&ident, "`align` is given twice"));
                        }
                        align_seen = true;
                        args.align = lit;
                        if !input.is_empty() {
                            input.parse::<Token![,]>()?;
                        }
                        continue;
                    }
                    _ => {
                        return Err(syn::Error::new_spanned(
                            &ident,
                            format!("#[opaque] can give {TRAITS}, and takes `align = N`; not `{ident}`"),
                        ));
                    }
                };
                if slot.is_some() {
                    return Err(syn::Error::new_spanned(
                        &ident,
                        format!("`{ident}` is given twice"),
                    ));
                }
                *slot = Some(ident);
                if !input.is_empty() {
                    input.parse::<Token![,]>()?;
                }
            }
            Ok(args)
        };
        parser.parse2(tokens)
    }
}
