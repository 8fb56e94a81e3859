//! How each argument and the result of a method cross the boundary, read from their
//! types: which parts are the impl's own type (erased, restored), which are arrays
//! sized by a const generic (carried as `Vec`s), which are conversions done in the
//! wrapper (`impl Into<T>`, `impl Fn(..)`, ...), and which pass as they are.

use super::generics::Scope;
use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::{GenericArgument, PathArguments, Token, Type, TypeParamBound};

/// A type's form: a tree whose leaves are the impl's own type or plain types, and whose
/// inner nodes are the containers the macro maps over.
pub(crate) enum Form {
    /// A type with nothing to convert, passed as it is.
    Plain(Type),
    /// The impl's own type, at any value of its parameters (as written: `Self`,
    /// `Tensor<D2, Bool>`): erased in the wrapper, or restored from the helper.
    Own(Type),
    /// `Vec<F>`.
    Vec(Box<Form>),
    /// `Option<F>`.
    Option(Box<Form>),
    /// `Result<F, E>`, `E` plain.
    Result(Box<Form>, Type),
    /// `(F1, F2, ..)`.
    Tuple(Vec<Form>),
    /// `[F; N]` with `N` a const generic, with the element type as written and the
    /// length: a `Vec` in the helper (which has no const generics).
    Array(Box<Form>, Type, syn::Expr),
    /// `[F; 2]`, a length that is no const generic and an element that is converted:
    /// an array in the helper too, its elements converted in place.
    FixedArray(Box<Form>, syn::Expr),
    /// A method's type parameter (or `impl Trait`) bounded by a trait declared with
    /// `via(Trait: T = function)`, inside a container (`[I; D]`, `&[I]`): `T`,
    /// converted element by element; in a result, with `via(Trait: T = (function,
    /// back))`, converted back by `back`.
    Via(super::via::Via),
}

/// How an argument (after the receiver) crosses the boundary.
pub(crate) enum ArgForm {
    /// By value, converted along its form.
    Value(Form),
    /// `&Own`: erased by reference.
    OwnRef,
    /// `&[Own]`: a slice of erased references, `&[&Erased]`, collected by the wrapper.
    OwnSlice,
    /// `Option<&Own>`: `Option<&Erased>`.
    OptionOwnRef,
    /// `&[T; N]` or `&mut [T; N]` with `N` a const generic: a slice in the helper.
    ArrayRef(Option<Token![mut]>, Type),
    /// `&[F]` with `F` converted (`&[impl AsIndex]`): a slice of the converted
    /// elements, collected by the wrapper.
    Slice(Form),
    /// Converted in the wrapper, by a trait bound.
    Convert(Conversion),
}

/// A conversion the wrapper does, so that the helper sees one concrete type whatever
/// type the caller passes.
pub(crate) enum Conversion {
    /// `impl Into<T>`: `T`.
    Into(Type),
    /// `impl AsRef<T>`: `&T`.
    AsRef(Type),
    /// `impl AsMut<T>`: `&mut T`.
    AsMut(Type),
    /// `impl Fn(..) -> R`, by value or `&`: `&dyn Fn(..) -> R`.
    Fn(syn::TraitBound),
    /// `impl FnMut(..) -> R`, by value or `&mut`: `&mut dyn FnMut(..) -> R`.
    FnMut(syn::TraitBound),
    /// `impl IntoIterator<Item = T>` (or `Iterator`): collected into a `Vec` of the
    /// item's form.
    Collect(Form),
    /// `impl Trait` with `via(Trait: T = function)` declared: `T`, by `function`;
    /// whether the bound has generic arguments (`ReshapeArgs<D2>`), which a
    /// forwarding method could not name.
    Via(super::via::Via, bool),
}

/// A type that no form carries across the boundary: what was found, for `valid.rs`
/// to report at its tokens.
pub(crate) enum Unsupported {
    /// A generic parameter (or `Self`) inside a type that is not a form of the own
    /// type: the first tokens naming it.
    Generic(TokenStream),
    /// `&Own` as a result.
    OwnRef(TokenStream),
    /// `&mut Own` as an argument.
    OwnMut(TokenStream),
    /// `impl Trait` as a result, or inside a container.
    ImplTrait(TokenStream),
    /// `&[F; N]`, `N` a const generic, with elements that need converting.
    BorrowedArrayOfForms(TokenStream),
    /// A conversion taken by reference, other than `&impl Fn` and `&mut impl FnMut`.
    BorrowedConversion(TokenStream),
    /// Bounds that are not one conversion the wrapper knows.
    Bound(TokenStream),
    /// `impl FnOnce(..)`.
    FnOnce(TokenStream),
    /// A closure whose argument or result types are generic.
    GenericClosure(TokenStream),
    /// `Into<T>`, `AsRef<T>` or `AsMut<T>` with `T` generic.
    GenericTarget(TokenStream),
}

