//! How a tensor prints: burn-tensor's layout (`Tensor {` with `data`, `shape`,
//! `device`, `kind` and `dtype`), its nested brackets and its summary of large
//! tensors, produced by one non-generic function.

use crate::kind::Basic;
use crate::tensor::Tensor;
use burn_backend::TensorMetadata;
use burn_std::DType;
use burn_tensor::{Device, TensorData};
use core::fmt;
use seam_macros::outline;

/// Tensors of more elements than this print their first and last few per dim.
const THRESHOLD: usize = 1000;
/// How many leading and trailing entries a summarised dim shows.
const EDGE: usize = 3;

#[outline]
impl<const D: usize, K: Basic> fmt::Display for Tensor<D, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tensor = self.tensor();
        let data = K::into_data(tensor.clone());
        let device = Device::new(tensor.device());
        write_tensor(f, &data, &format!("{device:?}"), K::KIND.name())
    }
}

/// Writes `data` in burn-tensor's layout.
fn write_tensor(f: &mut fmt::Formatter<'_>, data: &TensorData, device: &str, kind: &str) -> fmt::Result {
    let dims = data.shape().as_slice().to_vec();
    let values = elements(data);
    let summarise = values.len() > THRESHOLD;
    let mut nested = String::new();
    nest(&mut nested, &values, &dims, 0, 0, summarise);
    writeln!(f, "Tensor {{")?;
    writeln!(f, "  data:")?;
    writeln!(f, "{nested},")?;
    writeln!(f, "  shape:  {dims:?},")?;
    writeln!(f, "  device:  {device},")?;
    writeln!(f, "  kind:  {kind:?},")?;
    writeln!(f, "  dtype:  {:?},", data.dtype().name())?;
    write!(f, "}}")
}

/// Each element as it prints: floats and integers by `Debug`, booleans as words.
fn elements(data: &TensorData) -> Vec<String> {
    fn all<E: burn_std::Element + fmt::Debug>(data: &TensorData) -> Vec<String> {
        data.iter::<E>().map(|e| format!("{e:?}")).collect()
    }
    match data.dtype() {
        DType::F64 => all::<f64>(data),
        DType::F32 | DType::Flex32 => all::<f32>(data),
        DType::F16 => all::<burn_std::f16>(data),
        DType::BF16 => all::<burn_std::bf16>(data),
        DType::I64 => all::<i64>(data),
        DType::I32 => all::<i32>(data),
        DType::I16 => all::<i16>(data),
        DType::I8 => all::<i8>(data),
        DType::U64 => all::<u64>(data),
        DType::U32 => all::<u32>(data),
        DType::U16 => all::<u16>(data),
        DType::U8 => all::<u8>(data),
        DType::Bool(_) => all::<bool>(data),
        DType::QFloat(_) => vec!["<quantized>".to_string(); data.num_elements()],
    }
}

/// Appends the elements from `offset` of the sub-tensor at `depth`: brackets per dim,
/// rows of the last dim on one line, deeper dims on new lines indented by depth.
fn nest(out: &mut String, values: &[String], dims: &[usize], depth: usize, offset: usize, summarise: bool) {
    out.push('[');
    let Some((&size, inner)) = dims.get(depth..).and_then(<[usize]>::split_first) else {
        out.push_str(&values[offset]);
        out.push(']');
        return;
    };
    let stride: usize = inner.iter().product();
    let shown: Vec<Option<usize>> = if summarise && size > 2 * EDGE {
        (0..EDGE).map(Some).chain([None]).chain((size - EDGE..size).map(Some)).collect()
    } else {
        (0..size).map(Some).collect()
    };
    for (n, index) in shown.iter().enumerate() {
        if n > 0 {
            // Burn writes no comma after the `...` that stands for skipped rows.
            if inner.is_empty() || shown[n - 1].is_some() {
                out.push(',');
            }
            if inner.is_empty() {
                out.push(' ');
            } else {
                out.push('\n');
                out.push_str(&" ".repeat(depth + 1));
            }
        }
        match index {
            None => out.push_str("..."),
            Some(i) if inner.is_empty() => out.push_str(&values[offset + i]),
            Some(i) => nest(out, values, dims, depth + 1, offset + i * stride, summarise),
        }
    }
    out.push(']');
}
