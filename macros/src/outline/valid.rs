//! Validation: every rule about what `#[outline]` can outline, checked on the model
//! that reading built (`attr.rs`, `ast.rs`) before anything is generated. All rules
//! report into one [`Errors`], so a build shows every mistake at once; the generator
//! runs only on a model that passed, and checks nothing itself.

use super::ast::{Impl, Item, Method, Receiver};
use super::attr::Args;
use super::body::{self, Body, BodyIssue};
use super::form::Unsupported;
use super::generics::Scope;
use super::keys;
use crate::errors::Errors;
use crate::syntax::edit_distance;
use proc_macro2::{Span, TokenStream};

/// Where a method that cannot be outlined is sent.
const REDIRECT: &str = "; to keep it generic, add `#[outline(skip)]` (on a function: remove `#[outline]`)";

/// The arguments of an impl's `#[outline(..)]`: a misspelled key (which reads as a
/// const generic's accessor) and each missing key. Whether they passed.
pub(crate) fn args(args: &Args, errors: &mut Errors) -> bool {
    let before = errors.is_empty();
    let erased = erased_type(args, errors);
    let suggested = misspelled_keys(args, errors);
    missing_keys(args, &suggested, errors) && erased && suggested.is_empty() && before
}

/// `erased = Type` of a type the helpers cannot take by value. Whether it passed.
pub(crate) fn erased_type(args: &Args, errors: &mut Errors) -> bool {
    let Some((ty, what)) = args
        .erased
        .as_ref()
        .and_then(|ty| crate::syntax::unsized_or_unnamed(ty).map(|what| (ty, what)))
    else {
        return true;
    };
    errors.at(
        ty,
        format!("`erased` is taken by value by the helpers, so it is a sized, named type, not {what}"),
    );
    false
}

/// A misspelled key, which reads as a const generic's accessor: the keys offered as
/// the fixes (none when nothing is misspelled).
pub(crate) fn misspelled_keys(args: &Args, errors: &mut Errors) -> Vec<&'static str> {
    let mut suggested = Vec::new();
    for value in args.values.iter().filter(|v| v.assoc.is_none()) {
        let name = value.param.to_string();
        let nearest = keys::PROTOCOL.iter().min_by_key(|k| edit_distance(&name, k));
        if let Some(key) = nearest.filter(|k| edit_distance(&name, k) <= 2) {
            suggested.push(*key);
            errors.at(
                &value.param,
                format!("unknown argument `{name}`: did you mean `{key}`?"),
            );
        }
    }
    suggested
}

/// Each conversion key the arguments lack (where no struct implies it), but those
/// already offered as the fix of a misspelling (`suggested`). Whether none.
pub(crate) fn missing_keys(args: &Args, suggested: &[&str], errors: &mut Errors) -> bool {
    let mut passed = true;
    for (missing, key, hint) in [
        (args.erased.is_none(), keys::ERASED, "erased = ErasedType"),
        (
            args.erase.is_none(),
            keys::ERASE,
            "erase = method_of_the_type_taking_self",
        ),
        (
            args.erase_ref.is_none(),
            keys::ERASE_REF,
            "erase_ref = method_of_the_type_taking_ref_self",
        ),
        (
            args.restore.is_none(),
            keys::RESTORE,
            "restore = associated_fn_from_erased",
        ),
    ] {
        // A key offered as the fix of a misspelling is not reported missing as well.
        if missing && !suggested.contains(&key) {
            passed = false;
            errors.push(syn::Error::new(
                Span::call_site(),
                format!("#[outline] needs `{hint}` in its arguments"),
            ));
        }
    }
    passed
}

/// `crate = path` written on a block with the whole protocol: nothing calls
/// `#[outline]` back there, so it would be silently unused.
fn crate_path(args: &Args, errors: &mut Errors) {
    if let Some(path) = args.krate.as_ref().filter(|_| !args.declared_on_type) {
        errors.at(
            path,
            "`crate = ..` belongs on the type that declares the protocol: it is the path that type's \
             protocol macro calls `#[outline]` back by; a block with the whole protocol is expanded in place",
        );
    }
}