impl Form {
    /// Reads `ty`, as an argument's or the result's type.
    pub fn read(ty: &Type, scope: &Scope, own: &syn::Ident) -> Result<Form, Unsupported> {
        if is_own(ty, own) {
            return Ok(Form::Own(ty.clone()));
        }
        let form = match ty {
            Type::Paren(p) => return Form::read(&p.elem, scope, own),
            Type::Group(g) => return Form::read(&g.elem, scope, own),
            Type::Tuple(t) => Form::Tuple(
                t.elems
                    .iter()
                    .map(|e| Form::read(e, scope, own))
                    .collect::<Result<_, _>>()?,
            ),
            Type::Array(a) => {
                let elem = Form::read(&a.elem, scope, own)?;
                match (elem.is_plain(), is_const_param(&a.len, scope)) {
                    (_, true) => Form::Array(Box::new(elem), (*a.elem).clone(), a.len.clone()),
                    (true, false) => Form::Plain(ty.clone()),
                    (false, false) => Form::FixedArray(Box::new(elem), a.len.clone()),
                }
            }
            Type::Path(p) if container(p).is_some() => {
                let (name, args) = container(p).expect("the guard found a container");
                match (name.as_str(), args.as_slice()) {
                    ("Vec", [elem]) => Form::Vec(Box::new(Form::read(elem, scope, own)?)),
                    ("Option", [elem]) => Form::Option(Box::new(Form::read(elem, scope, own)?)),
                    ("Result", [ok, err]) => {
                        let ok = Form::read(ok, scope, own)?;
                        if let Some(tokens) = scope.find_in_type(err) {
                            return Err(Unsupported::Generic(tokens));
                        }
                        Form::Result(Box::new(ok), (*err).clone())
                    }
                    _ => return plain(ty, scope),
                }
            }
            Type::Reference(r) if is_own(&r.elem, own) => {
                return Err(Unsupported::OwnRef(ty.to_token_stream()));
            }
            Type::ImplTrait(it) => match via_of(&it.bounds, scope) {
                Some(via) => Form::Via(via),
                None => return Err(Unsupported::ImplTrait(ty.to_token_stream())),
            },
            Type::Path(p) if method_type_via(p, scope).is_some() => {
                Form::Via(method_type_via(p, scope).expect("the guard found a conversion"))
            }
            _ => return plain(ty, scope),
        };
        // A container with nothing to convert inside is passed as it is.
        Ok(if form.is_plain() {
            Form::Plain(ty.clone())
        } else {
            form
        })
    }

    /// Whether nothing inside needs converting: a plain type, or a container of plain
    /// types (an array sized by a const generic always becomes a `Vec`).
    pub fn is_plain(&self) -> bool {
        match self {
            Form::Plain(_) => true,
            Form::Vec(inner) | Form::Option(inner) | Form::Result(inner, _) => inner.is_plain(),
            Form::Tuple(forms) => forms.iter().all(Form::is_plain),
            Form::Own(_) | Form::Array(..) | Form::FixedArray(..) | Form::Via(_) => false,
        }
    }

    /// Whether a `via` conversion is inside (for a result: one without a way back).
    pub fn has_via(&self, result: bool) -> bool {
        match self {
            Form::Via(via) => !result || via.back.is_none(),
            Form::Plain(_) | Form::Own(_) => false,
            Form::Vec(inner)
            | Form::Option(inner)
            | Form::Result(inner, _)
            | Form::Array(inner, ..)
            | Form::FixedArray(inner, _) => inner.has_via(result),
            Form::Tuple(forms) => forms.iter().any(|f| f.has_via(result)),
        }
    }
}

