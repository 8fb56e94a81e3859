//! Coverage by compilation: for every public `Tensor` method of burn-tensor's
//! `src/tensor/api/`, a unit that names the method with Burn's signature, once per
//! kind its block admits and, for a block generic over the kind, once generic over
//! it (what a user's generic code over `K: Numeric` writes); and for every public
//! trait of those files that a user can implement or call (`ReshapeArgs`, `Cast`,
//! ..), a unit that implements it for a user type and one that calls each of its
//! functions. The units are built by the doctest harness against burn-tensor (where
//! every unit must build) and against seam-burn-tensor: a method is covered when its
//! units build there too.
//!
//! A method's unit coerces the method to the function pointer type Burn's signature
//! spells, generic parameters as the caller's (`Tensor::<D, K>::sum_dim::<I>` as
//! `fn(Tensor<D, K>, I) -> Tensor<D, K>`), so another receiver, argument or result
//! type, a missing turbofish parameter or a narrower kind bound does not build. A
//! method returning `impl Trait` (or `async`) is called instead, with arguments of
//! exactly the parameters' types, and its result checked against Burn's bounds.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote};
use syn::visit_mut::{self, VisitMut};

use crate::doctests::Doctest;
use crate::methods::{self, Kind};
use crate::source;

/// Names every unit may use: burn-tensor's public modules, which seam-burn-tensor
/// must have under the same paths; the items of Burn's other crates that signatures
/// name and burn-tensor does not re-export (a user names them from those crates);
/// and the standard library's.
const PRELUDE: &str = "use burn_tensor::*; use burn_tensor::kind::*; use burn_tensor::ops::*; \
    use burn_tensor::quantization::*; use burn_tensor::distributed::*; use burn_tensor::grid::*; \
    use burn_tensor::module::BatchNormTrainOutput; \
    use burn_backend::Backend; use burn_backend::distributed::DistributedParamId; \
    use burn_dispatch::{BackendTensor, DispatchKindConversion}; \
    use core::ops::{Range, RangeBounds}; use core::future::Future; use core::fmt::Debug;";

/// Every unit, methods first (in file order), then the argument traits.
pub fn burn_signature_units() -> Vec<Doctest> {
    let root = source::burn_tensor_root();
    let kinds = KindTable::read(&root);
    let dir = root.join("src/tensor/api");
    let mut units = Vec::new();
    let mut traits = Vec::new();
    for path in source::rust_files(&dir) {
        let file = methods::relative(&dir, &path);
        let parsed = source::parse(&path);
        methods::walk(&parsed.items, &mut |item| match item {
            syn::Item::Impl(block) => units.extend(block_units(&file, block, &kinds)),
            syn::Item::Trait(t) if matches!(t.vis, syn::Visibility::Public(_)) => traits.push((file.clone(), t.clone())),
            _ => {}
        });
    }
    for (file, t) in &traits {
        units.extend(trait_units(file, t));
    }
    units.extend(function_units(&root.join("src/tensor/activation"), "activation"));
    units.extend(function_units(&root.join("src/tensor/loss"), "loss"));
    units.extend(function_units(&root.join("src/tensor/grid"), "grid"));
    units.extend(function_units(&root.join("src/tensor/module.rs"), "module"));
    units.extend(function_units(&root.join("src/tensor/quantization.rs"), "quantization"));
    units.extend(function_units(&root.join("src/tensor/distributed.rs"), "distributed"));
    units.extend(function_units(&root.join("src/tensor/report.rs"), "burn_tensor"));
    units.extend(function_units(&root.join("src/tensor/api/graph.rs"), "burn_tensor"));
    units
}

