//! Reads an `impl` block into what `expand` needs: the impl's generic parameters and,
//! for each method, how its receiver, arguments and result cross the boundary.

use super::attr::{self, Errors};
use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::visit_mut::{self, VisitMut};
use syn::{FnArg, Ident, ImplItem, ImplItemFn, Pat, ReturnType, Type, TypeParamBound, Visibility};

/// An inherent impl block, read.
pub(crate) struct Impl<'a> {
    /// The block as written.
    pub item: &'a syn::ItemImpl,
    /// The impl's generic parameters.
    pub params: Params,
    /// Each item of the block, in order.
    pub items: Vec<Item>,
}

/// One item of the impl block.
pub(crate) enum Item {
    /// A public method to outline.
    Outlined(Box<Method>),
    /// Anything else, kept as it is (private methods, `#[outline(skip)]`, consts).
    Kept(ImplItem),
}

/// The generic parameters of the impl block.
#[derive(Default)]
pub(crate) struct Params {
    /// Type parameters, e.g. `K`.
    pub types: Vec<Ident>,
    /// Const parameters and their types, e.g. `D: usize`.
    pub consts: Vec<(Ident, Type)>,
}

/// A public method, read.
pub(crate) struct Method {
    /// The method as written, without `#[outline]` attributes.
    pub func: ImplItemFn,
    /// How `self` is taken, if at all.
    pub receiver: Option<Receiver>,
    /// The other arguments.
    pub args: Vec<Arg>,
    /// The result.
    pub ret: Ret,
}

/// How a method takes `self`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Receiver {
    /// `self` or `mut self`
    Value,
    /// `&self`
    Ref,
}

/// One argument after the receiver.
pub(crate) struct Arg {
    /// The pattern as written (kept in the helper).
    pub pat: Pat,
    /// The name the wrapper uses for it.
    pub name: Ident,
    /// The type as written (kept in the wrapper).
    pub ty: Type,
    /// How it crosses the boundary.
    pub form: ArgForm,
}

/// How an argument crosses the boundary.
pub(crate) enum ArgForm {
    /// The impl's own type, by value: erased.
    Own,
    /// `Vec` or `Option` of the impl's own type (the container's name, the element
    /// type): each element erased.
    OwnIn(Ident, Type),
    /// The impl's own type, by shared reference: erased by reference.
    OwnRef,
    /// `impl Into<T>`: converted to `T` in the wrapper.
    Into(Type),
    /// `impl AsRef<T>`: `&T` taken in the wrapper.
    AsRef(Type),
    /// A concrete type, passed as it is.
    Plain,
}

/// How a method's result crosses the boundary.
pub(crate) enum Ret {
    /// A concrete type (or `()`), returned as it is.
    Plain(ReturnType),
    /// The impl's own type at some rank and kind: restored in the wrapper.
    Own(Type),
    /// `Vec` or `Option` of the impl's own type: each element restored.
    OwnIn(Ident, Type),
}

