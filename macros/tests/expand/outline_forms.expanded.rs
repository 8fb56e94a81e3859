impl<const D: usize> Tensor<D> {
    /// `Vec` in, `Option` out.
    pub fn cat(tensors: Vec<Self>, dim: usize) -> Option<Self> {
        ::core::option::Option::map(
            __seam_outline_tensor_d2d53342::cat_impl(
                ::core::iter::Iterator::collect::<
                    ::std::vec::Vec<_>,
                >(
                    ::core::iter::Iterator::map(
                        ::core::iter::IntoIterator::into_iter(tensors),
                        |__seam_v| <Self>::into_bridge(__seam_v),
                    ),
                ),
                dim,
            ),
            |__seam_v| <Self>::restore(__seam_v),
        )
    }
    /// Any iterable of tensors.
    pub fn stack<const D2: usize>(
        tensors: impl IntoIterator<Item = Self>,
    ) -> Tensor<D2> {
        <Tensor<
            D2,
        >>::restore(
            __seam_outline_tensor_d2d53342::stack_impl(
                D2,
                ::core::iter::Iterator::collect::<
                    ::std::vec::Vec<_>,
                >(
                    ::core::iter::Iterator::map(
                        ::core::iter::IntoIterator::into_iter(tensors),
                        |__seam_v| <Self>::into_bridge(__seam_v),
                    ),
                ),
            ),
        )
    }
    /// An array argument and a method const generic.
    pub fn reshape<const D2: usize>(self, shape: [usize; D2]) -> Tensor<D2> {
        <Tensor<
            D2,
        >>::restore(
            <Bridge>::reshape_impl(
                <Self>::into_bridge(self),
                ::std::vec::Vec::from(shape),
            ),
        )
    }
    /// An array result.
    pub fn dims(&self) -> [usize; D] {
        {
            let __seam_vec: ::std::vec::Vec<usize> = <Bridge>::dims_impl(
                <Self>::as_bridge(self),
            );
            let __seam_len = __seam_vec.len();
            match <[usize; D] as ::core::convert::TryFrom<
                ::std::vec::Vec<usize>,
            >>::try_from(__seam_vec) {
                ::core::result::Result::Ok(array) => array,
                ::core::result::Result::Err(_) => {
                    ::core::panic!(
                        "`dims` produced {} elements for a result array of length {}",
                        __seam_len, D
                    )
                }
            }
        }
    }
    /// A tuple of the own type and an array.
    pub fn split(self) -> (Self, Self, [usize; D]) {
        {
            let (__seam_t0, __seam_t1, __seam_t2) = <Bridge>::split_impl(
                <Self>::into_bridge(self),
            );
            (
                <Self>::restore(__seam_t0),
                <Self>::restore(__seam_t1),
                {
                    let __seam_vec: ::std::vec::Vec<usize> = __seam_t2;
                    let __seam_len = __seam_vec.len();
                    match <[usize; D] as ::core::convert::TryFrom<
                        ::std::vec::Vec<usize>,
                    >>::try_from(__seam_vec) {
                        ::core::result::Result::Ok(array) => array,
                        ::core::result::Result::Err(_) => {
                            ::core::panic!(
                                "`split` produced {} elements for a result array of length {}",
                                __seam_len, D
                            )
                        }
                    }
                },
            )
        }
    }
    /// A closure, as `&dyn Fn`.
    pub fn map<F>(self, f: F) -> Self
    where
        F: Fn(f32) -> f32,
    {
        <Self>::restore(<Bridge>::map_impl(<Self>::into_bridge(self), &f))
    }
    /// A borrowed result with an elided lifetime.
    pub fn name_or<'a>(&self, _fallback: &'a str) -> &str {
        <Bridge>::name_or_impl(<Self>::as_bridge(self), _fallback)
    }
    /// Arrays of the own type with a literal length stay arrays.
    pub fn halves(pair: [Self; 2]) -> [Self; 2] {
        <[_; 2]>::map(
            __seam_outline_tensor_d2d53342::halves_impl(
                <[_; 2]>::map(pair, |__seam_v| <Self>::into_bridge(__seam_v)),
            ),
            |__seam_v| <Self>::restore(__seam_v),
        )
    }
    /// Containers of plain values pass as they are: no conversion code.
    pub fn bytes(&self, extra: Option<u64>) -> (Vec<u8>, Option<u64>) {
        <Bridge>::bytes_impl(<Self>::as_bridge(self), extra)
    }
    /// A `Result` of the own type.
    pub fn try_sum(self, dim: usize) -> Result<Self, Error> {
        ::core::result::Result::map(
            <Bridge>::try_sum_impl(<Self>::into_bridge(self), dim),
            |__seam_v| <Self>::restore(__seam_v),
        )
    }
    /// An async body: the helper is `async`.
    pub async fn into_data_async(self) -> Data {
        <Bridge>::into_data_async_impl(<Self>::into_bridge(self)).await
    }
    /// An async body whose result is restored.
    pub async fn synced(self) -> Self {
        <Self>::restore(<Bridge>::synced_impl(<Self>::into_bridge(self)).await)
    }
    /// A plain `fn` returning `impl Future`: the body runs at the call and the helper
    /// boxes the future it gives (`Send`, as the `impl` says).
    pub fn read_later(self) -> impl Future<Output = Data> + Send {
        <Bridge>::read_later_impl(<Self>::into_bridge(self))
    }
    /// The same of the own type, restored when the wrapper's future is awaited.
    pub fn synced_later(self) -> impl Future<Output = Self> {
        let __seam_future = <Bridge>::synced_later_impl(<Self>::into_bridge(self));
        async move { <Self>::restore(__seam_future.await) }
    }
}
#[doc(hidden)]
mod __seam_outline_tensor_d2d53342 {
    #[allow(unused_imports)]
    use super::*;
    #[doc(hidden)]
    #[allow(non_snake_case, clippy::too_many_arguments, clippy::redundant_pub_crate)]
    #[inline(never)]
    pub(super) fn cat_impl(
        tensors: ::std::vec::Vec<Bridge>,
        dim: usize,
    ) -> ::core::option::Option<Bridge> {
        Bridge::cat(tensors, dim)
    }
    #[doc(hidden)]
    #[allow(non_snake_case, clippy::too_many_arguments, clippy::redundant_pub_crate)]
    #[inline(never)]
    pub(super) fn stack_impl(
        __seam_d2: usize,
        tensors: ::std::vec::Vec<Bridge>,
    ) -> Bridge {
        Bridge::stack(tensors, __seam_d2)
    }
    #[doc(hidden)]
    #[allow(non_snake_case, clippy::too_many_arguments, clippy::redundant_pub_crate)]
    #[inline(never)]
    pub(super) fn halves_impl(pair: [Bridge; 2]) -> [Bridge; 2] {
        let [a, b] = pair;
        [b, a]
    }
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
        #[inline(never)]
        pub(super) fn reshape_impl(self, shape: ::std::vec::Vec<usize>) -> Bridge {
            self.reshape_dyn(shape)
        }
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
        pub(super) fn dims_impl(&self) -> ::std::vec::Vec<usize> {
            self.shape().to_vec()
        }
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
        pub(super) fn split_impl(self) -> (Bridge, Bridge, ::std::vec::Vec<usize>) {
            let dims = self.dims();
            (self.clone(), self, dims)
        }
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
        pub(super) fn map_impl(self, f: &dyn Fn(f32) -> f32) -> Bridge {
            self.map_dyn(f)
        }
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
        pub(super) fn name_or_impl<'a, '__seam_self>(
            &'__seam_self self,
            _fallback: &'a str,
        ) -> &'__seam_self str {
            self.name().unwrap_or("tensor")
        }
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
        pub(super) fn bytes_impl(&self, extra: Option<u64>) -> (Vec<u8>, Option<u64>) {
            (self.to_bytes(), extra)
        }
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
        pub(super) fn try_sum_impl(
            self,
            dim: usize,
        ) -> ::core::result::Result<Bridge, Error> {
            self.checked_sum(dim)
        }
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
        pub(super) fn into_data_async_impl<'__seam_future>(
            self,
        ) -> ::core::pin::Pin<
            ::std::boxed::Box<
                dyn ::core::future::Future<
                    Output = Data,
                > + ::core::marker::Send + '__seam_future,
            >,
        > {
            ::std::boxed::Box::pin(async move {
                let __seam_output: Data = { self.read().await };
                __seam_output
            })
        }
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
        pub(super) fn synced_impl<'__seam_future>(
            self,
        ) -> ::core::pin::Pin<
            ::std::boxed::Box<
                dyn ::core::future::Future<
                    Output = Bridge,
                > + ::core::marker::Send + '__seam_future,
            >,
        > {
            ::std::boxed::Box::pin(async move {
                let __seam_output: Bridge = { self.sync().await };
                __seam_output
            })
        }
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
        pub(super) fn read_later_impl<'__seam_future>(
            self,
        ) -> ::core::pin::Pin<
            ::std::boxed::Box<
                dyn ::core::future::Future<
                    Output = Data,
                > + ::core::marker::Send + '__seam_future,
            >,
        > {
            ::std::boxed::Box::pin({ self.read() })
        }
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
        pub(super) fn synced_later_impl<'__seam_future>(
            self,
        ) -> ::core::pin::Pin<
            ::std::boxed::Box<
                dyn ::core::future::Future<Output = Bridge> + '__seam_future,
            >,
        > {
            ::std::boxed::Box::pin({ self.sync() })
        }
    }
}
#[doc(hidden)]
#[allow(unused_imports)]
use __seam_outline_tensor_d2d53342::*;
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
    pub(crate) fn reshape<const D2: usize>(self, shape: [usize; D2]) -> Bridge {
        <Bridge>::reshape_impl(self, ::std::vec::Vec::from(shape))
    }
    #[doc(hidden)]
    #[allow(
        dead_code,
        non_snake_case,
        clippy::wrong_self_convention,
        clippy::manual_async_fn,
        clippy::too_many_arguments,
        clippy::redundant_pub_crate
    )]
    pub(crate) fn dims(&self) -> ::std::vec::Vec<usize> {
        <Bridge>::dims_impl(self)
    }
    #[doc(hidden)]
    #[allow(
        dead_code,
        non_snake_case,
        clippy::wrong_self_convention,
        clippy::manual_async_fn,
        clippy::too_many_arguments,
        clippy::redundant_pub_crate
    )]
    pub(crate) fn split(self) -> (Bridge, Bridge, ::std::vec::Vec<usize>) {
        <Bridge>::split_impl(self)
    }
    #[doc(hidden)]
    #[allow(
        dead_code,
        non_snake_case,
        clippy::wrong_self_convention,
        clippy::manual_async_fn,
        clippy::too_many_arguments,
        clippy::redundant_pub_crate
    )]
    pub(crate) fn map<F: Fn(f32) -> f32>(self, f: F) -> Bridge {
        <Bridge>::map_impl(self, &f)
    }
    #[doc(hidden)]
    #[allow(
        dead_code,
        non_snake_case,
        clippy::wrong_self_convention,
        clippy::manual_async_fn,
        clippy::too_many_arguments,
        clippy::redundant_pub_crate
    )]
    pub(crate) fn name_or<'a>(&self, _fallback: &'a str) -> &str {
        <Bridge>::name_or_impl(self, _fallback)
    }
    #[doc(hidden)]
    #[allow(
        dead_code,
        non_snake_case,
        clippy::wrong_self_convention,
        clippy::manual_async_fn,
        clippy::too_many_arguments,
        clippy::redundant_pub_crate
    )]
    pub(crate) fn bytes(&self, extra: Option<u64>) -> (Vec<u8>, Option<u64>) {
        <Bridge>::bytes_impl(self, extra)
    }
    #[doc(hidden)]
    #[allow(
        dead_code,
        non_snake_case,
        clippy::wrong_self_convention,
        clippy::manual_async_fn,
        clippy::too_many_arguments,
        clippy::redundant_pub_crate
    )]
    pub(crate) fn try_sum(self, dim: usize) -> ::core::result::Result<Bridge, Error> {
        <Bridge>::try_sum_impl(self, dim)
    }
    #[doc(hidden)]
    #[allow(
        dead_code,
        non_snake_case,
        clippy::wrong_self_convention,
        clippy::manual_async_fn,
        clippy::too_many_arguments,
        clippy::redundant_pub_crate
    )]
    pub(crate) fn into_data_async(self) -> impl ::core::future::Future<Output = Data> {
        <Bridge>::into_data_async_impl(self)
    }
    #[doc(hidden)]
    #[allow(
        dead_code,
        non_snake_case,
        clippy::wrong_self_convention,
        clippy::manual_async_fn,
        clippy::too_many_arguments,
        clippy::redundant_pub_crate
    )]
    pub(crate) fn synced(self) -> impl ::core::future::Future<Output = Bridge> {
        <Bridge>::synced_impl(self)
    }
    #[doc(hidden)]
    #[allow(
        dead_code,
        non_snake_case,
        clippy::wrong_self_convention,
        clippy::manual_async_fn,
        clippy::too_many_arguments,
        clippy::redundant_pub_crate
    )]
    pub(crate) fn read_later(self) -> impl ::core::future::Future<Output = Data> {
        <Bridge>::read_later_impl(self)
    }
    #[doc(hidden)]
    #[allow(
        dead_code,
        non_snake_case,
        clippy::wrong_self_convention,
        clippy::manual_async_fn,
        clippy::too_many_arguments,
        clippy::redundant_pub_crate
    )]
    pub(crate) fn synced_later(self) -> impl ::core::future::Future<Output = Bridge> {
        <Bridge>::synced_later_impl(self)
    }
}
