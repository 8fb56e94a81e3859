//! Generates the slot storage, its accessors, `Drop`, and the traits asked for.
//!
//! # Safety argument
//!
//! The struct is `#[repr(C, align(ALIGN))]` around one field,
//! `UnsafeCell<[MaybeUninit<*mut ()>; SLOTS]>`, at offset 0, where
//! `SLOTS = ceil(size_of::<Inner>() / size_of::<*mut ()>())`. So:
//!
//! - **Size.** The slots span at least `size_of::<Inner>()` bytes (asserted at
//!   compile time as well), so every access through a `*const Inner` / `*mut Inner`
//!   cast from the slots' start stays in bounds.
//! - **Alignment.** The field sits at offset 0 of a struct aligned to `ALIGN`, and a
//!   compile-time assertion checks `align_of::<Inner>() <= ALIGN`, so the cast
//!   pointer is aligned for `Inner`. The value is always written into a `Self`, never
//!   into a free-standing array, which would only be pointer-aligned.
//! - **Provenance.** The slots are pointer-sized `MaybeUninit`s, not bytes: copying
//!   the struct (a move) copies pointer provenance along with the bytes, so an inner
//!   `Box`, `Arc` or `Vec` stays valid under Miri's Stacked and Tree Borrows. A
//!   `[u8; N]` buffer would strip provenance on a typed copy. `MaybeUninit` makes the
//!   padding and unused tail bytes legal to leave uninitialised.
//! - **Interior mutability.** The slots sit in an `UnsafeCell`, so a `&Inner` made
//!   from `&self` may mutate through an inner `Cell` or `Mutex` without breaking the
//!   aliasing rules (a shared reference to plain memory would forbid it).
//! - **Initialisation and drop.** The only constructor, `from_inner`, writes a valid
//!   `Inner` before the value exists; the struct's field is private, so no other code
//!   can build one. `Drop` drops the `Inner` in place exactly once; `into_inner` moves
//!   the value out of a `ManuallyDrop<Self>`, so `Drop` never runs for it, and a
//!   panic cannot happen between the read and the return (a plain `ptr::read`).
//! - **Threads.** The slots hold raw pointers, so the struct is `!Send` and `!Sync`
//!   unless asked; `Send` / `Sync` are implemented only next to a compile-time proof
//!   that `Inner` has them.
//!
//! Why not `Box<dyn Any>`: it costs an allocation per value, and its drop, clone and
//! downcast go through a vtable that still has to be instantiated for the heavy type;
//! the slots keep the value inline and only the declaring crate names the type.

use super::attr::Args;
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::{Fields, Ident, Type};

/// A struct under `#[opaque]`, read.
pub(crate) struct Opaque {
    attrs: Vec<syn::Attribute>,
    vis: syn::Visibility,
    ident: Ident,
    inner: Type,
}

impl Opaque {
    pub fn from_item(item: &syn::Item) -> syn::Result<Self> {
        let shape_error = |tokens: &dyn quote::ToTokens| {
            syn::Error::new_spanned(
                tokens,
                "#[opaque] goes on a tuple struct with one field and no generics, \
                 e.g. `pub struct Handle(HeavyType);`",
            )
        };
        let syn::Item::Struct(s) = item else {
            return Err(shape_error(item));
        };
        if !s.generics.params.is_empty() {
            return Err(syn::Error::new_spanned(
                &s.generics,
                "#[opaque] cannot take generic parameters: the slot count must be one number, \
                 known where the struct is declared",
            ));
        }
        let Fields::Unnamed(fields) = &s.fields else {
            return Err(shape_error(&s.fields));
        };
        let mut iter = fields.unnamed.iter();
        let (Some(field), None) = (iter.next(), iter.next()) else {
            return Err(shape_error(&s.fields));
        };
        Ok(Opaque {
            attrs: s.attrs.clone(),
            vis: s.vis.clone(),
            ident: s.ident.clone(),
            inner: field.ty.clone(),
        })
    }
}

pub(crate) fn expand(args: &Args, opaque: &Opaque) -> TokenStream {
    let ident = &opaque.ident;
    let storage = if crate::boundary_off() {
        transparent(opaque)
    } else {
        slots(args, opaque)
    };
    let clone = args.clone.as_ref().map(|token| {
        quote_spanned! {token.span()=>
            impl ::core::clone::Clone for #ident {
                fn clone(&self) -> Self {
                    Self::from_inner(::core::clone::Clone::clone(self.inner()))
                }
            }
        }
    });
    let debug = args.debug.as_ref().map(|token| {
        quote_spanned! {token.span()=>
            impl ::core::fmt::Debug for #ident {
                fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    ::core::fmt::Debug::fmt(self.inner(), f)
                }
            }
        }
    });
    let send = args.send.as_ref().map(|token| auto_trait(opaque, token, "Send"));
    let sync = args.sync.as_ref().map(|token| auto_trait(opaque, token, "Sync"));
    quote! {
        #storage
        #clone
        #debug
        #send
        #sync
    }
}

