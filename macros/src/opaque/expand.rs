//! Generates the slot storage, its accessors, `Drop`, the layout checks, and the
//! traits asked for.
//!
//! # Safety argument
//!
//! For `#[opaque(align = ALIGN)] struct Handle(Inner);` the struct becomes
//!
//! ```ignore
//! #[repr(C, align(ALIGN))]
//! struct Handle { __seam_slots: UnsafeCell<[MaybeUninit<*mut ()>; SLOTS]> }
//! ```
//!
//! with `SLOTS = ceil(size_of::<Inner>() / size_of::<*mut ()>())`, or
//! `ceil(SIZE / size_of::<*mut ()>())` with `size = SIZE`. The slots hold one `Inner`,
//! written at their start. Every `unsafe` block below relies on these facts:
//!
//! - **Size.** The slots span `SLOTS * size_of::<*mut ()>() >= size_of::<Inner>()`
//!   bytes, so a `*mut Inner` cast from the slots' start is in bounds for an
//!   `Inner`. With `size = SIZE`, a compile-time assertion checks
//!   `size_of::<Inner>() <= SIZE`; without it the slot count is computed from
//!   `Inner`, and an assertion checks the result all the same.
//! - **Alignment.** `repr(C)` puts the field at offset 0 of a struct whose alignment
//!   is `max(ALIGN, align_of::<*mut ()>())`, and a compile-time assertion checks
//!   `align_of::<Inner>() <= align_of::<Handle>()`. So the slots' start is aligned
//!   for `Inner` wherever a `Handle` lives: on the stack, in a `Vec`, in a field.
//!   Pointers are taken from the field itself (`UnsafeCell::get`, or the address of
//!   `get_mut`'s array), never from an empty slice's dangling pointer, so even a
//!   zero-sized `Inner` of alignment 64 gets an aligned address.
//! - **Provenance.** Moving or copying a `Handle` is a typed copy of the slots. A
//!   `MaybeUninit<T>` is a union, and a typed copy of a union keeps every byte as it
//!   is: initialised or not, with the pointer provenance it carries. So the `Box`,
//!   `Arc` or `Vec` pointers inside `Inner` are still valid pointers after any
//!   number of moves, under Stacked and under Tree Borrows. A `[u8; N]` buffer would
//!   be wrong twice: a typed copy of `u8`s strips provenance (the moved `Box` would
//!   point nowhere), and it asserts the bytes are initialised, which enum and struct
//!   padding is not. Slots of `*mut ()` also give the struct pointer alignment
//!   without naming `Inner`.
//! - **Interior mutability.** The slots sit in an `UnsafeCell`. An `Inner` with a
//!   `Cell`, an atomic or a `Mutex` is mutated through the `&Inner` that `inner()`
//!   returns from `&self`; without the `UnsafeCell` that `&Inner` would be derived
//!   from a shared reference to plain memory, and the write would be undefined
//!   behaviour. The cost is that the struct is not `RefUnwindSafe` unless asked.
//! - **Initialisation and drop.** The field is private and `from_inner` is the only
//!   code that builds a `Handle`: it writes a valid `Inner` before the value exists.
//!   No code writes the slots afterwards except through `&mut Inner`, which keeps
//!   them a valid `Inner`. `Drop` drops the `Inner` in place, exactly once;
//!   `into_inner` moves the value out of a `ManuallyDrop<Handle>`, so `Drop` never
//!   runs for it. Nothing between the read and the return can panic (the read is a
//!   `ptr::read`), so there is no window where both the caller and `Drop` would own
//!   the value. A panic in `Inner`'s own `clone` happens before `from_inner` is
//!   called, so no half-built `Handle` exists.
//! - **Threads.** The slots hold raw pointers, so `Handle` is `!Send` and `!Sync`
//!   by default. `Send` / `Sync` are implemented only when asked, next to a
//!   compile-time check that `Inner` has them: the slots hold nothing but an
//!   `Inner`, so `Handle` is exactly as thread-safe as the value it stores.
//!
//! Why not `Box<dyn Any>`: it allocates per value, so a move is cheap but every
//! construction is not; getting the value back is a checked downcast that can fail;
//! `Clone`, `Debug` and the rest need a trait object per trait; and `dyn Any`
//! requires `'static` and forgets `Send` / `Sync` unless spelled out. The slots keep
//! the value inline, give it back without a check, and only the declaring crate
//! names its type.