impl<'a> Impl<'a> {
    /// Reads `item`, which must be an inherent impl block.
    pub fn from_item(item: &'a syn::Item) -> syn::Result<Self> {
        let syn::Item::Impl(imp) = item else {
            return Err(syn::Error::new_spanned(
                item_head(item),
                "#[outline] goes on an inherent `impl` block of a generic type, \
                 e.g. `impl<const D: usize> Tensor<D> { .. }`",
            ));
        };
        if let Some((path, for_token)) = &imp.trait_ {
            return Err(syn::Error::new_spanned(
                quote::quote!(#path #for_token),
                "#[outline] goes on an inherent `impl` block, not on a trait impl; \
                 outline the inherent methods the trait impl calls instead",
            ));
        }
        let Some(own) = own_ident(&imp.self_ty) else {
            return Err(syn::Error::new_spanned(
                &imp.self_ty,
                "#[outline] needs the impl's type to be a named type, such as `Tensor<D, K>`",
            ));
        };
        let mut params = Params::default();
        for param in &imp.generics.params {
            match param {
                syn::GenericParam::Type(t) => params.types.push(t.ident.clone()),
                syn::GenericParam::Const(c) => params.consts.push((c.ident.clone(), c.ty.clone())),
                syn::GenericParam::Lifetime(_) => {}
            }
        }
        let mut errors = Errors::default();
        let mut items = Vec::new();
        for impl_item in &imp.items {
            let ImplItem::Fn(func) = impl_item else {
                items.push(Item::Kept(impl_item.clone()));
                continue;
            };
            let mut func = func.clone();
            let Some(skip) = errors.check(attr::take_skip(&mut func.attrs)) else {
                continue;
            };
            if skip || !matches!(func.vis, Visibility::Public(_)) {
                items.push(Item::Kept(ImplItem::Fn(func)));
                continue;
            }
            if let Some(method) = errors.check(Method::read(func, &params, &own)) {
                items.push(Item::Outlined(Box::new(method)));
            }
        }
        errors.finish()?;
        Ok(Impl {
            item: imp,
            params,
            items,
        })
    }
}

impl Method {
    fn read(func: ImplItemFn, params: &Params, own: &Ident) -> syn::Result<Self> {
        let sig = &func.sig;
        let mut errors = Errors::default();
        let redirect = "; add `#[outline(skip)]` to keep this method generic";
        if !sig.generics.params.is_empty() || sig.generics.where_clause.is_some() {
            errors.push(syn::Error::new_spanned(
                &sig.generics,
                format!(
                    "#[outline] does not outline methods with their own generic parameters yet{redirect}"
                ),
            ));
        }
        if let Some(constness) = &sig.constness {
            errors.push(syn::Error::new_spanned(
                constness,
                format!("a `const fn` cannot call its non-const helper{redirect}"),
            ));
        }
        if let syn::Safety::Unsafe(unsafety) = &sig.safety {
            errors.push(syn::Error::new_spanned(
                unsafety,
                format!("#[outline] does not outline `unsafe fn` yet{redirect}"),
            ));
        }
        if let Some(abi) = &sig.abi {
            errors.push(syn::Error::new_spanned(
                abi,
                format!("#[outline] does not outline `extern` methods{redirect}"),
            ));
        }
        if let Some(variadic) = &sig.variadic {
            errors.push(syn::Error::new_spanned(
                variadic,
                "variadic methods cannot be outlined",
            ));
        }
        let mut receiver = None;
        let mut args = Vec::new();
        for (i, input) in sig.inputs.iter().enumerate() {
            match input {
                FnArg::Receiver(r) => match &r.kind {
                    syn::ReceiverKind::Value => receiver = Some(Receiver::Value),
                    syn::ReceiverKind::Reference(_, _, None) => receiver = Some(Receiver::Ref),
                    _ => errors.push(syn::Error::new_spanned(
                        r,
                        format!(
                            "#[outline] takes `self` or `&self` as the receiver; \
                             for `&mut self`, take `self` and return `Self`{redirect}"
                        ),
                    )),
                },
                FnArg::Typed(pt) => {
                    if let Some(arg) = errors.check(Arg::read(i, pt, params, own)) {
                        args.push(arg);
                    }
                }
            }
        }
        let ret = match &sig.output {
            ReturnType::Type(_, ty) if is_own(ty, own) => Ret::Own((**ty).clone()),
            ReturnType::Type(_, ty) if let Some((container, elem)) = own_in_container(ty, own) => {
                Ret::OwnIn(container, elem)
            }
            ReturnType::Type(_, ty) => {
                if let Some(tokens) = params.find_in_type(ty) {
                    errors.push(syn::Error::new_spanned(
                        tokens,
                        "a generic parameter in the result type cannot come back from the \
                         non-generic helper; return the impl's own type or a concrete type",
                    ));
                }
                Ret::Plain(sig.output.clone())
            }
            ReturnType::Default => Ret::Plain(ReturnType::Default),
        };
        errors.finish()?;
        Ok(Method {
            func,
            receiver,
            args,
            ret,
        })
    }
}

impl Arg {
    fn read(i: usize, pt: &syn::PatType, params: &Params, own: &Ident) -> syn::Result<Self> {
        let ty = (*pt.ty).clone();
        let form = if is_own(&ty, own) {
            ArgForm::Own
        } else if let Some((container, elem)) = own_in_container(&ty, own) {
            ArgForm::OwnIn(container, elem)
        } else if let Type::Reference(r) = &ty
            && is_own(&r.elem, own)
        {
            if r.mutability.is_some() {
                return Err(syn::Error::new_spanned(
                    &ty,
                    "#[outline] passes the impl's type by value or by `&`; \
                     take it by value and return it instead of `&mut`",
                ));
            }
            ArgForm::OwnRef
        } else if let Type::ImplTrait(it) = &ty {
            conversion(it, params)?
        } else if let Some(tokens) = params.find_in_type(&ty) {
            return Err(syn::Error::new_spanned(
                tokens,
                "a generic parameter in an argument type cannot reach the non-generic helper; \
                 use a concrete type or `impl Into<ConcreteType>`",
            ));
        } else {
            ArgForm::Plain
        };
        let name = match &*pt.pat {
            Pat::Ident(p) if p.by_ref.is_none() && p.subpat.is_none() => p.ident.clone(),
            _ => quote::format_ident!("__seam_arg{}", i),
        };
        Ok(Arg {
            pat: (*pt.pat).clone(),
            name,
            ty,
            form,
        })
    }
}

/// `impl Into<T>` or `impl AsRef<T>`, with one bound and a concrete `T`.
fn conversion(it: &syn::TypeImplTrait, params: &Params) -> syn::Result<ArgForm> {
    let unsupported = || {
        syn::Error::new_spanned(
            it,
            "#[outline] converts `impl Into<T>` and `impl AsRef<T>` (one bound, concrete `T`) \
             in the wrapper; other `impl Trait` arguments would keep the helper generic",
        )
    };
    let mut bounds = it.bounds.iter();
    let (Some(TypeParamBound::Trait(bound)), None) = (bounds.next(), bounds.next()) else {
        return Err(unsupported());
    };
    let last = bound.path.segments.last().ok_or_else(unsupported)?;
    let syn::PathArguments::AngleBracketed(generic) = &last.arguments else {
        return Err(unsupported());
    };
    let (Some(syn::GenericArgument::Type(target)), 1) = (generic.args.first(), generic.args.len()) else {
        return Err(unsupported());
    };
    if let Some(tokens) = params.find_in_type(target) {
        return Err(syn::Error::new_spanned(
            tokens,
            "the target of the conversion must be concrete to reach the non-generic helper",
        ));
    }
    match last.ident.to_string().as_str() {
        "Into" => Ok(ArgForm::Into(target.clone())),
        "AsRef" => Ok(ArgForm::AsRef(target.clone())),
        _ => Err(unsupported()),
    }
}

impl Params {
    /// Whether `ident` is a type or const parameter of the impl.
    pub fn contains(&self, ident: &Ident) -> bool {
        self.types.contains(ident) || self.consts.iter().any(|(c, _)| c == ident)
    }

