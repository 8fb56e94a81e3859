//! The arguments of `#[outline(...)]` and of `#[outline(skip)]` on a method.

use proc_macro2::{Span, TokenStream};
use syn::parse::{Parse, ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::{Ident, Token, Type};

/// The parsed `#[outline(...)]` arguments.
pub(crate) struct Args {
    /// The erased form of the impl's type.
    pub erased: Type,
    /// Own type by value to erased.
    pub erase: Ident,
    /// Own type by reference to erased by reference.
    pub erase_ref: Ident,
    /// Own type by mutable reference to erased by mutable reference: needed only by
    /// methods taking `&mut self`.
    pub erase_mut: Option<Ident>,
    /// Erased to own type.
    pub restore: Ident,
    /// How an erased value reports each compile-time value at run time.
    pub runtime: Vec<Runtime>,
    /// `off_if(predicate)`: the `cfg` predicate, evaluated in the using crate, under
    /// which the boundary is off (the helpers `#[inline]`). Never off without it.
    pub off_if: Option<TokenStream>,
}

/// A compile-time value (a const generic `D`, or an associated const `K::KIND`) and
/// the erased type's method that reads it back.
pub(crate) struct Runtime {
    /// `D`, or `K` in `K::KIND`.
    pub param: Ident,
    /// `KIND` in `K::KIND`; `None` for a const generic.
    pub assoc: Option<Ident>,
    /// The value's type, for an associated const (a const generic's type comes from
    /// the impl's generics).
    pub ty: Option<Type>,
    /// The erased type's accessor.
    pub accessor: Ident,
}

impl Runtime {
    /// `D` or `K::KIND`, for messages.
    pub fn describe(&self) -> String {
        match &self.assoc {
            Some(assoc) => format!("{}::{}", self.param, assoc),
            None => self.param.to_string(),
        }
    }
}

enum Entry {
    Named(Ident, Value),
    Runtime(Runtime),
    OffIf(Ident, TokenStream),
}

enum Value {
    Type(Type),
    Ident(Ident),
}

impl Parse for Entry {
    fn parse(input: ParseStream) -> syn::Result<Self> {
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
            return Ok(Entry::Runtime(Runtime {
                param: first,
                assoc: Some(assoc),
                ty: Some(ty),
                accessor,
            }));
        }
        if first == "off_if" {
            return Ok(Entry::OffIf(first, crate::parse_off_if(input)?));
        }
        if first == "skip" {
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
                     `erase_ref = method`, `restore = function`, `D = accessor` per const generic, \
                     and `off_if(cfg predicate)`"
                ),
            ));
        }
        input.parse::<Token![=]>()?;
        if first == "erased" {
            Ok(Entry::Named(first, Value::Type(input.parse()?)))
        } else {
            Ok(Entry::Named(first, Value::Ident(input.parse()?)))
        }
    }
}

impl Args {
    /// The arguments of `#[outline]` on a free function, which has no erased type:
    /// none of the protocol is ever called.
    pub fn free(off_if: Option<TokenStream>) -> Self {
        let none = Ident::new("__seam_no_erased_type", Span::call_site());
        Args {
            erased: syn::parse_quote!(()),
            erase: none.clone(),
            erase_ref: none.clone(),
            erase_mut: None,
            restore: none,
            runtime: Vec::new(),
            off_if,
        }
    }

    /// Parses the attribute's arguments; every missing or unknown key is reported.
    pub fn parse(tokens: TokenStream) -> syn::Result<Self> {
        let entries = Punctuated::<Entry, Token![,]>::parse_terminated.parse2(tokens)?;
        let mut erased = None;
        let (mut erase, mut erase_ref, mut erase_mut, mut restore) = (None, None, None, None);
        let mut runtime = Vec::new();
        let mut off_if = None;
        let mut errors = Errors::default();
        for entry in entries {
            match entry {
                Entry::Runtime(r) => runtime.push(r),
                Entry::OffIf(key, predicate) => set(&mut off_if, &key, predicate, &mut errors),
                Entry::Named(key, Value::Type(ty)) => set(&mut erased, &key, ty, &mut errors),
                Entry::Named(key, Value::Ident(value)) => match key.to_string().as_str() {
                    "erase" => set(&mut erase, &key, value, &mut errors),
                    "erase_ref" => set(&mut erase_ref, &key, value, &mut errors),
                    "erase_mut" => set(&mut erase_mut, &key, value, &mut errors),
                    "restore" => set(&mut restore, &key, value, &mut errors),
                    // Any other single name is a const generic of the impl; `ast`
                    // checks that it is one.
                    _ => runtime.push(Runtime {
                        param: key,
                        assoc: None,
                        ty: None,
                        accessor: value,
                    }),
                },
            }
        }
        // A misspelled key (`erse = ..`) reads as a const generic's accessor: name it.
        const KEYS: [&str; 5] = ["erased", "erase", "erase_ref", "erase_mut", "restore"];
        for r in runtime.iter().filter(|r| r.assoc.is_none()) {
            let name = r.param.to_string();
            let nearest = KEYS.iter().min_by_key(|k| edit_distance(&name, k));
            if let Some(key) = nearest.filter(|k| edit_distance(&name, k) <= 2) {
                errors.push(syn::Error::new(
                    r.param.span(),
                    format!("unknown argument `{name}`: did you mean `{key}`?"),
                ));
            }
        }
        for (missing, hint) in [
            (erased.is_none(), "erased = ErasedType"),
            (erase.is_none(), "erase = method_of_the_type_taking_self"),
            (
                erase_ref.is_none(),
                "erase_ref = method_of_the_type_taking_ref_self",
            ),
            (restore.is_none(), "restore = associated_fn_from_erased"),
        ] {
            if missing {
                errors.push(syn::Error::new(
                    Span::call_site(),
                    format!("#[outline] needs `{hint}` in its arguments"),
                ));
            }
        }
        errors.finish()?;
        Ok(Args {
            erased: erased.unwrap(),
            erase: erase.unwrap(),
            erase_ref: erase_ref.unwrap(),
            erase_mut,
            restore: restore.unwrap(),
            runtime,
            off_if,
        })
    }
}

/// The Levenshtein distance between two short names.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
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
            if ident != "skip" {
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
    errors.finish().map(|()| options)
}

/// Errors gathered so that all of them are reported at once.
#[derive(Default)]
pub(crate) struct Errors(Option<syn::Error>);

impl Errors {
    /// Adds one error.
    pub fn push(&mut self, err: syn::Error) {
        match &mut self.0 {
            Some(all) => all.combine(err),
            None => self.0 = Some(err),
        }
    }

    /// Adds the error of `result`, if any, and returns its value.
    pub fn check<T>(&mut self, result: syn::Result<T>) -> Option<T> {
        result.map_err(|e| self.push(e)).ok()
    }

    /// `Ok` if nothing was pushed, otherwise all errors combined.
    pub fn finish(self) -> syn::Result<()> {
        match self.0 {
            Some(err) => Err(err),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::edit_distance;

    #[test]
    fn edit_distance_counts_insertions_deletions_and_substitutions() {
        assert_eq!(edit_distance("erase", "erase"), 0);
        assert_eq!(edit_distance("erse", "erase"), 1);
        assert_eq!(edit_distance("erase_rf", "erase_ref"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("abc", "xyz"), 3);
        assert_eq!(edit_distance("", "restore"), 7);
        assert_eq!(edit_distance("restore", ""), 7);
        assert_eq!(edit_distance("xrestore", "restore"), 1);
    }
}
