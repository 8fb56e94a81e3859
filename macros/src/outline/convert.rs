//! The code that moves each form across the boundary: the helper's type for it, the
//! wrapper's erasing and restoring expressions, and what a forwarding method on the
//! erased type takes and passes.

use super::attr::Args;
use super::form::{ArgForm, Conversion, Form};
use super::via::Via;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::{Ident, Type};

/// The names of the erased type and of its conversions, from the attribute.
pub(crate) struct Protocol<'a> {
    /// The erased type.
    pub erased: &'a Type,
    /// Own type by value to erased.
    pub erase: &'a Ident,
    /// Own type by reference to erased reference.
    pub erase_ref: &'a Ident,
    /// Erased to own type.
    pub restore: &'a Ident,
}

impl<'a> Protocol<'a> {
    /// The protocol of validated arguments.
    pub fn of(args: &'a Args) -> Self {
        Protocol {
            erased: args.erased(),
            erase: args.erase(),
            erase_ref: args.erase_ref(),
            restore: args.restore(),
        }
    }
}

/// Which way a value crosses.
#[derive(Clone, Copy)]
enum Way {
    /// Into the helper (arguments).
    Erase,
    /// Out of the helper (results).
    Restore,
}

/// How one argument is declared and passed by the wrapper and by the forwarding method.
pub(crate) struct ArgCode {
    /// The argument's type in the helper.
    pub helper_ty: TokenStream,
    /// Whether the wrapper binds the argument `mut` (it lends it out `&mut`).
    pub wrapper_mut: bool,
    /// What the wrapper passes to the helper.
    pub wrapper_pass: TokenStream,
    /// The argument's type in the forwarding method.
    pub forwarding_ty: TokenStream,
    /// Whether the forwarding method binds the argument `mut`.
    pub forwarding_mut: bool,
    /// What the forwarding method passes to the helper.
    pub forwarding_pass: TokenStream,
}

impl ArgCode {
    /// An argument the wrapper and the forwarding method convert alike: `pass` of the
    /// argument, bound `mut` when `lends_mut`.
    fn converted(
        helper_ty: TokenStream,
        lends_mut: bool,
        pass: TokenStream,
        forwarding_ty: TokenStream,
    ) -> Self {
        ArgCode {
            helper_ty,
            wrapper_mut: lends_mut,
            wrapper_pass: pass.clone(),
            forwarding_ty,
            forwarding_mut: lends_mut,
            forwarding_pass: pass,
        }
    }
}

