//! The one place that lists the backends. [`for_each_backend`] hands the list to
//! the macros below, which match on a tensor's or device's variant, bind `B` to that
//! backend's type, and run the same body for each.

/// Calls `$m!` with `[$args]` followed by one `feature Variant BackendType,` entry
/// per backend. Adding a backend means adding its line here, its variant to
/// [`crate::DispatchTensor`] and [`crate::DispatchDevice`], and its feature.
macro_rules! for_each_backend {
    ($m:ident! { $($args:tt)* }) => {
        $m! {
            [$($args)*]
            "cpu" Cpu seam_cpu::Cpu,
            "wgpu" Wgpu seam_cubecl::CubeBackend<seam_cubecl::Wgsl>,
            "vulkan" Vulkan seam_cubecl::CubeBackend<seam_cubecl::Spirv>,
        }
    };
}

/// Runs `$body` with `$t` bound to the backend tensor of `$tensor` and `B` to its
/// backend; the result is returned as it is.
macro_rules! with_tensor {
    ($tensor:expr, |$t:ident| $body:expr) => {
        for_each_backend!(with_tensor_arms! { $tensor, $t, $body })
    };
}

macro_rules! with_tensor_arms {
    ([$tensor:expr, $t:ident, $body:expr] $($feature:literal $variant:ident $backend:ty,)*) => {
        match $tensor {
            $(
                #[cfg(feature = $feature)]
                DispatchTensor::$variant($t) => {
                    #[allow(unused)]
                    type B = $backend;
                    $body
                }
            )*
        }
    };
}

/// Like [`with_tensor`], but `$body` gives a backend tensor, which is wrapped back
/// into the same variant.
macro_rules! map_tensor {
    ($tensor:expr, |$t:ident| $body:expr) => {
        for_each_backend!(map_tensor_arms! { $tensor, $t, $body })
    };
}

macro_rules! map_tensor_arms {
    ([$tensor:expr, $t:ident, $body:expr] $($feature:literal $variant:ident $backend:ty,)*) => {
        match $tensor {
            $(
                #[cfg(feature = $feature)]
                DispatchTensor::$variant($t) => {
                    type B = $backend;
                    DispatchTensor::$variant($body)
                }
            )*
        }
    };
}

/// Tensors on the same device (checked first by [`crate::dispatch::same_device`],
/// which panics naming `$op`): `$body` gives a backend tensor, wrapped back into
/// their variant.
macro_rules! map_pair {
    ($op:expr, $lhs:expr, $rhs:expr, |$a:ident, $b:ident| $body:expr) => {{
        let (lhs, rhs) = ($lhs, $rhs);
        $crate::dispatch::same_device($op, &[&lhs, &rhs]);
        for_each_backend!(map_pair_arms! { lhs, rhs, $a, $b, $body })
    }};
}

macro_rules! map_pair_arms {
    ([$lhs:expr, $rhs:expr, $a:ident, $b:ident, $body:expr] $($feature:literal $variant:ident $backend:ty,)*) => {
        match ($lhs, $rhs) {
            $(
                #[cfg(feature = $feature)]
                (DispatchTensor::$variant($a), DispatchTensor::$variant($b)) => {
                    type B = $backend;
                    DispatchTensor::$variant($body)
                }
            )*
            #[allow(unreachable_patterns)]
            _ => unreachable!("same_device checked the backends"),
        }
    };
}

/// Like [`map_pair`], for any number of tensors (at least one): `$ts` is bound to
/// the `Vec` of their backend tensors.
macro_rules! map_all {
    ($op:expr, $tensors:expr, |$ts:ident| $body:expr) => {{
        let tensors: Vec<DispatchTensor> = $tensors;
        $crate::dispatch::same_device($op, &tensors.iter().collect::<Vec<_>>());
        for_each_backend!(map_all_arms! { tensors, $ts, $body })
    }};
}

macro_rules! map_all_arms {
    ([$tensors:expr, $ts:ident, $body:expr] $($feature:literal $variant:ident $backend:ty,)*) => {
        match $tensors[0] {
            $(
                #[cfg(feature = $feature)]
                DispatchTensor::$variant(_) => {
                    type B = $backend;
                    let $ts = $tensors
                        .into_iter()
                        .map(|t| match t {
                            DispatchTensor::$variant(t) => t,
                            #[allow(unreachable_patterns)]
                            _ => unreachable!("same_device checked the backends"),
                        })
                        .collect();
                    DispatchTensor::$variant($body)
                }
            )*
        }
    };
}

/// Like [`map_pair`], for three tensors.
macro_rules! map_triple {
    ($op:expr, $x:expr, $y:expr, $z:expr, |$a:ident, $b:ident, $c:ident| $body:expr) => {{
        let (x, y, z) = ($x, $y, $z);
        $crate::dispatch::same_device($op, &[&x, &y, &z]);
        for_each_backend!(map_triple_arms! { x, y, z, $a, $b, $c, $body })
    }};
}

macro_rules! map_triple_arms {
    ([$x:expr, $y:expr, $z:expr, $a:ident, $b:ident, $c:ident, $body:expr] $($feature:literal $variant:ident $backend:ty,)*) => {
        match ($x, $y, $z) {
            $(
                #[cfg(feature = $feature)]
                (DispatchTensor::$variant($a), DispatchTensor::$variant($b), DispatchTensor::$variant($c)) => {
                    type B = $backend;
                    DispatchTensor::$variant($body)
                }
            )*
            #[allow(unreachable_patterns)]
            _ => unreachable!("same_device checked the backends"),
        }
    };
}

/// Runs `$body` with `$d` bound to the backend device of `$device` and `B` to its
/// backend; the result is returned as it is.
macro_rules! with_device {
    ($device:expr, |$d:ident| $body:expr) => {
        for_each_backend!(with_device_arms! { $device, $d, $body })
    };
}

macro_rules! with_device_arms {
    ([$device:expr, $d:ident, $body:expr] $($feature:literal $variant:ident $backend:ty,)*) => {
        match $device {
            $(
                #[cfg(feature = $feature)]
                DispatchDevice::$variant($d) => {
                    type B = $backend;
                    $body
                }
            )*
        }
    };
}

/// Like [`with_device`], but `$body` gives a backend tensor, wrapped into that
/// variant.
macro_rules! on_device {
    ($device:expr, |$d:ident| $body:expr) => {
        for_each_backend!(on_device_arms! { $device, $d, $body })
    };
}

macro_rules! on_device_arms {
    ([$device:expr, $d:ident, $body:expr] $($feature:literal $variant:ident $backend:ty,)*) => {
        match $device {
            $(
                #[cfg(feature = $feature)]
                DispatchDevice::$variant($d) => {
                    type B = $backend;
                    DispatchTensor::$variant($body)
                }
            )*
        }
    };
}

/// The device of `$tensor`, as a [`crate::DispatchDevice`].
macro_rules! device_of {
    ($tensor:expr) => {
        for_each_backend!(device_of_arms! { $tensor })
    };
}

macro_rules! device_of_arms {
    ([$tensor:expr] $($feature:literal $variant:ident $backend:ty,)*) => {
        match $tensor {
            $(
                #[cfg(feature = $feature)]
                DispatchTensor::$variant(t) => DispatchDevice::$variant(<$backend>::device(t)),
            )*
        }
    };
}