/// The units of the public free functions and constants of burn-tensor's module
/// `module` (in `dir`, a directory or one file): each function named at the pointer
/// type its signature spells, each constant at its type, by the module's path.
fn function_units(dir: &std::path::Path, module: &str) -> Vec<Doctest> {
    let mut units = Vec::new();
    let path: syn::Path = syn::parse_str(module).expect("a module path");
    let files = if dir.is_file() { vec![dir.to_path_buf()] } else { source::rust_files(dir) };
    for file_path in files {
        let file = match dir.is_file() {
            true => dir.file_name().expect("a file name").to_string_lossy().into_owned(),
            false => format!("{module}/{}", methods::relative(dir, &file_path)),
        };
        for item in source::parse(&file_path).items {
            let (name, code) = match item {
                syn::Item::Fn(f) if matches!(f.vis, syn::Visibility::Public(_)) => {
                    let mut sig = f.sig.clone();
                    PublicPaths.visit_signature_mut(&mut sig);
                    let function = &sig.ident;
                    let callee = quote!(#path::#function);
                    let unit = syn::parse_quote!(());
                    (function.to_string(), check(&format_ident!("check"), &syn::Generics::default(), &sig, &unit, callee))
                }
                syn::Item::Const(c) if matches!(c.vis, syn::Visibility::Public(_)) => {
                    let (ident, ty) = (&c.ident, &c.ty);
                    (ident.to_string(), quote!(let _: #ty = #path::#ident;))
                }
                _ => continue,
            };
            units.push(Doctest::build_only(
                format!("{file} {module}::{name}"),
                format!("fn {module}::{name}"),
                format!("{PRELUDE}\n{code}"),
            ));
        }
    }
    units
}

/// Each of Burn's methods with the kinds its block admits, in file order:
/// (key, name, kinds).
pub fn burn_method_kinds() -> Vec<(String, String, Vec<String>)> {
    let root = source::burn_tensor_root();
    let table = KindTable::read(&root);
    let mut found = Vec::new();
    for path in source::rust_files(&root.join("src/tensor/api")) {
        let parsed = source::parse(&path);
        methods::walk(&parsed.items, &mut |item| {
            let syn::Item::Impl(block) = item else { return };
            let Some((rank, kind)) = methods::tensor_self(block) else { return };
            let kinds = match (&kind, kind_param(block)) {
                (Kind::Concrete(k), _) => vec![k.clone()],
                (Kind::Generic(_), Some((_, bounds))) => table.admitted(&bounds),
                (Kind::Generic(_), None) => Vec::new(),
            };
            for item in &block.items {
                if let syn::ImplItem::Fn(f) = item
                    && matches!(f.vis, syn::Visibility::Public(_))
                {
                    let name = f.sig.ident.to_string();
                    found.push((methods::key(&rank, &kind, &name), name, kinds.clone()));
                }
            }
        });
    }
    found
}

/// The method a unit is about (`Tensor<D, K: Numeric>::sum_dim`), or the trait
/// (`trait ReshapeArgs`).
pub fn subject(unit: &Doctest) -> &str {
    unit.method.as_deref().unwrap_or("")
}

/// Which kinds implement each of burn-tensor's kind traits (`Numeric`: Float, Int),
/// read from its sources: a kind trait of `kind.rs` is its supertraits' kinds, and
/// an op trait of `crate::ops` the kinds with an `impl` of it in `src/bridge/ops/`.
pub struct KindTable(BTreeMap<String, BTreeSet<String>>);

/// Burn's three kinds.
const KINDS: [&str; 3] = ["Float", "Int", "Bool"];

impl KindTable {
    fn read(root: &std::path::Path) -> KindTable {
        let mut impls: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for path in source::rust_files(&root.join("src/bridge/ops")) {
            for item in source::parse(&path).items {
                if let syn::Item::Impl(block) = item
                    && let Some((trait_path, _)) = &block.trait_
                    && let syn::Type::Path(ty) = &*block.self_ty
                {
                    let kind = last(&ty.path);
                    if KINDS.contains(&kind.as_str()) {
                        impls.entry(last(trait_path)).or_default().insert(kind);
                    }
                }
            }
        }
        let mut table = BTreeMap::new();
        for item in source::parse(&root.join("src/tensor/kind.rs")).items {
            if let syn::Item::Trait(t) = item {
                let mut kinds: BTreeSet<String> = KINDS.iter().map(|k| k.to_string()).collect();
                for bound in &t.supertraits {
                    if let syn::TypeParamBound::Trait(b) = bound {
                        let name = last(&b.path);
                        let of_bound = if b.path.segments.first().is_some_and(|s| s.ident == "crate") {
                            impls.get(&name).cloned().unwrap_or_default()
                        } else {
                            table.get(&name).cloned().unwrap_or_default()
                        };
                        kinds = kinds.intersection(&of_bound).cloned().collect();
                    }
                }
                table.insert(t.ident.to_string(), kinds);
            }
        }
        KindTable(table)
    }

    /// The kinds that meet every bound of `bounds` (`Numeric`, or `Numeric + Ordered`).
    fn admitted(&self, bounds: &[String]) -> Vec<String> {
        KINDS
            .iter()
            .filter(|k| bounds.iter().all(|b| self.0.get(b).is_some_and(|kinds| kinds.contains(**k))))
            .map(|k| k.to_string())
            .collect()
    }
}

fn last(path: &syn::Path) -> String {
    path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default()
}

/// The units of one `impl .. Tensor<..>` block: each public method at each kind.
fn block_units(file: &str, block: &syn::ItemImpl, kinds: &KindTable) -> Vec<Doctest> {
    let Some((rank, kind)) = methods::tensor_self(block) else {
        return Vec::new();
    };
    // The kind parameter's name and its trait bounds, for a block generic over it.
    let param = match &kind {
        Kind::Generic(_) => kind_param(block),
        Kind::Concrete(_) => None,
    };
    let choices: Vec<Option<String>> = match &param {
        Some((_, bounds)) => std::iter::once(None).chain(kinds.admitted(bounds).into_iter().map(Some)).collect(),
        None => vec![None],
    };
    let mut units = Vec::new();
    for item in &block.items {
        let syn::ImplItem::Fn(f) = item else { continue };
        if !matches!(f.vis, syn::Visibility::Public(_)) {
            continue;
        }
        let key = methods::key(&rank, &kind, &f.sig.ident.to_string());
        for choice in &choices {
            let (block, sig) = match (choice, &param) {
                (Some(concrete), Some((name, _))) => concrete_kind(block, &f.sig, name, concrete),
                _ => (block.clone(), f.sig.clone()),
            };
            let label = match (choice, &param) {
                (Some(concrete), _) => format!(" at {concrete}"),
                (None, Some((name, _))) => format!(" generic over {name}"),
                (None, None) => String::new(),
            };
            units.push(Doctest::build_only(
                format!("{file} {key}{label}"),
                key.clone(),
                format!("{PRELUDE}\n{}", method_check(&block, sig)),
            ));
        }
    }
    units
}

/// The kind parameter of a block (the second argument of its `Tensor<D, K>`) and
/// the names of its trait bounds, from the parameter list and the `where` clause.
fn kind_param(block: &syn::ItemImpl) -> Option<(String, Vec<String>)> {
    let syn::Type::Path(ty) = &*block.self_ty else { return None };
    let syn::PathArguments::AngleBracketed(args) = &ty.path.segments.last()?.arguments else {
        return None;
    };
    let name = args.args.iter().nth(1)?.to_token_stream().to_string();
    let param = block.generics.type_params().find(|p| p.ident == name)?;
    let mut bounds: Vec<&syn::TypeParamBound> = param.bounds.iter().collect();
    if let Some(clause) = &block.generics.where_clause {
        for predicate in &clause.predicates {
            if let syn::WherePredicate::Type(p) = predicate
                && p.bounded_ty.to_token_stream().to_string() == name
            {
                bounds.extend(&p.bounds);
            }
        }
    }
    let names = bounds
        .into_iter()
        .filter_map(|b| match b {
            syn::TypeParamBound::Trait(t) => Some(last(&t.path)),
            _ => None,
        })
        .collect();
    Some((name, names))
}

/// The block and signature with the kind parameter `name` replaced by `concrete`
/// (its parameter and the predicates on it removed: the kind meets them).
fn concrete_kind(block: &syn::ItemImpl, sig: &syn::Signature, name: &str, concrete: &str) -> (syn::ItemImpl, syn::Signature) {
    let mut block = block.clone();
    let mut sig = sig.clone();
    let params = std::mem::take(&mut block.generics.params);
    block.generics.params = params
        .into_iter()
        .filter(|p| !matches!(p, syn::GenericParam::Type(t) if t.ident == name))
        .collect();
    if let Some(clause) = &mut block.generics.where_clause {
        let predicates = std::mem::take(&mut clause.predicates);
        clause.predicates = predicates
            .into_iter()
            .filter(|p| !matches!(p, syn::WherePredicate::Type(t) if t.bounded_ty.to_token_stream().to_string() == name))
            .collect();
    }
    let mut swap = Replace { name: name.to_string(), with: syn::parse_str(concrete).expect("a kind") };
    swap.visit_type_mut(&mut block.self_ty);
    swap.visit_signature_mut(&mut sig);
    (block, sig)
}

/// Replaces the type `name` (a bare path) with `with`.
struct Replace {
    name: String,
    with: syn::Type,
}

impl VisitMut for Replace {
    fn visit_type_mut(&mut self, ty: &mut syn::Type) {
        if let syn::Type::Path(p) = ty
            && p.qself.is_none()
            && p.path.is_ident(&self.name)
        {
            *ty = self.with.clone();
            return;
        }
        visit_mut::visit_type_mut(self, ty);
    }
}

/// Writes paths into burn-tensor's own modules and its dependencies (`crate::..`,
/// `burn_std::..`) as their last segment, which the prelude's globs import; std's
/// `alloc::` as the prelude's names too.
struct PublicPaths;

impl VisitMut for PublicPaths {
    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        let private = ["crate", "super", "self", "alloc", "burn_std", "burn_backend", "burn_dispatch", "burn_ir"];
        if path.segments.len() > 1
            && path.segments.first().is_some_and(|s| private.contains(&s.ident.to_string().as_str()))
        {
            let kept = path.segments.pop().expect("a segment");
            path.segments.clear();
            path.segments.push(kept);
            path.leading_colon = None;
        }
        visit_mut::visit_path_mut(self, path);
    }
}

/// Turns each `impl Trait` into a fresh type parameter, collected with its bounds.
struct Anonymous {
    prefix: &'static str,
    found: Vec<(syn::Ident, syn::punctuated::Punctuated<syn::TypeParamBound, syn::Token![+]>)>,
}

impl VisitMut for Anonymous {
    fn visit_type_mut(&mut self, ty: &mut syn::Type) {
        visit_mut::visit_type_mut(self, ty);
        if let syn::Type::ImplTrait(it) = ty {
            let ident = format_ident!("{}{}", self.prefix, self.found.len());
            self.found.push((ident.clone(), it.bounds.clone()));
            *ty = syn::parse_quote!(#ident);
        }
    }
}

/// The check of one method of `block` with signature `sig`.
fn method_check(block: &syn::ItemImpl, mut sig: syn::Signature) -> TokenStream {
    let mut block = block.clone();
    PublicPaths.visit_item_impl_mut(&mut block);
    PublicPaths.visit_signature_mut(&mut sig);
    let self_ty = &block.self_ty;
    let path = turbofish_type(self_ty);
    Replace { name: "Self".into(), with: (**self_ty).clone() }.visit_signature_mut(&mut sig);
    let function = &sig.ident;
    let callee = quote!(#path::#function);
    check(&format_ident!("check"), &block.generics, &sig, self_ty, callee)
}

/// `Tensor::<D, K>` for the type `Tensor<D, K>`.
fn turbofish_type(ty: &syn::Type) -> TokenStream {
    match ty {
        syn::Type::Path(p) => {
            let mut path = p.path.clone();
            if let Some(last) = path.segments.last_mut()
                && let syn::PathArguments::AngleBracketed(args) = &mut last.arguments
            {
                args.colon2_token = Some(Default::default());
            }
            path.into_token_stream()
        }
        other => quote!(<#other>),
    }
}

/// A function `name` whose body names `callee` (a path to the function `sig`
/// declares) at the type Burn's signature spells. `outer` are the generics the
/// function is declared under (its block's or trait's), `self_ty` what `self` is
/// (`sig` no longer says `Self`).
fn check(
    name: &syn::Ident,
    outer: &syn::Generics,
    sig: &syn::Signature,
    self_ty: &syn::Type,
    callee: TokenStream,
) -> TokenStream {
    let mut args = Anonymous { prefix: "__Arg", found: Vec::new() };
    let mut inputs: Vec<syn::Type> = Vec::new();
    for input in &sig.inputs {
        let ty = match input {
            syn::FnArg::Receiver(r) => match &r.kind {
                syn::ReceiverKind::Reference(_, lifetime, mutability) => syn::parse_quote!(&#lifetime #mutability #self_ty),
                syn::ReceiverKind::Typed(_, ty) => (**ty).clone(),
                _ => self_ty.clone(),
            },
            syn::FnArg::Typed(t) => (*t.ty).clone(),
        };
        let mut ty = ty;
        args.visit_type_mut(&mut ty);
        inputs.push(ty);
    }
    let mut output: syn::Type = match &sig.output {
        syn::ReturnType::Default => syn::parse_quote!(()),
        syn::ReturnType::Type(_, ty) => (**ty).clone(),
    };
    if sig.asyncness.is_some() {
        output = syn::parse_quote!(impl Future<Output = #output>);
    }
    // The method's own type and const parameters, in order: its turbofish.
    let explicit: Vec<TokenStream> = sig
        .generics
        .params
        .iter()
        .filter_map(|p| match p {
            syn::GenericParam::Type(t) => Some(t.ident.to_token_stream()),
            syn::GenericParam::Const(c) => Some(c.ident.to_token_stream()),
            syn::GenericParam::Lifetime(_) => None,
        })
        .collect();
    let turbofish = if explicit.is_empty() { quote!() } else { quote!(::<#(#explicit),*>) };
    // The function's generics: the outer ones, the method's own (lifetimes are bound
    // by the pointer type) and one per `impl Trait` argument.
    let mut params: Vec<TokenStream> = outer.params.iter().map(ToTokens::to_token_stream).collect();
    let mut names: Vec<TokenStream> = outer.params.iter().map(param_name).collect();
    for p in &sig.generics.params {
        if !matches!(p, syn::GenericParam::Lifetime(_)) {
            params.push(p.to_token_stream());
            names.push(param_name(p));
        }
    }
    for (ident, bounds) in &args.found {
        params.push(quote!(#ident: #bounds));
        names.push(ident.to_token_stream());
    }
    let mut predicates: Vec<TokenStream> = Vec::new();
    for clause in [&outer.where_clause, &sig.generics.where_clause].into_iter().flatten() {
        predicates.extend(clause.predicates.iter().map(ToTokens::to_token_stream));
    }
    let lifetimes: Vec<&syn::LifetimeParam> = sig.generics.lifetimes().collect();
    let binder = if lifetimes.is_empty() { quote!() } else { quote!(for<#(#lifetimes),*>) };
    match output {
        // `impl Trait` (or `async`): called with arguments of the parameters' types,
        // the result checked against the bounds.
        syn::Type::ImplTrait(it) => {
            let bounds = &it.bounds;
            let values: Vec<syn::Ident> = (0..inputs.len()).map(|i| format_ident!("arg{i}")).collect();
            let returns = format_ident!("{name}_returns");
            quote! {
                fn #returns<#(#params,)* __Ret: #bounds>(_: __Ret) where #(#predicates,)* {}
                fn #name<#(#params),*>(#(#values: #inputs),*) where #(#predicates,)* {
                    #returns::<#(#names,)* _>(#callee #turbofish(#(#values),*));
                }
            }
        }
        output => quote! {
            fn #name<#(#params),*>() where #(#predicates,)* {
                let _: #binder fn(#(#inputs),*) -> #output = #callee #turbofish;
            }
        },
    }
}

/// A generic parameter as an argument: `D`, `K`, `'a`.
fn param_name(p: &syn::GenericParam) -> TokenStream {
    match p {
        syn::GenericParam::Type(t) => t.ident.to_token_stream(),
        syn::GenericParam::Const(c) => c.ident.to_token_stream(),
        syn::GenericParam::Lifetime(l) => l.lifetime.to_token_stream(),
    }
}

/// The units of a public trait: a user type implementing it (every function with
/// Burn's signature, associated types set to `Float`), and a call of each function
/// from code generic over an implementor.
fn trait_units(file: &str, t: &syn::ItemTrait) -> Vec<Doctest> {
    let mut t = t.clone();
    PublicPaths.visit_item_trait_mut(&mut t);
    let name = &t.ident;
    let key = format!("trait {name}");
    let (_, args, _) = t.generics.split_for_impl();
    let args = args.to_token_stream();
    let outer = &t.generics;
    let supertraits: Vec<String> = t
        .supertraits
        .iter()
        .filter_map(|b| match b {
            syn::TypeParamBound::Trait(b) => Some(last(&b.path)),
            _ => None,
        })
        .collect();
    let derive = if supertraits.iter().any(|s| s == "Debug") { quote!(#[derive(Debug)]) } else { quote!() };
    let mut members = Vec::new();
    let mut calls = Vec::new();
    let implementor: syn::Type = syn::parse_quote!(__Implementor);
    for item in &t.items {
        match item {
            syn::TraitItem::Type(assoc) => {
                let ident = &assoc.ident;
                members.push(quote!(type #ident = Float;));
            }
            syn::TraitItem::Fn(f) => {
                let sig = &f.sig;
                members.push(quote!(#sig { unimplemented!() }));
                let function = &sig.ident;
                let callee = quote!(<__Implementor as #name #args>::#function);
                let mut sig = sig.clone();
                QualifySelf { with: quote!(<__Implementor as #name #args>) }.visit_signature_mut(&mut sig);
                let mut generics = outer.clone();
                generics.params.push(syn::parse_quote!(__Implementor: #name #args));
                calls.push(check(&format_ident!("check_{function}"), &generics, &sig, &implementor, callee));
            }
            _ => {}
        }
    }
    let (impl_generics, _, where_clause) = t.generics.split_for_impl();
    let implement = quote! {
        #derive
        struct UserType;
        impl #impl_generics #name #args for UserType #where_clause { #(#members)* }
    };
    let unit = |what: &str, code: TokenStream| {
        Doctest::build_only(format!("{file} {key}: {what}"), key.clone(), format!("{PRELUDE}\n{code}"))
    };
    vec![
        unit("implemented by a user type", implement),
        unit("called from generic code", quote!(#(#calls)*)),
    ]
}

/// Writes `Self` as the implementor and `Self::X` as `<Implementor as Trait>::X`.
struct QualifySelf {
    with: TokenStream,
}

impl VisitMut for QualifySelf {
    fn visit_type_mut(&mut self, ty: &mut syn::Type) {
        if let syn::Type::Path(p) = ty
            && p.qself.is_none()
            && p.path.segments.first().is_some_and(|s| s.ident == "Self")
        {
            let rest: Vec<&syn::PathSegment> = p.path.segments.iter().skip(1).collect();
            let with = &self.with;
            *ty = if rest.is_empty() {
                syn::parse_quote!(__Implementor)
            } else {
                syn::parse_quote!(#with #(::#rest)*)
            };
            return;
        }
        visit_mut::visit_type_mut(self, ty);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kinds of each kind trait, as burn-tensor 0.22.1's sources give them.
    #[test]
    fn kind_traits_admit_the_kinds_burn_implements_them_for() {
        let table = KindTable::read(&source::burn_tensor_root());
        let of = |bound: &str| table.admitted(&[bound.to_string()]);
        assert_eq!(of("Basic"), ["Float", "Int", "Bool"]);
        assert_eq!(of("Numeric"), ["Float", "Int"]);
        assert_eq!(of("Ordered"), ["Float", "Int"]);
        assert_eq!(of("FloatMath"), ["Float"]);
        assert_eq!(of("Autodiff"), ["Float", "Int", "Bool"]);
        assert_eq!(of("Unknown"), Vec::<String>::new());
    }
}
