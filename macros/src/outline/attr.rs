//! Reading the arguments: of `#[outline(...)]` on an impl block or a type, on a free
//! function, and of `#[outline(skip)]` / `#[outline(?Send)]` on a method. Syntax
//! errors and repeated keys are found here; the rules (missing keys, misspellings,
//! values that name no parameter) are `valid.rs`'s.

use super::generics::Scope;
use super::keys;
use super::via::Via;
use crate::errors::Errors;
use crate::syntax::parse_off_if;
use proc_macro2::{Span, TokenStream};
use syn::parse::{Parse, ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::{Ident, Token, Type};

/// The `#[outline(...)]` arguments as read: the protocol, whose four required keys
/// `valid.rs` checks are present (the generator then reads them with
/// [`Args::erased`] and the like).
pub(crate) struct Args {
    /// The erased form of the impl's type.
    pub erased: Option<Type>,
    /// Own type by value to erased.
    pub erase: Option<Ident>,
    /// Own type by reference to erased by reference.
    pub erase_ref: Option<Ident>,
    /// Own type by mutable reference to erased by mutable reference: needed only by
    /// methods taking `&mut self`.
    pub erase_mut: Option<Ident>,
    /// Erased to own type.
    pub restore: Option<Ident>,
    /// The run-time values an erased value reports, with their accessors.
    pub values: Vec<RuntimeValue>,
    /// `off_if(predicate)`: the `cfg` predicate, evaluated in the using crate, under
    /// which the boundary is off (the helpers `#[inline]`). Never off without it.
    pub off_if: Option<TokenStream>,
    /// `enter = path`: a function each helper calls with the method's name before
    /// its body, holding what it returns (a guard) until the body is done.
    pub enter: Option<syn::Path>,
    /// Whether the arguments come from a protocol declared on the type (which checked
    /// its `D = accessor`s against the type's parameters), not written on the block.
    pub declared_on_type: bool,
    /// For a free function outlined under its type's protocol (`#[outline(Tensor)]`):
    /// the type's name, which the function's arguments and results are matched by.
    pub fn_of: Option<Ident>,
    /// `via(Trait: Type = function, ..)`: arguments bounded by `Trait` (`impl Trait`,
    /// `T: Trait`) reach the helper as `Type`, converted in the wrapper by `function`.
    pub vias: Option<Vec<Via>>,
    /// `crate = path`, on a type declaring its protocol: the path this crate names
    /// seam-macros by (`::seam` after `seam = { package = "seam-macros" }`), which the
    /// protocol macro calls `#[outline]` back through. `::seam_macros` without it.
    pub krate: Option<syn::Path>,
}

/// A run-time value: a compile-time value that a helper takes as an argument. A
/// const generic `D` (or a method's own `D2`), or an associated const `K::KIND`.
#[derive(Clone)]
pub(crate) struct RuntimeValue {
    /// `D`, or `K` in `K::KIND`.
    pub param: Ident,
    /// `KIND` in `K::KIND`; `None` for a const generic.
    pub assoc: Option<Ident>,
    /// The value's type: declared for an associated const; a const generic's comes
    /// from the generics in scope ([`Args::values_in`] fills it in).
    pub ty: Option<Type>,
    /// The erased type's method that reads the value back from a receiver; `None` for
    /// a method's own const parameter, which a forwarding method takes as it is.
    pub accessor: Option<Ident>,
}

impl RuntimeValue {
    /// `D` or `K::KIND`, for messages.
    pub fn describe(&self) -> String {
        match &self.assoc {
            Some(assoc) => format!("{}::{}", self.param, assoc),
            None => self.param.to_string(),
        }
    }

    /// The value's type, once resolved by [`Args::values_in`].
    pub fn ty(&self) -> &Type {
        self.ty
            .as_ref()
            .expect("a run-time value's type is resolved in scope")
    }

    /// The name of the helper's argument that carries the value, resolved where the
    /// user's method (`user`, a span of it) is.
    pub fn ident(&self, user: Span) -> Ident {
        let param = self.param.to_string().to_lowercase();
        let span = crate::syntax::user_site(user);
        match &self.assoc {
            Some(assoc) => quote::format_ident!(
                "__seam_{}_{}",
                param,
                assoc.to_string().to_lowercase(),
                span = span
            ),
            None => quote::format_ident!("__seam_{}", param, span = span),
        }
    }
}

/// `(a, b, ..)` after a key, each read as `T`.
fn parenthesized<T: Parse>(input: ParseStream) -> syn::Result<Vec<T>> {
    let content;
    syn::parenthesized!(content in input);
    Ok(Punctuated::<T, Token![,]>::parse_terminated(&content)?
        .into_iter()
        .collect())
}

enum Entry {
    Named(Ident, Named),
    Assoc(RuntimeValue),
    OffIf(Ident, TokenStream),
    Vias(Ident, Vec<Via>),
    /// `crate = path` (its key an ident, for the repeated-key error).
    Crate(Ident, syn::Path),
    /// The marker the type's protocol macro adds.
    OnType,
}

/// The value of `name = value`.
enum Named {
    Type(Type),
    Ident(Ident),
    Path(syn::Path),
}

impl Parse for Entry {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.peek(Token![crate]) {
            let key = Ident::new("crate", input.parse::<Token![crate]>()?.span);
            input.parse::<Token![=]>()?;
            return Ok(Entry::Crate(key, input.parse()?));
        }
        let first: Ident = input.parse()?;
        if input.peek(Token![::]) {
            input.parse::<Token![::]>()?;
            let assoc: Ident = input.parse()?;
            input.parse::<Token![:]>().map_err(|e| {
                syn::Error::new(
                    e.span(),
                    format!("expected `{first}::{assoc}: Type = accessor` (the const's type is needed)"),
                )
            })?;
            let ty: Type = input.parse()?;
            input.parse::<Token![=]>()?;
            let accessor: Ident = input.parse()?;
            return Ok(Entry::Assoc(RuntimeValue {
                param: first,
                assoc: Some(assoc),
                ty: Some(ty),
                accessor: Some(accessor),
            }));
        }
        if first == keys::OFF_IF {
            return Ok(Entry::OffIf(first, parse_off_if(input)?));
        }
        if first == keys::DECLARED_ON_TYPE {
            return Ok(Entry::OnType);
        }
        if first == keys::KINDS {
            return Err(syn::Error::new(
                first.span(),
                "kinds are declared with their trait, next to its impls: `#[outline(kinds(A, B))]` \
                 on `trait Numeric`; a body's `K::f(..)` is dispatched over the kinds of `K`'s bound",
            ));
        }
        if first == keys::VIA && input.peek(syn::token::Paren) {
            return Ok(Entry::Vias(first, parenthesized(input)?));
        }
        if first == keys::SKIP {
            return Err(syn::Error::new(
                first.span(),
                "`skip` belongs on a method: write `#[outline(skip)]` above the method to keep generic",
            ));
        }
        if !input.peek(Token![=]) {
            return Err(syn::Error::new(
                first.span(),
                format!(
                    "expected `{first} = ..`: #[outline] takes `erased = Type`, `erase = method`, \
                     `erase_ref = method`, `erase_mut = method`, `restore = function`, `D = accessor` \
                     per const generic, `enter = function`, `via(Trait: Type = function)` and \
                     `off_if(cfg predicate)` (kinds are declared on their trait: `#[outline(kinds(A, B))]`)"
                ),
            ));
        }
        input.parse::<Token![=]>()?;
        if first == keys::ERASED {
            Ok(Entry::Named(first, Named::Type(input.parse()?)))
        } else if first == keys::ENTER {
            Ok(Entry::Named(first, Named::Path(input.parse()?)))
        } else {
            Ok(Entry::Named(first, Named::Ident(input.parse()?)))
        }
    }
}

