//! The one place that lists the backends: each macro matches on the variant, binds
//! `B` to that backend's type, and runs the same body for each.

/// Runs `$body` with `$t` bound to the backend tensor of `$tensor` and `B` to its
/// backend; the result is returned as it is.
macro_rules! with_tensor {
    ($tensor:expr, |$t:ident| $body:expr) => {
        match $tensor {
            #[cfg(feature = "cpu")]
            DispatchTensor::Cpu($t) => {
                #[allow(unused)]
                type B = seam_cpu::Cpu;
                $body
            }
        }
    };
}

/// Like [`with_tensor`], but `$body` gives a backend tensor, which is wrapped back
/// into the same variant.
macro_rules! map_tensor {
    ($tensor:expr, |$t:ident| $body:expr) => {
        match $tensor {
            #[cfg(feature = "cpu")]
            DispatchTensor::Cpu($t) => {
                type B = seam_cpu::Cpu;
                DispatchTensor::Cpu($body)
            }
        }
    };
}

/// Two tensors on the same backend: `$body` gives a backend tensor, wrapped back into
/// that variant. Tensors of two backends are a panic that names `$op`.
macro_rules! map_pair {
    ($op:expr, $lhs:expr, $rhs:expr, |$a:ident, $b:ident| $body:expr) => {
        match ($lhs, $rhs) {
            #[cfg(feature = "cpu")]
            (DispatchTensor::Cpu($a), DispatchTensor::Cpu($b)) => {
                type B = seam_cpu::Cpu;
                DispatchTensor::Cpu($body)
            }
            #[allow(unreachable_patterns)]
            (lhs, rhs) => panic!(
                "{}: the tensors are on different backends ({} and {}); move one with `to_device` first",
                $op,
                lhs.backend_name(),
                rhs.backend_name()
            ),
        }
    };
}

/// Runs `$body` with `$d` bound to the backend device of `$device` and `B` to its
/// backend; `$body` gives a backend tensor, wrapped into that variant.
macro_rules! on_device {
    ($device:expr, |$d:ident| $body:expr) => {
        match $device {
            #[cfg(feature = "cpu")]
            DispatchDevice::Cpu($d) => {
                type B = seam_cpu::Cpu;
                DispatchTensor::Cpu($body)
            }
        }
    };
}