/// The boundary: the value in type-erased slots.
fn slots(args: &Args, opaque: &Opaque) -> TokenStream {
    let Opaque {
        attrs,
        vis,
        ident,
        inner,
    } = opaque;
    let align = &args.align;
    let slot = quote!(::core::mem::MaybeUninit<*mut ()>);
    let slots = quote! {
        ::core::mem::size_of::<#inner>().div_ceil(::core::mem::size_of::<*mut ()>())
    };
    let inner_str = quote!(#inner).to_string();
    let align_msg = format!(
        "#[opaque] `{ident}`: the inner type `{inner_str}` needs a larger alignment than {}; raise `align = N`",
        align.base10_digits()
    );
    let size_msg = format!("#[opaque] `{ident}`: the slots are smaller than `{inner_str}`");
    quote! {
        #(#attrs)*
        #[repr(C, align(#align))]
        #vis struct #ident {
            __seam_slots: ::core::cell::UnsafeCell<[#slot; #slots]>,
        }

        const _: () = {
            ::core::assert!(::core::mem::align_of::<#inner>() <= #align, #align_msg);
            ::core::assert!(::core::mem::size_of::<#inner>() <= ::core::mem::size_of::<#ident>(), #size_msg);
        };

        #[allow(dead_code)]
        impl #ident {
            /// Stores `inner`.
            #[inline]
            fn from_inner(inner: #inner) -> Self {
                let this = Self {
                    __seam_slots: ::core::cell::UnsafeCell::new([const { ::core::mem::MaybeUninit::uninit() }; #slots]),
                };
                // SAFETY: in bounds and aligned for `Inner` (see the safety argument of
                // seam-macros' `opaque::expand`); nothing was stored before.
                unsafe { this.__seam_slots.get().cast::<#inner>().write(inner) };
                this
            }

            /// The stored value.
            #[inline]
            fn inner(&self) -> &#inner {
                // SAFETY: `from_inner` stored a valid `Inner`, in bounds and aligned;
                // the borrow of `self` bounds the reference's lifetime.
                unsafe { &*self.__seam_slots.get().cast::<#inner>() }
            }

            /// The stored value, mutably.
            #[inline]
            fn inner_mut(&mut self) -> &mut #inner {
                // SAFETY: as in `inner`, and `&mut self` makes the access unique.
                unsafe { &mut *self.__seam_slots.get().cast::<#inner>() }
            }

            /// The stored value, moved out.
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
                // SAFETY: a valid `Inner` is stored and this is its only drop.
                unsafe { ::core::ptr::drop_in_place(self.__seam_slots.get().cast::<#inner>()) }
            }
        }
    }
}

/// No boundary (`boundary-off`): the value as a plain field, same accessors.
fn transparent(opaque: &Opaque) -> TokenStream {
    let Opaque {
        attrs,
        vis,
        ident,
        inner,
    } = opaque;
    quote! {
        #(#attrs)*
        #[repr(transparent)]
        #vis struct #ident(#inner);

        #[allow(dead_code)]
        impl #ident {
            #[inline]
            fn from_inner(inner: #inner) -> Self {
                Self(inner)
            }
            #[inline]
            fn inner(&self) -> &#inner {
                &self.0
            }
            #[inline]
            fn inner_mut(&mut self) -> &mut #inner {
                &mut self.0
            }
            #[inline]
            fn into_inner(self) -> #inner {
                self.0
            }
        }
    }
}

/// `unsafe impl Send/Sync`, next to a compile-time proof that the inner type has it;
/// a missing impl is reported at the trait's name in the attribute.
fn auto_trait(opaque: &Opaque, token: &Ident, name: &str) -> TokenStream {
    let (ident, inner) = (&opaque.ident, &opaque.inner);
    let trait_ident = Ident::new(name, token.span());
    let check = Ident::new(
        &format!("__seam_inner_must_be_{}", name.to_lowercase()),
        Span::call_site(),
    );
    let inner_spanned = quote_spanned!(token.span()=> #inner);
    // Without the boundary the field is the value itself and the auto trait follows it.
    let unsafe_impl = (!crate::boundary_off()).then(|| {
        quote! {
            // SAFETY: the check above proves `Inner` has the trait; the slots only hold
            // an `Inner`, so the wrapper is as thread-safe as the value it stores.
            unsafe impl ::core::marker::#trait_ident for #ident {}
        }
    });
    quote! {
        const _: () = {
            fn #check<T: ?::core::marker::Sized + ::core::marker::#trait_ident>() {}
            let _ = #check::<#inner_spanned>;
        };
        #unsafe_impl
    }
}