    /// The first tokens of `ty` that name a generic parameter of the impl or `Self`.
    pub fn find_in_type(&self, ty: &Type) -> Option<TokenStream> {
        // syn's `visit-mut` is the traversal this workspace already builds (cubecl's
        // macros use it too); visiting a copy avoids pulling in `visit` as well.
        let mut finder = Finder {
            params: self,
            found: None,
        };
        finder.visit_type_mut(&mut ty.clone());
        finder.found
    }

    /// The first tokens of `expr` that name a generic parameter of the impl or `Self`.
    pub fn find_in_expr(&self, expr: &syn::Expr) -> Option<TokenStream> {
        let mut finder = Finder {
            params: self,
            found: None,
        };
        finder.visit_expr_mut(&mut expr.clone());
        finder.found
    }
}

struct Finder<'p> {
    params: &'p Params,
    found: Option<TokenStream>,
}

impl VisitMut for Finder<'_> {
    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        if self.found.is_some() {
            return;
        }
        if let Some(first) = path.segments.first()
            && (first.ident == "Self" || self.params.contains(&first.ident))
        {
            self.found = Some(first.ident.to_token_stream());
            return;
        }
        visit_mut::visit_path_mut(self, path);
    }
}

/// Whether `ty` is the impl's own type (`Self`, or a path ending in its name).
pub(crate) fn is_own(ty: &Type, own: &Ident) -> bool {
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

/// `Vec<Own>` or `Option<Own>` (by the container's last path segment): the
/// container's name and the element type.
fn own_in_container(ty: &Type, own: &Ident) -> Option<(Ident, Type)> {
    let Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    if p.qself.is_some() || !(last.ident == "Vec" || last.ident == "Option") {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match (args.args.first(), args.args.len()) {
        (Some(syn::GenericArgument::Type(elem)), 1) if is_own(elem, own) => {
            Some((last.ident.clone(), elem.clone()))
        }
        _ => None,
    }
}

fn own_ident(ty: &Type) -> Option<Ident> {
    match ty {
        Type::Path(p) if p.qself.is_none() => p.path.segments.last().map(|s| s.ident.clone()),
        _ => None,
    }
}

/// The keyword and name of an item, where an error about the item as a whole points.
fn item_head(item: &syn::Item) -> TokenStream {
    use quote::quote;
    match item {
        syn::Item::Fn(f) => {
            let (fn_token, ident) = (&f.sig.fn_token, &f.sig.ident);
            quote!(#fn_token #ident)
        }
        syn::Item::Struct(s) => {
            let (kw, ident) = (&s.struct_token, &s.ident);
            quote!(#kw #ident)
        }
        syn::Item::Enum(e) => {
            let (kw, ident) = (&e.enum_token, &e.ident);
            quote!(#kw #ident)
        }
        syn::Item::Trait(t) => {
            let (kw, ident) = (&t.trait_token, &t.ident);
            quote!(#kw #ident)
        }
        syn::Item::Mod(m) => {
            let (kw, ident) = (&m.mod_token, &m.ident);
            quote!(#kw #ident)
        }
        other => other.to_token_stream(),
    }
}
