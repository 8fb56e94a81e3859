//! Reads an `impl` block into what `expand` needs: the impl's generic parameters and,
//! for each method, how its receiver, arguments and result cross the boundary.

use super::attr::{self, Errors};
use super::form::{ArgForm, Form};
use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::visit_mut::{self, VisitMut};
use syn::{FnArg, Ident, ImplItem, ImplItemFn, Pat, ReturnType, Token, Type, TypeParamBound, Visibility};

/// An inherent impl block, read.
pub(crate) struct Impl<'a> {
    /// The block as written.
    pub item: &'a syn::ItemImpl,
    /// The impl's type's name (`Tensor`).
    pub own: Ident,
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

/// Generic parameters in scope: the impl's, plus a method's own when reading a method.
#[derive(Default, Clone)]
pub(crate) struct Params {
    /// Type parameters, e.g. `K` (and a method's `S`).
    pub types: Vec<Ident>,
    /// Const parameters and their types, e.g. `D: usize` (and a method's `D2: usize`).
    pub consts: Vec<(Ident, Type)>,
    /// The method's type parameters, with their bounds (inline and from `where`).
    pub method_types: Vec<(Ident, Punctuated<TypeParamBound, Token![+]>)>,
    /// The method's const parameters: run-time values the wrapper passes as they are.
    pub method_consts: Vec<(Ident, Type)>,
}

/// A public method, read.
pub(crate) struct Method {
    /// The method as written, without `#[outline]` attributes.
    pub func: ImplItemFn,
    /// The impl's generic parameters and the method's own.
    pub params: Params,
    /// How `self` is taken, if at all.
    pub receiver: Option<Receiver>,
    /// The other arguments.
    pub args: Vec<Arg>,
    /// The result's form; `None` for `()`.
    pub ret: Option<Form>,
    /// For an `async fn`: whether its boxed future is `Send` (not under
    /// `#[outline(?Send)]`).
    pub send: bool,
}

/// How a method takes `self`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Receiver {
    /// `self` or `mut self`
    Value,
    /// `&self`
    Ref,
    /// `&mut self` (the impl must declare `erase_mut`)
    Mut,
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

impl<'a> Impl<'a> {
    /// Reads `item`, which must be an inherent impl block.
    /// Reads the impl; `erase_mut`: whether the attribute declares `erase_mut`, which
    /// `&mut self` methods need.
    pub fn from_item(item: &'a syn::Item, erase_mut: bool) -> syn::Result<Self> {
        let syn::Item::Impl(imp) = item else {
            return Err(syn::Error::new_spanned(
                item_head(item),
                "#[outline] goes on an `impl` block of a generic type (inherent, or of a trait), \
                 e.g. `impl<const D: usize> Tensor<D> { .. }`, on a free function, or on a struct \
                 or enum to declare its erasure protocol",
            ));
        };
        // In a trait impl every method is outlined: none is `pub`, all are the type's.
        let is_trait = imp.trait_.is_some();
        let Some(own) = own_ident(&imp.self_ty) else {
            return Err(syn::Error::new_spanned(
                &imp.self_ty,
                "#[outline] needs the impl's type to be a named type, such as `Tensor<D, K>`",
            ));
        };
        let params = Params::of_impl(imp);
        let mut errors = Errors::default();
        let mut items = Vec::new();
        for impl_item in &imp.items {
            let ImplItem::Fn(func) = impl_item else {
                items.push(Item::Kept(impl_item.clone()));
                continue;
            };
            let mut func = func.clone();
            let Some(options) = errors.check(attr::take_method_options(&mut func.attrs)) else {
                continue;
            };
            if options.skip || !(is_trait || matches!(func.vis, Visibility::Public(_))) {
                items.push(Item::Kept(ImplItem::Fn(func)));
                continue;
            }
            if let Some(method) = errors.check(Method::read(func, &params, &own, erase_mut, options.not_send))
            {
                items.push(Item::Outlined(Box::new(method)));
            }
        }
        errors.finish()?;
        Ok(Impl {
            item: imp,
            own,
            params,
            items,
        })
    }
}

