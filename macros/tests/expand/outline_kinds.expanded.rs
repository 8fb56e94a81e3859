/// What every kind does.
pub trait Basic: 'static {
    fn zeros(len: usize) -> Vec<f64>;
}
#[doc(hidden)]
macro_rules! __seam_outline_kinds_Basic {
    (
        shorthand $value:ident [$($ty:tt)*] $assoc:ident [$($bound:tt)*]
        [$($function:tt)*] $message:literal ($($args:tt)*)
    ) => {
        { fn __seam_kind_of < __SeamK : $($bound)* > () -> $($ty)* { < __SeamK > ::
        $assoc } match $value { __seam_kind if __seam_kind == __seam_kind_of:: < Real >
        () => { #[allow(unused_imports)] use $($bound)* as _; < Real > :: $($function)*
        ($($args)*) } __seam_kind if __seam_kind == __seam_kind_of:: < Whole > () => {
        #[allow(unused_imports)] use $($bound)* as _; < Whole > :: $($function)*
        ($($args)*) } _ => ::core::unreachable!($message), } }
    };
    (
        qualified $value:ident [$($ty:tt)*] $assoc:ident [$($bound:tt)*]
        [$($function:tt)*] $message:literal ($($args:tt)*)
    ) => {
        { fn __seam_kind_of < __SeamK : $($bound)* > () -> $($ty)* { < __SeamK > ::
        $assoc } match $value { __seam_kind if __seam_kind == __seam_kind_of:: < Real >
        () => < Real as $($bound)* > :: $($function)* ($($args)*), __seam_kind if
        __seam_kind == __seam_kind_of:: < Whole > () => < Whole as $($bound)* > ::
        $($function)* ($($args)*), _ => ::core::unreachable!($message), } }
    };
}
#[doc(hidden)]
#[allow(unused_imports)]
pub(crate) use __seam_outline_kinds_Basic as Basic;
/// The kinds with arithmetic; `TAG` is the kind as a value.
pub trait Numeric: Basic {
    const TAG: Tag;
    fn add(a: Vec<f64>, b: Vec<f64>) -> Vec<f64>;
}
#[doc(hidden)]
macro_rules! __seam_outline_kinds_Numeric {
    (
        shorthand $value:ident [$($ty:tt)*] $assoc:ident [$($bound:tt)*]
        [$($function:tt)*] $message:literal ($($args:tt)*)
    ) => {
        { fn __seam_kind_of < __SeamK : $($bound)* > () -> $($ty)* { < __SeamK > ::
        $assoc } match $value { __seam_kind if __seam_kind == __seam_kind_of:: < Real >
        () => { #[allow(unused_imports)] use $($bound)* as _; < Real > :: $($function)*
        ($($args)*) } __seam_kind if __seam_kind == __seam_kind_of:: < Whole > () => {
        #[allow(unused_imports)] use $($bound)* as _; < Whole > :: $($function)*
        ($($args)*) } _ => ::core::unreachable!($message), } }
    };
    (
        qualified $value:ident [$($ty:tt)*] $assoc:ident [$($bound:tt)*]
        [$($function:tt)*] $message:literal ($($args:tt)*)
    ) => {
        { fn __seam_kind_of < __SeamK : $($bound)* > () -> $($ty)* { < __SeamK > ::
        $assoc } match $value { __seam_kind if __seam_kind == __seam_kind_of:: < Real >
        () => < Real as $($bound)* > :: $($function)* ($($args)*), __seam_kind if
        __seam_kind == __seam_kind_of:: < Whole > () => < Whole as $($bound)* > ::
        $($function)* ($($args)*), _ => ::core::unreachable!($message), } }
    };
}
#[doc(hidden)]
#[allow(unused_imports)]
pub(crate) use __seam_outline_kinds_Numeric as Numeric;
impl<K: Numeric> Column<K> {
    /// Element-wise sum, in the kind's arithmetic.
    pub fn add(self, rhs: Self) -> Self {
        <Self>::restore(
            <Bridge>::add_impl(
                <Self>::into_bridge(self),
                <K>::TAG,
                <Self>::into_bridge(rhs),
            ),
        )
    }
    /// Zeros of the column's length: a supertrait's function.
    pub fn zeroed(self) -> Self {
        <Self>::restore(<Bridge>::zeroed_impl(<Self>::into_bridge(self), <K>::TAG))
    }
}
#[doc(hidden)]
mod __seam_outline_column_57c3c937 {
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
        #[inline(never)]
        pub(super) fn add_impl(self, __seam_k_tag: Tag, rhs: Bridge) -> Bridge {
            Bridge {
                tag: __seam_k_tag,
                values: Numeric!(
                    shorthand __seam_k_tag[Tag] TAG[Numeric] [add]
                    "`add` was called with a kind outside those declared for `Numeric` in #[outline(kinds(..))]"(self
                    .values, rhs.values)
                ),
            }
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
        pub(super) fn zeroed_impl(self, __seam_k_tag: Tag) -> Bridge {
            Bridge {
                tag: __seam_k_tag,
                values: Numeric!(
                    shorthand __seam_k_tag[Tag] TAG[Numeric] [zeros]
                    "`zeros` was called with a kind outside those declared for `Numeric` in #[outline(kinds(..))]"(self
                    .values.len())
                ),
            }
        }
    }
}
#[doc(hidden)]
#[allow(unused_imports)]
use __seam_outline_column_57c3c937::*;
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
    pub(crate) fn add(self, rhs: Bridge) -> Bridge {
        let __seam_k_tag: Tag = <Bridge>::tag(&self);
        <Bridge>::add_impl(self, __seam_k_tag, rhs)
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
    pub(crate) fn zeroed(self) -> Bridge {
        let __seam_k_tag: Tag = <Bridge>::tag(&self);
        <Bridge>::zeroed_impl(self, __seam_k_tag)
    }
}
