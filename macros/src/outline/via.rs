//! `via(Trait: Type = function, ..)`: a conversion the library declares, read from the
//! attribute (`attr.rs`) and carried by the scope of generic parameters
//! (`generics.rs`), which match argument bounds against it.

use crate::syntax::last_ident;
use syn::parse::{Parse, ParseStream};
use syn::{Ident, Token, Type};

/// `AsIndex: isize = as_index` in `via(..)`: a conversion the library declares.
#[derive(Clone)]
pub(crate) struct Via {
    /// The trait an argument is bounded by (matched by its last segment).
    pub trait_: syn::Path,
    /// The concrete type the helper takes.
    pub target: Type,
    /// The function the wrapper calls on an argument: `fn(impl Trait) -> Type`.
    pub function: syn::Path,
    /// The function the wrapper calls on a result, when declared as the second of
    /// `(function, back)`: `fn<T: Trait>(Type) -> T`, so that a method may return its
    /// own type parameter (`fn into_scalar<E: Element>(self) -> E`).
    pub back: Option<syn::Path>,
}

impl Parse for Via {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let trait_: syn::Path = input.parse()?;
        input.parse::<Token![:]>().map_err(|e| {
            syn::Error::new(
                e.span(),
                "expected `Trait: Type = function` (the type the helper takes, and the function that converts to it)",
            )
        })?;
        let target: Type = input.parse()?;
        input.parse::<Token![=]>()?;
        let (function, back) = if input.peek(syn::token::Paren) {
            let content;
            syn::parenthesized!(content in input);
            let function: syn::Path = content.parse()?;
            content.parse::<Token![,]>()?;
            let back: syn::Path = content.parse()?;
            content.parse::<Option<Token![,]>>()?;
            (function, Some(back))
        } else {
            (input.parse()?, None)
        };
        Ok(Via {
            trait_,
            target,
            function,
            back,
        })
    }
}

impl Via {
    /// The trait's name, which a bound's last segment is matched against.
    pub fn name(&self) -> &Ident {
        last_ident(&self.trait_)
    }
}