/// The conversion declared for `bounds` when they are one trait with a `via`.
fn via_of(bounds: &Punctuated<TypeParamBound, Token![+]>, scope: &Scope) -> Option<super::via::Via> {
    let mut traits = bounds.iter().filter_map(|b| match b {
        TypeParamBound::Trait(t) => Some(t),
        _ => None,
    });
    let (Some(bound), None) = (traits.next(), traits.next()) else {
        return None;
    };
    let last = bound.path.segments.last()?;
    scope.vias.iter().find(|via| *via.name() == last.ident).cloned()
}

/// The conversion of `p` when it is a method type parameter bounded by a `via` trait.
fn method_type_via(p: &syn::TypePath, scope: &Scope) -> Option<super::via::Via> {
    let ident = p.path.get_ident().filter(|_| p.qself.is_none())?;
    let (_, bounds) = scope.method_types.iter().find(|(t, _)| t == ident)?;
    via_of(bounds, scope)
}

fn plain(ty: &Type, scope: &Scope) -> Result<Form, Unsupported> {
    match scope.find_in_type(ty) {
        Some(tokens) => Err(Unsupported::Generic(tokens)),
        None => Ok(Form::Plain(ty.clone())),
    }
}

impl ArgForm {
    /// Reads the type of an argument.
    pub fn read(ty: &Type, scope: &Scope, own: &syn::Ident) -> Result<ArgForm, Unsupported> {
        match ty {
            Type::Reference(r) if is_own(&r.elem, own) => {
                if r.mutability.is_some() {
                    return Err(Unsupported::OwnMut(ty.to_token_stream()));
                }
                Ok(ArgForm::OwnRef)
            }
            Type::Reference(r)
                if r.mutability.is_none()
                    && matches!(&*r.elem, Type::Slice(slice) if is_own(&slice.elem, own)) =>
            {
                Ok(ArgForm::OwnSlice)
            }
            Type::Path(p) if is_option_of_own_ref(p, own) => Ok(ArgForm::OptionOwnRef),
            Type::Reference(r)
                if r.mutability.is_none()
                    && matches!(&*r.elem, Type::Slice(slice) if Form::read(&slice.elem, scope, own).is_ok_and(|f| f.has_via(false))) =>
            {
                let Type::Slice(slice) = &*r.elem else {
                    unreachable!("the guard matched a slice")
                };
                Ok(ArgForm::Slice(Form::read(&slice.elem, scope, own)?))
            }
            Type::Reference(r) if matches!(&*r.elem, Type::Array(a) if is_const_param(&a.len, scope)) => {
                let Type::Array(a) = &*r.elem else {
                    unreachable!("the guard matched an array")
                };
                match Form::read(&a.elem, scope, own)? {
                    Form::Plain(elem) => Ok(ArgForm::ArrayRef(r.mutability, elem)),
                    _ => Err(Unsupported::BorrowedArrayOfForms(a.elem.to_token_stream())),
                }
            }
            Type::Reference(r) if conversion_bounds(&r.elem, scope).is_some() => {
                let bounds = conversion_bounds(&r.elem, scope).expect("the guard found bounds");
                let conversion = Conversion::read(bounds, &r.elem, scope, own)?;
                match (&conversion, r.mutability) {
                    (Conversion::Fn(_), None) | (Conversion::FnMut(_), Some(_)) => {
                        Ok(ArgForm::Convert(conversion))
                    }
                    _ => Err(Unsupported::BorrowedConversion(ty.to_token_stream())),
                }
            }
            _ => match conversion_bounds(ty, scope) {
                Some(bounds) => Ok(ArgForm::Convert(Conversion::read(bounds, ty, scope, own)?)),
                None => Ok(ArgForm::Value(Form::read(ty, scope, own)?)),
            },
        }
    }
}

/// The bounds of `impl Bounds`, or of a method type parameter `S` (with its `where`
/// predicates), when `ty` is one of those.
fn conversion_bounds<'a>(
    ty: &'a Type,
    scope: &'a Scope,
) -> Option<&'a Punctuated<TypeParamBound, Token![+]>> {
    match ty {
        Type::ImplTrait(it) => Some(&it.bounds),
        Type::Path(p) if p.qself.is_none() => {
            let ident = p.path.get_ident()?;
            scope
                .method_types
                .iter()
                .find(|(t, _)| t == ident)
                .map(|(_, bounds)| bounds)
        }
        _ => None,
    }
}