impl Args {
    /// The arguments of `#[outline]` on a free function, which has no erased type:
    /// none of the protocol is ever called.
    pub fn free(off_if: Option<TokenStream>) -> Self {
        let none = Ident::new("__seam_no_erased_type", Span::call_site());
        Args {
            erased: Some(syn::parse_quote!(())),
            erase: Some(none.clone()),
            erase_ref: Some(none.clone()),
            erase_mut: None,
            restore: Some(none),
            values: Vec::new(),
            off_if,
            enter: None,
            vias: None,
            declared_on_type: false,
            fn_of: None,
            krate: None,
        }
    }

    /// Reads the attribute's arguments; a syntax error is the `Err`, a key given
    /// twice goes to `errors`.
    pub fn parse(tokens: TokenStream, errors: &mut Errors) -> syn::Result<Self> {
        let entries = Punctuated::<Entry, Token![,]>::parse_terminated.parse2(tokens)?;
        let mut args = Args {
            erased: None,
            erase: None,
            erase_ref: None,
            erase_mut: None,
            restore: None,
            values: Vec::new(),
            off_if: None,
            enter: None,
            vias: None,
            declared_on_type: false,
            fn_of: None,
            krate: None,
        };
        for entry in entries {
            match entry {
                Entry::Assoc(value) => args.values.push(value),
                Entry::OffIf(key, predicate) => set(&mut args.off_if, &key, predicate, errors),
                Entry::Vias(key, vias) => set(&mut args.vias, &key, vias, errors),
                Entry::Crate(key, path) => set(&mut args.krate, &key, path, errors),
                Entry::OnType => args.declared_on_type = true,
                Entry::Named(key, Named::Type(ty)) => set(&mut args.erased, &key, ty, errors),
                Entry::Named(key, Named::Path(path)) => set(&mut args.enter, &key, path, errors),
                Entry::Named(key, Named::Ident(value)) => match key.to_string().as_str() {
                    keys::FN_OF => args.fn_of = Some(value),
                    keys::ERASE => set(&mut args.erase, &key, value, errors),
                    keys::ERASE_REF => set(&mut args.erase_ref, &key, value, errors),
                    keys::ERASE_MUT => set(&mut args.erase_mut, &key, value, errors),
                    keys::RESTORE => set(&mut args.restore, &key, value, errors),
                    // Any other single name is a const generic of the impl (or a
                    // misspelled key): `valid.rs` checks which.
                    _ => args.values.push(RuntimeValue {
                        param: key,
                        assoc: None,
                        ty: None,
                        accessor: Some(value),
                    }),
                },
            }
        }
        Ok(args)
    }