/// An impl block: each method's signature; then, with arguments that passed, the
/// run-time values the arguments declare and each outlined body.
pub(crate) fn impl_block(
    protocol: Option<(&Args, &[Body])>,
    erase_mut: bool,
    imp: &Impl,
    errors: &mut Errors,
) {
    for item in &imp.items {
        match item {
            Item::Outlined(method) => signature(method, erase_mut, errors),
            Item::Unread(error) => errors.push(error.clone()),
            Item::Kept(_) => {}
        }
    }
    let Some((args, bodies)) = protocol else { return };
    crate_path(args, errors);
    runtime_values(args, imp, errors);
    let unforwarded = unforwarded_methods(imp);
    let uncallable = uncallable_methods(imp, bodies);
    for (method, body) in imp.methods().zip(bodies) {
        for issue in &body.rewritten.issues {
            match issue {
                // A `Self::` call of a method of this block that is not callable: its
                // own errors say why; without any, the two call each other.
                BodyIssue::ForeignSelfCall(name) => match uncallable.get(&name.to_string()) {
                    Some(true) => {}
                    Some(false) => errors.push(syn::Error::new(
                        name.span(),
                        format!(
                            "`Self::{name}(..)` in an outlined body: `{name}` is in a cycle of methods \
                             calling each other through `Self::`, which cannot pass their run-time \
                             values around; call one of them on a value (`value.{name}(..)`), or \
                             break the cycle"
                        ),
                    )),
                    None => errors.push(body_issue(issue, &method.scope)),
                },
                _ => errors.push(body_issue(issue, &method.scope)),
            }
        }
        for name in body::calls_on_self(&method.func.block, &unforwarded) {
            errors.push(syn::Error::new(
                name.span(),
                format!(
                    "`{name}` is private or `#[outline(skip)]`, so it gets no forwarding method and an \
                     outlined body cannot call it on the erased `self`; make it `pub` (and outlined), \
                     or move what it does into a function both can call"
                ),
            ));
        }
    }
}

/// The block's methods that a body could call as `Self::f(..)` (receiver-less, of an
/// inherent block, without const generics) but cannot, as their bodies have issues:
/// each with whether those explain it (an issue of its own, or a `Self::` call of
/// one so explained) rather than a cycle of `Self::` calls.
fn uncallable_methods(imp: &Impl, bodies: &[Body]) -> std::collections::BTreeMap<String, bool> {
    if imp.item.trait_.is_some() {
        return Default::default();
    }
    let uncallable: Vec<(String, &[BodyIssue])> = imp
        .methods()
        .zip(bodies)
        .filter(|(m, b)| m.self_callable() && !b.rewritten.issues.is_empty())
        .map(|(m, b)| (m.func.sig.ident.to_string(), b.rewritten.issues.as_slice()))
        .collect();
    let mut explained = std::collections::BTreeMap::new();
    loop {
        let before = explained.len();
        for (name, issues) in &uncallable {
            let why = issues.iter().any(|issue| match issue {
                BodyIssue::ForeignSelfCall(callee) => {
                    let callee = callee.to_string();
                    !uncallable.iter().any(|(n, _)| *n == callee) || explained.contains_key(&callee)
                }
                _ => true,
            });
            if why {
                explained.insert(name.clone(), true);
            }
        }
        if explained.len() == before {
            break;
        }
    }
    uncallable
        .into_iter()
        .map(|(name, _)| {
            let why = explained.contains_key(&name);
            (name, why)
        })
        .collect()
}

/// The block's methods with a receiver that get no forwarding method: the private
/// ones and those under `#[outline(skip)]`.
fn unforwarded_methods(imp: &Impl) -> Vec<String> {
    imp.items
        .iter()
        .filter_map(|item| match item {
            Item::Kept(syn::ImplItem::Fn(f)) if f.sig.receiver().is_some() => Some(f.sig.ident.to_string()),
            _ => None,
        })
        .collect()
}

/// A free function: its signature and its body.
pub(crate) fn free_fn(func: &Method, body: &Body, errors: &mut Errors) {
    signature(func, false, errors);
    method_body(body, func, errors);
}

/// What a method's signature asks that no wrapper and helper can give.
fn signature(method: &Method, erase_mut: bool, errors: &mut Errors) {
    let sig = &method.func.sig;
    for lifetimes in &method.scope.higher_ranked {
        errors.at(
            lifetimes,
            "#[outline] does not support higher-ranked bounds on a method's type parameter",
        );
    }
    if let Some(constness) = &sig.constness {
        errors.at(
            constness,
            format!("a `const fn` cannot call its non-const helper{REDIRECT}"),
        );
    }
    if let syn::Safety::Unsafe(unsafety) = &sig.safety {
        errors.at(
            unsafety,
            format!(
                "#[outline] does not outline `unsafe fn`: its contract would not reach the helper{REDIRECT}"
            ),
        );
    }
    if let Some(abi) = &sig.abi {
        errors.at(
            abi,
            format!("#[outline] does not outline `extern` methods{REDIRECT}"),
        );
    }
    if let Some(variadic) = &sig.variadic {
        errors.at(variadic, "variadic methods cannot be outlined");
    }
    if let Some(receiver) = sig.receiver() {
        match method.receiver {
            Some(Receiver::Mut) if !erase_mut => errors.at(
                receiver,
                format!(
                    "`&mut self` needs `erase_mut = method` in #[outline(..)]: a method of the \
                     type taking `&mut self` and giving the erased value by `&mut`{REDIRECT}"
                ),
            ),
            Some(Receiver::Typed) => errors.at(
                receiver,
                format!("#[outline] takes `self`, `&self` or `&mut self` as the receiver{REDIRECT}"),
            ),
            _ => {}
        }
    }
    for found in &method.unsupported {
        errors.push(unsupported(found, &method.scope));
    }
    if let Some(span) = method.not_send
        && sig.asyncness.is_none()
    {
        errors.push(syn::Error::new(
            span,
            match method.future {
                Some(_) => "`#[outline(?Send)]` is for an `async fn`; a returned `impl Future` is `Send` when it says `+ Send`: remove one or the other",
                None => "`#[outline(?Send)]` is for an `async fn`, whose future the helper boxes; remove it here",
            },
        ));
    }
}