use super::ast::Opaque;
use super::attr::Args;
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};
use syn::{Ident, LitInt};

pub(crate) fn expand(args: &Args, opaque: &Opaque) -> TokenStream {
    // With `off_if(predicate)`, both layouts, each under its `cfg`: the using crate's
    // build chooses, so the switch is its own.
    let storage = match &args.off_if {
        None => slots(args, opaque),
        Some(predicate) => {
            let on = under(slots(args, opaque), &quote!(#[cfg(not(#predicate))]));
            let off = under(transparent(opaque), &quote!(#[cfg(#predicate)]));
            quote!(#on #off)
        }
    };
    // `size = N` is a promise about the inner type: checked with or without the boundary.
    let size_check = args.size.as_ref().map(|size| {
        let message = format!(
            "#[opaque] `{}`: the inner type `{}` does not fit in `size = {}` bytes; \
             raise `size`, or box part of the value",
            opaque.ident,
            opaque.inner_str(),
            size.base10_digits()
        );
        let inner = opaque.inner();
        let size = unsuffixed(size);
        quote_spanned! {size.span()=>
            // `size = 0` makes this `x <= 0`, which is what is meant.
            #[allow(clippy::absurd_extreme_comparisons)]
            const _: () = ::core::assert!(::core::mem::size_of::<#inner>() <= #size, #message);
        }
    });
    let traits = traits(args, opaque);
    quote! {
        #storage
        #size_check
        #traits
    }
}

/// The boundary: the value in type-erased slots.
fn slots(args: &Args, opaque: &Opaque) -> TokenStream {
    let Opaque {
        attrs, vis, ident, ..
    } = opaque;
    let inner = opaque.inner();
    let align = LitInt::new(
        &args.align_value().to_string(),
        args.align.as_ref().map_or_else(Span::call_site, LitInt::span),
    );
    let slot_bytes = quote!(::core::mem::size_of::<*mut ()>());
    let slots = match &args.size {
        Some(size) => {
            let size = unsuffixed(size);
            quote!(::core::primitive::usize::div_ceil(#size, #slot_bytes))
        }
        None => quote!(::core::mem::size_of::<#inner>().div_ceil(#slot_bytes)),
    };
    let inner_str = opaque.inner_str();
    let align_msg = format!(
        "#[opaque] `{ident}`: the inner type `{inner_str}` needs a larger alignment than `align = {}`; \
         raise `align`",
        args.align_value()
    );
    // Points at `align = N` when given, else at the inner type.
    let align_span = match &args.align {
        Some(lit) => lit.span(),
        None => first_span(inner),
    };
    let align_check = quote_spanned! {align_span=>
        const _: () = ::core::assert!(
            ::core::mem::align_of::<#inner>() <= ::core::mem::align_of::<#ident>(),
            #align_msg
        );
    };
    let size_msg = format!("seam-macros bug: the slots of `{ident}` are smaller than `{inner_str}`");
    quote! {
        #(#attrs)*
        #[repr(C, align(#align))]
        #vis struct #ident {
            __seam_slots: ::core::cell::UnsafeCell<[::core::mem::MaybeUninit<*mut ()>; #slots]>,
        }

        const _: () = ::core::assert!(
            ::core::mem::size_of::<#inner>() <= ::core::mem::size_of::<#ident>(),
            #size_msg
        );
        #align_check

        #[allow(dead_code)]
        impl #ident {
            /// Stores `inner`.
            #[inline]
            fn from_inner(inner: #inner) -> Self {
                let this = Self {
                    __seam_slots: ::core::cell::UnsafeCell::new(
                        [const { ::core::mem::MaybeUninit::uninit() }; #slots],
                    ),
                };
                // SAFETY: the pointer is the slots' start, in bounds and aligned for
                // `Inner` (see the safety argument in seam-macros' `opaque::expand`);
                // nothing was stored there, so nothing is overwritten without a drop.
                unsafe { this.__seam_slots.get().cast::<#inner>().write(inner) };
                this
            }

            /// The stored value.
            #[inline]
            fn inner(&self) -> &#inner {
                // SAFETY: `from_inner` stored a valid `Inner` at the slots' start,
                // aligned; the `UnsafeCell` allows mutation through the reference
                // (an inner `Cell`), and the borrow of `self` bounds its lifetime.
                unsafe { &*self.__seam_slots.get().cast::<#inner>() }
            }

            /// The stored value, mutably.
            #[inline]
            fn inner_mut(&mut self) -> &mut #inner {
                let slots = ::core::ptr::from_mut(self.__seam_slots.get_mut());
                // SAFETY: as in `inner`; the pointer comes from `&mut self`, so the
                // reference is unique for the borrow's lifetime.
                unsafe { &mut *slots.cast::<#inner>() }
            }

            /// The stored value, moved out; `Drop` does not run.
            #[inline]
            fn into_inner(self) -> #inner {
                let this = ::core::mem::ManuallyDrop::new(self);
                // SAFETY: a valid `Inner` is stored; `ManuallyDrop` keeps `Drop` from
                // dropping it again, so ownership moves to the caller exactly once.
                unsafe { this.__seam_slots.get().cast::<#inner>().read() }
            }
        }

        impl ::core::ops::Drop for #ident {
            fn drop(&mut self) {
                let slots = ::core::ptr::from_mut(self.__seam_slots.get_mut());
                // SAFETY: a valid `Inner` is stored (`into_inner` never reaches here),
                // and this is its only drop.
                unsafe { ::core::ptr::drop_in_place(slots.cast::<#inner>()) }
            }
        }
    }
}

/// Every item of `items` under `cfg`, an attribute (`#[cfg(..)]`).
fn under(items: TokenStream, cfg: &TokenStream) -> TokenStream {
    let file: syn::File = syn::parse2(items).expect("the storage's own items parse");
    let attr: syn::Attribute = syn::parse_quote!(#cfg);
    file.items
        .into_iter()
        .map(|mut item| {
            attrs_mut(&mut item).insert(0, attr.clone());
            item.into_token_stream()
        })
        .collect()
}

/// The attributes of the items the storage is made of (an item left without its
/// `cfg` would be defined in both builds).
fn attrs_mut(item: &mut syn::Item) -> &mut Vec<syn::Attribute> {
    match item {
        syn::Item::Struct(item) => &mut item.attrs,
        syn::Item::Impl(item) => &mut item.attrs,
        syn::Item::Const(item) => &mut item.attrs,
        _ => unreachable!("the storage is structs, impls and consts"),
    }
}

/// No boundary (`off_if` holds): the value as a plain field, same accessors. Also
/// what is emitted after an error in the arguments, so uses do not cascade.
pub(crate) fn transparent(opaque: &Opaque) -> TokenStream {
    let Opaque {
        attrs, vis, ident, ..
    } = opaque;
    let inner = opaque.inner();
    quote! {
        #(#attrs)*
        #[repr(transparent)]
        #vis struct #ident(#inner);

        #[allow(dead_code)]
        impl #ident {
            /// Stores `inner`.
            #[inline]
            fn from_inner(inner: #inner) -> Self {
                Self(inner)
            }
            /// The stored value.
            #[inline]
            fn inner(&self) -> &#inner {
                &self.0
            }
            /// The stored value, mutably.
            #[inline]
            fn inner_mut(&mut self) -> &mut #inner {
                &mut self.0
            }
            /// The stored value, moved out.
            #[inline]
            fn into_inner(self) -> #inner {
                self.0
            }
        }
    }
}

/// The traits asked for. Each forwards to the inner value in non-generic code, so it
/// is compiled once, in the declaring crate; each is spanned at its name in the
/// attribute, where a missing impl on the inner type is reported.
fn traits(args: &Args, opaque: &Opaque) -> TokenStream {
    let ident = &opaque.ident;
    let mut out = TokenStream::new();
    if let Some(token) = &args.clone {
        out.extend(quote_spanned! {token.span()=>
            impl ::core::clone::Clone for #ident {
                fn clone(&self) -> Self {
                    Self::from_inner(::core::clone::Clone::clone(self.inner()))
                }
            }
        });
    }
    if let Some(token) = &args.debug {
        out.extend(quote_spanned! {token.span()=>
            impl ::core::fmt::Debug for #ident {
                fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    ::core::fmt::Debug::fmt(self.inner(), f)
                }
            }
        });
    }
    if let Some(token) = &args.partial_eq {
        out.extend(quote_spanned! {token.span()=>
            impl ::core::cmp::PartialEq for #ident {
                fn eq(&self, other: &Self) -> bool {
                    ::core::cmp::PartialEq::eq(self.inner(), other.inner())
                }
            }
        });
    }
    if let Some(token) = &args.eq {
        out.extend(trait_check(opaque, token, "Eq", quote!(::core::cmp::Eq)));
        out.extend(quote_spanned! {token.span()=>
            impl ::core::cmp::Eq for #ident {}
        });
    }
    if let Some(token) = &args.hash {
        out.extend(quote_spanned! {token.span()=>
            impl ::core::hash::Hash for #ident {
                fn hash<__H: ::core::hash::Hasher>(&self, state: &mut __H) {
                    // Not generic, so compiled once: the generic method above only
                    // passes the hasher on, as a trait object.
                    fn erased(this: &#ident, mut state: &mut dyn ::core::hash::Hasher) {
                        ::core::hash::Hash::hash(this.inner(), &mut state)
                    }
                    erased(self, state)
                }
            }
        });
    }
    if let Some(token) = &args.default {
        out.extend(quote_spanned! {token.span()=>
            impl ::core::default::Default for #ident {
                fn default() -> Self {
                    Self::from_inner(::core::default::Default::default())
                }
            }
        });
    }
    for (token, name, path, unsafe_trait) in [
        (&args.send, "Send", quote!(::core::marker::Send), true),
        (&args.sync, "Sync", quote!(::core::marker::Sync), true),
        (
            &args.ref_unwind_safe,
            "RefUnwindSafe",
            quote!(::core::panic::RefUnwindSafe),
            false,
        ),
    ] {
        let Some(token) = token else { continue };
        out.extend(trait_check(opaque, token, name, path.clone()));
        // Without the boundary the field is the value itself, and the auto trait
        // follows it.
        let on = args
            .off_if
            .as_ref()
            .map(|predicate| quote!(#[cfg(not(#predicate))]));
        out.extend(if unsafe_trait {
            quote_spanned! {token.span()=>
                // SAFETY: the check above proves `Inner` has the trait; the slots
                // hold nothing but an `Inner`, so the wrapper is as thread-safe as the
                // value it stores.
                #on
                unsafe impl #path for #ident {}
            }
        } else {
            quote_spanned! {token.span()=>
                // The check above proves `Inner` has the trait; only the `UnsafeCell`
                // around the slots hides it.
                #on
                impl #path for #ident {}
            }
        });
    }
    out
}

/// A compile-time proof that the inner type implements `path`; a missing impl is
/// reported at the inner type, with a note at the trait's name in the attribute.
fn trait_check(opaque: &Opaque, token: &Ident, name: &str, path: TokenStream) -> TokenStream {
    let check = Ident::new(
        &format!("__seam_inner_must_be_{}", crate::syntax::snake_case(name)),
        Span::call_site(),
    );
    let inner = opaque.inner();
    // The bound at the trait's name in the attribute, so that rustc's note points there.
    let path = crate::syntax::respan(path, token.span());
    quote_spanned! {token.span()=>
        const _: () = {
            fn #check<T: ?::core::marker::Sized + #path>() {}
            let _ = #check::<#inner>;
        };
    }
}

/// A literal without its suffix (`64usize` -> `64`), as `repr(align)` needs.
fn unsuffixed(lit: &LitInt) -> LitInt {
    LitInt::new(lit.base10_digits(), lit.span())
}

/// The span of the first token of `tokens`.
fn first_span(tokens: &impl ToTokens) -> Span {
    tokens
        .to_token_stream()
        .into_iter()
        .next()
        .map_or_else(Span::call_site, |token| token.span())
}
