//! The one list of the backends. `for_each_backend!` hands it to the macros below,
//! which match on a tensor's or device's variant, bind `B` to that backend's type,
//! and run the same body for each.

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

/// Tensors on the same device (checked first by [`crate::backend::same_device`],
/// which panics naming `$op`), any number of them (at least one): `$ts` is bound to
/// the `Vec` of their backend tensors, and `$body` gives a backend tensor, wrapped
/// back into their variant.
macro_rules! map_all {
    ($op:expr, $tensors:expr, |$ts:ident| $body:expr) => {{
        let tensors: Vec<DispatchTensor> = $tensors;
        $crate::backend::same_device($op, &tensors.iter().collect::<Vec<_>>());
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
