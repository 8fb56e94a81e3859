//! How a tensor prints: burn-tensor's layout (`Tensor {` with `data`, `shape`,
//! `device`, `kind` and `dtype`), its nested brackets and its summary of large
//! tensors, produced by one non-generic function, as the process's
//! [`PrintOptions`] and the formatter's precision (`{:.3}`) say.

use crate::kind::Basic;
use crate::tensor::Tensor;
use burn_backend::TensorMetadata;
use burn_std::DType;
use crate::device::Device;
use burn_std::TensorData;
use core::fmt;
use seam_macros::outline;
use std::sync::{PoisonError, RwLock};

/// How tensors print, for the whole process (burn-tensor's `PrintOptions`).
#[derive(Clone, Debug)]
pub struct PrintOptions {
    /// Tensors of more elements than this print their first and last few per dim.
    pub threshold: usize,
    /// How many leading and trailing entries a summarised dim shows.
    pub edge_items: usize,
    /// Digits after the point for floats (`None`: as `Debug` prints them). A
    /// formatter's own precision (`{:.3}`) wins.
    pub precision: Option<usize>,
}

impl PrintOptions {
    /// The defaults: summarise above 1000 elements, 3 entries each side, floats by
    /// `Debug`.
    pub const fn const_default() -> Self {
        Self {
            threshold: 1000,
            edge_items: 3,
            precision: None,
        }
    }
}

impl Default for PrintOptions {
    fn default() -> Self {
        Self::const_default()
    }
}

/// The options every tensor prints with.
static PRINT_OPTIONS: RwLock<PrintOptions> = RwLock::new(PrintOptions::const_default());

/// Sets how tensors print from now on, in every thread.
pub fn set_print_options(options: PrintOptions) {
    *PRINT_OPTIONS.write().unwrap_or_else(PoisonError::into_inner) = options;
}

#[outline]
impl<const D: usize, K: Basic> fmt::Display for Tensor<D, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tensor = self.tensor();
        let data = K::into_data(tensor.clone());
        let device = Device::new(tensor.device());
        let mut options = PRINT_OPTIONS.read().unwrap_or_else(PoisonError::into_inner).clone();
        if let Some(precision) = f.precision() {
            options.precision = Some(precision);
        }
        write_tensor(f, &data, &format!("{device:?}"), K::KIND.name(), &options)
    }
}

/// Writes `data` in burn-tensor's layout; a quantized tensor's values as a note.
fn write_tensor(f: &mut fmt::Formatter<'_>, data: &TensorData, device: &str, kind: &str, options: &PrintOptions) -> fmt::Result {
    let dims = data.shape().as_slice().to_vec();
    writeln!(f, "Tensor {{")?;
    if let DType::QFloat(_) = data.dtype() {
        writeln!(f, "  data:  <quantized, use .dequantize() to view values>,")?;
    } else {
        let values = elements(data, options.precision);
        let summarise = values.len() > options.threshold;
        let mut nested = String::new();
        nest(&mut nested, &values, &dims, 0, 0, summarise.then_some(options.edge_items));
        writeln!(f, "  data:")?;
        writeln!(f, "{nested},")?;
    }
    writeln!(f, "  shape:  {dims:?},")?;
    writeln!(f, "  device:  {device},")?;
    writeln!(f, "  kind:  {kind:?},")?;
    writeln!(f, "  dtype:  {:?},", data.dtype().name())?;
    if let DType::QFloat(scheme) = data.dtype() {
        writeln!(f, "  scheme:  {scheme:?},")?;
    }
    write!(f, "}}")
}

/// Each element as it prints: floats by `Debug` or to `precision` digits, integers
/// by `Debug`, booleans as words.
fn elements(data: &TensorData, precision: Option<usize>) -> Vec<String> {
    fn all<E: burn_std::Element + fmt::Debug>(data: &TensorData) -> Vec<String> {
        data.iter::<E>().map(|e| format!("{e:?}")).collect()
    }
    fn floats<E: burn_std::Element + fmt::Debug + fmt::Display>(data: &TensorData, precision: Option<usize>) -> Vec<String> {
        match precision {
            Some(p) => data.iter::<E>().map(|e| format!("{e:.p$}")).collect(),
            None => all::<E>(data),
        }
    }
    match data.dtype() {
        DType::F64 => floats::<f64>(data, precision),
        DType::F32 | DType::Flex32 => floats::<f32>(data, precision),
        DType::F16 => floats::<burn_std::f16>(data, precision),
        DType::BF16 => floats::<burn_std::bf16>(data, precision),
        DType::I64 => all::<i64>(data),
        DType::I32 => all::<i32>(data),
        DType::I16 => all::<i16>(data),
        DType::I8 => all::<i8>(data),
        DType::U64 => all::<u64>(data),
        DType::U32 => all::<u32>(data),
        DType::U16 => all::<u16>(data),
        DType::U8 => all::<u8>(data),
        DType::Bool(_) => all::<bool>(data),
        DType::QFloat(_) => unreachable!("a quantized tensor prints no values"),
    }
}

/// Appends the elements from `offset` of the sub-tensor at `depth`: brackets per dim,
/// rows of the last dim on one line, deeper dims on new lines indented by depth; when
/// summarising, `edge` entries each side of a longer dim.
fn nest(out: &mut String, values: &[String], dims: &[usize], depth: usize, offset: usize, edge: Option<usize>) {
    out.push('[');
    let Some((&size, inner)) = dims.get(depth..).and_then(<[usize]>::split_first) else {
        out.push_str(&values[offset]);
        out.push(']');
        return;
    };
    let stride: usize = inner.iter().product();
    let shown: Vec<Option<usize>> = match edge {
        Some(edge) if size > 2 * edge => (0..edge).map(Some).chain([None]).chain((size - edge..size).map(Some)).collect(),
        _ => (0..size).map(Some).collect(),
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
            Some(i) => nest(out, values, dims, depth + 1, offset + i * stride, edge),
        }
    }
    out.push(']');
}
