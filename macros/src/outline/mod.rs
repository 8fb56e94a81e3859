//! `#[outline]`: a thin generic wrapper plus a non-generic helper per method.
//!
//! Each expansion runs three steps over one model:
//!
//! 1. **read**: `attr.rs` (the attribute's arguments, its words in `keys.rs`, its
//!    `via(..)` conversions in `via.rs`), `ast.rs` (the impl block or function and
//!    each method), with `generics.rs` (the generic parameters in scope), `form.rs`
//!    (how each argument and result type crosses) and `body/` (each body rewritten
//!    for its helper, once, here: what it uses and what it cannot have; the walk in
//!    `rewriter.rs`, kind dispatch in `dispatch.rs`); `infer.rs` the conversions a
//!    struct declaring the protocol implies;
//! 2. **validate**: `valid.rs`, every rule and its message, all reported together;
//! 3. **expand**: `expand/` (wrapper, helper, forwarding method) with `convert.rs`
//!    (each form's conversions); `protocol.rs` for a protocol declared on a type, and
//!    `fallback.rs` for what is emitted after an error.

mod ast;
mod attr;
mod body;
mod convert;
mod expand;
mod fallback;
mod form;
mod generics;
mod infer;
mod keys;
mod kinds;
mod protocol;
mod valid;
mod via;

use crate::errors::Errors;
use proc_macro2::TokenStream;

pub(crate) fn expand(args: TokenStream, input: TokenStream) -> TokenStream {
    // An impl block of a type that declared its protocol only becomes a call of the
    // type's protocol macro: its header is read, its methods are passed on unread
    // (the second expansion reads them).
    if !protocol::is_full(&args)
        && let Some(call) = protocol::apply_to_tokens(&args, &input)
    {
        return call;
    }
    let item = match syn::parse2::<syn::Item>(input.clone()) {
        Ok(item) => item,
        // Not an item at all: let rustc report the syntax error on the original tokens.
        Err(_) => return input,
    };
    let expanded = match &item {
        // Under its type's protocol (`#[outline(Tensor)]`): a call of the type's
        // protocol macro, which puts the whole protocol back on the function.
        syn::Item::Fn(_) if protocol::names_type(&args).is_some() => {
            let ty = protocol::names_type(&args).expect("checked");
            return protocol::apply_to_fn(&ty, input);
        }
        syn::Item::Fn(func) if protocol::is_fn_of_type(&args) => free_fn_of_type(args, func),
        syn::Item::Fn(func) => free_fn(args, func),
        syn::Item::Struct(_) | syn::Item::Enum(_) => protocol::declare(args, &item),
        syn::Item::Trait(t) => kinds::declare(args, t),
        syn::Item::Impl(imp) if !protocol::is_full(&args) => protocol::apply(args, imp),
        _ => impl_block(args, &item),
    };
    expanded.unwrap_or_else(|err| fallback::expand(&item, err))
}

/// An impl block under a whole protocol (or any other item, which reading refuses).
fn impl_block(tokens: TokenStream, item: &syn::Item) -> syn::Result<TokenStream> {
    let mut errors = Errors::default();
    // Whether `&mut self` receivers can be outlined is read from the tokens, so that
    // its error is right also when the arguments do not parse.
    let erase_mut = attr::declares_erase_mut(&tokens);
    let args = attr::Args::parse(tokens, &mut errors)
        .map_err(|e| errors.push(e))
        .ok();
    // Bodies are checked only against arguments that passed: the run-time values
    // they may use come from there.
    let args = args.filter(|args| valid::args(args, &mut errors));
    let vias = args.as_ref().map_or(&[][..], |args| args.vias());
    let imp = errors.check(ast::Impl::read(item, vias));
    // What each body calls as `Self::f(..)`, and each body rewritten: read once,
    // validation reads the issues, expansion builds on the rest.
    let read = args
        .as_ref()
        .zip(imp.as_ref())
        .map(|(args, imp)| body::bodies(args, imp));
    if let Some(imp) = &imp {
        let protocol = args
            .as_ref()
            .zip(read.as_ref())
            .map(|(args, (_, bodies))| (args, &bodies[..]));
        valid::impl_block(protocol, erase_mut, imp, &mut errors);
    }
    let (args, imp) = errors.finish((args, imp))?;
    let (args, imp) = (args.expect("validated"), imp.expect("validated"));
    let (calls, bodies) = read.expect("validated");
    Ok(expand::impl_block(&args, &imp, &calls, &bodies))
}

/// A free function under its type's protocol: its arguments and results of that type
/// (at any value of its parameters) cross erased, its own const generics are run-time
/// values in the helper, as a method's are.
fn free_fn_of_type(tokens: TokenStream, func: &syn::ItemFn) -> syn::Result<TokenStream> {
    let mut errors = Errors::default();
    let args = attr::Args::parse(tokens, &mut errors)
        .map_err(|e| errors.push(e))
        .ok()
        .filter(|args| valid::args(args, &mut errors));
    let (args, ()) = errors.finish((args, ()))?;
    let args = args.expect("validated");
    let Some(own) = args.fn_of.clone() else {
        return Err(syn::Error::new(
            proc_macro2::Span::call_site(),
            "`__seam_fn_of` is the protocol macro's own marker; put a free function under a type's \
             protocol with `#[outline(Type)]`",
        ));
    };
    // No impl's parameters are in scope, only the protocol's conversions and the
    // function's kind parameters: those the protocol declares a value of (`K` of
    // `K::KIND`), which the body dispatches on as an impl's (`K::f(..)`); the
    // wrapper passes their values.
    let kinds: Vec<&syn::Ident> = args
        .values
        .iter()
        .filter(|v| v.assoc.is_some())
        .map(|v| &v.param)
        .collect();
    let scope = generics::Scope::of_kinds(&func.sig.generics, &kinds, args.vias());
    let method = ast::Method::read(as_method(func), &scope, &own, attr::MethodOptions::default());
    let body = body::Body::of(&args, &method, &body::Calls::new(), false);
    let mut errors = Errors::default();
    valid::free_fn(&method, &body, &mut errors);
    errors.finish(())?;
    Ok(expand::free_fn(&args, &method, &body))
}

/// A free function read as a method with no receiver.
fn as_method(func: &syn::ItemFn) -> syn::ImplItemFn {
    syn::ImplItemFn {
        attrs: func.attrs.clone(),
        vis: func.vis.clone(),
        modifiers: func.modifiers.clone(),
        sig: func.sig.clone(),
        block: (*func.block).clone(),
    }
}

/// A free function (momo's form): there is no erased type; the attribute takes only
/// `?Send` and `off_if(predicate)`.
fn free_fn(tokens: TokenStream, func: &syn::ItemFn) -> syn::Result<TokenStream> {
    let mut errors = Errors::default();
    let (not_send, off_if) = errors.check(attr::free_options(tokens)).unwrap_or_default();
    let args = attr::Args::free(off_if);
    let method = as_method(func);
    // `Self` cannot appear in a free function's signature: no type is erased.
    let own = syn::Ident::new("Self", proc_macro2::Span::call_site());
    let options = attr::MethodOptions {
        skip: false,
        not_send,
    };
    let method = ast::Method::read(method, &Default::default(), &own, options);
    let body = body::Body::of(&args, &method, &body::Calls::new(), false);
    valid::free_fn(&method, &body, &mut errors);
    errors.finish(())?;
    Ok(expand::free_fn(&args, &method, &body))
}
