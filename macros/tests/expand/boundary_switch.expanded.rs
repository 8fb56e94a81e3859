#[cfg(not(any()))]
/// The storage: slots where the predicate fails, a plain field where it holds.
#[repr(C, align(64))]
pub struct Bridge {
    __seam_slots: ::core::cell::UnsafeCell<
        [::core::mem::MaybeUninit<
            *mut (),
        >; ::core::mem::size_of::<Vec<f32>>()
            .div_ceil(::core::mem::size_of::<*mut ()>())],
    >,
}
#[cfg(not(any()))]
const _: () = ::core::assert!(
    ::core::mem::size_of:: < Vec < f32 > > () <= ::core::mem::size_of:: < Bridge > (),
    "seam-macros bug: the slots of `Bridge` are smaller than `Vec < f32 >`"
);
#[cfg(not(any()))]
const _: () = ::core::assert!(
    ::core::mem::align_of:: < Vec < f32 > > () <= ::core::mem::align_of:: < Bridge > (),
    "#[opaque] `Bridge`: the inner type `Vec < f32 >` needs a larger alignment than `align = 64`; raise `align`"
);
#[cfg(not(any()))]
#[allow(dead_code)]
impl Bridge {
    /// Stores `inner`.
    #[inline]
    fn from_inner(inner: Vec<f32>) -> Self {
        let this = Self {
            __seam_slots: ::core::cell::UnsafeCell::new(
                [const {
                    ::core::mem::MaybeUninit::uninit()
                }; ::core::mem::size_of::<Vec<f32>>()
                    .div_ceil(::core::mem::size_of::<*mut ()>())],
            ),
        };
        unsafe { this.__seam_slots.get().cast::<Vec<f32>>().write(inner) };
        this
    }
    /// The stored value.
    #[inline]
    fn inner(&self) -> &Vec<f32> {
        unsafe { &*self.__seam_slots.get().cast::<Vec<f32>>() }
    }
    /// The stored value, mutably.
    #[inline]
    fn inner_mut(&mut self) -> &mut Vec<f32> {
        let slots = ::core::ptr::from_mut(self.__seam_slots.get_mut());
        unsafe { &mut *slots.cast::<Vec<f32>>() }
    }
    /// The stored value, moved out; `Drop` does not run.
    #[inline]
    fn into_inner(self) -> Vec<f32> {
        let this = ::core::mem::ManuallyDrop::new(self);
        unsafe { this.__seam_slots.get().cast::<Vec<f32>>().read() }
    }
}
#[cfg(not(any()))]
impl ::core::ops::Drop for Bridge {
    fn drop(&mut self) {
        let slots = ::core::ptr::from_mut(self.__seam_slots.get_mut());
        unsafe { ::core::ptr::drop_in_place(slots.cast::<Vec<f32>>()) }
    }
}
#[cfg(any())]
/// The storage: slots where the predicate fails, a plain field where it holds.
#[repr(transparent)]
pub struct Bridge(Vec<f32>);
#[cfg(any())]
#[allow(dead_code)]
impl Bridge {
    /// Stores `inner`.
    #[inline]
    fn from_inner(inner: Vec<f32>) -> Self {
        Self(inner)
    }
    /// The stored value.
    #[inline]
    fn inner(&self) -> &Vec<f32> {
        &self.0
    }
    /// The stored value, mutably.
    #[inline]
    fn inner_mut(&mut self) -> &mut Vec<f32> {
        &mut self.0
    }
    /// The stored value, moved out.
    #[inline]
    fn into_inner(self) -> Vec<f32> {
        self.0
    }
}
impl ::core::clone::Clone for Bridge {
    fn clone(&self) -> Self {
        Self::from_inner(::core::clone::Clone::clone(self.inner()))
    }
}
const _: () = {
    fn __seam_inner_must_be_send<T: ?::core::marker::Sized + ::core::marker::Send>() {}
    let _ = __seam_inner_must_be_send::<Vec<f32>>;
};
#[cfg(not(any()))]
unsafe impl ::core::marker::Send for Bridge {}
/// A sync helper gets `#[cfg_attr(predicate, inline)]`; an async one is generated
/// twice, boxed and plain, each under its `cfg`.
impl<const D: usize> Tensor<D> {
    pub fn total(&self) -> f32 {
        <Bridge>::total_impl(<Self>::as_bridge(self))
    }
    #[cfg(not(any()))]
    pub async fn total_async(self) -> f32 {
        <Bridge>::total_async_impl(<Self>::into_bridge(self)).await
    }
    #[cfg(any())]
    pub async fn total_async(self) -> f32 {
        <Bridge>::total_async_impl(<Self>::into_bridge(self)).await
    }
}
#[doc(hidden)]
mod __seam_outline_tensor_a3bed990 {
    #[allow(unused_imports)]
    use super::*;
    impl Bridge {
        #[doc(hidden)]
        #[allow(
            non_snake_case,
            clippy::too_many_arguments,
            clippy::redundant_pub_crate,
            clippy::wrong_self_convention,
            clippy::trivially_copy_pass_by_ref,
            clippy::unused_self,
        )]
        #[cfg_attr(any(), inline)]
        #[cfg_attr(not(any()), inline(never))]
        pub(super) fn total_impl(&self) -> f32 {
            self.inner().iter().sum()
        }
        #[cfg(not(any()))]
        #[doc(hidden)]
        #[allow(
            non_snake_case,
            clippy::too_many_arguments,
            clippy::redundant_pub_crate,
            clippy::wrong_self_convention,
            clippy::trivially_copy_pass_by_ref,
            clippy::unused_self,
        )]
        #[inline(never)]
        pub(super) fn total_async_impl<'__seam_future>(
            self,
        ) -> ::core::pin::Pin<
            ::std::boxed::Box<
                dyn ::core::future::Future<
                    Output = f32,
                > + ::core::marker::Send + '__seam_future,
            >,
        > {
            ::std::boxed::Box::pin(async move {
                let __seam_output: f32 = { self.inner().iter().sum() };
                __seam_output
            })
        }
        #[cfg(any())]
        #[doc(hidden)]
        #[allow(
            non_snake_case,
            clippy::too_many_arguments,
            clippy::redundant_pub_crate,
            clippy::wrong_self_convention,
            clippy::trivially_copy_pass_by_ref,
            clippy::unused_self,
        )]
        #[inline]
        pub(super) async fn total_async_impl(self) -> f32 {
            self.inner().iter().sum()
        }
    }
}
#[doc(hidden)]
#[allow(unused_imports)]
use __seam_outline_tensor_a3bed990::*;
/// Forwarding methods generated by `#[outline]`, so that outlined bodies
/// can call each other as ordinary methods.
impl Bridge {
    #[doc(hidden)]
    #[allow(
        dead_code,
        non_snake_case,
        clippy::wrong_self_convention,
        clippy::manual_async_fn,
        clippy::too_many_arguments,
        clippy::redundant_pub_crate
    )]
    pub(crate) fn total(&self) -> f32 {
        <Bridge>::total_impl(self)
    }
    #[cfg(not(any()))]
    #[doc(hidden)]
    #[allow(
        dead_code,
        non_snake_case,
        clippy::wrong_self_convention,
        clippy::manual_async_fn,
        clippy::too_many_arguments,
        clippy::redundant_pub_crate
    )]
    pub(crate) fn total_async(self) -> impl ::core::future::Future<Output = f32> {
        <Bridge>::total_async_impl(self)
    }
    #[cfg(any())]
    #[doc(hidden)]
    #[allow(
        dead_code,
        non_snake_case,
        clippy::wrong_self_convention,
        clippy::manual_async_fn,
        clippy::too_many_arguments,
        clippy::redundant_pub_crate
    )]
    pub(crate) fn total_async(self) -> impl ::core::future::Future<Output = f32> {
        <Bridge>::total_async_impl(self)
    }
}
/// A free function takes the switch too.
pub fn words(text: impl AsRef<str>) -> usize {
    __seam_outline_fn_words::words_impl(::core::convert::AsRef::<str>::as_ref(&text))
}
#[doc(hidden)]
mod __seam_outline_fn_words {
    #[allow(unused_imports)]
    use super::*;
    #[doc(hidden)]
    #[allow(non_snake_case, clippy::too_many_arguments, clippy::redundant_pub_crate)]
    #[cfg_attr(any(), inline)]
    #[cfg_attr(not(any()), inline(never))]
    pub(super) fn words_impl(text: &str) -> usize {
        text.split_whitespace().count()
    }
}
#[doc(hidden)]
#[allow(unused_imports)]
use __seam_outline_fn_words::*;