/// Every `D = accessor` names a const generic of this impl (a `K::KIND: T = accessor`
/// may belong to another impl sharing the arguments, where it is simply unused), and
/// no forwarding method takes an accessor's name (it would replace it, and call
/// itself).
fn runtime_values(args: &Args, imp: &Impl, errors: &mut Errors) {
    // A protocol declared on the type was checked against the type's parameters; a
    // block may fix one of them (`impl Tensor<1, Int>`).
    for value in args
        .values
        .iter()
        .filter(|v| v.assoc.is_none() && !args.declared_on_type)
    {
        if !imp.scope.is_const(&value.param) {
            errors.at(
                &value.param,
                format!(
                    "`{}` is not an argument of #[outline] nor a const generic parameter of this impl",
                    value.describe()
                ),
            );
        }
    }
    for method in imp.methods().filter(|m| m.receiver.is_some()) {
        let name = &method.func.sig.ident;
        if let Some(value) = args.values.iter().find(|v| v.accessor.as_ref() == Some(name)) {
            errors.at(
                name,
                format!(
                    "`{name}` is also the accessor that reads `{}` back from the erased type; the forwarding \
                     method of this method would take its name: rename one of them",
                    value.describe()
                ),
            );
        }
    }
}

/// Every `D = accessor` of a protocol declared on a type names a const generic of
/// the type.
pub(crate) fn type_values(args: &Args, generics: &syn::Generics, errors: &mut Errors) {
    for value in args.values.iter().filter(|v| v.assoc.is_none()) {
        let known = generics.const_params().any(|c| c.ident == value.param);
        if !known {
            errors.at(
                &value.param,
                format!(
                    "`{}` is not an argument of #[outline] nor a const generic parameter of this type",
                    value.describe()
                ),
            );
        }
    }
}

/// What a method's body uses that its non-generic helper cannot have.
fn method_body(body: &Body, method: &Method, errors: &mut Errors) {
    for issue in &body.rewritten.issues {
        errors.push(body_issue(issue, &method.scope));
    }
}

fn body_issue(issue: &BodyIssue, scope: &Scope) -> syn::Error {
    match issue {
        BodyIssue::Undeclared(ident) => syn::Error::new_spanned(
            ident,
            format!(
                "`{ident}` is used as a value here; declare how an erased value reads it back \
                 with `{ident} = accessor` in #[outline(..)]"
            ),
        ),
        BodyIssue::ForeignSelfCall(name) => syn::Error::new(
            name.span(),
            format!(
                "`Self::{name}(..)` in an outlined body: the helper has no `Self`, and `Self::` \
                 reaches only this block's public methods without `self`; call `{name}` on a \
                 value (`value.{name}(..)`), or, if it is such a method of another block, move \
                 it into this one"
            ),
        ),
        BodyIssue::Generic { tokens, in_type } => generic_in_body(tokens, *in_type, scope),
        BodyIssue::Undispatched { call } => {
            let message = format!(
                "`{}` calls a kind's function where the kind is known only at run time; bound the \
                 parameter by its sealed kind trait, declared with the types that implement it: \
                 `#[outline(kinds(A, B))] trait Numeric`",
                call.to_string().replace(' ', "")
            );
            syn::Error::new_spanned(call, message)
        }
        BodyIssue::Ambiguous { call, bounds } => {
            let message = format!(
                "`{}`: the kind has more than one bound ({}); write `<K as Trait>::function(..)` to \
                 say which trait's kinds the call is dispatched over",
                call.to_string().replace(' ', ""),
                quoted(bounds)
            );
            syn::Error::new_spanned(call, message)
        }
    }
}