impl Method {
    /// Reads one method (or free function: no receiver, `own` matching no type).
    pub fn read(
        func: ImplItemFn,
        impl_params: &Params,
        own: &Ident,
        erase_mut: bool,
        not_send: Option<proc_macro2::Span>,
    ) -> syn::Result<Self> {
        let sig = &func.sig;
        let mut errors = Errors::default();
        let redirect = "; to keep it generic, add `#[outline(skip)]` (on a function: remove `#[outline]`)";
        let params = errors
            .check(impl_params.with_method(&sig.generics))
            .unwrap_or_default();
        if let Some(constness) = &sig.constness {
            errors.push(syn::Error::new_spanned(
                constness,
                format!("a `const fn` cannot call its non-const helper{redirect}"),
            ));
        }
        if let syn::Safety::Unsafe(unsafety) = &sig.safety {
            errors.push(syn::Error::new_spanned(
                unsafety,
                format!("#[outline] does not outline `unsafe fn`: its contract would not reach the helper{redirect}"),
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
                    syn::ReceiverKind::Reference(_, _, Some(_)) if erase_mut => {
                        receiver = Some(Receiver::Mut)
                    }
                    syn::ReceiverKind::Reference(_, _, Some(_)) => errors.push(syn::Error::new_spanned(
                        r,
                        format!(
                            "`&mut self` needs `erase_mut = method` in #[outline(..)]: a method of the \
                             type taking `&mut self` and giving the erased value by `&mut`{redirect}"
                        ),
                    )),
                    _ => errors.push(syn::Error::new_spanned(
                        r,
                        format!("#[outline] takes `self`, `&self` or `&mut self` as the receiver{redirect}"),
                    )),
                },
                FnArg::Typed(pt) => {
                    if let Some(form) = errors.check(ArgForm::read(&pt.ty, &params, own)) {
                        args.push(Arg::new(i, pt, form));
                    }
                }
            }
        }
        let ret = match &sig.output {
            ReturnType::Type(_, ty) => errors.check(Form::read(ty, &params, own)),
            ReturnType::Default => None,
        };
        if let Some(span) = not_send
            && sig.asyncness.is_none()
        {
            errors.push(syn::Error::new(
                span,
                "`#[outline(?Send)]` is for an `async fn`, whose future the helper boxes; remove it here",
            ));
        }
        errors.finish()?;
        Ok(Method {
            func,
            params,
            receiver,
            args,
            ret,
            send: not_send.is_none(),
        })
    }
}

impl Arg {
    fn new(i: usize, pt: &syn::PatType, form: ArgForm) -> Self {
        let name = match &*pt.pat {
            Pat::Ident(p) if p.by_ref.is_none() && p.subpat.is_none() => p.ident.clone(),
            _ => quote::format_ident!("__seam_arg{}", i),
        };
        Arg {
            pat: (*pt.pat).clone(),
            name,
            ty: (*pt.ty).clone(),
            form,
        }
    }
}

/// The errors in the bodies of an impl's outlined methods, for an impl whose
/// signatures have errors too: all of them are reported at once.
pub(crate) fn body_errors(item: &syn::Item, args: &super::attr::Args) -> Option<syn::Error> {
    let syn::Item::Impl(imp) = item else {
        return None;
    };
    let impl_params = Params::of_impl(imp);
    // `Self::name(..)` of a receiver-less method is a call, not an error, here too.
    let calls: super::body::Calls = imp
        .items
        .iter()
        .filter_map(|item| match item {
            ImplItem::Fn(f) if f.sig.receiver().is_none() => Some((f.sig.ident.to_string(), Vec::new())),
            _ => None,
        })
        .collect();
    let mut errors = Errors::default();
    for impl_item in &imp.items {
        let ImplItem::Fn(func) = impl_item else {
            continue;
        };
        let skip = attr::take_method_options(&mut func.attrs.clone()).is_ok_and(|o| o.skip);
        if skip || !(imp.trait_.is_some() || matches!(func.vis, Visibility::Public(_))) {
            continue;
        }
        let Ok(params) = impl_params.with_method(&func.sig.generics) else {
            continue;
        };
        let values = super::body::Value::all(args, &params, func.sig.ident.span());
        errors.check(super::body::rewrite(
            &mut func.block.clone(),
            &params,
            &values,
            &calls,
        ));
    }
    errors.finish().err()
}

impl Params {
    /// The generic parameters of an impl block.
    pub fn of_impl(imp: &syn::ItemImpl) -> Params {
        let mut params = Params::default();
        for param in &imp.generics.params {
            match param {
                syn::GenericParam::Type(t) => params.types.push(t.ident.clone()),
                syn::GenericParam::Const(c) => params.consts.push((c.ident.clone(), c.ty.clone())),
                syn::GenericParam::Lifetime(_) => {}
            }
        }
        params
    }

    /// These parameters plus a method's own. A method's type parameters must appear in
    /// an argument's type as a whole (they are converted in the wrapper); its const
    /// parameters become run-time values; its lifetimes stay on the helper.
    pub fn with_method(&self, generics: &syn::Generics) -> syn::Result<Params> {
        let mut params = self.clone();
        for param in &generics.params {
            match param {
                syn::GenericParam::Type(t) => {
                    params.types.push(t.ident.clone());
                    params.method_types.push((t.ident.clone(), t.bounds.clone()));
                }
                syn::GenericParam::Const(c) => {
                    params.consts.push((c.ident.clone(), c.ty.clone()));
                    params.method_consts.push((c.ident.clone(), c.ty.clone()));
                }
                syn::GenericParam::Lifetime(_) => {}
            }
        }
        for predicate in generics.where_clause.iter().flat_map(|w| &w.predicates) {
            if let syn::WherePredicate::Type(pt) = predicate
                && let Type::Path(p) = &pt.bounded_ty
                && let Some(ident) = p.path.get_ident()
                && let Some((_, bounds)) = params.method_types.iter_mut().find(|(t, _)| t == ident)
            {
                if pt.lifetimes.is_some() {
                    return Err(syn::Error::new_spanned(
                        &pt.lifetimes,
                        "#[outline] does not support higher-ranked bounds on a method's type parameter",
                    ));
                }
                bounds.extend(pt.bounds.iter().cloned());
            }
        }
        Ok(params)
    }

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