impl Conversion {
    fn read(
        bounds: &Punctuated<TypeParamBound, Token![+]>,
        ty: &Type,
        scope: &Scope,
        own: &syn::Ident,
    ) -> Result<Conversion, Unsupported> {
        let unsupported = |tokens: &dyn ToTokens| Unsupported::Bound(tokens.to_token_stream());
        let mut traits = bounds.iter().filter_map(|b| match b {
            TypeParamBound::Trait(t) => Some(t),
            _ => None,
        });
        let (Some(bound), None) = (traits.next(), traits.next()) else {
            return Err(unsupported(if bounds.is_empty() {
                ty as &dyn ToTokens
            } else {
                bounds
            }));
        };
        let last = bound.path.segments.last().ok_or_else(|| unsupported(bound))?;
        let name = last.ident.to_string();
        if let "Fn" | "FnMut" = name.as_str() {
            if let Some(tokens) = scope.find_in_type(&syn::parse_quote!(dyn #bound)) {
                return Err(Unsupported::GenericClosure(tokens));
            }
            return Ok(if name == "Fn" {
                Conversion::Fn(bound.clone())
            } else {
                Conversion::FnMut(bound.clone())
            });
        }
        if name == "FnOnce" {
            return Err(Unsupported::FnOnce(bound.to_token_stream()));
        }
        if let Some(via) = scope.vias.iter().find(|via| *via.name() == last.ident) {
            return Ok(Conversion::Via(via.clone(), !last.arguments.is_none()));
        }
        let PathArguments::AngleBracketed(generic) = &last.arguments else {
            return Err(unsupported(bound));
        };
        let Some(arg) = generic.args.first().filter(|_| generic.args.len() == 1) else {
            return Err(unsupported(bound));
        };
        match (name.as_str(), arg) {
            ("IntoIterator" | "Iterator", GenericArgument::AssocType(item)) if item.ident == "Item" => {
                Ok(Conversion::Collect(Form::read(&item.ty, scope, own)?))
            }
            ("Into" | "AsRef" | "AsMut", GenericArgument::Type(target)) => {
                if let Some(tokens) = scope.find_in_type(target) {
                    return Err(Unsupported::GenericTarget(tokens));
                }
                let target = target.clone();
                Ok(match name.as_str() {
                    "Into" => Conversion::Into(target),
                    "AsRef" => Conversion::AsRef(target),
                    _ => Conversion::AsMut(target),
                })
            }
            _ => Err(unsupported(bound)),
        }
    }
}

/// Whether `p` is `Option<&T>` with `T` the impl's own type.
fn is_option_of_own_ref(p: &syn::TypePath, own: &syn::Ident) -> bool {
    if let Some((name, args)) = container(p)
        && name == "Option"
        && let [Type::Reference(r)] = args.as_slice()
    {
        r.mutability.is_none() && is_own(&r.elem, own)
    } else {
        false
    }
}

/// `Vec<..>`, `Option<..>` or `Result<..>` by their last path segment: the name and
/// the type arguments.
fn container(p: &syn::TypePath) -> Option<(String, Vec<&Type>)> {
    let last = p.path.segments.last()?;
    let name = last.ident.to_string();
    if p.qself.is_some() || !matches!(name.as_str(), "Vec" | "Option" | "Result") {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    let mut types = Vec::new();
    for arg in &args.args {
        match arg {
            GenericArgument::Type(ty) => types.push(ty),
            _ => return None,
        }
    }
    Some((name, types))
}

/// Whether an array length is a const generic parameter of the impl or the method.
fn is_const_param(len: &syn::Expr, scope: &Scope) -> bool {
    match len {
        syn::Expr::Path(p) if p.qself.is_none() => p
            .path
            .get_ident()
            .is_some_and(|ident| scope.consts.iter().any(|(c, _)| c == ident)),
        syn::Expr::Block(b) if b.block.stmts.len() == 1 => match &b.block.stmts[0] {
            syn::Stmt::Expr(e, None) => is_const_param(e, scope),
            _ => false,
        },
        _ => false,
    }
}

/// Whether `ty` is the impl's own type (`Self`, or a path ending in its name).
pub(crate) fn is_own(ty: &Type, own: &syn::Ident) -> bool {
    match ty {
        Type::Path(p) if p.qself.is_none() => p
            .path
            .segments
            .last()
            .is_some_and(|s| s.ident == *own || (s.ident == "Self" && p.path.segments.len() == 1)),
        Type::Paren(p) => is_own(&p.elem, own),
        Type::Group(g) => is_own(&g.elem, own),
        _ => false,
    }
}
