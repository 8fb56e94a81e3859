//! Syntax helpers that every macro shares: spans, the `off_if(..)` switch, where an
//! error about a whole item points, and the names the expansions make up.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::{ImplItem, Item};

/// `tokens` with every span set to `span`, inside groups too.
pub(crate) fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    map_spans(tokens, &|_| span)
}

/// `tokens` located at `at` (for rustc's messages), each resolved as it was.
pub(crate) fn located_at(tokens: TokenStream, at: Span) -> TokenStream {
    map_spans(tokens, &|span| span.located_at(at))
}

fn map_spans(tokens: TokenStream, new: &dyn Fn(Span) -> Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut token| {
            if let TokenTree::Group(group) = &token {
                let mut inner = Group::new(group.delimiter(), map_spans(group.stream(), new));
                inner.set_span(new(group.span()));
                token = TokenTree::Group(inner);
            } else {
                token.set_span(new(token.span()));
            }
            token
        })
        .collect()
}

/// A span located at the macro's call site but resolved where `user`'s tokens are:
/// the names a macro declares for the user's code (`__self`, `__seam_d`) must resolve
/// as that code's own tokens do, also when the macro is applied by another macro's
/// expansion, which has a hygiene of its own.
pub(crate) fn user_site(user: Span) -> Span {
    Span::call_site().resolved_at(user)
}

/// The `(predicate)` of `off_if(predicate)`, the name already read: a `cfg`
/// predicate, checked here for its form (`name`, `name = "value"`, `any(..)`, ...)
/// and by rustc, where the expansion uses it, for its names.
pub(crate) fn parse_off_if(input: syn::parse::ParseStream) -> syn::Result<TokenStream> {
    let content;
    let parens = syn::parenthesized!(content in input);
    let example = "such as `off_if(feature = \"boundary-off\")`";
    if content.is_empty() {
        return Err(syn::Error::new(
            parens.span.join(),
            format!("`off_if` takes the `cfg` predicate under which the boundary is off, {example}"),
        ));
    }
    // Errors at the end of the parentheses point at the closing one.
    if let Err(error) = content.fork().parse::<syn::Meta>() {
        let message = format!("`off_if` takes a `cfg` predicate, {example}: {error}");
        return Err(syn::Error::new(error.span(), message));
    }
    content.parse()
}

/// The tokens from an item's keyword to its name (`fn name`, `struct Name`, `use
/// path`): where an error about the item as a whole points.
pub(crate) fn item_head(item: &Item) -> TokenStream {
    match item {
        Item::Const(i) => pair(&i.const_token, &i.ident),
        Item::Enum(i) => pair(&i.enum_token, &i.ident),
        Item::ExternCrate(i) => pair(&i.extern_token, &i.ident),
        Item::Fn(i) => pair(&i.sig.fn_token, &i.sig.ident),
        Item::Mod(i) => pair(&i.mod_token, &i.ident),
        Item::Static(i) => pair(&i.static_token, &i.ident),
        Item::Struct(i) => pair(&i.struct_token, &i.ident),
        Item::Trait(i) => pair(&i.trait_token, &i.ident),
        Item::TraitAlias(i) => pair(&i.trait_token, &i.ident),
        Item::Type(i) => pair(&i.type_token, &i.ident),
        Item::Union(i) => pair(&i.union_token, &i.ident),
        Item::Use(i) => pair(&i.use_token, &i.tree),
        Item::Impl(i) => pair(&i.impl_token, &i.self_ty),
        Item::Macro(i) => i.mac.path.to_token_stream(),
        _ => without_attrs(item),
    }
}

/// [`item_head`] for an item of an impl block.
pub(crate) fn impl_item_head(item: &ImplItem) -> TokenStream {
    match item {
        ImplItem::Const(i) => pair(&i.const_token, &i.ident),
        ImplItem::Fn(i) => pair(&i.sig.fn_token, &i.sig.ident),
        ImplItem::Type(i) => pair(&i.type_token, &i.ident),
        ImplItem::Macro(i) => i.mac.path.to_token_stream(),
        _ => without_attrs(item),
    }
}