/// A generic parameter (or `Self`) in a type or const position of an outlined body,
/// with the way out that fits what it names.
fn generic_in_body(tokens: &TokenStream, in_type: bool, scope: &Scope) -> syn::Error {
    let name = tokens.to_string();
    let hint = if name == "Self" {
        "name the erased type instead of `Self`".to_string()
    } else if scope.is_method_type(&name) {
        "inside the helper the argument is already converted to its concrete type: name \
         that type, or keep the method generic with `#[outline(skip)]`"
            .to_string()
    } else {
        let example = match scope.types.iter().any(|t| *t == name) {
            true => format!(" such as `{name}::KIND: Type = accessor`"),
            false => String::new(),
        };
        format!(
            "move this into a method that stays generic (`#[outline(skip)]`), or use a run-time \
             value declared in #[outline(..)]{example}"
        )
    };
    let what = match name.as_str() {
        "Self" => "`Self`".to_string(),
        _ => format!("generic parameter `{name}`"),
    };
    let position = if in_type {
        "type position"
    } else {
        "const position"
    };
    syn::Error::new_spanned(
        tokens,
        format!(
            "{what} used in a {position} inside an outlined body, which is compiled once for \
             all values of the impl's generic parameters; {hint}"
        ),
    )
}

/// `a`, `b` and `c` as "`a`, `b`, `c`".
fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What results may be, for the error of one that cannot.
const RETURN_HINT: &str = "return the impl's own type (at any parameters), an array sized by a \
     const generic, a concrete type, or a `Vec`, `Option`, `Result` or tuple of these";

fn unsupported(found: &Unsupported, scope: &Scope) -> syn::Error {
    let at = |tokens: &dyn quote::ToTokens, message: &str| syn::Error::new_spanned(tokens, message);
    match found {
        Unsupported::Generic(tokens) => generic_in_signature(tokens, scope),
        Unsupported::OwnRef(ty) => at(
            ty,
            "a reference to the impl's type can only be an argument: erased values are restored by value",
        ),
        Unsupported::OwnMut(ty) => at(
            ty,
            "#[outline] passes the impl's type by value or by `&`; take it by value and return it \
             instead of `&mut`",
        ),
        Unsupported::ImplTrait(ty) => at(
            ty,
            &format!("#[outline] cannot outline an `impl Trait` here; {RETURN_HINT}"),
        ),
        Unsupported::BorrowedArrayOfForms(elem) => at(
            elem,
            "a borrowed array sized by a const generic must hold plain values; pass the array by \
             value to convert its elements",
        ),
        Unsupported::BorrowedConversion(ty) => at(
            ty,
            "#[outline] takes closures as `impl Fn(..)`, `&impl Fn(..)`, `impl FnMut(..)` or \
             `&mut impl FnMut(..)`; take other conversions by value",
        ),
        Unsupported::Bound(tokens) => at(
            tokens,
            "#[outline] converts arguments bounded by one of `Into<T>`, `AsRef<T>`, `AsMut<T>`, \
             `IntoIterator<Item = T>` (T concrete, or the impl's type for `IntoIterator`), \
             `Fn(..)` or `FnMut(..)` in the wrapper, and a trait of the library's own declared with \
             `via(Trait: Type = function)` in the protocol; other bounds would keep the helper \
             generic (to keep it generic: `#[outline(skip)]` on a method, no `#[outline]` on a function)",
        ),
        Unsupported::FnOnce(bound) => at(
            bound,
            "an `FnOnce` closure cannot be passed to the helper as `&dyn`; take `impl FnMut(..)` \
             or `impl Fn(..)` instead",
        ),
        Unsupported::GenericClosure(tokens) => at(
            tokens,
            "a closure's argument and result types must be concrete to reach the non-generic \
             helper as `&dyn Fn`",
        ),
        Unsupported::GenericTarget(tokens) => at(
            tokens,
            "the target of the conversion must be concrete to reach the non-generic helper",
        ),
    }
}

fn generic_in_signature(tokens: &TokenStream, scope: &Scope) -> syn::Error {
    let name = tokens.to_string();
    let message = if scope.is_method_type(&name) {
        format!(
            "the method's type parameter `{name}` cannot reach the non-generic helper; it can only \
             be the whole type of an argument bounded by `Into<T>`, `AsRef<T>`, `AsMut<T>`, \
             `Fn(..)`, `FnMut(..)` or `IntoIterator<Item = T>`, which the wrapper converts, or, \
             bounded by a trait declared with `via(..)`, an argument or an argument's element \
             (`[I; N]`, `&[I]`, `Vec<I>`)"
        )
    } else if name == "Self" {
        "`Self` crosses the boundary as the whole type, or inside a `Vec`, `Option`, `Result`, \
         tuple or array; as an argument also as `&Self`, `&[Self]` or `Option<&Self>`; write one \
         of these (a `Box<Self>` as `Self`), or keep the method generic with `#[outline(skip)]`"
            .to_string()
    } else {
        format!(
            "the generic parameter `{name}` cannot reach the non-generic helper; use the impl's own \
             type, a concrete type, or an `impl Into<ConcreteType>` argument"
        )
    };
    syn::Error::new_spanned(tokens, message)
}