    /// The erased type (validated present).
    pub fn erased(&self) -> &Type {
        self.erased.as_ref().expect("validated: `erased` is given")
    }

    /// The conversion by value (validated present).
    pub fn erase(&self) -> &Ident {
        self.erase.as_ref().expect("validated: `erase` is given")
    }

    /// The conversion by reference (validated present).
    pub fn erase_ref(&self) -> &Ident {
        self.erase_ref.as_ref().expect("validated: `erase_ref` is given")
    }

    /// The restoring function (validated present).
    pub fn restore(&self) -> &Ident {
        self.restore.as_ref().expect("validated: `restore` is given")
    }

    /// The declared conversions (none when `via(..)` is not given).
    pub fn vias(&self) -> &[Via] {
        self.vias.as_deref().unwrap_or_default()
    }

    /// The run-time values a method's body may use: those declared for the generic
    /// parameters in `scope` (their types filled in), then the method's own const
    /// parameters.
    pub fn values_in(&self, scope: &Scope) -> Vec<RuntimeValue> {
        let declared = self.values.iter().filter_map(|value| {
            let ty = match &value.ty {
                Some(ty) => ty.clone(),
                // `valid.rs` reports a `D = accessor` whose `D` is no const in scope.
                None => scope.consts.iter().find(|(c, _)| *c == value.param)?.1.clone(),
            };
            Some(RuntimeValue {
                ty: Some(ty),
                ..value.clone()
            })
        });
        let own = scope.method_consts.iter().map(|(param, ty)| RuntimeValue {
            param: param.clone(),
            assoc: None,
            ty: Some(ty.clone()),
            accessor: None,
        });
        declared.chain(own).collect()
    }
}