/// An argument of a `via(..)` trait: `function(arg)` in the wrapper. A bound with
/// generic arguments (`ReshapeArgs<D2>`) may name the method's own parameters, so the
/// forwarding method takes the target type.
fn via_code(via: &Via, generic: bool, name: &Ident) -> ArgCode {
    let (target, function, trait_) = (&via.target, &via.function, &via.trait_);
    let pass = quote!(#function(#name));
    let (forwarding_ty, forwarding_pass) = match generic {
        true => (quote!(#target), quote!(#name)),
        false => (quote!(impl #trait_), pass.clone()),
    };
    ArgCode {
        helper_ty: quote!(#target),
        wrapper_mut: false,
        wrapper_pass: pass,
        forwarding_ty,
        forwarding_mut: false,
        forwarding_pass,
    }
}

impl Protocol<'_> {
    /// The type a form has inside the helper.
    pub fn helper_ty(&self, form: &Form) -> TokenStream {
        match form {
            Form::Plain(ty) => quote!(#ty),
            Form::Own(_) => {
                let erased = self.erased;
                quote!(#erased)
            }
            Form::Vec(inner) | Form::Array(inner, ..) => {
                let inner = self.helper_ty(inner);
                quote!(::std::vec::Vec<#inner>)
            }
            Form::FixedArray(inner, len) => {
                let inner = self.helper_ty(inner);
                quote!([#inner; #len])
            }
            Form::Option(inner) => {
                let inner = self.helper_ty(inner);
                quote!(::core::option::Option<#inner>)
            }
            Form::Result(inner, err) => {
                let inner = self.helper_ty(inner);
                quote!(::core::result::Result<#inner, #err>)
            }
            Form::Tuple(forms) => {
                let inner = forms.iter().map(|f| self.helper_ty(f));
                quote!((#(#inner,)*))
            }
            Form::Via(via) => {
                let target = &via.target;
                quote!(#target)
            }
        }
    }

    /// The wrapper's code that turns the helper's result `value` back into the
    /// method's result type. `method` names the method in panic messages.
    pub fn restore(&self, form: &Form, value: TokenStream, method: &Ident) -> TokenStream {
        self.convert(form, value, Way::Restore, method)
    }

    fn convert(&self, form: &Form, value: TokenStream, way: Way, method: &Ident) -> TokenStream {
        let each = |inner: &Form| {
            let v = format_ident!("__seam_v");
            let body = self.convert(inner, quote!(#v), way, method);
            quote!(|#v| #body)
        };
        match form {
            Form::Plain(_) => value,
            Form::Own(ty) => {
                let f = match way {
                    Way::Erase => self.erase,
                    Way::Restore => self.restore,
                };
                // At the argument that names the function: a wrong signature is
                // reported there.
                quote_spanned!(f.span()=> <#ty>::#f(#value))
            }
            Form::Vec(inner) => collect(value, &each(inner)),
            Form::FixedArray(inner, len) => {
                let f = each(inner);
                quote!(<[_; #len]>::map(#value, #f))
            }
            Form::Option(inner) => {
                let f = each(inner);
                quote!(::core::option::Option::map(#value, #f))
            }
            Form::Result(inner, _) => {
                let f = each(inner);
                quote!(::core::result::Result::map(#value, #f))
            }
            Form::Tuple(forms) => {
                let names: Vec<_> = (0..forms.len()).map(|i| format_ident!("__seam_t{}", i)).collect();
                let converted = forms
                    .iter()
                    .zip(&names)
                    .map(|(f, n)| self.convert(f, quote!(#n), way, method));
                quote!({
                    let (#(#names,)*) = #value;
                    (#(#converted,)*)
                })
            }
            Form::Via(via) => match (way, &via.back) {
                (Way::Restore, Some(back)) => quote!(#back(#value)),
                _ => {
                    let function = &via.function;
                    quote!(#function(#value))
                }
            },
            Form::Array(inner, elem, len) => match way {
                Way::Erase if inner.is_plain() => quote!(::std::vec::Vec::from(#value)),
                Way::Erase => collect(value, &each(inner)),
                Way::Restore => {
                    let vec = if inner.is_plain() {
                        value
                    } else {
                        collect(value, &each(inner))
                    };
                    let message =
                        format!("`{method}` produced {{}} elements for a result array of length {{}}");
                    quote!({
                        let __seam_vec: ::std::vec::Vec<#elem> = #vec;
                        let __seam_len = __seam_vec.len();
                        match <[#elem; #len] as ::core::convert::TryFrom<::std::vec::Vec<#elem>>>::try_from(__seam_vec) {
                            ::core::result::Result::Ok(array) => array,
                            ::core::result::Result::Err(_) => ::core::panic!(#message, __seam_len, #len),
                        }
                    })
                }
            },
        }
    }

    /// How the wrapper and the forwarding method declare and pass argument `name`.
    pub fn arg(&self, form: &ArgForm, ty: &Type, name: &Ident, method: &Ident) -> ArgCode {
        let plain = |helper_ty: TokenStream, wrapper_pass: TokenStream| ArgCode {
            forwarding_ty: helper_ty.clone(),
            helper_ty,
            wrapper_mut: false,
            wrapper_pass,
            forwarding_mut: false,
            forwarding_pass: quote!(#name),
        };
        match form {
            ArgForm::Value(form @ Form::Array(..)) => {
                // The forwarding method takes any array length (or a `Vec`), of plain
                // or of erased values: inside the erased world the length is a run-time
                // value.
                let helper_ty = self.helper_ty(form);
                ArgCode {
                    forwarding_ty: quote!(impl ::core::convert::Into<#helper_ty>),
                    helper_ty,
                    wrapper_mut: false,
                    wrapper_pass: self.convert(form, quote!(#name), Way::Erase, method),
                    forwarding_mut: false,
                    forwarding_pass: quote!(::core::convert::Into::into(#name)),
                }
            }
            ArgForm::Value(form) => plain(
                self.helper_ty(form),
                self.convert(form, quote!(#name), Way::Erase, method),
            ),
            ArgForm::OwnRef => {
                let (erased, erase_ref) = (self.erased, self.erase_ref);
                plain(quote!(&#erased), quote!(#name.#erase_ref()))
            }
            ArgForm::OwnSlice => {
                let (erased, erase_ref) = (self.erased, self.erase_ref);
                let refs = collect(quote!(#name), &quote!(|__seam_v| __seam_v.#erase_ref()));
                plain(quote!(&[&#erased]), quote!(&#refs))
            }
            ArgForm::OptionOwnRef => {
                let (erased, erase_ref) = (self.erased, self.erase_ref);
                plain(
                    quote!(::core::option::Option<&#erased>),
                    quote!(::core::option::Option::map(#name, |__seam_v| __seam_v.#erase_ref())),
                )
            }
            ArgForm::ArrayRef(mutability, elem) => {
                let helper_ty = quote!(& #mutability [#elem]);
                plain(helper_ty, quote!(& #mutability #name[..]))
            }
            ArgForm::Slice(form) => {
                let inner = self.helper_ty(form);
                let v = format_ident!("__seam_v");
                let each = self.convert(form, quote!(::core::clone::Clone::clone(#v)), Way::Erase, method);
                let all = collect(quote!(#name), &quote!(|#v| #each));
                plain(quote!(&[#inner]), quote!(&#all[..]))
            }
            ArgForm::Convert(conversion) => self.conversion(conversion, ty, name, method),
        }
    }

    fn conversion(&self, conversion: &Conversion, ty: &Type, name: &Ident, method: &Ident) -> ArgCode {
        // The wrapper takes a closure by value or by reference; the forwarding method
        // always by value.
        let by_ref = matches!(ty, Type::Reference(_));
        match conversion {
            Conversion::Into(target) => ArgCode::converted(
                quote!(#target),
                false,
                quote!(::core::convert::Into::<#target>::into(#name)),
                quote!(impl ::core::convert::Into<#target>),
            ),
            Conversion::AsRef(target) => ArgCode::converted(
                {
                    let referent = crate::syntax::referent(target);
                    quote!(&#referent)
                },
                false,
                quote!(::core::convert::AsRef::<#target>::as_ref(&#name)),
                quote!(impl ::core::convert::AsRef<#target>),
            ),
            Conversion::AsMut(target) => ArgCode::converted(
                {
                    let referent = crate::syntax::referent(target);
                    quote!(&mut #referent)
                },
                true,
                quote!(::core::convert::AsMut::<#target>::as_mut(&mut #name)),
                quote!(impl ::core::convert::AsMut<#target>),
            ),
            Conversion::Fn(bound) => ArgCode {
                helper_ty: quote!(&dyn #bound),
                wrapper_mut: false,
                wrapper_pass: if by_ref { quote!(#name) } else { quote!(&#name) },
                forwarding_ty: quote!(impl #bound),
                forwarding_mut: false,
                forwarding_pass: quote!(&#name),
            },
            Conversion::FnMut(bound) => ArgCode {
                helper_ty: quote!(&mut dyn #bound),
                wrapper_mut: !by_ref,
                wrapper_pass: if by_ref { quote!(#name) } else { quote!(&mut #name) },
                forwarding_ty: quote!(impl #bound),
                forwarding_mut: true,
                forwarding_pass: quote!(&mut #name),
            },
            Conversion::Collect(item) => self.collected(item, name, method),
            Conversion::Via(via, generic) => via_code(via, *generic, name),
        }
    }

    /// An `IntoIterator` argument: collected into a `Vec`, each item erased in the
    /// wrapper when it is of the impl's type.
    fn collected(&self, item: &Form, name: &Ident, method: &Ident) -> ArgCode {
        let item_ty = self.helper_ty(item);
        let all = quote!(::core::iter::Iterator::collect::<::std::vec::Vec<_>>(
            ::core::iter::IntoIterator::into_iter(#name)
        ));
        let wrapper_pass = if item.is_plain() {
            all.clone()
        } else {
            let v = format_ident!("__seam_v");
            let erase = self.convert(item, quote!(#v), Way::Erase, method);
            collect(quote!(#name), &quote!(|#v| #erase))
        };
        ArgCode {
            helper_ty: quote!(::std::vec::Vec<#item_ty>),
            wrapper_mut: false,
            wrapper_pass,
            forwarding_ty: quote!(impl ::core::iter::IntoIterator<Item = #item_ty>),
            forwarding_mut: false,
            forwarding_pass: all,
        }
    }
}

/// `value` (anything iterable) with `f` applied to each element, collected in a `Vec`.
fn collect(value: TokenStream, f: &TokenStream) -> TokenStream {
    quote! {
        ::core::iter::Iterator::collect::<::std::vec::Vec<_>>(
            ::core::iter::Iterator::map(::core::iter::IntoIterator::into_iter(#value), #f)
        )
    }
}
