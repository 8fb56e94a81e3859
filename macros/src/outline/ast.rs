//! Reading an `impl` block (or a free function) into the model the other steps share:
//! the generic parameters in scope and, for each method, how its receiver, arguments
//! and result cross the boundary. Reading fails only where there is no model to build
//! (not an impl, an unnamed type, a malformed `#[outline(..)]` on a method); what the
//! model holds that cannot be outlined is for `valid.rs` to report.

use super::attr::{self, MethodOptions};
use super::form::{ArgForm, Form, Unsupported};
use super::generics::Scope;
use crate::syntax::item_head;
use proc_macro2::Span;
use syn::{FnArg, Ident, ImplItem, ImplItemFn, Pat, ReturnType, Type, Visibility};

/// An impl block, read.
pub(crate) struct Impl<'a> {
    /// The block as written.
    pub item: &'a syn::ItemImpl,
    /// The impl's type's name (`Tensor`).
    pub own: Ident,
    /// The impl's generic parameters.
    pub scope: Scope,
    /// Each item of the block, in order.
    pub items: Vec<Item>,
}

/// One item of the impl block.
pub(crate) enum Item {
    /// A public method (any method of a trait impl) to outline.
    Outlined(Box<Method>),
    /// Anything else, kept as it is (private methods, `#[outline(skip)]`, consts).
    Kept(ImplItem),
    /// A method whose `#[outline(..)]` does not read: the error, reported in its
    /// place among the block's others.
    Unread(syn::Error),
}

/// A method (or free function) to outline, read.
pub(crate) struct Method {
    /// The method as written, without `#[outline]` attributes.
    pub func: ImplItemFn,
    /// The impl's generic parameters and the method's own.
    pub scope: Scope,
    /// How `self` is taken, if at all.
    pub receiver: Option<Receiver>,
    /// The other arguments whose forms were read.
    pub args: Vec<Arg>,
    /// The result's form; `None` for `()` (or a result no form carries).
    pub ret: Option<Form>,
    /// The argument and result types that no form carries, in order.
    pub unsupported: Vec<Unsupported>,
    /// `#[outline(?Send)]`: where it is written, if it is.
    pub not_send: Option<Span>,
    /// For a plain `fn` returning `impl Future<Output = T>`: whether that `impl`
    /// names `Send`, and where it is written (`ret` is then `T`'s form).
    pub future: Option<(bool, Span)>,
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
    /// `self: Box<Self>` and other typed receivers (not outlined).
    Typed,
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
    /// Reads `item`, which must be an impl block (inherent, or of a trait), with the
    /// conversions its protocol declares.
    pub fn read(item: &'a syn::Item, vias: &[super::via::Via]) -> syn::Result<Self> {
        let syn::Item::Impl(imp) = item else {
            return Err(syn::Error::new_spanned(
                item_head(item),
                "#[outline] goes on an `impl` block of a generic type (inherent, or of a trait), \
                 e.g. `impl<const D: usize> Tensor<D> { .. }`, on a free function, on a struct \
                 or enum to declare its erasure protocol, or on a kind trait to list its types",
            ));
        };
        let Some(own) = own_ident(&imp.self_ty) else {
            return Err(unnamed_type(&imp.self_ty));
        };
        let scope = Scope::of_impl(imp, vias);
        let mut items = Vec::new();
        for impl_item in &imp.items {
            let ImplItem::Fn(func) = impl_item else {
                items.push(Item::Kept(impl_item.clone()));
                continue;
            };
            let mut func = func.clone();
            let options = match attr::take_method_options(&mut func.attrs) {
                Ok(options) => options,
                Err(error) => {
                    items.push(Item::Unread(error));
                    continue;
                }
            };
            if is_outlined(imp, &func, &options) {
                items.push(Item::Outlined(Box::new(Method::read(
                    func, &scope, &own, options,
                ))));
            } else {
                items.push(Item::Kept(ImplItem::Fn(func)));
            }
        }
        Ok(Impl {
            item: imp,
            own,
            scope,
            items,
        })
    }

    /// The methods to outline.
    pub fn methods(&self) -> impl Iterator<Item = &Method> {
        self.items.iter().filter_map(|item| match item {
            Item::Outlined(method) => Some(&**method),
            Item::Kept(_) | Item::Unread(_) => None,
        })
    }
}

/// Whether a method of `imp` is outlined: not `#[outline(skip)]`, and public (in a
/// trait impl every method is, being the trait's).
fn is_outlined(imp: &syn::ItemImpl, func: &ImplItemFn, options: &MethodOptions) -> bool {
    !options.skip && (imp.trait_.is_some() || matches!(func.vis, Visibility::Public(_)))
}