/// Whether an attribute's arguments declare `erase_mut`, read from the tokens: known
/// also when they do not parse, so that a `&mut self` method's error is right.
pub(crate) fn declares_erase_mut(args: &TokenStream) -> bool {
    args.clone()
        .into_iter()
        .any(|t| matches!(t, proc_macro2::TokenTree::Ident(i) if i == keys::ERASE_MUT))
}

fn set<T>(slot: &mut Option<T>, key: &Ident, value: T, errors: &mut Errors) {
    if slot.is_some() {
        errors.push(syn::Error::new(key.span(), format!("`{key}` is given twice")));
    }
    *slot = Some(value);
}

/// What `#[outline(..)]` on a method asks for.
#[derive(Default)]
pub(crate) struct MethodOptions {
    /// `#[outline(skip)]`: keep the method generic, as written.
    pub skip: bool,
    /// `#[outline(?Send)]` on an `async fn`: its boxed future is not `Send`.
    pub not_send: Option<Span>,
}

/// Reads and removes the `#[outline(skip)]` and `#[outline(?Send)]` attributes of a
/// method. Any other `#[outline(..)]` on a method is an error.
pub(crate) fn take_method_options(attrs: &mut Vec<syn::Attribute>) -> syn::Result<MethodOptions> {
    let mut options = MethodOptions::default();
    let mut errors = Errors::default();
    attrs.retain(|attr| {
        if !attr.path().is_ident("outline") {
            return true;
        }
        let parsed = attr.parse_args_with(|input: ParseStream| {
            if let Some(question) = input.parse::<Option<Token![?]>>()? {
                let send: Ident = input.parse()?;
                if send != "Send" {
                    return Err(syn::Error::new(send.span(), "expected `?Send`"));
                }
                options.not_send = Some(question.span);
                return Ok(());
            }
            let ident: Ident = input.parse()?;
            if ident != keys::SKIP {
                return Err(syn::Error::new(
                    ident.span(),
                    "the options on a method are `#[outline(skip)]` and, on an `async fn`, `#[outline(?Send)]`",
                ));
            }
            options.skip = true;
            Ok(())
        });
        if let Err(e) = parsed {
            errors.push(e);
        }
        false
    });
    errors.finish(options)
}

/// The arguments of `#[outline]` on a free function: `?Send` and `off_if(predicate)`,
/// each at most once, in any order.
pub(crate) fn free_options(args: TokenStream) -> syn::Result<(Option<Span>, Option<TokenStream>)> {
    let parser = |input: ParseStream| {
        let (mut not_send, mut off_if) = (None, None);
        while !input.is_empty() {
            if input.peek(Token![?]) && not_send.is_none() {
                let question: Token![?] = input.parse()?;
                let send: Ident = input.parse()?;
                if send != "Send" {
                    return Err(syn::Error::new(send.span(), "expected `?Send`"));
                }
                not_send = Some(question.span);
            } else {
                let at = input.span();
                let name = input
                    .parse::<Ident>()
                    .ok()
                    .filter(|name| name == keys::OFF_IF && off_if.is_none());
                if name.is_none() {
                    return Err(syn::Error::new(
                        at,
                        "#[outline] on a free function takes no protocol's arguments: the name of a type \
                         that declares one (`#[outline(Tensor)]`), or, with no erased type, only `?Send` on \
                         an `async fn` whose future is not `Send`, and `off_if(cfg predicate)`",
                    ));
                }
                off_if = Some(parse_off_if(input)?);
            }
            if !input.is_empty() {
                input.parse::<Token![,]>()?;
            }
        }
        Ok((not_send, off_if))
    };
    parser.parse2(args)
}