/// `a b`, for a span from `a` to `b`.
fn pair(a: &dyn ToTokens, b: &dyn ToTokens) -> TokenStream {
    let mut tokens = a.to_token_stream();
    b.to_tokens(&mut tokens);
    tokens
}

/// The item's tokens from its first token that is not an outer attribute.
fn without_attrs(item: &impl ToTokens) -> TokenStream {
    let mut tokens = item.to_token_stream().into_iter().peekable();
    while let Some(TokenTree::Punct(p)) = tokens.peek() {
        if p.as_char() != '#' {
            break;
        }
        tokens.next();
        tokens.next(); // the `[...]` group
    }
    tokens.collect()
}

/// `DynMatrix` as `dyn_matrix`, `RefUnwindSafe` as `ref_unwind_safe`: for the names
/// of generated modules and functions.
pub(crate) fn snake_case(name: &str) -> String {
    let mut snake = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            snake.push('_');
        }
        snake.extend(c.to_lowercase());
    }
    snake
}

/// The Levenshtein distance between two short names, for "did you mean" hints.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
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

/// The last segment's name of a path (a trait matched by its name, as a bound writes
/// it: `Numeric` for `crate::kind::Numeric`).
pub(crate) fn last_ident(path: &syn::Path) -> &syn::Ident {
    &path.segments.last().expect("a trait path has a segment").ident
}

/// What a type is that a value cannot be stored as, or generated code cannot name
/// where a type goes: a trait object, an `impl Trait`, a slice, `_` or `!`.
pub(crate) fn unsized_or_unnamed(ty: &syn::Type) -> Option<&'static str> {
    match ty {
        syn::Type::TraitObject(_) => Some("a trait object"),
        syn::Type::ImplTrait(_) => Some("an `impl Trait`"),
        syn::Type::Slice(_) => Some("a slice"),
        syn::Type::Infer(_) => Some("`_`"),
        syn::Type::Never(_) => Some("`!`"),
        syn::Type::Paren(inner) => unsized_or_unnamed(&inner.elem),
        syn::Type::Group(inner) => unsized_or_unnamed(&inner.elem),
        _ => None,
    }
}

/// `ty` as the referent of a generated `&` or `&mut`: a trait object or `impl Trait`
/// in parentheses (`&(dyn Any + Send)`), which `&dyn Any + Send` would not parse as.
pub(crate) fn referent(ty: &syn::Type) -> proc_macro2::TokenStream {
    match ty {
        syn::Type::TraitObject(_) | syn::Type::ImplTrait(_) => quote::quote!((#ty)),
        _ => quote::ToTokens::to_token_stream(ty),
    }
}

/// Whether `ty` names `ident` anywhere in its tokens (`[u8; N]`, `Vec<[T; N]>`).
pub(crate) fn mentions(ty: &syn::Type, ident: &syn::Ident) -> bool {
    fn any(tokens: proc_macro2::TokenStream, ident: &syn::Ident) -> bool {
        tokens.into_iter().any(|t| match t {
            proc_macro2::TokenTree::Ident(i) => i == *ident,
            proc_macro2::TokenTree::Group(g) => any(g.stream(), ident),
            _ => false,
        })
    }
    any(quote::ToTokens::to_token_stream(ty), ident)
}

#[cfg(test)]
mod tests {
    use super::{edit_distance, snake_case};

    #[test]
    fn names_are_made_in_snake_case() {
        assert_eq!(snake_case("Tensor"), "tensor");
        assert_eq!(snake_case("DynMatrix"), "dyn_matrix");
        assert_eq!(snake_case("RefUnwindSafe"), "ref_unwind_safe");
        assert_eq!(snake_case("ABC"), "a_b_c");
    }

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
