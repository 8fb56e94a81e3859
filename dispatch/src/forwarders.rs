//! The forwarders of `Dispatch`'s tensor ops, generated from `seam-backend`'s op list
//! (`for_each_tensor_op!`) over the list of backends (`backend_list.rs`).

/// The forwarders of the ops of `seam_backend::for_each_tensor_op!`, for
/// `impl Backend for Dispatch`: each calls the op of its tensors' backend and wraps
/// the result in their variant; an op of several tensors first checks that they
/// share a device ([`crate::backend::same_device`], naming the op).
macro_rules! forwarders {
    ($(fn $name:ident($($arg:ident: $ty:ty),*) [$($t:ident),+] ($op:expr) in $family:ident;)*) => {$(
        fn $name($($arg: $ty),*) -> DispatchTensor {
            forward!($op, [$($t),+], $name($($arg),*))
        }
    )*};
}

/// The body of one forwarder (see [`forwarders`]).
macro_rules! forward {
    ($op:expr, [$t:ident], $name:ident $args:tt) => {
        map_tensor!($t, |$t| B::$name $args)
    };
    ($op:expr, [$($t:ident),+], $name:ident $args:tt) => {{
        $crate::backend::same_device($op, &[$(&$t),+]);
        for_each_backend!(forward_arms! { [$($t),+] $name $args })
    }};
}

macro_rules! forward_arms {
    ([$ts:tt $name:ident $args:tt] $($feature:literal $variant:ident $backend:ty,)*) => {
        match tuple_of!($ts) {
            $(
                #[cfg(feature = $feature)]
                variant_tuple!($variant $ts) => {
                    type B = $backend;
                    DispatchTensor::$variant(B::$name $args)
                }
            )*
            #[allow(unreachable_patterns)]
            _ => unreachable!("same_device checked the backends"),
        }
    };
}

/// `(a, b, ..)` of the tensors `[a, b, ..]`.
macro_rules! tuple_of {
    ([$($t:ident),+]) => {
        ($($t,)+)
    };
}

/// The pattern of the tensors `[a, b, ..]` all of variant `$variant`, each bound to
/// its backend tensor under its own name.
macro_rules! variant_tuple {
    ($variant:ident [$($t:ident),+]) => {
        ($(DispatchTensor::$variant($t),)+)
    };
}