impl Method {
    /// Whether a body of its (inherent) block may call it as `Self::name(..)`: it has
    /// no receiver and no const generics of its own.
    pub fn self_callable(&self) -> bool {
        self.receiver.is_none() && self.scope.method_consts.is_empty()
    }

    /// Whether its helper is a method of the erased type taking `self` as the method
    /// does (an inherent method with a receiver), rather than a free function.
    pub fn helper_on_erased(&self, inherent: bool) -> bool {
        inherent
            && matches!(
                self.receiver,
                Some(Receiver::Value | Receiver::Ref | Receiver::Mut)
            )
    }

    /// Reads one method (or free function: no receiver, `own` matching no type).
    pub fn read(func: ImplItemFn, impl_scope: &Scope, own: &Ident, options: MethodOptions) -> Self {
        let sig = &func.sig;
        let scope = impl_scope.with_method(&sig.generics);
        let mut receiver = None;
        let mut args = Vec::new();
        let mut unsupported = Vec::new();
        for (i, input) in sig.inputs.iter().enumerate() {
            match input {
                FnArg::Receiver(r) => {
                    receiver = Some(match &r.kind {
                        syn::ReceiverKind::Value => Receiver::Value,
                        syn::ReceiverKind::Reference(_, _, None) => Receiver::Ref,
                        syn::ReceiverKind::Reference(_, _, Some(_)) => Receiver::Mut,
                        _ => Receiver::Typed,
                    })
                }
                FnArg::Typed(pt) => match ArgForm::read(&pt.ty, &scope, own) {
                    Ok(form) => args.push(Arg::new(i, pt, form)),
                    Err(found) => unsupported.push(found),
                },
            }
        }
        let future = sig
            .asyncness
            .is_none()
            .then(|| future_output(&sig.output))
            .flatten();
        let sends = future.map(|(_, send)| (send, spanned_at(&sig.output)));
        let ret = match &sig.output {
            // A `via` conversion goes into the helper, and back only with `back`.
            ReturnType::Type(_, ty) => Form::read(future.map_or(&**ty, |(output, _)| output), &scope, own)
                .and_then(|form| match form.has_via(true) {
                    true => Err(Unsupported::Generic(
                        scope
                            .find_in_type(ty)
                            .unwrap_or_else(|| quote::ToTokens::to_token_stream(ty)),
                    )),
                    false => Ok(form),
                })
                .map_err(|found| unsupported.push(found))
                .ok(),
            ReturnType::Default => None,
        };
        Method {
            func,
            scope,
            receiver,
            args,
            ret,
            unsupported,
            not_send: options.not_send,
            future: sends,
        }
    }

    /// Whether the method gives a future: an `async fn`, or a plain `fn` returning
    /// `impl Future` (whose helper returns it boxed, as an `async fn`'s).
    pub fn is_future(&self) -> bool {
        self.func.sig.asyncness.is_some() || self.future.is_some()
    }

    /// For an `async fn`: whether its boxed future is `Send` (not under
    /// `#[outline(?Send)]`).
    pub fn send(&self) -> bool {
        self.not_send.is_none() && self.future.is_none_or(|(send, _)| send)
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

/// Where a result is written (its first token).
fn spanned_at(output: &ReturnType) -> Span {
    match output {
        ReturnType::Type(_, ty) => syn::spanned::Spanned::span(&**ty),
        ReturnType::Default => Span::call_site(),
    }
}

/// `T` and whether `Send` is named, for a result `impl Future<Output = T> (+ ..)`.
fn future_output(output: &ReturnType) -> Option<(&Type, bool)> {
    let ReturnType::Type(_, ty) = output else {
        return None;
    };
    let Type::ImplTrait(imp) = &**ty else { return None };
    let named = |name: &str| {
        imp.bounds.iter().find_map(|bound| match bound {
            syn::TypeParamBound::Trait(t) => t.path.segments.last().filter(|s| s.ident == name),
            _ => None,
        })
    };
    let syn::PathArguments::AngleBracketed(args) = &named("Future")?.arguments else {
        return None;
    };
    let output = args.args.iter().find_map(|arg| match arg {
        syn::GenericArgument::AssocType(a) if a.ident == "Output" => Some(&a.ty),
        _ => None,
    })?;
    Some((output, named("Send").is_some()))
}

/// The error of an impl whose type is not a named type.
pub(crate) fn unnamed_type(ty: &Type) -> syn::Error {
    syn::Error::new_spanned(
        ty,
        "#[outline] needs the impl's type to be a named type, such as `Tensor<D, K>`",
    )
}

fn own_ident(ty: &Type) -> Option<Ident> {
    match ty {
        Type::Path(p) if p.qself.is_none() => p.path.segments.last().map(|s| s.ident.clone()),
        _ => None,
    }
}
